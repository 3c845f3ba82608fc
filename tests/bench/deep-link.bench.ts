import type { Benchmark } from './harness';

const PATH = '/bible/KJV/John/3';
/** Chromium's own network throttling, as issue 14 measures a phone on slow 4G. */
const NETWORK = {
	offline: false,
	latency: 150,
	downloadThroughput: 1_600_000 / 8,
	uploadThroughput: 750_000 / 8
};

/**
 * A first visit to a deep-linked chapter in Demo mode over a throttled network: the time from
 * navigation start to the first verse on screen, measured in the page.
 */
export const deepLinkChapter: Benchmark = {
	name: `Bible: deep-linked chapter (${PATH}), Demo, 1.6 Mbps / 150 ms, navigation to first verse`,
	unit: 'ms',
	budget: '≤ 3000 ms',
	clock:
		'navigation start of the first visit (the page’s time origin) → the first verse’s element added to the page (a MutationObserver; its paint is not waited for)',
	samples: 3,
	withinBudget: (median) => median <= 3000,
	async run({ browser, appUrl, scratch }) {
		const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
		const page = await context.newPage();
		try {
			const cdp = await context.newCDPSession(page);
			await cdp.send('Network.enable');
			await cdp.send('Network.emulateNetworkConditions', NETWORK);
			await page.addInitScript(() => {
				const w = window as unknown as { firstVerseAt?: number };
				new MutationObserver((_, observer) => {
					if (document.getElementById('v1')) {
						w.firstVerseAt = performance.now();
						observer.disconnect();
					}
				}).observe(document, { subtree: true, childList: true });
			});
			await page.goto(appUrl + PATH);
			await page.locator('#v1').waitFor({ timeout: 30_000 });
			const { ms, bytes } = await page.evaluate(() => {
				const at = (window as unknown as { firstVerseAt: number }).firstVerseAt;
				const entries = [
					...performance.getEntriesByType('navigation'),
					...performance.getEntriesByType('resource')
				] as PerformanceResourceTiming[];
				const before = entries.filter((e) => e.responseEnd <= at);
				return { ms: at, bytes: before.reduce((sum, e) => sum + e.transferSize, 0) };
			});
			scratch.kb = Math.round(bytes / 1024);
			return ms;
		} finally {
			await context.close();
		}
	},
	notes: ({ scratch }) =>
		`first visit (no service worker yet), 412 × 823; ${scratch.kb} KB over the wire before the first verse`
};
