import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

// What a phone user sees (Lighthouse's mobile size): nothing already on screen moves when the
// data of a page arrives, within Lighthouse's budget (CLS ≤ 0.01). Demo mode, first visit.
test.use({ viewport: { width: 412, height: 823 } });

/**
 * Starts recording layout shifts before the page's own scripts run. Those Chromium marks as after
 * input count too: no test here gives input before it reads them, and Chromium marks the first
 * shifts after the viewport is set so (Lighthouse counts them for that reason; the home page's
 * 0.011 was one).
 */
async function recordShifts(page: Page) {
	await page.addInitScript(() => {
		const w = window as unknown as { shifts: { value: number; at: number; what: string[] }[] };
		w.shifts = [];
		new PerformanceObserver((list) => {
			for (const entry of list.getEntries() as PerformanceEntry[]) {
				const shift = entry as PerformanceEntry & {
					value: number;
					sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
				};
				// What moved, from where to where: enough to find the cause from a failure's message.
				const box = (r: DOMRectReadOnly) => `${r.x},${r.y} ${r.width}×${r.height}`;
				w.shifts.push({
					value: shift.value,
					at: Math.round(shift.startTime),
					what: shift.sources.map(
						(s) =>
							`${(s.node?.textContent ?? '').trim().slice(0, 40)} [${box(s.previousRect)} → ${box(s.currentRect)}]`
					)
				});
			}
		}).observe({ type: 'layout-shift', buffered: true });
	});
}

const shiftsOf = (page: Page) =>
	page.evaluate(
		() => (window as unknown as { shifts: { value: number; at: number; what: string[] }[] }).shifts
	);

const ROUTES: [string, (page: Page) => Locator][] = [
	['/', (page) => page.getByRole('heading', { level: 1, name: 'API Workbench' })],
	['/explorer', (page) => page.getByRole('button', { name: 'Send', exact: true })],
	['/energy', (page) => page.getByText('Buyer balance')],
	['/bible', (page) => page.getByRole('heading', { name: 'Storage' })],
	['/settings', (page) => page.getByRole('group', { name: 'Bible' })],
	['/bible/KJV/John/3', (page) => page.getByText('For God so loved the world')]
];

for (const [path, arrived] of ROUTES) {
	test(`${path}: nothing on screen moves while the page's data arrives`, async ({ page }) => {
		await recordShifts(page);
		await page.goto(path);
		await expect(arrived(page)).toBeVisible();
		await page.waitForLoadState('networkidle');
		const shifts = await shiftsOf(page);
		const total = shifts.reduce((sum, s) => sum + s.value, 0);
		expect(total, JSON.stringify(shifts)).toBeLessThanOrEqual(0.01);
	});
}

test.describe('with the page not controlled by the service worker', () => {
	// Requests that pass through a service worker are not seen by page.route, so a test
	// that changes what the network answers runs without one (pwa.spec tests the worker).
	test.use({ serviceWorkers: 'block' });

	test('a large demo book: the progress of its loading takes the room of the text, not more', async ({
		page,
		context
	}) => {
		await recordShifts(page);
		let release!: () => void;
		const held = new Promise<void>((resolve) => (release = resolve));
		await context.route(/\/assets\/Ps\.[\w-]+\.json$/, async (route) => {
			await held;
			await route.continue();
		});
		await page.goto('/bible/KJV/Ps/23');
		await expect(page.getByRole('progressbar', { name: 'Demo Bible loaded' })).toBeVisible();
		release();
		await expect(page.getByText('The LORD is my shepherd')).toBeVisible();
		await page.waitForLoadState('networkidle');
		const shifts = await shiftsOf(page);
		expect(
			shifts.reduce((sum, s) => sum + s.value, 0),
			JSON.stringify(shifts)
		).toBeLessThanOrEqual(0.02);
	});
});
