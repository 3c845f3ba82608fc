import { describe, expect, it } from 'vitest';
import { OrderPoller, POLL_TIMING, type PollerEnv } from '$lib/energy/orders/poller';
import type { Order } from '$lib/energy/schemas';
import { ApiProblem } from '$lib/http/problem';
import { manualEnv, sampleOrder } from './helpers';

/** An order/get the test answers by hand; it ignores the abort signal, as a slow server may. */
function handAnswered() {
	const asked: { guid: number; at: number; answer(o: Order): void; fail(e: unknown): void }[] = [];
	return {
		asked,
		fetchOrder: (now: () => number) => (guid: number) =>
			new Promise<Order>((answer, fail) => asked.push({ guid, at: now(), answer, fail }))
	};
}
const settle = async () => {
	for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
};

describe('order poller: answers that come late, and hooks left out', () => {
	it('an order stopped while its read is on the way: the late answer is not shown and starts no more polls', async () => {
		const m = manualEnv();
		const server = handAnswered();
		const seen: Order[] = [];
		const problems: unknown[] = [];
		const poller = new OrderPoller(
			{
				fetchOrder: server.fetchOrder(() => m.now),
				onOrder: (o) => seen.push(o),
				onProblem: (_g, p) => problems.push(p)
			},
			m.env
		);
		poller.watch(1, 0);
		poller.watch(2, 0);
		await m.advance(POLL_TIMING.baseMs);
		expect(server.asked.map((a) => a.guid)).toEqual([1, 2]);
		poller.stop(1);
		poller.stop(2);
		server.asked[0]!.answer(sampleOrder({ guid: 1, status: 5 }));
		server.asked[1]!.fail(new ApiProblem({ kind: 'http', status: 500, message: '500', hint: '' }));
		await settle();
		await m.advance(120_000);
		expect(seen).toEqual([]);
		expect(problems).toEqual([]);
		expect(server.asked).toHaveLength(2);
	});

	it('a page hidden and shown again while a read is on the way sends no second read', async () => {
		const m = manualEnv();
		const server = handAnswered();
		const poller = new OrderPoller(
			{ fetchOrder: server.fetchOrder(() => m.now), onOrder: () => {} },
			m.env
		);
		poller.watch(1, 0);
		await m.advance(POLL_TIMING.baseMs);
		await m.setHidden(true);
		await m.setHidden(false);
		await m.advance(10_000);
		expect(server.asked).toHaveLength(1);
		server.asked[0]!.answer(sampleOrder({ guid: 1, status: 0 }));
		await settle();
		await m.advance(POLL_TIMING.baseMs * POLL_TIMING.factor);
		expect(server.asked).toHaveLength(2);
	});

	it('no timer is kept while the page is hidden', async () => {
		const m = manualEnv();
		const poller = new OrderPoller(
			{ fetchOrder: async (g) => sampleOrder({ guid: g }), onOrder: () => {} },
			m.env
		);
		await m.setHidden(true);
		poller.watch(1, 0);
		poller.watch(2, 0);
		expect(m.pending()).toBe(0);
	});

	it('a timer that fires as the page turns hidden, before the browser says so, asks nothing', async () => {
		const m = manualEnv();
		let hidden = false;
		const env: PollerEnv = { ...m.env, isHidden: () => hidden };
		let calls = 0;
		const poller = new OrderPoller(
			{
				fetchOrder: async (g) => {
					calls++;
					return sampleOrder({ guid: g });
				},
				onOrder: () => {}
			},
			env
		);
		poller.watch(1, 0);
		hidden = true;
		await m.advance(POLL_TIMING.baseMs);
		expect(calls).toBe(0);
	});

	it('EN-ST-2: without onDone or onStopped hooks, a terminal order, a 404 and a 401 still end their loops quietly', async () => {
		const m = manualEnv();
		const calls: number[] = [];
		const poller = new OrderPoller(
			{
				fetchOrder: async (g) => {
					calls.push(g);
					if (g === 2) throw new ApiProblem({ kind: 'http', status: 404, message: '', hint: '' });
					if (g === 3) throw new ApiProblem({ kind: 'http', status: 401, message: '', hint: '' });
					return sampleOrder({ guid: g, status: 4 });
				},
				onOrder: () => {}
			},
			m.env
		);
		poller.watch(1, 0);
		poller.watch(2, 0);
		await m.advance(60_000);
		expect(calls).toEqual([1, 2]);
		expect(poller.watching).toEqual([]);
		poller.watch(3, 0);
		await m.advance(60_000);
		expect(calls).toEqual([1, 2, 3]);
		expect(poller.watching).toEqual([]);
	});

	it('a Retry-After on a server error other than 429 or 503 is not waited for: the usual back-off', async () => {
		const m = manualEnv();
		const calls: number[] = [];
		const poller = new OrderPoller(
			{
				fetchOrder: async (g) => {
					calls.push(m.now);
					if (calls.length === 1)
						throw new ApiProblem({
							kind: 'http',
							status: 500,
							headers: { 'retry-after': '60' },
							message: '500',
							hint: ''
						});
					return sampleOrder({ guid: g });
				},
				onOrder: () => {}
			},
			m.env
		);
		poller.watch(1, 0);
		await m.advance(20_000);
		expect(calls[1]! - calls[0]!).toBe(POLL_TIMING.baseMs * POLL_TIMING.factor);
	});
});
