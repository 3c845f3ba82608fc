import { gzipSync } from 'node:zlib';
import type { Benchmark } from './harness';

/** Gzip size of the JS and CSS the browser loads to show the home page, from a real page load. */
export const homeBundle: Benchmark = {
	name: 'Home page JS+CSS (gzip)',
	unit: 'KB',
	budget: '≤ 60 KB',
	samples: 3,
	withinBudget: (median) => median <= 60,
	async run({ browser, appUrl, scratch }) {
		const context = await browser.newContext();
		const page = await context.newPage();
		const bodies: Promise<{ url: string; bytes: number }>[] = [];
		page.on('response', (response) => {
			const type = response.headers()['content-type'] ?? '';
			if (/javascript|text\/css/.test(type)) {
				bodies.push(
					response.body().then((b) => ({ url: response.url(), bytes: gzipSync(b).length }))
				);
			}
		});
		await page.goto(appUrl + '/', { waitUntil: 'networkidle' });
		await page.getByRole('heading', { level: 1 }).waitFor();
		const files = await Promise.all(bodies);
		await context.close();
		scratch.homeFiles = files.length;
		return Math.round((files.reduce((sum, f) => sum + f.bytes, 0) / 1024) * 10) / 10;
	},
	notes: ({ scratch }) => `${scratch.homeFiles} files`
};
