import type { BrowserContext, Page } from '@playwright/test';
import { startFakeServers, type RunningFake } from '../../scripts/fake-servers';

/** The Bible fake over loopback HTTP with 50 ms added to every answer. */
export async function startBibleFake(
	portBase: number,
	latencyMs = 50
): Promise<{
	url: string;
	close: () => Promise<void>;
}> {
	const servers: RunningFake[] = await startFakeServers({ portBase, latencyMs });
	const bible = servers.find((s) => s.service === 'bible')!;
	return {
		url: bible.url,
		close: async () => {
			await Promise.all(servers.map((s) => s.close()));
		}
	};
}

/** Points the Bible area at a Live base URL through the Settings page, as a person would. */
export async function goLive(page: Page, appUrl: string, baseUrl: string): Promise<void> {
	await page.goto(`${appUrl}/settings`);
	const group = page.getByRole('group', { name: 'Bible' });
	await group.getByRole('textbox', { name: 'Base URL' }).fill(baseUrl);
	await group.getByRole('radio', { name: 'Live' }).check();
	await group.getByRole('status').getByText('Saved.').waitFor();
}

/** Sum of the JSON bytes received, as recorded in each stored chapter. */
export function storedBytes(
	page: Page,
	apiRoot: string,
	bibleRef: string
): Promise<{ chapters: number; bytes: number }> {
	return page.evaluate(
		([name, bible]) =>
			new Promise((resolve, reject) => {
				const open = indexedDB.open(name!);
				open.onerror = () => reject(open.error);
				open.onsuccess = () => {
					const req = open.result
						.transaction('chapters')
						.objectStore('chapters')
						.getAll(IDBKeyRange.bound([bible], [bible, []]));
					req.onsuccess = () => {
						const records = req.result as { bytes: number }[];
						open.result.close();
						resolve({
							chapters: records.length,
							bytes: records.reduce((n, r) => n + r.bytes, 0)
						});
					};
				};
			}),
		[`bible-chapters ${apiRoot}`, bibleRef]
	);
}

/**
 * Clicks "Download translation for offline" and waits for the verified-complete message.
 * Returns the time taken and the longest gap between progress updates, measured in the page.
 */
export async function downloadTranslation(
	page: Page
): Promise<{ ms: number; maxGapMs: number; updates: number }> {
	await page.getByRole('button', { name: 'Download translation for offline' }).waitFor();
	await page.evaluate(() => {
		const w = window as unknown as { __bench: { t0: number; ticks: number[]; done?: number } };
		w.__bench = { t0: performance.now(), ticks: [] };
		const observer = new MutationObserver(() => {
			const bar = document.querySelector('progress[aria-label="Download progress"]');
			if (bar) {
				const value = bar.getAttribute('value');
				const last = w.__bench.ticks.length;
				if (value !== (observer as unknown as { last?: string }).last) {
					(observer as unknown as { last?: string }).last = value ?? '';
					w.__bench.ticks.push(performance.now());
				}
				void last;
			}
			const status = [...document.querySelectorAll('[role="status"]')].find((el) =>
				/is downloaded: \d+ chapters, checked/.test(el.textContent ?? '')
			);
			if (status && w.__bench.done === undefined) {
				w.__bench.done = performance.now();
				observer.disconnect();
			}
		});
		observer.observe(document.body, {
			subtree: true,
			childList: true,
			attributes: true,
			characterData: true
		});
		const button = [...document.querySelectorAll('button')].find(
			(b) => b.textContent?.trim() === 'Download translation for offline'
		)!;
		w.__bench.t0 = performance.now();
		button.click();
	});
	await page.waitForFunction(
		() => (window as unknown as { __bench: { done?: number } }).__bench.done !== undefined,
		undefined,
		{ timeout: 180_000, polling: 100 }
	);
	return page.evaluate(() => {
		const b = (window as unknown as { __bench: { t0: number; ticks: number[]; done: number } })
			.__bench;
		const times = [b.t0, ...b.ticks, b.done];
		let maxGapMs = 0;
		for (let i = 1; i < times.length; i++) maxGapMs = Math.max(maxGapMs, times[i]! - times[i - 1]!);
		return { ms: b.done - b.t0, maxGapMs, updates: b.ticks.length };
	});
}

export async function freshContext(context: {
	browser: { newContext: () => Promise<BrowserContext> };
}) {
	return context.browser.newContext();
}
