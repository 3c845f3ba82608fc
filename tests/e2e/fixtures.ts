import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { FAKES_PORT_BASE } from '../../playwright.config';

export const FAKE_URLS = {
	codehost: `http://127.0.0.1:${FAKES_PORT_BASE}`,
	energy: `http://127.0.0.1:${FAKES_PORT_BASE + 1}`,
	bible: `http://127.0.0.1:${FAKES_PORT_BASE + 2}`
} as const;

/** The e2e `test`, with an axe fixture, and the moves every area's specs share. */
export const test = base.extend<{ axe: () => AxeBuilder }>({
	axe: async ({ page }, use) => {
		await use(() => new AxeBuilder({ page }));
	}
});

export { expect };

/** Follows a link of the main navigation, as a user moves between areas. */
export async function nav(page: Page, name: string) {
	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
}

/** In Settings, switches one area (`Code host`, `Energy rental`, `Bible`) to Live on `baseUrl`. */
export async function setLive(page: Page, area: string, baseUrl: string) {
	await page.goto('/settings');
	const fieldset = page.getByRole('group', { name: area });
	await fieldset.getByRole('textbox', { name: 'Base URL' }).fill(baseUrl);
	await fieldset.getByRole('radio', { name: 'Live' }).check();
	await expect(fieldset.getByRole('status')).toHaveText('Saved.');
}

/** Presses Tab until `target` has focus: proves it is reachable with the keyboard alone. */
export async function tabTo(page: Page, target: Locator, max = 200) {
	for (let i = 0; i < max; i++) {
		if (await target.evaluate((el) => el === document.activeElement)) return;
		await page.keyboard.press('Tab');
	}
	throw new Error(`Not reachable with Tab: ${String(target)}`);
}

/** The page fits the viewport's width: nothing to scroll sideways to. */
export async function expectNoSideScroll(page: Page) {
	const overflow = await page.evaluate(
		() => document.documentElement.scrollWidth - document.documentElement.clientWidth
	);
	expect(overflow).toBeLessThanOrEqual(0);
}

/** The two screens every layout journey is checked on. */
export const SIZES = [
	{ name: 'wide', viewport: { width: 1280, height: 800 } },
	{ name: 'narrow', viewport: { width: 360, height: 740 } }
] as const;

/**
 * Demo at both sizes (the layout is what changes); Live at one, where the real HTTP to the fake
 * server is what is added, not the layout.
 */
export const RUNS = [
	{ mode: 'Demo', size: SIZES[0] },
	{ mode: 'Demo', size: SIZES[1] },
	{ mode: 'Live', size: SIZES[0] }
] as const;
