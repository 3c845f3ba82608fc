import { describe, expect, it } from 'vitest';
import { buyEnergy } from '$lib/energy/api';
import { Notices } from '$lib/energy/notices.svelte';
import { OrderBook } from '$lib/energy/orders/order-book.svelte';
import type { OrderTracker, TrackedOrder } from '$lib/energy/orders/tracker';
import type { Order, OrderPage } from '$lib/energy/schemas';
import type { HttpClient } from '$lib/http/client';
import {
	BASE,
	energyHarness,
	energySession,
	manualEnv,
	pathsOf,
	sampleOrder,
	HOUR_REQUEST
} from '../helpers';

const listedPage = (items: { guid: number; status: number }[]): OrderPage =>
	({ data: items }) as unknown as OrderPage;

/** Statuses seen, kept in memory (IndexedDB in the browser). */
function memoryTracker(): OrderTracker {
	const records = new Map<number, TrackedOrder>();
	return {
		all: async () => [...records.values()],
		get: async (guid) => records.get(guid),
		see: async (guid, status, at) => {
			const before = records.get(guid);
			const record: TrackedOrder = {
				guid,
				firstSeen: { ...before?.firstSeen, [status]: before?.firstSeen[status] ?? at },
				lastStatus: status
			};
			records.set(guid, record);
			return record;
		},
		clear: async () => records.clear()
	};
}

/** A book over the demo server, knowing `known` already; `session(client)` for another one. */
function reads(known: Record<number, Order> = {}) {
	const h = energyHarness({ stepMs: 3_600_000 });
	const m = manualEnv(h.clock.t);
	const open = (client: HttpClient) =>
		new OrderBook(
			energySession(() => client, BASE, m.env),
			{
				visibility: m.env,
				tracker: () => memoryTracker(),
				notices: new Notices(() => {})
			}
		);
	const r = open(h.client);
	r.orders = { ...known };
	/** The orders the book took in, and the polls' problems as they are now. */
	const seen = () => Object.values(r.orders).filter((o) => !(o.guid in known));
	const problems = () => Object.entries(r.pollProblems).map(([g, p]) => [Number(g), p] as const);
	return { h, m, r, seen, problems, open };
}

describe('the automatic order reads of the dashboard', () => {
	it('EN-ST-2: a listed order is polled unless it is already known to be over', () => {
		const { r } = reads({
			2: sampleOrder({ guid: 2, status: 4 }),
			3: sampleOrder({ guid: 3, status: 2 })
		});
		// 2 is listed as delegated, but was read since as reclaimed; 3 is known and still moving.
		r.listed(
			listedPage([
				{ guid: 1, status: 0 },
				{ guid: 2, status: 3 },
				{ guid: 3, status: 2 },
				{ guid: 4, status: 6 }
			])
		);
		expect(r.poller.watching.sort()).toEqual([1, 3]);
		r.poller.dispose();
	});

	it('EN-LIST-1: the history for the estimate reads the 10 newest orders', async () => {
		const { h, r } = reads();
		await r.history();
		const list = h.requests.find((q) => q.url.endsWith('/order/list'))!;
		expect(await list.json()).toMatchObject({ per_page: 10 });
	});

	it("a poll's failure reaches the dashboard; its Retry-After holds reads until another connection resets it", async () => {
		const { h, m, r, problems, seen, open } = reads();
		const placed = await buyEnergy(h.client, HOUR_REQUEST);
		const guid = placed.data.guid;
		h.throttleNext('order/get', 1, 60);
		r.poller.watch(guid, 0, 0);
		await m.advance(0);
		expect(problems().map(([g, p]) => [g, p?.status])).toEqual([[guid, 429]]);
		expect(seen()).toEqual([]);
		// While the server's wait lasts, this book's reads wait for it.
		let held = true;
		void r.read(guid).finally(() => (held = false));
		await m.advance(30_000);
		expect(held).toBe(true);
		// Another connection (a new session, a new book): its first read goes at once.
		r.poller.dispose();
		expect(r.poller.watching).toEqual([]);
		const next = open(h.client);
		const before = pathsOf(h.requests).length;
		await next.read(guid);
		expect(pathsOf(h.requests).length).toBe(before + 1);
	});

	it("the area's close stops the book's polls and a read held by Retry-After: nothing more is asked", async () => {
		const h = energyHarness({ stepMs: 3_600_000 });
		const m = manualEnv(h.clock.t);
		const session = energySession(() => h.client, BASE, m.env);
		const book = new OrderBook(session, {
			visibility: m.env,
			tracker: () => memoryTracker(),
			notices: new Notices(() => {})
		});
		const placed = await buyEnergy(h.client, HOUR_REQUEST);
		const guid = placed.data.guid;
		h.throttleNext('order/get', 1, 60);
		book.poller.watch(guid, 0, 0);
		await m.advance(0);
		const held = book.read(guid).catch((error: unknown) => error);
		book.poller.watch(31000002, 1);
		expect(m.pending()).toBeGreaterThan(0);
		const asked = h.requests.length;
		session.close();
		expect(m.pending()).toBe(0);
		expect(await held).toMatchObject({ name: 'AbortError' });
		await m.advance(10 * 60_000);
		expect(h.requests).toHaveLength(asked);
	});
});
