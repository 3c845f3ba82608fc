import { readFile } from 'node:fs/promises';
import { ADDRESS, fillExact, goLiveEnergy, orderRow, placedGuid } from './energy-helpers';
import { expect, expectNoSideScroll, test } from './fixtures';

/** Orders you can act on: Buy again, Export CSV, Compare periods; and nothing runs off the page. */

test('Live: "Buy again" in an order\'s details fills the form with its recipient, amount and period, one step from Review', async ({
	page
}) => {
	await goLiveEnergy(page);
	const orders = page.getByRole('region', { name: 'Orders' });
	await expect(orders).toContainText('of 3');
	// The seeded 1-day order of 131,000 energy.
	await orders.getByRole('button', { name: 'Details of order 31000002' }).click();
	const detail = page.getByRole('region', { name: 'Order 31000002', exact: true });
	await expect(detail.getByRole('heading', { name: 'Order 31000002' })).toBeFocused();
	await detail.getByRole('button', { name: 'Buy again' }).click();

	const form = page.getByRole('form', { name: 'Buy energy' });
	await expect(form.getByRole('heading', { name: 'Buy energy' })).toBeFocused();
	const to = await form.getByLabel('Recipient address', { exact: true }).inputValue();
	expect(to).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
	await expect(form.getByLabel('Energy amount')).toHaveValue('131000');
	await expect(form.getByLabel('Period')).toHaveValue('1d');
	await form.getByRole('button', { name: 'Review order' }).click();
	await expect(form.getByRole('button', { name: 'Confirm purchase' })).toBeEnabled();
	await expect(form).toContainText('131,000 energy');
	await expect(form).toContainText(to);
});

test('Live: "Export CSV" in Orders writes one row per order with the costs the service charged', async ({
	page
}) => {
	test.setTimeout(60_000);
	await goLiveEnergy(page);
	const form = page.getByRole('form', { name: 'Buy energy' });
	await fillExact(form, { amount: '20000' });
	await form.getByRole('button', { name: 'Confirm purchase' }).click();
	const guid = await placedGuid(form);
	// The charge as shown exactly (on hover: the page rounds it to 2–3 decimals).
	const charged = /Exactly (\d+\.\d+) TRX/.exec(
		(await form
			.getByText(/^Charged \d/)
			.getByTitle(/^Exactly /)
			.getAttribute('title')) ?? ''
	)![1]!;

	const orders = page.getByRole('region', { name: 'Orders' });
	await expect(orders).toContainText('of 4');
	const download = page.waitForEvent('download');
	await orders.getByRole('button', { name: 'Export CSV' }).click();
	const file = await (await download).path();
	const text = await readFile(file, 'utf8');
	const lines = text.split('\r\n').filter(Boolean);
	expect(lines[0]).toBe(
		'guid,created,recipient,energy,period,cost,delegation fee,activation fee,paid,status,delegation txid'
	);
	expect(lines).toHaveLength(5);
	const rows = new Map(lines.slice(1).map((l) => [l.split(',')[0], l.split(',')]));
	expect([...rows.keys()].sort()).toEqual(['31000001', '31000002', '31000003', guid].sort());
	// A new recipient, a small order: both fees, in the cost charged.
	expect(rows.get(guid)).toMatchObject({
		2: ADDRESS,
		3: '20000',
		4: '1 hour',
		5: charged,
		6: '0.500000',
		7: '1.100000'
	});
	expect(rows.get('31000001')).toMatchObject({
		5: '5.000000',
		7: '1.100000',
		8: '5.000000',
		9: 'Reclaimed'
	});
	expect(rows.get('31000002')).toMatchObject({
		5: '11.790000',
		8: '4.000000',
		9: 'Awaiting payment'
	});
	expect(rows.get('31000003')).toMatchObject({ 5: '262.000000', 8: '0.000000', 9: 'Error' });
	await expect(orders.getByRole('status').filter({ hasText: 'Exported' })).toHaveText(
		'Exported 4 orders to a CSV file.'
	);
	await expect(page.getByRole('region', { name: 'Spending' })).toContainText('Show as a table');
});

test("Live: Export's dates open from the keyboard; a range with no orders exports none, a reversed one is refused", async ({
	page
}) => {
	await goLiveEnergy(page);
	const orders = page.getByRole('region', { name: 'Orders' });
	await expect(orders).toContainText('of 3');
	const exporting = orders.getByRole('group', { name: 'Export' });
	// Closed at first: the page does not build date fields nobody asked for.
	await expect(exporting.getByLabel('From')).toHaveCount(0);
	const dates = exporting.getByText('Dates: all orders');
	await dates.focus();
	await page.keyboard.press('Enter');
	await expect(dates).toBeFocused();
	await exporting.getByLabel('From').fill('2001-02-01');
	await exporting.getByLabel('To').fill('2001-01-01');
	await expect(exporting).toContainText('"From" is after "To"');
	await expect(exporting.getByRole('button', { name: 'Export CSV' })).toHaveAttribute(
		'aria-disabled',
		'true'
	);
	await exporting.getByLabel('To').fill('2001-12-31');
	await expect(exporting.getByText('Dates: 2001-02-01 to 2001-12-31')).toBeVisible();
	const download = page.waitForEvent('download');
	await exporting.getByRole('button', { name: 'Export CSV' }).click();
	const text = await readFile(await (await download).path(), 'utf8');
	expect(text.split('\r\n').filter(Boolean)).toHaveLength(1);
	await expect(exporting.getByRole('status')).toHaveText('Exported 0 orders to a CSV file.');
});

test('Live: "Compare periods" prices the amount entered for each period; choosing a row sets the period', async ({
	page
}) => {
	await goLiveEnergy(page);
	await expect(page.getByRole('region', { name: 'Orders' })).toContainText('262.00 TRX');
	const form = page.getByRole('form', { name: 'Buy energy' });
	await form.getByLabel('Energy amount').fill('65000');
	const compare = page.getByRole('table', { name: 'Compare periods' });
	const row = (name: string) => compare.getByRole('row', { name: new RegExp(`^${name}`) });
	// The seeded history: 1 hour (5.00 with the activation fee, 3.90 without), 1 day, 30 days.
	await expect(row('1 hour')).toContainText('3.90');
	await expect(row('1 hour')).toContainText('TRX');
	await expect(row('30 days')).toContainText('TRX');
	// No 7-day orders: blank.
	await expect(row('7 days').getByRole('cell').first()).toHaveText('');
	await row('30 days').getByRole('button', { name: '30 days' }).click();
	await expect(form.getByLabel('Period')).toHaveValue('30d');
	await expect(row('30 days').getByRole('button')).toHaveAttribute('aria-pressed', 'true');
});

test.describe('412 px', () => {
	test.use({ viewport: { width: 412, height: 915 } });

	for (const text of ['100%', '200%'])
		test(`Live: /energy has no horizontal scroll at 412 px and ${text} text, with an order's details open`, async ({
			page
		}) => {
			await goLiveEnergy(page);
			await page.addStyleTag({ content: `html { font-size: ${text} !important; }` });
			const orders = page.getByRole('region', { name: 'Orders' });
			await expect(orders).toContainText('Awaiting payment');
			await expectNoSideScroll(page);
			await orderRow(page, '31000002')
				.getByRole('button', { name: 'Details of order 31000002' })
				.click();
			await expect(page.getByRole('region', { name: 'Order 31000002', exact: true })).toBeVisible();
			await expectNoSideScroll(page);
			await page
				.getByRole('region', { name: 'Spending' })
				.getByRole('button', { name: 'Show as a table' })
				.click();
			await expectNoSideScroll(page);
		});
});
