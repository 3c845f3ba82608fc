import { describe, expect, it } from 'vitest';
import { OrderPoller, POLL_TIMING } from '$lib/energy/orders/poller';
import { manualEnv, sampleOrder } from './helpers';
import type { Order } from '$lib/energy/schemas';
import { ApiProblem } from '$lib/http/problem';

const order = (guid: number, status: number): Order => sampleOrder({ guid, status });

/** A server whose order moves 0 → 5 → 2 → 3 → 4 by the env's clock. */
function clockedServer(clock: { now: number }, stepMs: number, reclaimAt = Infinity) {
	const calls: number[] = [];
	return {
		calls,
		fetchOrder: async (guid: number) => {
			calls.push(clock.now);
			const t = clock.now;
			const status =
				t >= reclaimAt ? 4 : t < stepMs ? 0 : t < 2 * stepMs ? 5 : t < 3 * stepMs ? 2 : 3;
			return order(guid, status);
		}
	};
}

describe('order poller', () => {
	it('EN-FLOW-1: polls order/get from about 2 s, backing off while nothing changes, until delegated', async () => {
		const m = manualEnv();
		const server = clockedServer(m, 3000);
		const seen: number[] = [];
		const poller = new OrderPoller(
			{ fetchOrder: server.fetchOrder, onOrder: (o) => seen.push(o.status) },
			m.env
		);
		poller.watch(1, 0);
		await m.advance(9_000);
		expect(server.calls[0]).toBe(POLL_TIMING.baseMs);
		await m.advance(6_000);
		expect(seen).toContain(3);
		const delegatedAt = server.calls[seen.indexOf(3)]!;
		// Budget: at most delegation time / base interval + 2 requests.
		expect(seen.indexOf(3) + 1).toBeLessThanOrEqual(9_000 / POLL_TIMING.baseMs + 2);
		expect(delegatedAt).toBeLessThan(9_000 + POLL_TIMING.maxMs);
	});

	it('EN-ST-2: after delegation polls slowly, and stops at reclaimed', async () => {
		const m = manualEnv();
		const server = clockedServer(m, 1000, 100_000);
		const done: number[] = [];
		const poller = new OrderPoller(
			{ fetchOrder: server.fetchOrder, onOrder: () => {}, onDone: (g) => done.push(g) },
			m.env
		);
		poller.watch(7, 0);
		await m.advance(10_000);
		const before = server.calls.length;
		await m.advance(60_000);
		expect(server.calls.length - before).toBe(2); // every 30 s
		await m.advance(60_000);
		expect(done).toEqual([7]);
		expect(poller.isWatching(7)).toBe(false);
		const total = server.calls.length;
		await m.advance(120_000);
		expect(server.calls.length).toBe(total);
	});

	it('stops at once for an order that failed (status 6), and never starts for a terminal one', async () => {
		const m = manualEnv();
		let calls = 0;
		const poller = new OrderPoller(
			{
				fetchOrder: async (g) => {
					calls++;
					return order(g, 6);
				},
				onOrder: () => {}
			},
			m.env
		);
		poller.watch(1, 4);
		poller.watch(2, 6);
		expect(poller.watching).toEqual([]);
		poller.watch(3, 0);
		await m.advance(60_000);
		expect(calls).toBe(1);
	});

	it('makes no request while the page is hidden, and resumes when it is shown', async () => {
		const m = manualEnv();
		const server = clockedServer(m, 3000);
		const poller = new OrderPoller({ fetchOrder: server.fetchOrder, onOrder: () => {} }, m.env);
		poller.watch(1, 0);
		await m.advance(2_000);
		expect(server.calls).toHaveLength(1);
		await m.setHidden(true);
		await m.advance(120_000);
		expect(server.calls).toHaveLength(1);
		expect(m.pending()).toBe(0);
		await m.setHidden(false);
		await m.advance(1);
		expect(server.calls).toHaveLength(2);
	});

	it('one loop per order, however often it is watched', async () => {
		const m = manualEnv();
		const server = clockedServer(m, 3000);
		const poller = new OrderPoller({ fetchOrder: server.fetchOrder, onOrder: () => {} }, m.env);
		for (let i = 0; i < 5; i++) poller.watch(1, 0);
		await m.advance(2_000);
		expect(server.calls).toHaveLength(1);
	});

	it('429 with Retry-After waits as asked', async () => {
		const m = manualEnv();
		const calls: number[] = [];
		const problems: (string | null)[] = [];
		const poller = new OrderPoller(
			{
				fetchOrder: async (g) => {
					calls.push(m.now);
					if (calls.length === 1)
						throw new ApiProblem({
							kind: 'http',
							status: 429,
							headers: { 'retry-after': '20' },
							message: '429',
							hint: ''
						});
					return order(g, 0);
				},
				onOrder: () => {},
				onProblem: (_g, p) => problems.push(p ? String(p.status) : null)
			},
			m.env
		);
		poller.watch(1, 0);
		await m.advance(30_000);
		expect(calls[1]! - calls[0]!).toBe(20_000);
		expect(problems.slice(0, 2)).toEqual(['429', null]);
	});

	it('401 stops every loop and says why', async () => {
		const m = manualEnv();
		let calls = 0;
		const stopped: string[] = [];
		const poller = new OrderPoller(
			{
				fetchOrder: async () => {
					calls++;
					throw new ApiProblem({ kind: 'http', status: 401, message: '401', hint: '' });
				},
				onOrder: () => {},
				onStopped: (r) => stopped.push(r.kind)
			},
			m.env
		);
		poller.watch(1, 0);
		poller.watch(2, 0);
		await m.advance(60_000);
		expect(stopped[0]).toBe('unauthorized');
		expect(poller.watching).toEqual([]);
		expect(calls).toBeLessThanOrEqual(2);
	});

	it('network failures back off and keep going', async () => {
		const m = manualEnv();
		let calls = 0;
		const poller = new OrderPoller(
			{
				fetchOrder: async (g) => {
					calls++;
					if (calls < 3) throw new ApiProblem({ kind: 'network', message: 'x', hint: '' });
					return order(g, 3);
				},
				onOrder: () => {}
			},
			m.env
		);
		poller.watch(1, 0);
		await m.advance(20_000);
		expect(calls).toBe(3);
		expect(poller.isWatching(1)).toBe(true);
	});
	it('EN-ST-2: an order already delegated is polled slowly from the start; watching lists it', async () => {
		const m = manualEnv();
		const server = clockedServer(m, 1000);
		const poller = new OrderPoller({ fetchOrder: server.fetchOrder, onOrder: () => {} }, m.env);
		poller.watch(1, 3);
		expect(poller.watching).toEqual([1]);
		await m.advance(POLL_TIMING.slowMs - 1);
		expect(server.calls).toHaveLength(0);
		await m.advance(1);
		expect(server.calls).toHaveLength(1);
		expect(poller.requests).toBe(1);
	});

	it('the wait grows while nothing changes and starts again from about 2 s when the status moves', async () => {
		const m = manualEnv();
		const statuses = [0, 0, 0, 5, 5];
		const calls: number[] = [];
		const poller = new OrderPoller(
			{
				fetchOrder: async (g) => {
					calls.push(m.now);
					return order(g, statuses[calls.length - 1] ?? 5);
				},
				onOrder: () => {}
			},
			m.env
		);
		poller.watch(1, 0);
		await m.advance(30_000);
		const waits = calls.slice(1, 6).map((t, i) => t - calls[i]!);
		expect(waits).toEqual([3_000, 4_500, 6_750, 2_000, 3_000]);
	});

	it('a hidden page clears the timer at once; shown again, the poll keeps its time', async () => {
		const m = manualEnv();
		const server = clockedServer(m, 3000);
		const poller = new OrderPoller({ fetchOrder: server.fetchOrder, onOrder: () => {} }, m.env);
		poller.watch(1, 0);
		await m.advance(500);
		await m.setHidden(true);
		expect(m.pending()).toBe(0);
		await m.advance(500);
		await m.setHidden(false);
		// Due at 2 s: shown at 1 s, it waits the second that was left.
		await m.advance(999);
		expect(server.calls).toHaveLength(0);
		await m.advance(1);
		expect(server.calls).toEqual([2_000]);
	});

	it('an order the server no longer knows (404) stops its loop and says which', async () => {
		const m = manualEnv();
		const done: number[] = [];
		const stopped: string[] = [];
		let calls = 0;
		const poller = new OrderPoller(
			{
				fetchOrder: async (g) => {
					calls++;
					if (g === 2)
						throw new ApiProblem({ kind: 'http', status: 404, message: '404', hint: '' });
					return order(g, 0);
				},
				onOrder: () => {},
				onDone: (g) => done.push(g),
				onStopped: (r) => stopped.push(r.kind === 'not-found' ? `not-found ${r.guid}` : r.kind)
			},
			m.env
		);
		poller.watch(1, 0);
		poller.watch(2, 0);
		await m.advance(20_000);
		expect(stopped).toEqual(['not-found 2']);
		expect(done).toEqual([2]);
		// The other order is still followed.
		expect(poller.watching).toEqual([1]);
		expect(calls).toBeGreaterThan(2);
	});

	it('503 with Retry-After waits as asked; a 429 without it backs off', async () => {
		const m = manualEnv();
		const calls: number[] = [];
		const refusals = [
			new ApiProblem({
				kind: 'http',
				status: 503,
				headers: { 'retry-after': '12' },
				message: '503',
				hint: ''
			}),
			new ApiProblem({ kind: 'http', status: 429, message: '429', hint: '' })
		];
		const poller = new OrderPoller(
			{
				fetchOrder: async (g) => {
					calls.push(m.now);
					const refusal = refusals[calls.length - 1];
					if (refusal) throw refusal;
					return order(g, 0);
				},
				onOrder: () => {}
			},
			m.env
		);
		poller.watch(1, 0);
		await m.advance(40_000);
		expect(calls[1]! - calls[0]!).toBe(12_000);
		// The second refusal: the back-off of two polls without news.
		expect(calls[2]! - calls[1]!).toBe(4_500);
	});

	it('a failure that is not an answer (the connection changed) backs off quietly', async () => {
		const m = manualEnv();
		const calls: number[] = [];
		const problems: unknown[] = [];
		const poller = new OrderPoller(
			{
				fetchOrder: async (g) => {
					calls.push(m.now);
					if (calls.length === 1) throw new Error('The energy connection changed.');
					return order(g, 0);
				},
				onOrder: () => {},
				onProblem: (_g, p) => problems.push(p)
			},
			m.env
		);
		poller.watch(1, 0);
		await m.advance(10_000);
		expect(calls[1]! - calls[0]!).toBe(3_000);
		// Nothing for the user to act on: only the successful poll's "no problem".
		expect(problems[0]).toBeNull();
	});

	it('stopping an order not watched does nothing; dispose ends every loop for good', async () => {
		const m = manualEnv();
		const server = clockedServer(m, 3000);
		const poller = new OrderPoller({ fetchOrder: server.fetchOrder, onOrder: () => {} }, m.env);
		expect(() => poller.stop(99)).not.toThrow();
		poller.watch(1, 0);
		poller.dispose();
		await m.setHidden(true);
		await m.setHidden(false);
		await m.advance(60_000);
		expect(server.calls).toHaveLength(0);
		expect(poller.watching).toEqual([]);
	});
});
