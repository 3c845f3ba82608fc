import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { fillExact, goLiveEnergy, orderRow, placedGuid, sandboxToken } from './energy-helpers';
import { expect, FAKE_URLS, test } from './fixtures';

/**
 * Two browsers (two profiles, or two devices) on one account share nothing but the server: the
 * purchase lock cannot reach across them, and the API has no idempotency key. Before sending, the
 * app reads the newest orders and asks when the same order was placed moments ago.
 */

/** The orders the server holds for this user, asked directly (not through either browser). */
async function serverOrders(page: Page, token: string): Promise<number[]> {
	const answer = await page.request.post(`${FAKE_URLS.energy}/api/v1/private/order/list`, {
		headers: { Token: token },
		data: { per_page: 50 }
	});
	const body = (await answer.json()) as { data: { guid: number }[] };
	return body.data.map((o) => o.guid);
}

function countBuys(page: Page) {
	const buys: string[] = [];
	page.on('request', (r) => {
		if (r.url().endsWith('/buy/energy') && r.method() === 'POST') buys.push(r.url());
	});
	return buys;
}

test('EN-BUY-7: Live, two browsers: confirming the same order in the second asks first, naming the order the first placed; "Don\'t buy" sends nothing, "Buy again" buys once', async ({
	page,
	browser,
	baseURL
}) => {
	test.setTimeout(90_000);
	const token = sandboxToken();
	await goLiveEnergy(page, token);
	const first = page.getByRole('form', { name: 'Buy energy' });
	await fillExact(first);
	await first.getByRole('button', { name: 'Confirm purchase' }).click();
	const guid = await placedGuid(first);

	// A second profile: its own storage, IndexedDB and locks; only the server and account are shared.
	const profile = await browser.newContext({ baseURL });
	try {
		const other = await profile.newPage();
		await goLiveEnergy(other, token);
		await expect(orderRow(other, guid)).toBeVisible();
		const buys = countBuys(other);
		const form = other.getByRole('form', { name: 'Buy energy' });
		await fillExact(form);
		await form.getByRole('button', { name: 'Confirm purchase' }).click();

		const question = form.getByRole('alertdialog', { name: 'Buy this again?' });
		await expect(question).toBeVisible();
		await expect(question).toContainText('The same order was placed in the last 10 minutes');
		await expect(question).toContainText(
			new RegExp(
				`order ${guid}, placed (less than a minute|1 min) ago \\(.+\\): 65,000 energy for 1 hour, 5\\.00 TRX, now `
			)
		);
		await expect(question).toContainText('Nothing has been sent from here');
		// Focus is on the choice that sends nothing; Confirm purchase waits for the answer.
		await expect(question.getByRole('button', { name: "Don't buy" })).toBeFocused();
		await expect(form.getByRole('button', { name: 'Confirm purchase' })).toBeDisabled();
		const { violations } = await new AxeBuilder({ page: other }).analyze();
		expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

		await question.getByRole('button', { name: "Don't buy" }).click();
		await expect(question).toHaveCount(0);
		const declined = form.getByRole('status').filter({ hasText: 'Not bought.' });
		await expect(declined).toBeFocused();
		await expect(declined).toContainText('Nothing was sent');
		expect(buys).toHaveLength(0);
		expect(await serverOrders(page, token)).toHaveLength(4);

		// Asked again on the next confirm; the second, explicit "Buy again" places one order.
		await form.getByRole('button', { name: 'Confirm purchase' }).click();
		await question.getByRole('button', { name: 'Buy again' }).click();
		const second = await placedGuid(form);
		expect(second).not.toBe(guid);
		expect(buys).toHaveLength(1);
		expect(await serverOrders(page, token)).toHaveLength(5);
	} finally {
		await profile.close();
	}
});

test.describe('with the page not controlled by the service worker', () => {
	// Requests that pass through a service worker are not seen by page.route.
	test.use({ serviceWorkers: 'block' });

	test('Live, two browsers: when the newest orders cannot be read before buying, the app says so and buys only when told to', async ({
		page,
		browser,
		baseURL
	}) => {
		test.setTimeout(60_000);
		const token = sandboxToken();
		await goLiveEnergy(page, token);
		const form = page.getByRole('form', { name: 'Buy energy' });
		await fillExact(form);
		const buys = countBuys(page);
		// From here on the order list fails, as if the server or the network had a bad moment.
		await page.route('**/order/list', (route) =>
			route.request().method() === 'POST'
				? route.fulfill({ status: 503, body: 'Service Unavailable' })
				: route.continue()
		);
		await form.getByRole('button', { name: 'Confirm purchase' }).click();
		const question = form.getByRole('alertdialog', { name: 'Could not check for a recent order' });
		await expect(question).toContainText('Nothing has been sent from here');
		await expect(question.getByRole('button', { name: "Don't buy" })).toBeFocused();
		await question.getByRole('button', { name: 'Check again' }).click();
		await expect(question.getByRole('button', { name: "Don't buy" })).toBeFocused();
		expect(buys).toHaveLength(0);
		await page.unroute('**/order/list');

		// Meanwhile another browser placed the same order: checking again now names it.
		const profile = await browser.newContext({ baseURL });
		try {
			const other = await profile.newPage();
			await goLiveEnergy(other, token);
			const otherForm = other.getByRole('form', { name: 'Buy energy' });
			await fillExact(otherForm);
			await otherForm.getByRole('button', { name: 'Confirm purchase' }).click();
			const guid = await placedGuid(otherForm);
			await question.getByRole('button', { name: 'Check again' }).click();
			await expect(form.getByRole('alertdialog', { name: 'Buy this again?' })).toContainText(
				`order ${guid}`
			);
			expect(buys).toHaveLength(0);
		} finally {
			await profile.close();
		}
	});
});
