import type { Locator, Page } from '@playwright/test';
import { ADDRESS, fillExact, goLiveEnergy, placedGuid } from './energy-helpers';
import { expect, expectNoSideScroll, tabTo, test } from './fixtures';

/**
 * A fast tool, not a form: what a new user met on a phone, a laptop, the keyboard and large text,
 * checked on both screens, and what belongs to one screen (the orders table, the phone's first
 * screen) at that screen.
 */

const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 412, height: 823 };

/** How many lines an element's text takes. */
const lines = (element: Locator) =>
	element.evaluate((el) => {
		const range = document.createRange();
		range.selectNodeContents(el);
		return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
	});

/** The dashboard with its three orders shown; in Live, as `goLiveEnergy` left it. */
async function openDemo(page: Page, mode: 'Demo' | 'Live' = 'Demo') {
	if (mode === 'Demo') await page.goto('/energy');
	await expect(page.getByRole('region', { name: 'Orders' })).toContainText('of 3');
	return page.getByRole('form', { name: 'Buy energy' });
}

// Where a new user met them, on the laptop, and on the phone as well.
for (const [name, viewport] of [
	['laptop (1280×800)', LAPTOP],
	['phone (412×823)', PHONE]
] as const) {
	test.describe(name, () => {
		test.use({ viewport });

		test('Live, no earlier orders of the period: with your price entered, the review estimates from it and says so', async ({
			page
		}) => {
			await goLiveEnergy(page);
			const form = page.getByRole('form', { name: 'Buy energy' });
			await form.getByLabel('Recipient address', { exact: true }).fill(ADDRESS);
			// The sandbox account has no 7-day order: nothing of its own to estimate from.
			await form.getByLabel('Period').selectOption({ label: '7 days' });
			await form.getByLabel('Energy amount').fill('65000');
			const price = form.getByRole('textbox', { name: 'Your price', exact: true });
			await expect(price).toHaveAccessibleDescription(/sun per unit of energy for 7 days/);
			await form.getByRole('button', { name: 'Review order' }).click();
			const review = form.getByRole('region', { name: 'Review' });
			await expect(review).toContainText('Estimated cost not known');
			await expect(review).toContainText('Your price');

			await form.getByRole('button', { name: 'Change', exact: true }).click();
			// Sun are whole: a price that is not one is fixed at its field before the review.
			await price.fill('90.5');
			await form.getByRole('button', { name: 'Review order' }).click();
			await expect(price).toBeFocused();
			await expect(price).toHaveAttribute('aria-invalid', 'true');
			await expect(price).toHaveAccessibleDescription(/a whole number of sun per unit of energy/);
			await expect(review).toHaveCount(0);
			await price.fill('900');
			await form.getByRole('button', { name: 'Review order' }).click();
			// 65,000 energy at 900 sun a unit is 58.5 TRX; the account's 1-hour order paid a 1.1 TRX
			// activation fee, and this recipient is new: it is in the top of the range.
			const cost = review.getByText('Estimated cost');
			await expect(cost).toContainText('(from your price)');
			await expect(cost).toContainText('about 58.50–59.60 TRX');
			await expect(review).toContainText(
				'From your price of 900 sun per unit of energy for 7 days'
			);
			await expect(review.getByRole('button', { name: 'Confirm purchase' })).toBeEnabled();

			// Kept on this device for this server: the next visit has it.
			await page.reload();
			await form.getByLabel('Period').selectOption({ label: '7 days' });
			await expect(price).toHaveValue('900');
		});

		test('amounts read with 2–3 decimals; the exact value is on hover, in the review, and in the order’s details', async ({
			page
		}) => {
			const form = await openDemo(page);
			const balances = page.getByRole('region', { name: 'Balances' });
			await expect(balances).toContainText('Buyer balance 250.00 TRX');
			await expect(balances.getByText('250.00 TRX').first()).toHaveAttribute(
				'title',
				'Exactly 250.000000 TRX'
			);
			const row = page
				.getByRole('region', { name: 'Orders' })
				.getByRole('row', { name: /31000001/ });
			await expect(row.getByText('5.00 TRX', { exact: true })).toHaveAttribute(
				'title',
				'Exactly 5.000000 TRX'
			);
			await expect(row).not.toContainText('5.000000');

			// The review: rounded, and the exact range one toggle away (keyboard and touch).
			await form.getByLabel('Recipient address', { exact: true }).fill(ADDRESS);
			await form.getByLabel('Energy amount').fill('65000');
			await form.getByRole('button', { name: 'Review order' }).click();
			const review = form.getByRole('region', { name: 'Review' });
			await expect(review.getByText('Estimated cost')).toContainText('(from your earlier orders)');
			await expect(review.getByText('Estimated cost')).toContainText('about 3.90–5.00 TRX');
			const exact = review.getByText('Exact amounts');
			await exact.focus();
			await page.keyboard.press('Enter');
			await expect(review.getByRole('definition').first()).toHaveText('3.900000–5.000000 TRX');

			// The order's details: every amount exactly as the service wrote it.
			await row.getByRole('button', { name: 'Details of order 31000001' }).click();
			const detail = page.getByRole('region', { name: 'Order 31000001', exact: true });
			await expect(detail).toContainText('5.000000 TRX');
			await expect(detail).toContainText('1.100000 TRX');
		});

		test('the spending chart has a value axis and dates, and its bars are reached by keyboard, named, with a tooltip', async ({
			page
		}) => {
			await openDemo(page);
			const spending = page.getByRole('region', { name: 'Spending' });
			const bars = spending.getByRole('group', { name: /^TRX paid per day/ });
			const first = bars.getByRole('img').first();
			await expect(first).toHaveAccessibleName(/^[A-Z][a-z]{2} \d{1,2}: [\d,]+\.\d{2,3} TRX$/);
			// One Tab stop for the chart, then the arrow keys.
			await tabTo(page, first);
			const tip = spending.locator('.tip');
			await expect(tip).toBeVisible();
			await expect(tip).toContainText((await first.getAttribute('aria-label'))!);
			// The demo's orders fall on different days: several bars.
			expect(await bars.getByRole('img').count()).toBeGreaterThan(1);
			await page.keyboard.press('ArrowRight');
			await expect(bars.getByRole('img').nth(1)).toBeFocused();
			await page.keyboard.press('End');
			await expect(bars.getByRole('img').last()).toBeFocused();
			await page.keyboard.press('Home');
			await expect(first).toBeFocused();
			// The axes: a unit, round values from 0, and a date under the first bar.
			await expect(spending.getByText('TRX', { exact: true })).toBeVisible();
			await expect(spending.getByText('0', { exact: true })).toBeVisible();
			await expect(spending.locator('.x').first()).toHaveText(/^[A-Z][a-z]{2} \d{1,2}$/);
			// Each date whole: inside the chart, and clear of the next one.
			const dates = await spending.locator('.x').evaluateAll((els) => {
				const chart = els[0]!.closest('.scroll')!.getBoundingClientRect();
				const boxes = els.map((el) => {
					const range = document.createRange();
					range.selectNodeContents(el);
					return range.getBoundingClientRect();
				});
				return { left: chart.left, first: boxes[0]!.left, boxes };
			});
			expect(dates.first).toBeGreaterThanOrEqual(dates.left);
			for (let i = 1; i < dates.boxes.length; i++)
				expect(dates.boxes[i]!.left).toBeGreaterThan(dates.boxes[i - 1]!.right);
			// Pointing at a bar shows its tooltip too.
			await page.mouse.move(0, 0);
			await bars.getByRole('img').last().hover();
			await expect(tip).toBeVisible();
			await expect(tip).toContainText(
				(await bars.getByRole('img').last().getAttribute('aria-label'))!
			);
		});

		test('an order’s Details near the bottom edge scroll into view, with focus on its heading', async ({
			page
		}) => {
			await openDemo(page);
			const button = page.getByRole('button', { name: 'Details of order 31000003' });
			// The row at the screen's bottom edge, as the user met it.
			await button.evaluate((el) => {
				const top = el.getBoundingClientRect().bottom + window.scrollY - window.innerHeight + 4;
				window.scrollTo(0, top);
			});
			await expect(button).toBeInViewport();
			await button.click();
			const detail = page.getByRole('region', { name: 'Order 31000003', exact: true });
			await expect(detail.getByRole('heading', { name: 'Order 31000003' })).toBeFocused();
			await expect(detail.getByRole('button', { name: 'Close' })).toBeInViewport();
			await expect(detail.getByRole('heading', { name: 'Order 31000003' })).toBeInViewport();
		});

		test('Live: a refused token (401) says so with a link to Settings, to the token; its long address wraps', async ({
			page
		}) => {
			await goLiveEnergy(page, 'revoked');
			const problem = page.getByRole('alert').filter({ hasText: '401' }).first();
			await expect(problem).toBeVisible();
			// "POST http://…/account/list answered 401": the address breaks, not the page.
			await expect(problem).toContainText('/account/list answered 401');
			await expectNoSideScroll(page);
			const inside = await problem.evaluate((box) => {
				const range = document.createRange();
				range.selectNodeContents(box);
				const right = Math.max(...[...range.getClientRects()].map((r) => r.right));
				return right - box.getBoundingClientRect().right;
			});
			expect(inside, 'the problem’s text stays in its box').toBeLessThanOrEqual(0);
			const link = page
				.getByRole('main')
				.getByRole('link', { name: 'Settings', exact: true })
				.first();
			await expect(link).toHaveAttribute('href', /\/settings#energy-token$/);
			await link.click();
			await expect(page).toHaveURL(/\/settings#energy-token$/);
			await expect(
				page.getByRole('group', { name: 'Energy rental' }).getByLabel('API token')
			).toBeInViewport();
		});
	});
}

test.describe('laptop (1280×800)', () => {
	test.use({ viewport: LAPTOP });

	for (const mode of ['Demo', 'Live'] as const)
		test(`${mode}: the orders table fits its box and a date stays on one line`, async ({
			page
		}) => {
			const orders = page.getByRole('region', { name: 'Orders' });
			if (mode === 'Demo') await openDemo(page);
			else {
				// A new user's first order joins the list, with its status as it moves.
				await goLiveEnergy(page);
				await expect(orders).toContainText('of 3');
				const form = page.getByRole('form', { name: 'Buy energy' });
				await fillExact(form);
				await form.getByRole('button', { name: 'Confirm purchase' }).click();
				await placedGuid(form);
				await expect(orders).toContainText('of 4');
			}
			await expect(orders.getByRole('row', { name: /31000003/ })).toContainText('262.00 TRX');
			const table = orders.getByRole('table');
			const fit = await table.evaluate((t) => ({
				table: t.getBoundingClientRect().width,
				box: t.parentElement!.clientWidth,
				scroll: t.parentElement!.scrollWidth
			}));
			expect(fit.table).toBeLessThanOrEqual(fit.box);
			expect(fit.scroll).toBeLessThanOrEqual(fit.box);
			for (const row of await orders.getByRole('row').filter({ hasText: /\d{8}/ }).all()) {
				const created = row.getByRole('cell').nth(5);
				await expect(created).toHaveText(/\d/);
				expect(await lines(created)).toBe(1);
			}
		});

	test('axe finds no serious or critical violation with the review, the exact amounts and the chart in use', async ({
		page,
		axe
	}) => {
		const form = await openDemo(page);
		await form.getByLabel('Recipient address', { exact: true }).fill(ADDRESS);
		await form.getByRole('textbox', { name: 'Your price', exact: true }).fill('60');
		await form.getByLabel('Energy amount').fill('65000');
		await form.getByRole('button', { name: 'Review order' }).click();
		await form.getByText('Exact amounts').click();
		await page.getByRole('region', { name: 'Spending' }).getByRole('img').first().focus();
		await page.waitForLoadState('networkidle');
		const results = await axe().analyze();
		const serious = results.violations.filter(
			(v) => v.impact === 'serious' || v.impact === 'critical'
		);
		expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
	});
});

test.describe('phone (412×823)', () => {
	test.use({ viewport: PHONE });

	for (const mode of ['Demo', 'Live'] as const)
		test(`${mode}: the Buy form’s first field is on the first screen, the balances compact above it`, async ({
			page
		}) => {
			if (mode === 'Live') await goLiveEnergy(page);
			const form = await openDemo(page, mode);
			await expect(page.getByRole('region', { name: 'Balances' })).toContainText('Buyer balance');
			const first = form.getByLabel('Recipient address', { exact: true });
			const box = (await first.boundingBox())!;
			expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
			// The balances are still there, above it.
			await expect(
				page.getByRole('button', { name: 'Details of the buyer account' })
			).toBeVisible();
		});
});
