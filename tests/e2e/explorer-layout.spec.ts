/**
 * The explorer laid out like the tools people know: on a phone Send brings the answer into view
 * with focus on its status, and Request goes back; on a laptop the answer stays in view while the
 * request side scrolls, the split moves with the keyboard, and paging sits beside the status.
 */
import { expect, test } from './fixtures';
import { openTab, ui } from './explorer-helpers';

const PHONE = { width: 412, height: 823 };
const LAPTOP = { width: 1366, height: 860 };

/** Whether an element's box lies within the viewport. */
const inView = (el: Element) => {
	const r = el.getBoundingClientRect();
	return r.top >= 0 && r.bottom <= innerHeight && r.height > 0;
};

test.describe('phone (412×823)', () => {
	test.use({ viewport: PHONE });

	test('Send shows the Response with focus on its status; Request returns to Send', async ({
		page,
		axe
	}) => {
		await page.goto('/explorer');
		const u = ui(page);
		await u.path.fill('/projects');
		await u.send.focus();
		await page.keyboard.press('Enter');
		await expect(u.status).toContainText('200');
		await expect(u.status).toBeFocused();
		expect(await u.status.evaluate(inView)).toBe(true);
		await expect(page.getByRole('button', { name: 'Response', exact: true })).toHaveAttribute(
			'aria-pressed',
			'true'
		);
		expect((await axe().analyze()).violations.map((v) => v.id)).toEqual([]);

		await page.getByRole('button', { name: 'Request', exact: true }).click();
		await expect(u.send).toBeFocused();
		expect(await u.send.evaluate(inView)).toBe(true);
	});

	test('a refused request stays on the request, with the reason in view', async ({ page }) => {
		await page.goto('/explorer');
		const u = ui(page);
		await u.params.fill('{');
		await u.send.click();
		await expect(page.getByRole('alert').filter({ hasText: 'Not sent' })).toBeVisible();
		await expect(page.getByRole('button', { name: 'Request', exact: true })).toHaveAttribute(
			'aria-pressed',
			'true'
		);
	});
});

test.describe('laptop (1366×860)', () => {
	test.use({ viewport: LAPTOP });

	test('the answer stays in view while the request side scrolls to its last field', async ({
		page,
		axe
	}) => {
		await page.goto('/explorer');
		const u = ui(page);
		await u.send.click();
		await expect(u.status).toContainText('200');
		await expect(u.send).toBeFocused();
		// Scroll the request side with the mouse wheel, as a person does, to its last field.
		const last = page.getByRole('textbox', { name: 'Request headers' });
		expect(await last.evaluate(inView)).toBe(false);
		const form = (await page.getByRole('form', { name: 'Request' }).boundingBox())!;
		await page.mouse.move(form.x + form.width / 2, form.y + 200);
		await page.mouse.wheel(0, 4000);
		await expect.poll(() => last.evaluate(inView)).toBe(true);
		expect(await u.status.evaluate(inView)).toBe(true);
		expect((await axe().analyze()).violations.map((v) => v.id)).toEqual([]);
	});

	test('the request parts show their counts and jump to their fields with the keyboard', async ({
		page,
		axe
	}) => {
		await page.goto('/explorer');
		const parts = page.getByRole('navigation', { name: 'Request parts' });
		const link = (name: string) => parts.getByRole('link', { name: new RegExp(`^${name} `) });
		// The default request: one query parameter (per_page=5), no header.
		await expect(link('Params')).toHaveText('Params 1');
		await expect(link('Headers')).toHaveText('Headers 0');
		await link('Headers').focus();
		await page.keyboard.press('Enter');
		const headers = page.getByRole('textbox', { name: 'Request headers' });
		await expect(headers).toBeFocused();
		expect(await headers.evaluate(inView)).toBe(true);
		await page.keyboard.type('X-Note: one\nIf-None-Match: "x"');
		await expect(link('Headers')).toHaveText('Headers 2');
		await link('Auth').click();
		await expect(page.getByRole('combobox', { name: 'Auth method' })).toBeFocused();
		expect((await axe().analyze()).violations.map((v) => v.id)).toEqual([]);
	});

	test('Next page beside the status shows the second page in the Body, and its query in the request', async ({
		page
	}) => {
		await page.goto('/explorer');
		const u = ui(page);
		await u.query.fill('per_page=5&order_by=id&sort=asc');
		await u.send.click();
		await expect(u.status).toContainText('200');
		const pages = u.response.getByRole('navigation', { name: 'Pages' });
		await expect(pages).toContainText('Page 1');
		// On the first page there is no previous one: the button says so rather than vanish.
		await expect(pages.getByRole('button', { name: 'Previous page' })).toHaveAttribute(
			'aria-disabled',
			'true'
		);
		await expect(pages.getByRole('button', { name: 'Fetch all pages' })).toBeVisible();
		await pages.getByRole('button', { name: 'Next page' }).click();
		await expect(pages).toContainText('Page 2');
		await expect(u.response.getByRole('tab', { name: 'Body' })).toHaveAttribute(
			'aria-selected',
			'true'
		);
		// The second page's first item: with five a page in id order, the sixth project.
		await u.response.getByRole('button', { name: 'Raw' }).click();
		await expect(u.response.getByLabel('Response body')).toContainText(/^\[\s*\{\s*"id":\s*6\b/);
		await expect(u.query).toHaveValue(/(^|&)page=2(&|$)/);
		// In the Pagination tab the same buttons sit with the headers they follow.
		await openTab(page, 'Pagination');
		await expect(pages).toHaveCount(0);
		await expect(u.pagination.getByRole('button', { name: 'Next page' })).toBeVisible();
	});

	test('Compare with…: a Fetch all run is one entry, the first answer stays pickable, answers pin and filter', async ({
		page
	}) => {
		await page.goto('/explorer');
		const u = ui(page);
		await u.path.fill('/projects/1');
		await u.query.fill('');
		await u.send.click();
		await expect(u.status).toContainText('200');
		await u.path.fill('/projects');
		await u.query.fill('per_page=5');
		await u.send.click();
		await expect(u.status).toContainText('200');
		await openTab(page, 'Pagination');
		await u.pagination.getByRole('spinbutton', { name: 'Page cap' }).fill('120');
		await u.pagination.getByRole('button', { name: 'Fetch all pages' }).click();
		await expect(u.pagination.getByRole('status')).toContainText('Fetched: 120 pages', {
			timeout: 20_000
		});
		await u.response.getByRole('button', { name: 'Compare with…' }).click();
		const picker = u.response.getByRole('combobox', { name: 'Earlier response' });
		const options = picker.getByRole('option');
		await expect(options.filter({ hasText: 'Fetch all pages' })).toHaveCount(1);
		await expect(options.filter({ hasText: '/projects/1 ' })).toHaveCount(1);
		const filter = u.response.getByRole('textbox', { name: 'Filter by path' });
		await filter.fill('projects/1');
		await expect(options).toHaveCount(2);
		await picker.selectOption({ index: 1 });
		await u.response.getByRole('button', { name: 'Pin this answer' }).click();
		await filter.fill('nothing-like-this');
		await expect(options.filter({ hasText: 'Pinned · GET /projects/1 ' })).toHaveCount(1);
		await expect(u.response.getByRole('region', { name: 'Differences' })).toBeVisible();
	});

	test('the split between request and response moves with the keyboard and is remembered', async ({
		page
	}) => {
		await page.goto('/explorer');
		const splitter = page.getByRole('separator', { name: 'Width of the request and the response' });
		const form = page.getByRole('form', { name: 'Request' });
		const before = (await form.boundingBox())!.width;
		await splitter.focus();
		await page.keyboard.press('ArrowRight');
		await page.keyboard.press('ArrowRight');
		await expect(splitter).toHaveAttribute('aria-valuenow', '60');
		await expect(splitter).toBeFocused();
		expect((await form.boundingBox())!.width).toBeGreaterThan(before + 100);
		await page.reload();
		await expect(splitter).toHaveAttribute('aria-valuenow', '60');
		await splitter.focus();
		await page.keyboard.press('Home');
		await expect(splitter).toHaveAttribute('aria-valuenow', '25');
	});
});
