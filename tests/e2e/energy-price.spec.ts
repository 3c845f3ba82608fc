import type { Locator, Page } from '@playwright/test';
import { ADDRESS, demoStep, goLiveEnergy } from './energy-helpers';
import { expect, expectNoSideScroll, SIZES, test } from './fixtures';

/** Knowing what you pay: the estimate on the review, failed orders, and the order rows. */

/** Each Live test is its own user of the shared fake server (a sandbox token). */
async function open(page: Page, mode: 'Demo' | 'Live') {
	if (mode === 'Demo') {
		await page.goto('/energy');
	} else {
		await goLiveEnergy(page);
	}
	await expect(page.getByRole('region', { name: 'Orders' })).toContainText('of 3');
	return page.getByRole('form', { name: 'Buy energy' });
}

async function review(form: Locator, amount: string) {
	await form.getByLabel('Recipient address', { exact: true }).fill(ADDRESS);
	await form.getByLabel('Period').selectOption({ label: '1 hour' });
	await form.getByLabel('Exact amount').check();
	await form.getByLabel('Energy amount').fill(amount);
	await form.getByRole('button', { name: 'Review order' }).click();
	await expect(form.getByRole('button', { name: 'Confirm purchase' })).toBeEnabled();
	return form.getByRole('region', { name: 'Review' });
}

/** How many lines an element's text takes. */
const lines = (element: Locator) =>
	element.evaluate((el) => {
		const range = document.createRange();
		range.selectNodeContents(el);
		return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
	});

for (const mode of ['Demo', 'Live'] as const) {
	for (const size of SIZES) {
		// Demo and Live differ in transport, not layout: the narrow layout is checked in Demo.
		if (mode === 'Live' && size.name === 'narrow') continue;
		test.describe(`${mode}, ${size.name} (${size.viewport.width}×${size.viewport.height})`, () => {
			test.use({ viewport: size.viewport });

			test('the review shows the estimated cost and the balance after, and warns above the balance', async ({
				page
			}) => {
				const form = await open(page, mode);
				let shown = await review(form, '65000');
				// The seeded history holds one 1-hour order: 65,000 energy for 3.9 TRX, plus the 1.1 TRX
				// activation fee of its new recipient; this recipient is new too.
				const cost = shown.getByText('Estimated cost');
				await expect(cost).toHaveText(
					/^Estimated cost\s*\(from your earlier orders\)\s*about 3\.90–5\.00 TRX$/
				);
				await expect(shown).toContainText('Balance after');
				await expect(shown).toContainText('about 245.00–246.10 TRX');
				await expect(shown).toContainText('Based on your latest 1-hour order');
				await expect(shown).toContainText(
					'The range includes an activation fee of 1.10 TRX, charged if the recipient is not yet activated on TRON'
				);
				// The price is on screen next to the button, without scrolling.
				await expect(cost).toBeInViewport();
				await expect(form.getByRole('button', { name: 'Confirm purchase' })).toBeInViewport();
				await expect(form.getByRole('heading', { name: 'Review' })).toBeFocused();
				await expect(shown).not.toContainText('more than your buyer balance');

				await form.getByRole('button', { name: 'Change', exact: true }).click();
				shown = await review(form, '5000000');
				await expect(shown).toContainText('about 300.00–301.10 TRX');
				await expect(shown).toContainText('about -51.10–-50.00 TRX');
				await expect(shown).toContainText(
					'The estimated cost is more than your buyer balance (250.00 TRX)'
				);
				await expect(
					form.getByRole('button', { name: 'Confirm purchase' })
				).toHaveAccessibleDescription(/more than your buyer balance/);
				await expectNoSideScroll(page);

				await shown.getByRole('button', { name: 'Change amount' }).click();
				const amount = form.getByLabel('Energy amount');
				await expect(amount).toBeFocused();
				await expect(amount).toHaveValue('5000000');
			});

			test('after an order fails for lack of funds, "Change amount" goes back to the amount, kept', async ({
				page
			}) => {
				const form = await open(page, mode);
				await review(form, '5000000');
				await form.getByRole('button', { name: 'Confirm purchase' }).click();
				const heading = form.getByRole('heading', { name: /^Order \d+ failed$/ });
				await expect(heading).toBeVisible({ timeout: 15_000 });
				const guid = /\d+/.exec((await heading.textContent()) ?? '')![0];
				const result = form.getByRole('alert', { name: `Order ${guid} failed` });
				await expect(result.getByRole('button', { name: 'Buy more' })).toBeVisible();

				// Numbers never break inside, and on a phone each label stands above its value.
				const guidValue = result.getByText(guid, { exact: true });
				expect(await lines(guidValue)).toBe(1);
				expect(await lines(result.getByText('301.10 TRX', { exact: true }))).toBe(1);
				const label = (await result.getByText('Cost', { exact: true }).boundingBox())!;
				const value = (await result.getByText('301.10 TRX').boundingBox())!;
				if (size.name === 'narrow') expect(value.y).toBeGreaterThan(label.y + label.height / 2);
				else expect(Math.abs(value.y - label.y)).toBeLessThan(label.height / 2);
				await expectNoSideScroll(page);

				await result.getByRole('button', { name: 'Change amount' }).click();
				const amount = form.getByLabel('Energy amount');
				await expect(amount).toBeFocused();
				await expect(amount).toHaveValue('5000000');
				await expect(form.getByLabel('Recipient address', { exact: true })).toHaveValue(ADDRESS);
			});

			test('order rows show energy, recipient, period, cost and created time; statuses read as words', async ({
				page,
				axe
			}) => {
				const form = await open(page, mode);
				const orders = page.getByRole('region', { name: 'Orders' });
				const row = (guid: string) => orders.getByRole('row', { name: new RegExp(guid) });
				await expect(row('31000001')).toContainText('65,000 energy');
				await expect(row('31000001')).toContainText('1 hour');
				await expect(row('31000001')).toContainText('5.00 TRX');
				await expect(row('31000001')).toContainText('Reclaimed');
				await expect(row('31000002')).toContainText('131,000 energy');
				await expect(row('31000002')).toContainText('1 day');
				await expect(row('31000002')).toContainText('11.79 TRX');
				await expect(row('31000002')).toContainText('Awaiting payment');
				await expect(row('31000003')).toContainText('30 days');
				await expect(row('31000003')).toContainText('262.00 TRX');
				await expect(row('31000003')).toContainText('Error');
				// Created three days ago: a date, not "first seen" now.
				const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toLocaleDateString('en-US', {
					month: 'short',
					day: 'numeric'
				});
				await expect(row('31000001')).toContainText(threeDaysAgo);
				expect(await lines(row('31000003').getByText('262.00 TRX'))).toBe(1);

				// The recipient is shortened; focus shows it whole.
				// The cell reads the short form (hidden from screen readers), then the whole address.
				const cell = await row('31000001').getByRole('cell').nth(2).textContent();
				const address = (cell ?? '').trim().slice(-34);
				expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
				const short = row('31000001').getByText(`${address.slice(0, 6)}…${address.slice(-5)}`);
				const whole = row('31000001').getByText(address);
				const width = async () => (await whole.boundingBox())?.width ?? 0;
				await expect(short).toBeVisible();
				expect(await width()).toBeLessThanOrEqual(1);
				await short.locator('..').focus();
				await expect.poll(width).toBeGreaterThan(150);
				await expectNoSideScroll(page);

				// An order awaiting payment: its payment in words; "Pending" passed, not "not yet".
				await row('31000002').getByRole('button', { name: 'Details of order 31000002' }).click();
				const detail = page.getByRole('region', { name: 'Order 31000002', exact: true });
				await expect(detail).toContainText('Partly paid: 4.00 of 11.79 TRX');
				await expect(detail).not.toContainText(/Payment status\s*\d/);
				await expect(detail.getByRole('listitem').filter({ hasText: 'Pending' })).not.toContainText(
					'not yet'
				);
				await expect(detail.getByRole('listitem').filter({ hasText: 'Pending' })).toContainText(
					'done'
				);
				// The way forward, in words; no codes.
				await expect(detail).toContainText(
					'4.00 of 11.79 TRX is paid. Add funds to your buyer balance'
				);
				await expect(detail).not.toContainText('code');
				await expect(detail).not.toContainText('between checks');

				// A failed order owes nothing: not "Partly paid … The rest is still owed".
				await row('31000003').getByRole('button', { name: 'Details of order 31000003' }).click();
				const failed = page.getByRole('region', { name: 'Order 31000003', exact: true });
				await expect(failed).toContainText('Not charged');
				await expect(failed).toContainText('nothing was charged');
				await expect(failed).not.toContainText('Partly paid');
				await expect(failed).not.toContainText('still owed');

				await review(form, '65000');
				const results = await axe().analyze();
				expect(results.violations.map((v) => `${v.id} (${v.nodes.length})`)).toEqual([]);
			});
		});
	}
}

test('Demo: a delegated order says when its energy is reclaimed', async ({ page }) => {
	await demoStep(page, 1000);
	const form = await open(page, 'Demo');
	await review(form, '65000');
	await form.getByRole('button', { name: 'Confirm purchase' }).click();
	const heading = form.getByRole('heading', { name: /^Order \d+ placed$/ });
	await expect(heading).toBeVisible({ timeout: 15_000 });
	const guid = /\d+/.exec((await heading.textContent()) ?? '')![0];
	const row = page
		.getByRole('region', { name: 'Orders' })
		.getByRole('row', { name: new RegExp(guid) });
	await expect(row).toContainText('Delegated', { timeout: 15_000 });
	await expect(row).toContainText(/in about \d+ min/);
	await expect(row).toContainText('65,000 energy');
});

test('Demo: Estimate mode names its fields and prices the estimate as a range', async ({
	page
}) => {
	const form = await open(page, 'Demo');
	await form.getByLabel('Recipient address', { exact: true }).fill(ADDRESS);
	await form.getByLabel('Estimate', { exact: true }).check();
	await form
		.getByRole('textbox', { name: 'Token transfer destinations', exact: true })
		.fill('T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb');
	await expect(
		form.getByRole('textbox', { name: 'Surplus percent (0.04 = 0.04 %)', exact: true })
	).toHaveValue('0.04');
	await form.getByRole('button', { name: 'Review order' }).click();
	const shown = form.getByRole('region', { name: 'Review' });
	// 65,026 to 131,053 energy at 60 sun a unit.
	await expect(shown).toContainText('about 3.902–8.963 TRX');
	await expect(shown).toContainText('65,026–131,053 energy');

	// No order of 7 days yet: the review says there is nothing to estimate from.
	await form.getByRole('button', { name: 'Change', exact: true }).click();
	await form.getByLabel('Period').selectOption({ label: '7 days' });
	await form.getByRole('button', { name: 'Review order' }).click();
	await expect(shown).toContainText('No earlier orders of 7 days to estimate from');
	await expect(shown).toContainText('Estimated cost not known');
});

test('Demo: focus stays where the user acted (Refresh, Close of an order)', async ({ page }) => {
	await open(page, 'Demo');
	const orders = page.getByRole('region', { name: 'Orders' });
	const refresh = orders.getByRole('button', { name: 'Refresh orders' });
	await refresh.focus();
	await page.keyboard.press('Enter');
	await expect(orders).toContainText('Orders 1–3 of 3');
	await expect(refresh).toBeFocused();
	const balances = page.getByRole('button', { name: 'Refresh balances' });
	await balances.focus();
	await page.keyboard.press('Enter');
	await expect(page.getByRole('region', { name: 'Balances' })).toContainText('250.00 TRX');
	await expect(balances).toBeFocused();

	const details = orders.getByRole('button', { name: 'Details of order 31000001' });
	await details.click();
	const detail = page.getByRole('region', { name: 'Order 31000001', exact: true });
	await detail.getByRole('button', { name: 'Close' }).click();
	await expect(detail).toHaveCount(0);
	await expect(details).toBeFocused();
});
