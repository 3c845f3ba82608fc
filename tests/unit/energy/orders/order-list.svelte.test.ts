import { describe, expect, it, vi } from 'vitest';
import { Notices } from '$lib/energy/notices.svelte';
import { OrderBook } from '$lib/energy/orders/order-book.svelte';
import { OrderList } from '$lib/energy/orders/order-list.svelte';
import type { OrderTracker } from '$lib/energy/orders/tracker';
import { BASE, energyHarness, energySession, manualEnv, pathsOf } from '../helpers';

/** Statuses seen are not kept here (IndexedDB in the browser). */
const noTracker = (): OrderTracker => ({
	all: async () => [],
	get: async () => undefined,
	see: async (guid, status, at) => ({ guid, firstSeen: { [status]: at }, lastStatus: status }),
	clear: async () => {}
});

/** The list over the demo server's three orders (newest 31000003, then …002 and …001). */
function list() {
	const h = energyHarness({ stepMs: 3_600_000 });
	const m = manualEnv(h.clock.t);
	const session = energySession(() => h.client, BASE, m.env);
	const book = new OrderBook(session, {
		visibility: m.env,
		tracker: noTracker,
		notices: new Notices(() => {})
	});
	const orders = new OrderList(session, book);
	const guids = () => orders.page?.data.map((item) => item.guid);
	const bodies = async () =>
		Promise.all(
			h.requests
				.filter((r) => r.url.endsWith('/order/list'))
				.map(async (r) => (await r.clone().json()) as unknown)
		);
	return { h, session, book, orders, guids, bodies };
}

describe('the order list as sorted and filtered', () => {
	it('shows the first page, newest first, and reads the rows in full', async () => {
		const { h, book, orders, guids } = list();
		await orders.load();
		expect(guids()).toEqual([31000003, 31000002, 31000001]);
		expect(orders.loading).toBe(false);
		expect(orders.problem).toBeNull();
		await vi.waitFor(() => expect(Object.keys(book.orders)).toHaveLength(3));
		expect(pathsOf(h.requests).filter((p) => p.startsWith('POST /order/get/'))).toHaveLength(3);
	});

	it('EN-LIST-1: a new sort, filter or size goes back to page 1; a page asked for is kept', async () => {
		const { orders, guids, bodies } = list();
		await orders.load({ page: 2 });
		expect(orders.query.page).toBe(2);
		await orders.load({ sort: 'asc' });
		expect(orders.query).toEqual({ page: 1, perPage: 10, sort: 'asc', status: null });
		expect(guids()).toEqual([31000001, 31000002, 31000003]);
		await orders.load({ status: 6 });
		expect(guids()).toEqual([31000003]);
		expect((await bodies()).at(-1)).toEqual({
			sort: 'created_at|asc',
			page: 1,
			per_page: 10,
			filter: [[{ field: 'status', operator: '=', value: 6 }]]
		});
	});

	it('a page that cannot be read is said, and the page shown stays', async () => {
		const { h, orders, guids } = list();
		await orders.load();
		h.failNext('/order/list');
		await orders.load({ sort: 'asc' });
		expect(orders.problem?.kind).toBe('network');
		expect(guids()).toEqual([31000003, 31000002, 31000001]);
		await orders.load();
		expect(orders.problem).toBeNull();
	});

	it("follows the envelope's links; a link without a page goes nowhere", async () => {
		const { h, orders } = list();
		await orders.goToLink('/api/v1/private/order/list?page=2');
		expect(orders.query.page).toBe(2);
		const before = h.requests.length;
		await orders.goToLink(null);
		expect(h.requests).toHaveLength(before);
	});

	it("opens an order's details, and says why they could not be read", async () => {
		const { book, orders } = list();
		await orders.select(31000002);
		expect(orders.selected).toBe(31000002);
		expect(book.orders[31000002]?.status).toBe(1);
		expect(orders.detailProblem).toBeNull();
		await orders.select(99999999);
		expect(orders.detailProblem?.status).toBe(404);
		await orders.select(null);
		expect(orders.selected).toBeNull();
		expect(orders.detailProblem).toBeNull();
	});

	it('clear() forgets the page and the open order', async () => {
		const { orders } = list();
		await orders.load();
		await orders.select(31000001);
		orders.clear();
		expect(orders.page).toBeNull();
		expect(orders.selected).toBeNull();
	});
});
