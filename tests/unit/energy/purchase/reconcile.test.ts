import { describe, expect, it } from 'vitest';
import { buyEnergy } from '$lib/energy/api';
import type { BuyRequest } from '$lib/energy/purchase/buy-request';
import {
	findDuplicates,
	findPlacedOrders,
	matchesRequest,
	newestGuids,
	RECONCILE_WINDOW
} from '$lib/energy/purchase/reconcile';
import type { Order } from '$lib/energy/schemas';
import { energyHarness, FRESH, sampleOrder, HOUR_REQUEST } from '../helpers';

const OTHER = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb';

const byAmount: BuyRequest = {
	format: 'json',
	to: FRESH,
	period_type: 'hours',
	period_amount: 1,
	amount_source: 'amount',
	amount: 65_000
};
const byEstimate: BuyRequest = {
	format: 'json',
	to: FRESH,
	period_type: 'days',
	period_amount: 3,
	amount_source: 'estimate',
	estimate_to: OTHER,
	estimate_token: 'USDT',
	estimate_adjust_percent: '0'
};

/** The order the service would answer for `byAmount`. */
const placed = (patch: Partial<Order> = {}): Order =>
	sampleOrder({ guid: 31000009, energy_amount: 65_000, ...patch });

const estimated = (token: string): Partial<Order> => ({
	period_type: 'days',
	hours: 0,
	days: 3,
	estimate_task_id: 7,
	estimate_task: { id: 7, token, currency: token, from: FRESH, to: [OTHER] }
});

describe('which order a lost purchase answer belongs to', () => {
	it('an order matches a request by amount only with the same recipient, period and amount', () => {
		expect(matchesRequest(placed(), byAmount)).toBe(true);
		expect(matchesRequest(placed({ to: OTHER }), byAmount)).toBe(false);
		expect(matchesRequest(placed({ period_type: 'days', days: 1 }), byAmount)).toBe(false);
		expect(matchesRequest(placed({ hours: 2 }), byAmount)).toBe(false);
		expect(matchesRequest(placed({ energy_amount: 65_001 }), byAmount)).toBe(false);
		// An order sized by an estimate is not a purchase of a fixed amount, even of that size.
		expect(matchesRequest(placed({ estimate_task_id: 7 }), byAmount)).toBe(false);
	});

	it('the period length is read from hours or days, whichever the period type names', () => {
		const threeDays = { ...byAmount, period_type: 'days', period_amount: 3 } as BuyRequest;
		expect(matchesRequest(placed({ period_type: 'days', hours: 0, days: 3 }), threeDays)).toBe(
			true
		);
		// Three hours is not three days.
		expect(matchesRequest(placed({ period_type: 'days', hours: 3, days: 1 }), threeDays)).toBe(
			false
		);
	});

	it('an order matches a request by estimate only with an estimate of the same token', () => {
		expect(matchesRequest(placed(estimated('USDT')), byEstimate)).toBe(true);
		expect(matchesRequest(placed(estimated('USDC')), byEstimate)).toBe(false);
		expect(matchesRequest(placed({ ...estimated('USDT'), estimate_task: null }), byEstimate)).toBe(
			false
		);
	});

	it('finds the new orders of the request among the newest, reading only those not seen before', async () => {
		const h = energyHarness();
		const before = await newestGuids(h.client);
		const list = h.requests.at(-1)!;
		expect(await list.clone().json()).toMatchObject({
			page: 1,
			per_page: RECONCILE_WINDOW,
			sort: 'created_at|desc'
		});
		const first = (await buyEnergy(h.client, byAmount)).data.guid;
		await buyEnergy(h.client, { ...byAmount, amount: 131_000 });
		const second = (await buyEnergy(h.client, byAmount)).data.guid;
		const reads = h.requests.length;
		const found = await findPlacedOrders(h.client, byAmount, before);
		expect(found.map((o) => o.guid)).toEqual([second, first]);
		// One list, then order/get for the three new orders only.
		const paths = h.requests.slice(reads).map((r) => new URL(r.url).pathname.split('/').pop());
		expect(paths.filter((p) => p === 'list')).toHaveLength(1);
		expect(paths.filter((p) => p !== 'list')).toHaveLength(3);
		// After an answered purchase, only the other matching new orders are reported.
		expect((await findDuplicates(h.client, byAmount, before, second)).map((o) => o.guid)).toEqual([
			first
		]);
	});
});

describe('looking for a purchase whose answer was lost', () => {
	it('EN-LIST-1: asks for the first page of the newest orders, as many as the window holds', async () => {
		const h = energyHarness();
		await findPlacedOrders(h.client, HOUR_REQUEST, new Set());
		const list = h.requests.find((r) => r.url.endsWith('/order/list'))!;
		expect(await list.json()).toStrictEqual({
			sort: 'created_at|desc',
			page: 1,
			per_page: RECONCILE_WINDOW
		});
	});
});
