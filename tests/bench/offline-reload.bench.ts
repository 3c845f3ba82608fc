import type { Benchmark } from './harness';

/**
 * A warm offline reload: the service worker controls the page, the network is off, and we time
 * from the reload's navigation start to the shell's first contentful paint.
 */
export const offlineReload: Benchmark = {
	name: 'Warm offline reload to shell painted',
	unit: 'ms',
	budget: 'median ≤ 300 ms',
	clock:
		'the reload’s navigation start (the page’s time origin), offline with the service worker in control → first-contentful-paint (Paint Timing)',
	samples: 9,
	withinBudget: (median) => median <= 300,
	async run({ browser, appUrl, scratch }) {
		let page = scratch.offlinePage as import('@playwright/test').Page | undefined;
		if (!page) {
			const context = await browser.newContext();
			page = await context.newPage();
			await page.goto(appUrl + '/');
			await page.evaluate(async () => {
				await navigator.serviceWorker.ready;
				if (!navigator.serviceWorker.controller)
					await new Promise((r) =>
						navigator.serviceWorker.addEventListener('controllerchange', r, { once: true })
					);
			});
			await context.setOffline(true);
			await page.reload(); // one warm-up reload, not measured
			scratch.offlinePage = page;
		}
		await page.reload();
		await page.getByRole('navigation', { name: 'Main' }).waitFor();
		const fcp = await page.evaluate(
			() =>
				new Promise<number>((resolve) => {
					const entry = performance.getEntriesByName('first-contentful-paint')[0];
					if (entry) return resolve(entry.startTime);
					new PerformanceObserver((list) => resolve(list.getEntries()[0]!.startTime)).observe({
						type: 'paint',
						buffered: true
					});
				})
		);
		const heading = await page.evaluate(() => performance.now());
		scratch.headingMs = [...((scratch.headingMs as number[]) ?? []), heading];
		return fcp;
	},
	notes: ({ scratch }) => {
		const h = (scratch.headingMs as number[]) ?? [];
		const sorted = [...h].sort((a, b) => a - b);
		return `app mounted (nav visible) by median ${Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0)} ms`;
	}
};
