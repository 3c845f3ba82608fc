import { describe, expect, it } from 'vitest';
import { buyEnergy } from '$lib/energy/api';
import { OrderReads } from '$lib/energy/order-reads';
import type { Order, OrderPage } from '$lib/energy/schemas';
import type { ApiProblem } from '$lib/http/problem';
import { BASE, energyHarness, manualEnv, pathsOf, sampleOrder, HOUR_REQUEST } from './helpers';

const listedPage = (items: { guid: number; status: number }[]): OrderPage =>
	({ data: items }) as unknown as OrderPage;

function reads(known: Record<number, Order> = {}) {
	const h = energyHarness({ stepMs: 3_600_000 });
	const m = manualEnv(h.clock.t);
	const seen: Order[] = [];
	const problems: [number, ApiProblem | null][] = [];
	const r = new OrderReads(
		{
			client: () => h.client,
			apiRoot: () => BASE,
			known: (guid) => known[guid],
			onOrder: (o) => seen.push(o),
			onProblem: (guid, p) => problems.push([guid, p]),
			onStopped: () => {}
		},
		m.env
	);
	return { h, m, r, seen, problems };
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
		r.reset();
	});

	it('EN-LIST-1: the history for the estimate reads the 10 newest orders', async () => {
		const { h, r } = reads();
		await r.history();
		const list = h.requests.find((q) => q.url.endsWith('/order/list'))!;
		expect(await list.json()).toMatchObject({ per_page: 10 });
	});

	it("a poll's failure reaches the dashboard; its Retry-After holds reads until another connection resets it", async () => {
		const { h, m, r, problems, seen } = reads();
		const placed = await buyEnergy(h.client, HOUR_REQUEST);
		const guid = placed.data.guid;
		h.throttleNext('order/get', 1, 60);
		r.poller.watch(guid, 0, 0);
		await m.advance(0);
		expect(problems.map(([g, p]) => [g, p?.status])).toEqual([[guid, 429]]);
		r.reset();
		expect(r.poller.watching).toEqual([]);
		// The wait asked of the old connection is over: a read goes at once.
		const before = pathsOf(h.requests).length;
		await r.read(guid);
		expect(pathsOf(h.requests).length).toBe(before + 1);
		expect(seen).toEqual([]);
	});
});
