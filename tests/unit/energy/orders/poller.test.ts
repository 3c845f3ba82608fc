import { describe, expect, it, afterEach, vi } from 'vitest';
import {
	OrderPoller,
	POLL_TIMING,
	type PageVisibility,
	browserVisibility
} from '$lib/energy/orders/poller';
import { energySession, manualEnv, sampleOrder } from '../helpers';
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
			m.session,
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
			m.session,
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
			m.session,
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
		const poller = new OrderPoller(
			{ fetchOrder: server.fetchOrder, onOrder: () => {} },
			m.session,
			m.env
		);
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
		const poller = new OrderPoller(
			{ fetchOrder: server.fetchOrder, onOrder: () => {} },
			m.session,
			m.env
		);
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
			m.session,
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
			m.session,
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
			m.session,
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
		const poller = new OrderPoller(
			{ fetchOrder: server.fetchOrder, onOrder: () => {} },
			m.session,
			m.env
		);
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
			m.session,
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
		const poller = new OrderPoller(
			{ fetchOrder: server.fetchOrder, onOrder: () => {} },
			m.session,
			m.env
		);
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
			m.session,
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
			m.session,
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
			m.session,
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
		const poller = new OrderPoller(
			{ fetchOrder: server.fetchOrder, onOrder: () => {} },
			m.session,
			m.env
		);
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
	it("the area's close stops every loop, the one reading too: its answer starts no more polls", async () => {
		const m = manualEnv();
		const server = handAnswered();
		const seen: Order[] = [];
		const poller = new OrderPoller(
			{ fetchOrder: server.fetchOrder(() => m.now), onOrder: (o) => seen.push(o) },
			m.session,
			m.env
		);
		poller.watch(1, 0);
		poller.watch(2, 0);
		await m.advance(POLL_TIMING.baseMs);
		expect(server.asked.map((a) => a.guid)).toEqual([1, 2]);
		server.asked[0]!.answer(order(1, 0));
		await settle();
		expect(m.pending()).toBe(1);
		m.session.close();
		expect(m.pending()).toBe(0);
		server.asked[1]!.answer(order(2, 5));
		await settle();
		await m.advance(10 * POLL_TIMING.maxMs);
		expect(server.asked).toHaveLength(2);
		expect(m.pending()).toBe(0);
	});

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
			m.session,
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
			m.session,
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
			m.session,
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
		const visibility: PageVisibility = { ...m.env, isHidden: () => hidden };
		let calls = 0;
		const poller = new OrderPoller(
			{
				fetchOrder: async (g) => {
					calls++;
					return sampleOrder({ guid: g });
				},
				onOrder: () => {}
			},
			m.session,
			visibility
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
			m.session,
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
			m.session,
			m.env
		);
		poller.watch(1, 0);
		await m.advance(20_000);
		expect(calls[1]! - calls[0]!).toBe(POLL_TIMING.baseMs * POLL_TIMING.factor);
	});
});

/** The parts of `document` the poller reads: its visibility, and the event when it changes. */
function fakeDocument(state: 'visible' | 'hidden') {
	const doc = Object.assign(new EventTarget(), { visibilityState: state });
	return {
		doc,
		set(next: 'visible' | 'hidden') {
			doc.visibilityState = next;
			doc.dispatchEvent(new Event('visibilitychange'));
		}
	};
}

/** A session on the system's clock, for a poller given its reads. */
const systemSession = () =>
	energySession(() => {
		throw new Error('The poller is given its reads.');
	});

describe('order poller in the browser (its own clock and the page visibility)', () => {
	afterEach(() => {
		vi.unstubAllGlobals();
		vi.useRealTimers();
	});

	it('EN-FLOW-1: polls after about 2 s on the real clock, none while the tab is hidden, and on time once shown', async () => {
		vi.useFakeTimers({ now: 1_000_000 });
		const page = fakeDocument('visible');
		vi.stubGlobal('document', page.doc);
		const calls: number[] = [];
		const poller = new OrderPoller(
			{
				fetchOrder: async (guid) => {
					calls.push(Date.now());
					return sampleOrder({ guid, status: 0 });
				},
				onOrder: () => {}
			},
			systemSession()
		);
		poller.watch(1, 0);
		await vi.advanceTimersByTimeAsync(POLL_TIMING.baseMs - 1);
		expect(calls).toEqual([]);
		await vi.advanceTimersByTimeAsync(1);
		expect(calls).toEqual([1_000_000 + POLL_TIMING.baseMs]);
		page.set('hidden');
		await vi.advanceTimersByTimeAsync(60_000);
		expect(calls).toHaveLength(1);
		page.set('visible');
		await vi.advanceTimersByTimeAsync(0);
		expect(calls).toHaveLength(2);
		// Stopped: its timer is cleared, so nothing more is asked.
		poller.stop(1);
		await vi.advanceTimersByTimeAsync(60_000);
		expect(calls).toHaveLength(2);
		// Disposed: a later visibility change starts nothing.
		poller.watch(2, 0);
		poller.dispose();
		page.set('hidden');
		page.set('visible');
		await vi.advanceTimersByTimeAsync(60_000);
		expect(calls).toHaveLength(2);
	});

	it('shown again before its time, the poll keeps its time; a stopped or closed poller leaves no timer or listener', async () => {
		vi.useFakeTimers({ now: 1_000_000 });
		const page = fakeDocument('visible');
		let listeners = 0;
		const add = page.doc.addEventListener.bind(page.doc);
		const remove = page.doc.removeEventListener.bind(page.doc);
		page.doc.addEventListener = (...args: Parameters<typeof add>) => (listeners++, add(...args));
		page.doc.removeEventListener = (...args: Parameters<typeof remove>) => (
			listeners--,
			remove(...args)
		);
		vi.stubGlobal('document', page.doc);
		const calls: number[] = [];
		const poller = new OrderPoller(
			{
				fetchOrder: async (guid) => {
					calls.push(Date.now());
					return sampleOrder({ guid, status: 0 });
				},
				onOrder: () => {}
			},
			systemSession()
		);
		expect(listeners).toBe(1);
		poller.watch(1, 0);
		await vi.advanceTimersByTimeAsync(500);
		page.set('hidden');
		await vi.advanceTimersByTimeAsync(500);
		page.set('visible');
		await vi.advanceTimersByTimeAsync(999);
		expect(calls).toEqual([]);
		await vi.advanceTimersByTimeAsync(1);
		expect(calls).toEqual([1_000_000 + POLL_TIMING.baseMs]);
		poller.stop(1);
		expect(vi.getTimerCount()).toBe(0);
		poller.dispose();
		expect(listeners).toBe(0);
	});

	it('a page opened hidden (a background tab) waits until it is shown', async () => {
		vi.useFakeTimers({ now: 0 });
		const page = fakeDocument('hidden');
		vi.stubGlobal('document', page.doc);
		const fetchOrder = vi.fn(async (guid: number) => sampleOrder({ guid, status: 0 }));
		new OrderPoller({ fetchOrder, onOrder: () => {} }, systemSession()).watch(1, 0, 0);
		await vi.advanceTimersByTimeAsync(30_000);
		expect(fetchOrder).not.toHaveBeenCalled();
		page.set('visible');
		await vi.advanceTimersByTimeAsync(0);
		expect(fetchOrder).toHaveBeenCalledTimes(1);
	});

	it('without a document (no page) it is never hidden and needs no listener', () => {
		vi.stubGlobal('document', undefined);
		expect(browserVisibility.isHidden()).toBe(false);
		const unsubscribe = browserVisibility.onVisibilityChange(() => {});
		expect(unsubscribe()).toBeUndefined();
	});
});
