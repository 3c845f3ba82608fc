import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import {
	ADDRESS,
	fillExact,
	goLiveEnergy,
	orderRow,
	placedGuid,
	sandboxToken
} from './energy-helpers';
import { expect, FAKE_URLS, nav, test } from './fixtures';

/** Purchases across tabs and reloads: one order per confirmation, whatever the tabs do. */

const REQUEST = {
	format: 'json',
	to: ADDRESS,
	amount_source: 'amount',
	amount: 65000,
	period_type: 'hours',
	period_amount: 1
};
const PENDING_KEY = 'energy.purchases.pending';

/** Live with the token (kept per tab, as a user's would be), once the orders have loaded. */
async function openLive(page: Page, token: string, options: { connect?: boolean } = {}) {
	await goLiveEnergy(page, token, options);
	await expect(page.getByRole('region', { name: 'Orders' })).toContainText('of 3');
}

/** A second tab of the same browser: settings and storage are shared, the token is typed again. */
async function secondTab(context: BrowserContext, token: string) {
	const page = await context.newPage();
	await openLive(page, token, { connect: false });
	return page;
}

/** The orders the server holds for this user, asked directly (not through either tab). */
async function serverOrders(page: Page, token: string): Promise<number[]> {
	const answer = await page.request.post(`${FAKE_URLS.energy}/api/v1/private/order/list`, {
		headers: { Token: token },
		data: { per_page: 50 }
	});
	const body = (await answer.json()) as { data: { guid: number }[] };
	return body.data.map((o) => o.guid);
}

function countBuys(...pages: Page[]) {
	const buys: string[] = [];
	for (const page of pages)
		page.on('request', (r) => {
			if (r.url().endsWith('/buy/energy') && r.method() === 'POST') buys.push(r.url());
		});
	return buys;
}

const serious = (violations: { id: string; help: string; impact?: string | null }[]) =>
	violations
		.filter((v) => v.impact === 'serious' || v.impact === 'critical')
		.map((v) => `${v.id}: ${v.help}`);

test.describe('with the page not controlled by the service worker', () => {
	// Requests that pass through a service worker are not seen by page.route, so a test
	// that changes what the network answers runs without one (pwa.spec tests the worker).
	test.use({ serviceWorkers: 'block' });

	test('Live, two tabs: the same purchase confirmed in both at once places one order; the second tab shows it and buys again only when confirmed again', async ({
		page,
		context
	}) => {
		test.setTimeout(90_000);
		const token = sandboxToken();
		await openLive(page, token);
		const other = await secondTab(context, token);
		const buys = countBuys(page, other);
		// The first tab's purchase takes a while on the server, so both are under way together.
		await page.route('**/buy/energy', async (route) => {
			if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 2000));
			await route.continue();
		});
		const first = page.getByRole('form', { name: 'Buy energy' });
		const second = other.getByRole('form', { name: 'Buy energy' });
		await fillExact(first);
		await fillExact(second);

		await first.getByRole('button', { name: 'Confirm purchase' }).click();
		await second.getByRole('button', { name: 'Confirm purchase' }).click();
		await expect(second.getByRole('status')).toHaveText(
			'Waiting for another purchase in this browser to finish first…'
		);

		const guid = await placedGuid(first);
		const notice = second.locator('#buy-elsewhere');
		await expect(notice).toContainText(
			`The same purchase was just placed in another tab or page: order ${guid}.`
		);
		await expect(notice).toContainText('Nothing was sent from here');
		await expect(notice).toBeFocused();
		await expect(orderRow(other, guid)).toBeVisible();
		expect(buys).toHaveLength(1);
		expect(await serverOrders(page, token)).toHaveLength(4);
		expect(serious((await new AxeBuilder({ page: other }).analyze()).violations)).toEqual([]);

		// A second order only when the user confirms again, and it is not mistaken for a double.
		await second.getByRole('button', { name: 'Confirm purchase' }).click();
		const secondGuid = await placedGuid(second);
		expect(secondGuid).not.toBe(guid);
		expect(buys).toHaveLength(2);
		expect(await serverOrders(page, token)).toHaveLength(5);
		await expect(second.getByText('Check for a double order')).toHaveCount(0);
	});

	test('Live: a reload while the purchase is being placed says on the next load that it was placed, and names the order', async ({
		page,
		axe
	}) => {
		test.setTimeout(60_000);
		const token = sandboxToken();
		await openLive(page, token);
		const buys = countBuys(page);
		// The server places the order; its answer never reaches the page before the reload.
		let reloaded!: () => void;
		const afterReload = new Promise<void>((resolve) => (reloaded = resolve));
		await page.route('**/buy/energy', async (route) => {
			if (route.request().method() !== 'POST') return route.continue();
			await route.fetch();
			await afterReload;
			await route.abort().catch(() => undefined);
		});
		const form = page.getByRole('form', { name: 'Buy energy' });
		await fillExact(form);
		await form.getByRole('button', { name: 'Confirm purchase' }).click();
		await expect(form.getByRole('status')).toHaveText('Placing the order…');
		await expect.poll(() => serverOrders(page, token)).toHaveLength(4);
		// What this browser keeps meanwhile: the purchase, never the token.
		const marker = await page.evaluate((key) => localStorage.getItem(key), PENDING_KEY);
		expect(marker).toContain('"amount":65000');
		expect(marker).toContain(`${FAKE_URLS.energy}/api/v1/private`);
		expect(marker).not.toContain(token);

		await page.reload();
		reloaded();
		const notice = page.getByRole('region', { name: 'Interrupted purchase' });
		await expect(notice).toContainText(
			`Your purchase of 65,000 energy for ${ADDRESS} for 1 hour was placed: order 31000004.`
		);
		await expect(orderRow(page, '31000004')).toBeVisible();
		expect(buys).toHaveLength(1);
		expect(await serverOrders(page, token)).toHaveLength(4);
		await expect
			.poll(() => page.evaluate((key) => localStorage.getItem(key), PENDING_KEY))
			.toBeNull();
		expect(serious((await axe().analyze()).violations)).toEqual([]);
	});
});

test('Demo: a reload while the purchase is being placed, before the service saw it, says on the next load that it was not placed', async ({
	page
}) => {
	test.setTimeout(60_000);
	await page.goto('/settings');
	// Every demo answer takes 4 s until the page is reloaded.
	await page.getByLabel('Service').selectOption({ label: 'Energy rental' });
	await page.getByLabel('Added latency (ms)').fill('4000');
	await page.getByRole('button', { name: 'Apply' }).click();
	await expect(page.getByText('4000 ms added')).toBeVisible();
	await nav(page, 'Energy');
	const form = page.getByRole('form', { name: 'Buy energy' });
	await fillExact(form);
	await form.getByRole('button', { name: 'Confirm purchase' }).click();
	// Reload once the purchase is on its way (its marker is written just before it is sent).
	await expect
		.poll(() => page.evaluate((key) => localStorage.getItem(key), PENDING_KEY), {
			timeout: 15_000
		})
		.not.toBeNull();
	await page.reload();
	const notice = page.getByRole('region', { name: 'Interrupted purchase' });
	await expect(notice).toContainText('Checking the order list');
	await expect(notice).toContainText(
		`Your purchase of 65,000 energy for ${ADDRESS} for 1 hour was not placed.`,
		{ timeout: 30_000 }
	);
	await expect(notice).toContainText('nothing was charged');
	await expect(page.getByRole('region', { name: 'Orders' })).toContainText('of 3');
});

test.describe('with the page not controlled by the service worker', () => {
	// Requests that pass through a service worker are not seen by page.route, so a test
	// that changes what the network answers runs without one (pwa.spec tests the worker).
	test.use({ serviceWorkers: 'block' });

	test('Live: another order with the same details appearing at the same time is reported as seen, not explained', async ({
		page
	}) => {
		const token = sandboxToken();
		await openLive(page, token);
		// The same order arrives from elsewhere (another device) just before this one.
		await page.route('**/buy/energy', async (route) => {
			if (route.request().method() === 'POST')
				await page.request.post(`${FAKE_URLS.energy}/api/v1/private/buy/energy`, {
					headers: { Token: token },
					data: REQUEST
				});
			await route.continue();
		});
		const form = page.getByRole('form', { name: 'Buy energy' });
		await fillExact(form);
		await form.getByRole('button', { name: 'Confirm purchase' }).click();
		expect(await placedGuid(form)).toBe('31000005');
		const warning = form.getByRole('alert').filter({ hasText: 'Check for a double order' });
		await expect(warning).toContainText(
			'another order with the same address, amount and period appeared in the order list at the same time: 31000004 ('
		);
		await expect(warning).toContainText('Check whether you meant to buy twice.');
		await expect(warning).not.toContainText('re-sent');
	});
});
