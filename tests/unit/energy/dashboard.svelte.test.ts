import { createStore } from 'idb-keyval';
import { describe, expect, it, vi } from 'vitest';
import { buyEnergy } from '$lib/energy/api';
import { checkDraft, draftFor } from '$lib/energy/purchase/buy-request';
import { outcomeUnknown } from '$lib/energy/purchase/purchase.svelte';
import { EnergyDashboard } from '$lib/energy/dashboard.svelte';
import { memoryStorage, PendingPurchases } from '$lib/energy/purchase/pending-purchase';
import { placedVerdict } from '$lib/energy/purchase/placed-outcome';
import type { Order } from '$lib/energy/schemas';
import { orderTracker } from '$lib/energy/orders/tracker';
import { createClient, type HttpClient } from '$lib/http/client';
import { ApiProblem } from '$lib/http/problem';
import {
	BASE,
	buyAnswer,
	byPath,
	craftedClient,
	energyHarness,
	energySession,
	FRESH,
	guidOf,
	HOUR_REQUEST,
	manualEnv,
	okAnswer,
	pageAnswer,
	pathsOf,
	sampleAccount,
	sampleOrder,
	type Answer
} from './helpers';

let dbCount = 0;
/** A fresh IndexedDB per test (fake-indexeddb). */
const freshDb = () => {
	const store = createStore(`energy-test-${++dbCount}`, 'orders');
	return (root: string) => orderTracker(root, () => store);
};

async function ready(options: { stepMs?: number } = {}) {
	const h = energyHarness({ stepMs: options.stepMs ?? 3000 });
	const m = manualEnv();
	const tracker = freshDb();
	const notes: string[] = [];
	let current = h.client;
	const dashboard = new EnergyDashboard(
		energySession(() => current, BASE, m.env),
		{
			visibility: m.env,
			tracker,
			notify: (_t, body) => notes.push(body),
			priceStorage: memoryStorage()
		}
	);
	await dashboard.show();
	/** Settings changed the client under the same session (a token revoked, say). */
	const use = (client: HttpClient) => void (current = client);
	return { h, m, tracker, dashboard, notes, use };
}

function fillExact(dashboard: EnergyDashboard, patch: Record<string, string> = {}) {
	Object.assign(dashboard.purchase.draft, { to: FRESH, periodId: '1h', amount: '65000', ...patch });
}

const settle = async () => {
	for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
};

describe('energy dashboard', () => {
	it('EN-LIST-2, EN-GET-1: the rows on screen are read with order/get, each once', async () => {
		const { dashboard, h } = await ready();
		await settle();
		expect(Object.keys(dashboard.book.orders).map(Number).sort()).toEqual([
			31000001, 31000002, 31000003
		]);
		expect(dashboard.book.orders[31000003]).toMatchObject({ days: 30, order_cost: '262.000000' });
		await dashboard.list.load();
		await settle();
		const gets = pathsOf(h.requests).filter((p) => p.startsWith('POST /order/get/'));
		expect(gets.sort()).toEqual([
			'POST /order/get/31000001',
			'POST /order/get/31000002',
			'POST /order/get/31000003'
		]);
	});

	it("EN-ERR-1: the review estimates the cost from the account's orders of the period and says when it is above the balance", async () => {
		const { dashboard } = await ready();
		await settle();
		// Forget what the list read, so the review itself has to read the history.
		dashboard.book.orders = {};
		fillExact(dashboard, { amount: '5000000' });
		expect(dashboard.purchase.review()).toBe(true);
		await settle();
		expect(dashboard.purchase.history.loading).toBe(false);
		expect(dashboard.purchase.estimate).toMatchObject({
			kind: 'history',
			basedOn: 1,
			// The seeded 1-hour order paid a 1.1 TRX activation fee; this recipient is new.
			cost: { min: '300.000000', max: '301.100000' },
			balanceAfter: { min: '-51.100000', max: '-50.000000' },
			overBalance: 'yes'
		});
		dashboard.purchase.edit();
		fillExact(dashboard, { periodId: '7d' });
		dashboard.purchase.review();
		await settle();
		expect(dashboard.purchase.estimate).toEqual({ kind: 'no-history' });
	});

	it('with no earlier orders of the period, the review estimates from the price the person gave', async () => {
		const { dashboard } = await ready();
		await settle();
		dashboard.prices.set('7d', '900');
		fillExact(dashboard, { periodId: '7d' });
		dashboard.purchase.review();
		await settle();
		// 65,000 energy at 900 sun a unit: 58.5 TRX, from the buyer balance of 250 TRX.
		expect(dashboard.purchase.estimate).toMatchObject({
			kind: 'price',
			sunPerUnit: 900,
			cost: { min: '58.500000' },
			balanceAfter: { max: '191.500000' }
		});
		// The price of another period is its own: 1 hour still goes by the orders.
		dashboard.purchase.edit();
		fillExact(dashboard, { periodId: '1h' });
		dashboard.purchase.review();
		await settle();
		expect(dashboard.purchase.estimate).toMatchObject({ kind: 'history' });
	});

	it('shows balances (every section) and the first page of orders', async () => {
		const { dashboard } = await ready();
		expect(dashboard.accounts.accounts.map((a) => a.section)).toEqual([
			'buyer',
			'affiliate',
			'seller',
			'dealer'
		]);
		expect(dashboard.accounts.buyer?.balance).toBe('250.000000');
		expect(dashboard.list.page?.total).toBe(3);
	});

	it('the review step needs a valid draft; confirming twice sends one purchase', async () => {
		const { dashboard, h } = await ready();
		fillExact(dashboard, { to: 'Tbad' });
		expect(dashboard.purchase.review()).toBe(false);
		expect(dashboard.purchase.errors.to).toMatch(/34 characters/);
		fillExact(dashboard);
		expect(dashboard.purchase.review()).toBe(true);
		await Promise.all([
			dashboard.purchase.confirm(),
			dashboard.purchase.confirm(),
			dashboard.purchase.confirm()
		]);
		expect(pathsOf(h.requests).filter((p) => p === 'POST /buy/energy')).toHaveLength(1);
		expect(dashboard.purchase.step).toBe('done');
		expect(dashboard.purchase.result?.order.order_cost).toBe('5.000000');
		await dashboard.purchase.confirm();
		expect(pathsOf(h.requests).filter((p) => p === 'POST /buy/energy')).toHaveLength(1);
	});

	it('the buyer balance is refreshed after every purchase', async () => {
		const { dashboard, h } = await ready();
		fillExact(dashboard);
		dashboard.purchase.review();
		const before = h.requests.length;
		await dashboard.purchase.confirm();
		expect(pathsOf(h.requests.slice(before))).toContain('POST /account/list');
		expect(dashboard.accounts.buyer?.balance).toBe('245.000000');
	});

	it('a lost answer is reconciled from the order list: found, never re-sent', async () => {
		const { dashboard, h } = await ready();
		fillExact(dashboard);
		dashboard.purchase.review();
		h.failNext('/buy/energy', true);
		await dashboard.purchase.confirm();
		expect(dashboard.purchase.step).toBe('done');
		expect(dashboard.purchase.result?.reconciled).toBe(true);
		expect(dashboard.purchase.result?.order.guid).toBe(31000004);
		expect(pathsOf(h.requests).filter((p) => p === 'POST /buy/energy')).toHaveLength(1);
	});

	it('a lost answer with no new order in the list is reported as not placed', async () => {
		const { dashboard, h } = await ready();
		fillExact(dashboard);
		dashboard.purchase.review();
		h.failNext('/buy/energy');
		await dashboard.purchase.confirm();
		expect(dashboard.purchase.step).toBe('not-placed');
		expect(pathsOf(h.requests).filter((p) => p === 'POST /buy/energy')).toHaveLength(1);
	});

	it('when even the list cannot be read, the outcome is unknown until checked again', async () => {
		const { dashboard, h } = await ready();
		fillExact(dashboard);
		dashboard.purchase.review();
		await settle(); // the snapshot of the newest orders, read during review
		h.failNext('/buy/energy', true);
		h.failNext('/order/list', false, 1); // the list read after the check for a recent twin
		await dashboard.purchase.confirm();
		expect(dashboard.purchase.step).toBe('unknown');
		await dashboard.purchase.confirm();
		await dashboard.purchase.checkAgain();
		expect(dashboard.purchase.step).toBe('done');
		expect(dashboard.purchase.result?.reconciled).toBe(true);
		expect(pathsOf(h.requests).filter((p) => p === 'POST /buy/energy')).toHaveLength(1);
	});

	it('EN-ID-1: an order is followed by its global guid (8 digits), the only id the client keeps', async () => {
		const { dashboard, h, m } = await ready();
		fillExact(dashboard);
		dashboard.purchase.review();
		await settle();
		await dashboard.purchase.confirm();
		const guid = dashboard.purchase.result!.order.guid;
		expect(String(guid)).toMatch(/^\d{8}$/);
		// Long enough for the poller's first check.
		await m.advance(5_000);
		const gets = pathsOf(h.requests).filter((p) => p.startsWith('POST /order/get/'));
		expect(gets).toContain(`POST /order/get/${guid}`);
		for (const path of gets) expect(path).toMatch(/^POST \/order\/get\/\d{8}$/);
	});

	it('warns when another order with the same details appears in the list at the same time', async () => {
		const { dashboard, h } = await ready();
		fillExact(dashboard);
		dashboard.purchase.review();
		await settle();
		h.doubleNext('/buy/energy');
		await dashboard.purchase.confirm();
		expect(dashboard.purchase.step).toBe('done');
		expect(dashboard.purchase.duplicates.map((o) => o.guid)).toEqual([31000004]);
		expect(dashboard.purchase.result?.order.guid).toBe(31000005);
	});

	it('"Buy more" starts a new purchase at once, while the placed order is still being checked; that check\'s warning stays with its own order', async () => {
		const { dashboard, h } = await ready();
		fillExact(dashboard);
		dashboard.purchase.review();
		await settle();
		h.doubleNext('/buy/energy');
		// A slow server: the reads that follow the purchase (balances, list, double-order check) hang.
		const slow = h.pauseAfter('/buy/energy');
		const first = dashboard.purchase.confirm();
		await vi.waitFor(() => expect(dashboard.purchase.step).toBe('done'));
		await settle();
		dashboard.purchase.again();
		expect(dashboard.purchase.step).toBe('edit');
		expect(dashboard.purchase.result).toBeNull();
		fillExact(dashboard, { amount: '70000' });
		expect(dashboard.purchase.review()).toBe(true);
		slow.release();
		await first;
		// The first purchase's twin is not shown on the next one.
		expect(dashboard.purchase.duplicates).toEqual([]);
		await settle();
		await dashboard.purchase.confirm();
		expect(dashboard.purchase.step).toBe('done');
		expect(dashboard.purchase.result?.order).toMatchObject({
			guid: 31000006,
			energy_amount: 70000
		});
		expect(dashboard.purchase.duplicates).toEqual([]);
		expect(dashboard.purchase.sent).toBe(2);
	});

	it('reconciling names every matching new order, so a double order is not missed', async () => {
		const { dashboard, h } = await ready();
		fillExact(dashboard);
		dashboard.purchase.review();
		await settle();
		// Two copies reach the server (a re-send), and the answer to the last is lost.
		await buyEnergy(h.client, dashboard.purchase.request!);
		h.failNext('/buy/energy', true);
		await dashboard.purchase.confirm();
		expect(dashboard.purchase.result).toMatchObject({
			reconciled: true,
			order: { guid: 31000004 }
		});
		expect(dashboard.purchase.duplicates.map((o) => o.guid)).toEqual([31000005]);
	});

	it('no warning after one ordinary purchase', async () => {
		const { dashboard } = await ready();
		fillExact(dashboard);
		dashboard.purchase.review();
		await dashboard.purchase.confirm();
		expect(dashboard.purchase.duplicates).toEqual([]);
	});

	it('which failures leave a purchase outcome unknown', () => {
		const p = (kind: ApiProblem['kind'], status?: number) =>
			outcomeUnknown(new ApiProblem({ kind, status, message: '', hint: '' }));
		expect(p('network')).toBe(true);
		expect(p('timeout')).toBe(true);
		expect(p('parse', 200)).toBe(true);
		expect(p('http', 502)).toBe(true);
		expect(p('http', 422)).toBe(false);
		expect(p('http', 401)).toBe(false);
		expect(p('http', 429)).toBe(false);
	});

	it('polls the new order to delegated, says so and notifies; remembers first-seen times', async () => {
		const { dashboard, h, m, notes } = await ready({ stepMs: 3000 });
		fillExact(dashboard);
		dashboard.purchase.review();
		await dashboard.purchase.confirm();
		const guid = dashboard.purchase.result!.order.guid;
		expect(dashboard.book.tracked[guid]?.firstSeen[0]).toBeTypeOf('number');
		expect(dashboard.book.poller.isWatching(guid)).toBe(true);
		for (let i = 0; i < 20 && dashboard.book.orders[guid]?.status !== 3; i++) {
			h.clock.t += 1000;
			await m.advance(1000);
		}
		await settle();
		expect(dashboard.book.orders[guid]?.status).toBe(3);
		expect(dashboard.notices.announcement).toBe(
			`Order ${guid} is delegated: 65,000 energy is at ${FRESH}.`
		);
		expect(notes).toHaveLength(1);
		expect(dashboard.book.tracked[guid]?.firstSeen[3]).toBeTypeOf('number');
	});

	it("a 429 on one order read holds the order's polls until Retry-After has passed", async () => {
		const { dashboard, h, m } = await ready();
		await settle();
		fillExact(dashboard);
		dashboard.purchase.review();
		await settle();
		// The new row's details read is refused first: the service throttles per token.
		h.throttleNext('/order/get/', 1, 4);
		await dashboard.purchase.confirm();
		await settle();
		const guid = dashboard.purchase.result!.order.guid;
		const reads = () => pathsOf(h.requests).filter((p) => p === `POST /order/get/${guid}`).length;
		expect(reads()).toBe(1);
		expect(dashboard.book.poller.isWatching(guid)).toBe(true);
		// The poll due at 2 s waits out the 4 s the server asked for.
		await m.advance(3_999);
		expect(reads()).toBe(1);
		await m.advance(1);
		expect(reads()).toBe(2);
	});

	it('resumes polling remembered active orders after a reload', async () => {
		const { dashboard, h, tracker } = await ready();
		fillExact(dashboard);
		dashboard.purchase.review();
		await dashboard.purchase.confirm();
		const guid = dashboard.purchase.result!.order.guid;
		dashboard.book.poller.dispose();
		// A new page: a new dashboard over the same IndexedDB and the same server.
		const m2 = manualEnv();
		const reloaded = new EnergyDashboard(
			energySession(() => h.client, BASE, m2.env),
			{
				visibility: m2.env,
				tracker,
				notify: () => {}
			}
		);
		await reloaded.show();
		expect(reloaded.book.tracked[guid]).toBeDefined();
		expect(reloaded.book.poller.isWatching(guid)).toBe(true);
		const before = pathsOf(h.requests).filter((p) => p === `POST /order/get/${guid}`).length;
		await m2.advance(1);
		expect(pathsOf(h.requests).filter((p) => p === `POST /order/get/${guid}`).length).toBe(
			before + 1
		);
	});

	it('a 401 while polling stops every loop and says why', async () => {
		const { dashboard, h, m, use } = await ready();
		fillExact(dashboard);
		dashboard.purchase.review();
		await dashboard.purchase.confirm();
		const guid = dashboard.purchase.result!.order.guid;
		// The token is revoked: the same server now answers 401.
		use(createClient({ ...h.client.options, headers: { Token: 'revoked' } }));
		await dashboard.show();
		await m.advance(5_000);
		expect(dashboard.book.pollingStopped).toMatch(/401/);
		expect(dashboard.book.poller.isWatching(guid)).toBe(false);
	});

	it('asks nobody about the orders once the connection moved to another server', async () => {
		const h = energyHarness();
		const m = manualEnv();
		let current = h.client;
		const dashboard = new EnergyDashboard(
			energySession(() => current, BASE, m.env),
			{
				visibility: m.env,
				tracker: freshDb(),
				notify: () => {}
			}
		);
		await dashboard.show();
		fillExact(dashboard);
		dashboard.purchase.review();
		await dashboard.purchase.confirm();
		// Settings now point elsewhere; the dashboard has not been opened on the new server yet.
		current = createClient({ ...h.client.options, baseUrl: 'https://other.test/api/v1/private' });
		const before = h.requests.length;
		await m.advance(60_000);
		expect(h.requests.length).toBe(before);
	});
});

/**
 * A dashboard over a server the test writes: one buyer account, the orders in `orders` (listed
 * newest first and read with order/get), and `buy` answering each purchase. What is asserted is
 * what the client does with those answers.
 */
async function crafted(
	buy: Answer,
	orders: Order[] = [],
	store = new PendingPurchases(memoryStorage())
) {
	const m = manualEnv();
	const answer = byPath({
		'account/list': () =>
			pageAnswer([sampleAccount({ balance: '250.000000' })], {
				path: '/api/v1/private/account/list'
			}),
		'order/list': () => pageAnswer(orders.map((o) => ({ guid: o.guid, status: o.status }))),
		'order/get/': (request) => {
			const order = orders.find((o) => o.guid === guidOf(request));
			return order ? okAnswer(order) : Response.json({ message: 'Not found.' }, { status: 404 });
		},
		'buy/energy': buy
	});
	const { client, requests } = craftedClient(answer);
	const dashboard = new EnergyDashboard(
		energySession(() => client, BASE, m.env),
		{
			visibility: m.env,
			tracker: freshDb(),
			notify: () => {},
			pending: store
		}
	);
	await dashboard.show();
	await settle();
	const buys = () => pathsOf(requests).filter((p) => p === 'POST /buy/energy').length;
	return { dashboard, requests, orders, m, store, buys };
}

/** Reviews and confirms the draft as it is, after the review's reads. */
async function confirmDraft(dashboard: EnergyDashboard) {
	expect(dashboard.purchase.review()).toBe(true);
	await settle();
	// As the review's Confirm does: with the cost estimate it shows.
	await dashboard.purchase.confirm(dashboard.purchase.estimate);
	await settle();
}

const OTHER = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb';

describe('energy dashboard: what it does with each answer to a purchase', () => {
	it('EN-ERR-1: a purchase answered with a status-6 order is shown as failed, with the reason and the way forward; not re-sent, not polled, the balance as answered', async () => {
		const failed = sampleOrder({
			guid: 9,
			status: 6,
			period_type: 'days',
			hours: 0,
			days: 30,
			energy_amount: 131000,
			order_cost: '262.000000',
			order_cost_paid: '0.000000'
		});
		const { dashboard, orders, buys } = await crafted(() => {
			orders.unshift(failed);
			return buyAnswer(failed, '250.000000');
		});
		fillExact(dashboard, { periodId: '30d', amount: '131000' });
		await confirmDraft(dashboard);
		const { purchase: buy } = dashboard;
		expect(buy.step).toBe('done');
		expect(buy.problem).toBeNull();
		expect(buy.result).toMatchObject({ reconciled: false, order: { guid: 9, status: 6 } });
		const verdict = placedVerdict(buy.result!.reviewed, buy.result!.order);
		expect(verdict).toMatchObject({ failed: true, heading: 'Order 9 failed', differences: [] });
		expect(verdict.failure).toMatch(/insufficient funds/);
		expect(verdict.failure).toMatch(/Add funds, then place a new order/);
		expect(buys()).toBe(1);
		expect(dashboard.book.poller.isWatching(9)).toBe(false);
		expect(dashboard.accounts.buyer?.balance).toBe('250.000000');
	});

	it('EN-ERR-1: after a failed order a new request is sent when asked; the same order failed moments ago elsewhere is not taken for a double', async () => {
		// The same purchase failed a moment ago in another browser (the page's clock starts at 0).
		const now = new Date(0).toISOString();
		const elsewhere = sampleOrder({ guid: 8, status: 6, energy_amount: 65000, created_at: now });
		const failed = sampleOrder({ guid: 9, status: 6, energy_amount: 65000, created_at: now });
		const placed = sampleOrder({ guid: 10, status: 0, energy_amount: 65000, created_at: now });
		const answers = [failed, placed];
		const { dashboard, orders, buys } = await crafted(() => {
			const order = answers.shift()!;
			orders.unshift(order);
			return buyAnswer(order);
		}, [elsewhere]);
		fillExact(dashboard);
		await confirmDraft(dashboard);
		expect(dashboard.purchase.question).toBeNull();
		expect(dashboard.purchase.result?.order.status).toBe(6);
		// "Buy more" (after adding funds): the same purchase, sent again, asked about nothing.
		dashboard.purchase.again();
		await confirmDraft(dashboard);
		expect(dashboard.purchase.question).toBeNull();
		expect(dashboard.purchase.step).toBe('done');
		expect(dashboard.purchase.result?.order.guid).toBe(10);
		expect(dashboard.purchase.duplicates).toEqual([]);
		expect(buys()).toBe(2);
		expect(dashboard.book.poller.isWatching(10)).toBe(true);
	});

	it('a purchase answered with another recipient, amount, period and cost is kept against what was confirmed, each difference named', async () => {
		// One earlier 1-hour order, so the review shows an estimate: 3.9 TRX for 65,000 energy.
		const earlier = sampleOrder({
			guid: 1,
			status: 4,
			energy_amount: 65000,
			order_cost: '3.900000',
			order_cost_paid: '3.900000'
		});
		const lie = sampleOrder({
			guid: 2,
			to: OTHER,
			energy_amount: 650,
			period_type: 'days',
			hours: 0,
			days: 3,
			order_cost: '50.000000',
			order_cost_paid: '50.000000'
		});
		const { dashboard, orders } = await crafted(() => {
			orders.unshift(lie);
			return buyAnswer(lie);
		}, [earlier]);
		fillExact(dashboard);
		await confirmDraft(dashboard);
		const result = dashboard.purchase.result!;
		expect(result.reviewed.request).toEqual(HOUR_REQUEST);
		expect(result.reviewed.estimate).toMatchObject({ kind: 'history', cost: { max: '3.900000' } });
		const verdict = placedVerdict(result.reviewed, result.order, dashboard.book.orders[2]);
		expect(verdict.heading).toBe('Order 2 placed, not as you confirmed');
		expect(verdict.differences.map((d) => [d.term, d.asked, d.placed])).toEqual([
			['recipient', FRESH, OTHER],
			['energy', '65,000 energy', '650 energy'],
			['period', '1 hour', '3 days'],
			['cost', 'about 3.90 TRX', '50.00 TRX']
		]);
		// "Buy again" on the order as the server shows it: what was confirmed, not the server's terms.
		const draft = draftFor(dashboard.book.orders[2]!, dashboard.purchase.reviewedFor(2));
		expect(checkDraft(draft)).toEqual({ ok: true, request: HOUR_REQUEST });
		// "Buy more" starts from the draft confirmed, too.
		dashboard.purchase.again();
		expect(checkDraft(dashboard.purchase.draft)).toEqual({ ok: true, request: HOUR_REQUEST });
	});

	it('after a reload, "Buy again" on an order this browser placed still fills in what was confirmed', async () => {
		const lie = sampleOrder({ guid: 2, to: OTHER, energy_amount: 650 });
		const first = await crafted(() => {
			first.orders.unshift(lie);
			return buyAnswer(lie);
		});
		fillExact(first.dashboard);
		await confirmDraft(first.dashboard);
		// A new page over the same browser storage: only its pending purchases and outcomes remember.
		const reloaded = await crafted(() => buyAnswer(), first.orders, first.store);
		expect(reloaded.dashboard.purchase.reviewedFor(2)).toEqual({
			request: HOUR_REQUEST,
			estimate: null
		});
		expect(checkDraft(draftFor(lie, reloaded.dashboard.purchase.reviewedFor(2)))).toEqual({
			ok: true,
			request: HOUR_REQUEST
		});
		// An order placed elsewhere is bought again as the server shows it.
		const elsewhere = sampleOrder({ guid: 77, to: OTHER });
		expect(reloaded.dashboard.purchase.reviewedFor(77)).toBeNull();
		expect(draftFor(elsewhere, reloaded.dashboard.purchase.reviewedFor(77))).toMatchObject({
			to: OTHER
		});
	});

	it('EN-ORD-5: a purchase answered with a negative charge is a contract problem: not shown as placed, not re-sent; the order list tells whether it exists', async () => {
		const real = sampleOrder({ guid: 3, energy_amount: 65000, order_cost: '5.000000' });
		const { dashboard, orders, buys } = await crafted(() => {
			orders.unshift(real);
			return buyAnswer({ ...real, order_cost: '-5.000000' });
		});
		fillExact(dashboard);
		await confirmDraft(dashboard);
		expect(dashboard.purchase.problem).toMatchObject({
			kind: 'contract',
			message: expect.stringContaining('`data.order_cost`')
		});
		expect(dashboard.purchase.result).toMatchObject({
			reconciled: true,
			order: { guid: 3, order_cost: '5.000000' }
		});
		expect(buys()).toBe(1);
		// Nothing was placed: the list shows no new order, and the purchase is said not placed.
		const none = await crafted(() => buyAnswer({ order_cost: '-1.000000' }));
		fillExact(none.dashboard);
		await confirmDraft(none.dashboard);
		expect(none.dashboard.purchase.step).toBe('not-placed');
		expect(none.buys()).toBe(1);
	});
});
