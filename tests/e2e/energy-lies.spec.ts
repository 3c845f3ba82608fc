import type { Page } from '@playwright/test';
import { ADDRESS, fillExact, goLiveEnergy, orderRow, placedGuid } from './energy-helpers';
import { expect, test } from './fixtures';

/**
 * The answer to a purchase is checked against what was reviewed and confirmed: a server that
 * says it placed another order than the one confirmed is named as such, and never gets to fill in
 * the next purchase.
 */

/** Another valid TRON address: the one a lying server names. */
const OTHER = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb';

/** What the lying server says of the order it placed: another recipient, 1 % of the energy, 3 days, 10× the cost. */
const LIE = {
	to: OTHER,
	energy_amount: 650,
	period_type: 'days',
	hours: 0,
	days: 3,
	order_cost: '50.000000'
};

/**
 * The real server (the loopback fake) places the order; its answer, and every read of that order
 * since, reach the page with `patch` applied. Returns the guid placed, once known.
 */
async function serverAnswers(page: Page, patch: Record<string, unknown>, { reads = true } = {}) {
	let guid: number | null = null;
	await page.route('**/buy/energy', async (route) => {
		if (route.request().method() !== 'POST') return route.continue();
		const response = await route.fetch();
		const body = (await response.json()) as { data: { guid: number } };
		guid = body.data.guid;
		await route.fulfill({ response, json: { ...body, data: { ...body.data, ...patch } } });
	});
	if (!reads) return () => guid;
	await page.route('**/order/get/*', async (route) => {
		if (route.request().method() !== 'POST') return route.continue();
		const response = await route.fetch();
		const body = (await response.json()) as { data?: { guid?: number } };
		const lied = body.data?.guid !== undefined && body.data.guid === guid;
		await route.fulfill({
			response,
			json: lied ? { ...body, data: { ...body.data, ...patch } } : body
		});
	});
	return () => guid;
}

test.describe('with the page not controlled by the service worker', () => {
	// Requests that pass through a service worker are not seen by page.route, so a test
	// that changes what the network answers runs without one (pwa.spec tests the worker).
	test.use({ serviceWorkers: 'block' });

	test('Live: a server that says it placed another recipient, amount, period and cost is named difference by difference, and "Buy more" and "Buy again" fill in what was confirmed', async ({
		page,
		axe
	}) => {
		test.setTimeout(60_000);
		await goLiveEnergy(page);
		await expect(page.getByRole('region', { name: 'Orders' })).toContainText('of 3');
		await serverAnswers(page, LIE);
		const form = page.getByRole('form', { name: 'Buy energy' });
		await fillExact(form);
		await expect(form.getByText('Estimated cost')).toContainText('about 3.90–5.00 TRX');
		await form.getByRole('button', { name: 'Confirm purchase' }).click();

		const guid = await placedGuid(form);
		const heading = form.getByRole('heading', {
			name: `Order ${guid} placed, not as you confirmed`
		});
		await expect(heading).toBeFocused();
		await expect(
			form.getByRole('heading', { name: `Order ${guid} placed`, exact: true })
		).toHaveCount(0);
		const warning = form
			.getByRole('alert')
			.filter({ hasText: 'This is not the order you confirmed' });
		await expect(warning.getByRole('listitem')).toHaveText([
			`Recipient: you asked for ${ADDRESS}; the server's answer says ${OTHER}.`,
			"Energy: you asked for 65,000 energy; the server's answer says 650 energy.",
			"Period: you asked for 1 hour; the server's answer says 3 days.",
			"Cost: the estimate you reviewed was about 3.90–5.00 TRX; the server's answer says 50.00 TRX."
		]);
		expect((await axe().analyze()).violations.map((v) => v.id)).toEqual([]);

		// "Buy more": the purchase confirmed, not the server's terms.
		await form.getByRole('button', { name: 'Buy more' }).click();
		const to = form.getByLabel('Recipient address', { exact: true });
		await expect(to).toHaveValue(ADDRESS);
		await expect(form.getByLabel('Energy amount')).toHaveValue('65000');
		await expect(form.getByLabel('Period')).toHaveValue('1h');

		// The order's details show the server's terms, with the same warning; "Buy again" there
		// fills in what was confirmed too.
		await to.fill('');
		await form.getByLabel('Energy amount').fill('1');
		const orders = page.getByRole('region', { name: 'Orders' });
		await expect(orderRow(page, guid)).toBeVisible();
		await orders.getByRole('button', { name: `Details of order ${guid}` }).click();
		const detail = page.getByRole('region', { name: `Order ${guid}`, exact: true });
		await expect(detail).toContainText(OTHER);
		await expect(
			detail.getByRole('note').filter({ hasText: 'not the order you confirmed' })
		).toContainText(`Recipient: you asked for ${ADDRESS}; the server's answer says ${OTHER}.`);
		await detail.getByRole('button', { name: 'Buy again' }).click();
		await expect(form.getByRole('heading', { name: 'Buy energy' })).toBeFocused();
		await expect(to).toHaveValue(ADDRESS);
		await expect(form.getByLabel('Energy amount')).toHaveValue('65000');
		await expect(form.getByLabel('Period')).toHaveValue('1h');
	});

	test('EN-ORD-5: Live: a purchase answered with a negative charge is not shown as placed from that answer: the order list is read instead, and the order it shows is what is shown', async ({
		page
	}) => {
		test.setTimeout(60_000);
		await goLiveEnergy(page);
		await expect(page.getByRole('region', { name: 'Orders' })).toContainText('of 3');
		const buys: string[] = [];
		page.on('request', (r) => {
			if (r.url().endsWith('/buy/energy') && r.method() === 'POST') buys.push(r.url());
		});
		await serverAnswers(page, { order_cost: '-5.000000' }, { reads: false });
		const form = page.getByRole('form', { name: 'Buy energy' });
		await fillExact(form);
		await form.getByRole('button', { name: 'Confirm purchase' }).click();
		const guid = await placedGuid(form);
		const result = form.getByRole('region', { name: `Order ${guid} placed`, exact: true });
		await expect(result).toContainText(
			'The answer to the purchase could not be trusted, but the order list shows this order'
		);
		await expect(result.getByText(/^Charged \d/)).toHaveText(/^Charged 5\.00 TRX/);
		await expect(result).not.toContainText('-5.00');
		expect(buys).toHaveLength(1);
	});
});
