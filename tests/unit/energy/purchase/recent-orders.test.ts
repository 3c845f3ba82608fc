import { createStore } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { buyEnergy, getOrder } from '$lib/energy/api';
import type { BuyRequest } from '$lib/energy/purchase/buy-request';
import { EnergyDashboard } from '$lib/energy/dashboard.svelte';
import { memoryStorage, PendingPurchases } from '$lib/energy/purchase/pending-purchase';
import { pageLock } from '$lib/energy/purchase/purchase-lock';
import {
	describeRecent,
	findRecentSame,
	isRecentSame,
	RECENT_WINDOW_MS
} from '$lib/energy/purchase/recent-orders';
import { orderTracker } from '$lib/energy/orders/tracker';
import { createClient, type HttpClient } from '$lib/http/client';
import {
	BASE,
	energyHarness,
	FRESH,
	manualEnv,
	pathsOf,
	sampleOrder,
	type Harness,
	HOUR_REQUEST,
	energySession
} from '../helpers';

const NOW = Date.parse('2026-11-26T10:00:00Z');
const MIN = 60_000;
const OTHER = 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW';
const at = (ms: number) => new Date(ms).toISOString();
/** The same order as HOUR_REQUEST, placed `ago` ms before NOW. */
const twin = (ago: number, patch = {}) =>
	sampleOrder({ energy_amount: 65000, status: 3, created_at: at(NOW - ago), ...patch });

describe('the same order placed moments ago: the matching rule', () => {
	it('matches the same recipient, amount and period placed within the window', () => {
		expect(isRecentSame(twin(2 * MIN), HOUR_REQUEST, NOW)).toBe(true);
		expect(isRecentSame(twin(RECENT_WINDOW_MS), HOUR_REQUEST, NOW)).toBe(true);
	});

	it('EN-ORD-4: another recipient, amount or period is another order', () => {
		expect(isRecentSame(twin(MIN, { to: OTHER }), HOUR_REQUEST, NOW)).toBe(false);
		expect(isRecentSame(twin(MIN, { energy_amount: 65001 }), HOUR_REQUEST, NOW)).toBe(false);
		expect(
			isRecentSame(twin(MIN, { period_type: 'days', hours: 0, days: 1 }), HOUR_REQUEST, NOW)
		).toBe(false);
		expect(
			isRecentSame(twin(MIN), { ...HOUR_REQUEST, period_type: 'days', period_amount: 1 }, NOW)
		).toBe(false);
	});

	it('an order older than the window (10 minutes) is a deliberate repeat, not asked about', () => {
		expect(RECENT_WINDOW_MS).toBe(10 * MIN);
		expect(isRecentSame(twin(RECENT_WINDOW_MS + 1), HOUR_REQUEST, NOW)).toBe(false);
		expect(isRecentSame(twin(60 * MIN), HOUR_REQUEST, NOW)).toBe(false);
	});

	it('an order stamped up to the window ahead of this device (a clock behind) still counts', () => {
		expect(isRecentSame(twin(-3 * MIN), HOUR_REQUEST, NOW)).toBe(true);
		expect(isRecentSame(twin(-RECENT_WINDOW_MS - 1), HOUR_REQUEST, NOW)).toBe(false);
	});

	it('EN-ERR-1: a failed order charged nothing, so buying after it is no double', () => {
		expect(isRecentSame(twin(MIN, { status: 6 }), HOUR_REQUEST, NOW)).toBe(false);
	});

	it('without a creation time, an order whose energy is on its way or delegated counts; a reclaimed one not', () => {
		for (const status of [0, 1, 2, 3, 5])
			expect(isRecentSame(twin(0, { status, created_at: undefined }), HOUR_REQUEST, NOW)).toBe(
				true
			);
		expect(isRecentSame(twin(0, { status: 4, created_at: undefined }), HOUR_REQUEST, NOW)).toBe(
			false
		);
	});

	it('EN-EST-1, EN-BUY-3: an estimate order matches by token and the same destinations, in any order', () => {
		const request: BuyRequest = {
			format: 'json',
			to: FRESH,
			period_type: 'hours',
			period_amount: 1,
			amount_source: 'estimate',
			estimate_to: `${OTHER}, ${FRESH}`,
			estimate_token: 'USDT',
			estimate_adjust_percent: '0.04'
		};
		const task = { id: 1, token: 'USDT', currency: 'TRX', from: FRESH, to: [FRESH, OTHER] };
		const order = twin(MIN, { estimate_task_id: 1, estimate_task: task, energy_amount: null });
		expect(isRecentSame(order, request, NOW)).toBe(true);
		expect(isRecentSame({ ...order, estimate_task: { ...task, to: [FRESH] } }, request, NOW)).toBe(
			false
		);
		expect(
			isRecentSame({ ...order, estimate_task: { ...task, token: 'USDC' } }, request, NOW)
		).toBe(false);
		// An exact-amount order is not an estimate's twin, nor the other way round.
		expect(isRecentSame(twin(MIN), request, NOW)).toBe(false);
		expect(isRecentSame(order, HOUR_REQUEST, NOW)).toBe(false);
	});

	it('names the order in words: number, when, energy, period, cost and status, no address or code', () => {
		const text = describeRecent(twin(3 * MIN, { guid: 31000004, order_cost: '5.000000' }), NOW);
		expect(text).toMatch(
			/^order 31000004, placed 3 min ago \(.+\): 65,000 energy for 1 hour, 5\.00 TRX, now Delegated$/
		);
		expect(text).not.toContain(FRESH);
		expect(describeRecent(twin(10_000), NOW)).toContain('placed less than a minute ago');
		expect(describeRecent(twin(0, { created_at: undefined }), NOW)).toContain('placed recently');
	});
});

/** Places HOUR_REQUEST on the demo service `ago` ms before its clock's now. */
async function placeEarlier(h: Harness, ago: number, request: BuyRequest = HOUR_REQUEST) {
	const now = h.clock.t;
	h.clock.t = now - ago;
	const { data } = await buyEnergy(h.client, request);
	h.clock.t = now;
	return data.guid;
}

describe('the same order placed moments ago: reading the newest orders', () => {
	it('EN-LIST-1: one list read, newest first; the first order older than the window ends the search', async () => {
		const h = energyHarness();
		await placeEarlier(h, 30 * MIN);
		const recent = await placeEarlier(h, 2 * MIN);
		await placeEarlier(h, MIN, { ...HOUR_REQUEST, amount: 70000 });
		h.requests.length = 0;
		const found = await findRecentSame(h.client, HOUR_REQUEST, { now: h.clock.t });
		expect(found.map((o) => o.guid)).toEqual([recent]);
		// The list, the two new orders, and the old twin that ends the search: not the seeded rest.
		expect(pathsOf(h.requests)).toEqual([
			'POST /order/list',
			'POST /order/get/31000006',
			'POST /order/get/31000005',
			'POST /order/get/31000004'
		]);
		expect(JSON.parse(await h.requests[0]!.text())).toMatchObject({
			sort: 'created_at|desc',
			page: 1
		});
	});

	it('orders already read are not read again unless they may match; orders the user knows of are skipped', async () => {
		const h = energyHarness();
		const first = await placeEarlier(h, 2 * MIN);
		const other = await placeEarlier(h, MIN, { ...HOUR_REQUEST, amount: 70000 });
		const cache = new Map(
			await Promise.all([first, other].map(async (g) => [g, await getOrder(h.client, g)] as const))
		);
		h.requests.length = 0;
		const found = await findRecentSame(h.client, HOUR_REQUEST, {
			now: h.clock.t,
			known: (g) => cache.get(g),
			ignore: new Set<number>()
		});
		expect(found.map((o) => o.guid)).toEqual([first]);
		// The other order is known not to match; the twin is read fresh for its status; the
		// seeded order below it is read to learn its time, which ends the search.
		expect(pathsOf(h.requests)).toEqual([
			'POST /order/list',
			`POST /order/get/${first}`,
			'POST /order/get/31000003'
		]);
		h.requests.length = 0;
		expect(
			await findRecentSame(h.client, HOUR_REQUEST, {
				now: h.clock.t,
				known: (g) => cache.get(g),
				ignore: new Set([first])
			})
		).toEqual([]);
	});

	it('a list that cannot be read throws: it never counts as "no such order"', async () => {
		const h = energyHarness();
		h.failNext('/order/list');
		await expect(findRecentSame(h.client, HOUR_REQUEST, { now: h.clock.t })).rejects.toMatchObject({
			kind: 'network'
		});
	});
});

let dbCount = 0;

/**
 * A second browser on the same account: its own storage, lock and IndexedDB, and its own record
 * of what it sent; only the server is shared.
 */
async function secondBrowser(h: Harness) {
	const sent: string[] = [];
	let failList = false;
	const client: HttpClient = createClient({
		...h.client.options,
		transport: async (input, init) => {
			const request = new Request(input, init);
			if (failList && request.url.endsWith('/order/list')) throw new TypeError('Failed to fetch');
			sent.push(
				`${request.method} ${new URL(request.url).pathname.replace('/api/v1/private', '')}`
			);
			return h.client.options.transport(request);
		}
	});
	const m = manualEnv(h.clock.t);
	const store = createStore(`energy-recent-${++dbCount}`, 'orders');
	const dashboard = new EnergyDashboard(
		energySession(() => client, BASE, m.env),
		{
			visibility: m.env,
			tracker: (root) => orderTracker(root, () => store),
			notify: () => {},
			pending: new PendingPurchases(memoryStorage()),
			lock: pageLock()
		}
	);
	await dashboard.show();
	await dashboard.recovering;
	const buy = dashboard.purchase;
	Object.assign(buy.draft, { to: FRESH, periodId: '1h', amount: '65000' });
	expect(buy.review()).toBe(true);
	await settle();
	return {
		dashboard,
		buy,
		posts: () => sent.filter((s) => s === 'POST /buy/energy').length,
		failList: (value: boolean) => void (failList = value)
	};
}

const settle = async () => {
	for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
};

describe('the same order placed moments ago: the buy flow asks first', () => {
	it('EN-BUY-7: a second browser confirming the same order is asked, naming it; "Don\'t buy" sends nothing', async () => {
		const h = energyHarness();
		// 20 s ago: delegated by now in the demo's clock.
		const first = await placeEarlier(h, 20_000);
		const { buy, posts } = await secondBrowser(h);
		await buy.confirm();
		expect(buy.step).toBe('asking');
		expect(buy.question).toMatchObject({ kind: 'same', orders: [{ guid: first, status: 3 }] });
		expect(posts()).toBe(0);
		buy.dontBuy();
		expect(buy.step).toBe('review');
		expect(buy.declined?.map((o) => o.guid)).toEqual([first]);
		expect(posts()).toBe(0);
		// Confirming again reads again and asks again: the answer was "Don't buy".
		await buy.confirm();
		expect(buy.step).toBe('asking');
		expect(posts()).toBe(0);
	});

	it('"Buy again" is the second confirmation: exactly one purchase, however often it is pressed', async () => {
		const h = energyHarness();
		const first = await placeEarlier(h, MIN);
		const { buy, posts } = await secondBrowser(h);
		await buy.confirm();
		expect(buy.step).toBe('asking');
		await Promise.all([buy.buyAgain(), buy.buyAgain(), buy.confirm()]);
		expect(buy.step).toBe('done');
		expect(posts()).toBe(1);
		expect(buy.result?.order.guid).not.toBe(first);
		await buy.buyAgain();
		expect(posts()).toBe(1);
		// "Buy more" of the same: the order named in the question was accepted, the new one is
		// this page's own: neither is asked about again.
		buy.again();
		Object.assign(buy.draft, { to: FRESH, periodId: '1h', amount: '65000' });
		buy.review();
		await settle();
		await buy.confirm();
		expect(buy.step).toBe('done');
		expect(posts()).toBe(2);
	});

	it('no question for an order older than the window, a failed one, or one this page placed itself', async () => {
		const h = energyHarness();
		await placeEarlier(h, RECENT_WINDOW_MS + MIN);
		const { buy, posts } = await secondBrowser(h);
		await buy.confirm();
		expect(buy.step).toBe('done');
		expect(posts()).toBe(1);
		// Bought here a moment ago, shown in "Order placed": "Buy more" of the same is not questioned.
		buy.again();
		Object.assign(buy.draft, { to: FRESH, periodId: '1h', amount: '65000' });
		buy.review();
		await settle();
		await buy.confirm();
		expect(buy.step).toBe('done');
		expect(posts()).toBe(2);
	});

	it('a failed read of the orders asks: "Check again" reads again, "Buy anyway" buys once, nothing is sent meanwhile', async () => {
		const h = energyHarness();
		const { buy, posts, failList } = await secondBrowser(h);
		failList(true);
		await buy.confirm();
		expect(buy.step).toBe('asking');
		expect(buy.question).toMatchObject({ kind: 'unchecked', problem: { kind: 'network' } });
		expect(posts()).toBe(0);
		await buy.checkRecentAgain();
		expect(buy.step).toBe('asking');
		expect(buy.question?.kind).toBe('unchecked');
		expect(posts()).toBe(0);
		// Healed meanwhile, and the same order was placed elsewhere: the check now names it.
		failList(false);
		const first = await placeEarlier(h, 0);
		await buy.checkRecentAgain();
		expect(buy.question).toMatchObject({ kind: 'same', orders: [{ guid: first }] });
		buy.dontBuy();
		expect(buy.declined).toHaveLength(1);
		failList(true);
		await buy.confirm();
		expect(buy.question?.kind).toBe('unchecked');
		buy.dontBuy();
		expect(buy.declined).toEqual([]);
		expect(posts()).toBe(0);
		await buy.confirm();
		await buy.buyAgain();
		// The purchase went out once; only the reads around it failed.
		expect(posts()).toBe(1);
	});

	it('"Change" from the question sends nothing and forgets it', async () => {
		const h = energyHarness();
		await placeEarlier(h, MIN);
		const { buy, posts } = await secondBrowser(h);
		await buy.confirm();
		buy.edit();
		expect(buy.step).toBe('edit');
		expect(buy.question).toBeNull();
		await buy.buyAgain();
		expect(posts()).toBe(0);
	});
});
