import { startFakeServers, type RunningFake } from '../../scripts/fake-servers';
import type { Benchmark } from './harness';

const FAKES_PORT_BASE = Number(process.env.BENCH_FAKES_PORT_BASE ?? 8971);
const PAGES = 100;

/**
 * Walking 10,000 projects (100 pages of 100) by keyset from the loopback fake server, in the
 * browser, with the explorer showing progress. Budget: median ≤ 3 s; the DOM stays bounded.
 */
export const explorerKeyset: Benchmark = {
	name: 'Explorer keyset walk, 10,000 projects (100 × 100) over loopback',
	unit: 'ms',
	budget: '≤ 3000 ms, DOM bounded',
	samples: 3,
	withinBudget: (median, { scratch }) => median <= 3000 && scratch.domBounded === true,
	async run({ browser, appUrl, scratch }) {
		let fakes = scratch.fakes as RunningFake[] | undefined;
		if (!fakes) {
			fakes = await startFakeServers({ portBase: FAKES_PORT_BASE });
			scratch.fakes = fakes;
		}
		const context = await browser.newContext();
		const page = await context.newPage();
		try {
			await page.goto(`${appUrl}/settings`);
			const group = page.getByRole('group', { name: 'Code host' });
			await group.getByRole('textbox', { name: 'Base URL' }).fill(fakes[0]!.url);
			await group.getByRole('radio', { name: 'Live' }).check();
			await group.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
			await page
				.getByRole('navigation', { name: 'Main' })
				.getByRole('link', { name: 'Explorer' })
				.click();
			await page.getByRole('textbox', { name: 'Path', exact: true }).fill('/projects');
			await page
				.getByRole('textbox', { name: 'Query', exact: true })
				.fill('pagination=keyset&per_page=100&order_by=id&sort=asc');
			await page.getByRole('button', { name: 'Send', exact: true }).click();
			const pagination = page.getByRole('region', { name: 'Pagination' });
			await pagination.getByRole('button', { name: 'Fetch all pages' }).waitFor();
			await pagination.getByRole('spinbutton', { name: 'Page cap' }).fill(String(PAGES));
			const domBefore = await page.evaluate(() => document.getElementsByTagName('*').length);

			const started = Date.now();
			await pagination.getByRole('button', { name: 'Fetch all pages' }).click();
			await pagination
				.getByRole('status')
				.filter({ hasText: `Fetched: ${PAGES} pages, ${PAGES * 100} items.` })
				.waitFor({ timeout: 60_000 });
			const elapsed = Date.now() - started;

			const domAfter = await page.evaluate(() => document.getElementsByTagName('*').length);
			const cdp = await context.newCDPSession(page);
			await cdp.send('HeapProfiler.collectGarbage');
			const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
			scratch.domBefore = domBefore;
			scratch.domAfter = domAfter;
			// Bounded: the walk adds at most the 50 history rows the panel shows, not 10,000 items.
			scratch.domBounded = domAfter - domBefore < 1500;
			scratch.heapMb = Math.round((heap.usedSize / 2 ** 20) * 10) / 10;
			return elapsed;
		} finally {
			await context.close();
			if ((scratch.samplesDone = Number(scratch.samplesDone ?? 0) + 1) === 3) {
				await Promise.all(fakes.map((f) => f.close()));
				scratch.fakes = undefined;
			}
		}
	},
	notes: ({ scratch }) =>
		`DOM elements ${scratch.domBefore} → ${scratch.domAfter} (bounded: ${scratch.domBounded ? 'yes' : 'no'}); JS heap after walk (after GC) ${scratch.heapMb} MB`
};
