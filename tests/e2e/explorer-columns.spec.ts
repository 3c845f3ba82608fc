/**
 * The explorer's workbench in columns, as in the API tools people know. On a laptop it is one
 * window high: Send moves nothing but the answer, each column scrolls on its own, and Tab follows
 * the columns as they are drawn (Collections, the request, the answer), with skip links to each.
 * On a phone the saved requests are one tap from the top, the sticky switch covers nothing a jump
 * reaches, and no keyboard shortcut is offered to a touch screen.
 */
import type { Locator, Page } from '@playwright/test';
import { savedRequests, ui } from './explorer-helpers';
import { expect, expectNoSideScroll, test } from './fixtures';

const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 412, height: 823 };
const SMALL_PHONE = { width: 360, height: 740 };

/** Whether an element's box lies whole within the viewport. */
const inView = (el: Element) => {
	const r = el.getBoundingClientRect();
	return r.top >= 0 && r.bottom <= innerHeight && r.height > 0;
};

/** How many presses of `key` move focus from where it is to `target` (at most `max`). */
async function pressesTo(page: Page, key: string, target: Locator, max = 200) {
	for (let presses = 0; presses <= max; presses++) {
		if (await target.evaluate((el) => el === document.activeElement)) return presses;
		await page.keyboard.press(key);
	}
	return Infinity;
}

const parts = (page: Page) => page.getByRole('navigation', { name: 'Workbench parts' });
const hint = (page: Page) => page.getByText(/Ctrl\+Enter/);

test.describe('laptop (1280×800)', () => {
	test.use({ viewport: LAPTOP });

	test('Send moves nothing but the answer: the page stays at its top, the answer is in view, and each column scrolls on its own', async ({
		page
	}) => {
		await page.goto('/explorer');
		const u = ui(page);
		await u.path.fill('/projects');
		await u.query.fill('');
		await expect(hint(page)).toBeVisible();
		await u.send.click();
		await expect(u.status).toHaveText('200 OK');
		expect(await page.evaluate(() => scrollY)).toBe(0);
		expect(await u.status.evaluate(inView)).toBe(true);
		await expect(u.send).toBeFocused();
		// One window high: the page has nothing to scroll, the columns do.
		const pageScroll = () =>
			page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
		expect(await pageScroll()).toBeLessThanOrEqual(0);

		// The wheel over the answer scrolls the answer only.
		const answer = (await u.response.boundingBox())!;
		await page.mouse.move(answer.x + answer.width / 2, 400);
		await page.mouse.wheel(0, 1500);
		await expect.poll(() => u.status.evaluate(inView)).toBe(false);
		expect(await page.evaluate(() => scrollY)).toBe(0);
		// The wheel over the request scrolls it to its last field; the answer's column stays put.
		const headers = page.getByRole('textbox', { name: 'Request headers' });
		const form = (await page.getByRole('form', { name: 'Request' }).boundingBox())!;
		await page.mouse.move(form.x + form.width / 2, 400);
		await page.mouse.wheel(0, 4000);
		await expect.poll(() => headers.evaluate(inView)).toBe(true);
		expect(await page.evaluate(() => scrollY)).toBe(0);

		// Send again, from the request's last field: the new answer shows from its top.
		await headers.press('ControlOrMeta+Enter');
		await expect(u.status).toHaveText('200 OK');
		await expect.poll(() => u.status.evaluate(inView)).toBe(true);
		await expect(headers).toBeFocused();
		expect(await page.evaluate(() => scrollY)).toBe(0);
		expect(await pageScroll()).toBeLessThanOrEqual(0);
		await expectNoSideScroll(page);
	});

	test('Tab follows the columns as drawn, the saved request’s name is a few presses from Send, and skip links reach each column', async ({
		page,
		axe
	}) => {
		// About fifty key presses, each checked, and a full axe run: slow on a busy machine.
		test.slow();
		await page.goto('/explorer');
		const u = ui(page);
		const s = savedRequests(page);
		await u.path.fill('/projects');
		await u.send.click();
		await expect(u.status).toHaveText('200 OK');

		// Drawn left to right: Collections, the request, the answer.
		const left = async (l: Locator) => (await l.boundingBox())!.x;
		const form = page.getByRole('form', { name: 'Request' });
		expect(await left(s.region)).toBeLessThan(await left(form));
		expect(await left(form)).toBeLessThan(await left(u.response));

		// From Send on to the name a request is saved under: right after the URL bar.
		await u.send.focus();
		const presses = await pressesTo(page, 'Tab', s.name);
		console.log(`Send → Request name: ${presses} presses of Tab`);
		expect(presses).toBeLessThanOrEqual(25);
		await page.keyboard.type('Projects');
		await page.keyboard.press('Enter');
		await expect(s.status).toHaveText('Saved “Projects” in “My requests”.');
		expect(await page.evaluate(() => scrollY)).toBe(0);

		// The skip links come first in the workbench, then the first column's first field.
		const links = parts(page).getByRole('link');
		const link = (name: string) => parts(page).getByRole('link', { name, exact: true });
		await expect(links).toHaveText(['Request', 'Response', 'Collections']);
		await page.getByRole('link', { name: 'Change' }).focus();
		await page.keyboard.press('Tab');
		await expect(links.first()).toBeFocused();
		await expect(links.first()).toBeVisible();
		await links.last().focus();
		await page.keyboard.press('Tab');
		await expect(s.region.getByRole('textbox', { name: 'Search saved requests' })).toBeFocused();
		// Tab goes on from the first column into the request, then into the answer.
		expect(await pressesTo(page, 'Tab', u.method)).toBeLessThan(Infinity);
		const separator = page.getByRole('separator', {
			name: 'Width of the request and the response'
		});
		expect(await pressesTo(page, 'Tab', separator)).toBeLessThan(Infinity);
		await page.keyboard.press('Tab');
		expect(await u.response.evaluate((el) => el.contains(document.activeElement))).toBe(true);

		// Each skip link puts focus on its column: the answer's status, the saved requests'
		// heading, the request's first field.
		await link('Response').press('Enter');
		await expect(u.status).toBeFocused();
		await link('Collections').press('Enter');
		await expect(s.region.getByRole('heading', { name: 'Collections' })).toBeFocused();
		await link('Request').press('Enter');
		await expect(u.method).toBeFocused();
		expect(await page.evaluate(() => scrollY)).toBe(0);
		expect((await axe().analyze()).violations.map((v) => v.id)).toEqual([]);
	});
});

test.describe('phone (412×823, touch)', () => {
	test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

	test('Collections are one tap from the top, the switch covers nothing the Auth link reaches, and no Ctrl+Enter is offered', async ({
		page,
		axe
	}) => {
		await page.goto('/explorer');
		const u = ui(page);
		const s = savedRequests(page);
		const show = page.getByRole('group', { name: 'Show' });
		const collections = show.getByRole('button', { name: 'Collections' });
		await expect(u.send).toBeVisible();
		await expect(hint(page)).toBeHidden();
		expect(await collections.evaluate(inView)).toBe(true);

		await collections.tap();
		const heading = s.region.getByRole('heading', { name: 'Collections' });
		await expect(heading).toBeFocused();
		await expect(collections).toHaveAttribute('aria-pressed', 'true');
		expect(await heading.evaluate(inView)).toBe(true);
		const bar = (await show.boundingBox())!;
		expect((await heading.boundingBox())!.y).toBeGreaterThanOrEqual(bar.y + bar.height);
		const search = s.region.getByRole('textbox', { name: 'Search saved requests' });
		expect(await search.evaluate(inView)).toBe(true);
		expect((await axe().analyze()).violations.map((v) => v.id)).toEqual([]);

		await show.getByRole('button', { name: 'Request', exact: true }).tap();
		await page
			.getByRole('navigation', { name: 'Request parts' })
			.getByRole('link', { name: /^Auth / })
			.tap();
		await expect(u.authMethod).toBeFocused();
		// The field lies below the sticky switch, not under it.
		const field = (await u.authMethod.boundingBox())!;
		const barNow = (await show.boundingBox())!;
		expect(field.y).toBeGreaterThanOrEqual(barNow.y + barNow.height);
		expect(await u.authMethod.evaluate(inView)).toBe(true);
		await expectNoSideScroll(page);
	});
});

test.describe('small phone (360×740, touch)', () => {
	test.use({ viewport: SMALL_PHONE, hasTouch: true, isMobile: true });

	test('the request, its answer and the saved requests fit the width', async ({ page }) => {
		await page.goto('/explorer');
		const u = ui(page);
		const s = savedRequests(page);
		await u.path.fill('/projects');
		await u.path.press('Escape');
		await u.send.tap();
		await expect(u.status).toHaveText('200 OK');
		await expect(u.status).toBeFocused();
		await expectNoSideScroll(page);
		await page
			.getByRole('group', { name: 'Show' })
			.getByRole('button', { name: 'Collections' })
			.tap();
		await expect(s.region.getByRole('textbox', { name: 'Search saved requests' })).toBeVisible();
		await expectNoSideScroll(page);
	});

	test('the request is saved from beside Send: its name, collection and button fit the width and work by touch', async ({
		page
	}) => {
		await page.goto('/explorer');
		const u = ui(page);
		const s = savedRequests(page);
		await u.path.fill('/projects');
		await u.path.press('Escape');
		const width = page.viewportSize()!.width;
		for (const control of [s.name, s.collection, s.save]) {
			await control.scrollIntoViewIfNeeded();
			const box = (await control.boundingBox())!;
			expect(box.x).toBeGreaterThanOrEqual(0);
			expect(box.x + box.width).toBeLessThanOrEqual(width);
		}
		// The save row comes right after the URL bar, before the request's parts.
		const sendBox = (await u.send.boundingBox())!;
		const partsBox = (await page.getByRole('navigation', { name: 'Request parts' }).boundingBox())!;
		expect((await s.name.boundingBox())!.y).toBeGreaterThan(sendBox.y);
		expect((await s.name.boundingBox())!.y).toBeLessThan(partsBox.y);
		await s.name.tap();
		await page.keyboard.type('All projects');
		await s.save.tap();
		await expect(s.status).toHaveText('Saved “All projects” in “My requests”.');
		await expect(s.item('All projects')).toBeVisible();
		await expect(s.name).toHaveValue('');
		await expectNoSideScroll(page);
	});
});
