/** Main-thread long tasks (over 50 ms) as the browser reports them, recorded from the page's start. */
import type { Page } from '@playwright/test';

type Recorded = { start: number; duration: number }[];

export async function watchLongTasks(page: Page) {
	await page.addInitScript(() => {
		const w = window as unknown as { longTasks: { start: number; duration: number }[] };
		w.longTasks = [];
		new PerformanceObserver((list) => {
			for (const e of list.getEntries())
				w.longTasks.push({ start: e.startTime, duration: e.duration });
		}).observe({ type: 'longtask', buffered: true });
	});
	const taken = () => page.evaluate(() => (window as unknown as { longTasks: Recorded }).longTasks);
	return {
		/** The durations (ms, rounded) of the tasks that started at `since` (page time) or later. */
		since: async (since: number) =>
			(await taken()).filter((t) => t.start >= since).map((t) => Math.round(t.duration)),
		/** Forgets what came before (loading the page). */
		reset: () =>
			page.evaluate(() => ((window as unknown as { longTasks: Recorded }).longTasks = [])),
		longest: async () => Math.max(0, ...(await taken()).map((t) => t.duration))
	};
}
