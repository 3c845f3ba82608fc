import { createStore } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { buyEnergy } from '$lib/energy/api';
import { EnergyDashboard } from '$lib/energy/dashboard.svelte';
import {
	PENDING_GRACE_MS,
	memoryStorage,
	PENDING_KEY,
	PendingPurchases,
	type PendingPurchase
} from '$lib/energy/purchase/pending-purchase';
import { pageLock, type PurchaseLock } from '$lib/energy/purchase/purchase-lock';
import { newestGuids } from '$lib/energy/purchase/reconcile';
import { orderTracker } from '$lib/energy/orders/tracker';
import { createClient, type HttpClient } from '$lib/http/client';
import {
	BASE,
	energyHarness,
	FRESH,
	manualEnv,
	pathsOf,
	type Harness,
	HOUR_REQUEST,
	energySession
} from '../helpers';
import {
	orderedText,
	outcomeUnknown,
	PurchaseMemory,
	PurchaseSlot
} from '$lib/energy/purchase/purchase.svelte';
import { ApiProblem } from '$lib/http/problem';

const TOKEN = 'demo-energy-token.tabs-secret';

let dbCount = 0;

/** What the tabs of one browser share: the server, localStorage and the origin's lock. */
function browser() {
	const h = energyHarness({ token: TOKEN });
	const storage = memoryStorage();
	const lock = pageLock();
	const store = createStore(`energy-tabs-${++dbCount}`, 'orders');
	return { h, storage, lock, tracker: (root: string) => orderTracker(root, () => store) };
}
type Browser = ReturnType<typeof browser>;

/** One tab (or one page load) of that browser. */
async function tab(
	b: Browser,
	options: {
		client?: HttpClient;
		lock?: PurchaseLock;
		m?: ReturnType<typeof manualEnv>;
		/** Wait for the check of interrupted purchases (default) or not. */
		recovered?: boolean;
	} = {}
) {
	const m = options.m ?? manualEnv();
	const client = options.client ?? b.h.client;
	const dashboard = new EnergyDashboard(
		energySession(() => client, BASE, m.env),
		{
			visibility: m.env,
			tracker: b.tracker,
			notify: () => {},
			pending: new PendingPurchases(b.storage),
			lock: options.lock ?? b.lock
		}
	);
	await dashboard.show();
	if (options.recovered !== false) await dashboard.recovering;
	return { dashboard, m };
}

function review(dashboard: EnergyDashboard, patch: Record<string, string> = {}) {
	Object.assign(dashboard.purchase.draft, { to: FRESH, periodId: '1h', amount: '65000', ...patch });
	expect(dashboard.purchase.review()).toBe(true);
}

/** A client whose purchases reach the server only when the test says (and whose answer may never come). */
function heldBuys(h: Harness) {
	let release!: () => void;
	const released = new Promise<void>((resolve) => (release = resolve));
	let answer = true;
	const client = createClient({
		...h.client.options,
		timeoutMs: 600_000,
		transport: async (input, init) => {
			const request = new Request(input, init);
			if (!request.url.endsWith('/buy/energy')) return h.client.options.transport(request);
			await released;
			const response = await h.client.options.transport(request);
			// The page was closed or reloaded: nobody reads the answer.
			if (!answer) await new Promise(() => {});
			return response;
		}
	});
	return {
		client,
		release,
		/** The server handles the purchase, but the page never sees the answer. */
		loseAnswer() {
			answer = false;
			release();
		}
	};
}

/** A client whose order list cannot be read until healed. */
function unreadableList(h: Harness) {
	let failing = true;
	const client = createClient({
		...h.client.options,
		transport: async (input, init) => {
			const request = new Request(input, init);
			if (failing && request.url.endsWith('/order/list')) throw new TypeError('Failed to fetch');
			return h.client.options.transport(request);
		}
	});
	return { client, heal: () => void (failing = false) };
}

/** The demo service's 429 switch for the next purchase. */
async function throttleNextBuy(h: Harness) {
	const body = JSON.stringify({ token: TOKEN, path: '/buy/energy', times: 1 });
	await h.client.options.transport('https://energy.demo/__energy/throttle', {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body
	});
}

const settle = async () => {
	for (let i = 0; i < 30; i++) await new Promise((r) => setTimeout(r, 0));
};
const buys = (h: Harness) => pathsOf(h.requests).filter((p) => p === 'POST /buy/energy').length;

describe('purchases across tabs', () => {
	it('EN-BUY-7: two tabs confirming the same purchase place one order; the second shows it and buys only when confirmed again', async () => {
		const b = browser();
		const held = heldBuys(b.h);
		const { dashboard: first } = await tab(b, { client: held.client });
		const { dashboard: second } = await tab(b);
		review(first);
		review(second);
		await settle();

		const one = first.purchase.confirm();
		await settle();
		const two = second.purchase.confirm();
		await settle();
		expect(second.purchase.step).toBe('placing');
		expect(second.purchase.waiting).toBe(true);
		held.release();
		await Promise.all([one, two]);

		expect(buys(b.h)).toBe(1);
		const placed = first.purchase.result!.order.guid;
		expect(second.purchase.step).toBe('review');
		expect(second.purchase.waiting).toBe(false);
		expect(second.purchase.elsewhere).toMatchObject([{ guid: placed }]);
		expect(second.purchase.sent).toBe(0);
		// The second tab's list shows the first tab's order.
		expect(second.list.page?.data.map((o) => o.guid)).toContain(placed);

		// Confirming again is a deliberate second purchase, and it is not flagged as a double.
		await second.purchase.confirm();
		expect(buys(b.h)).toBe(2);
		expect(second.purchase.step).toBe('done');
		expect(second.purchase.result!.order.guid).not.toBe(placed);
		expect(second.purchase.elsewhere).toEqual([]);
		expect(second.purchase.duplicates).toEqual([]);
	});

	it('a purchase of something else in another tab does not hold up a confirm', async () => {
		const b = browser();
		const { dashboard: first } = await tab(b);
		const { dashboard: second } = await tab(b);
		review(second);
		review(first, { amount: '131000' });
		await first.purchase.confirm();
		await second.purchase.confirm();
		expect(second.purchase.step).toBe('done');
		expect(buys(b.h)).toBe(2);
	});

	it('a purchase made in another tab before this review began is not in the way', async () => {
		const b = browser();
		const { dashboard: first, m } = await tab(b);
		review(first);
		await first.purchase.confirm();
		await m.advance(1);
		const { dashboard: second } = await tab(b, { m });
		review(second);
		await second.purchase.confirm();
		expect(second.purchase.step).toBe('done');
		expect(buys(b.h)).toBe(2);
	});

	it('EN-BUY-1: the pending purchase holds the request fields, the snapshot, the start and the API root, never the token', async () => {
		const b = browser();
		const held = heldBuys(b.h);
		const writes: string[] = [];
		const setItem = b.storage.setItem;
		b.storage.setItem = (key, value) => {
			writes.push(`${key}=${value}`);
			setItem(key, value);
		};
		const { dashboard } = await tab(b, { client: held.client });
		review(dashboard);
		const confirmed = dashboard.purchase.confirm();
		await settle();
		const [stored] = JSON.parse(b.storage.getItem(PENDING_KEY) ?? '[]') as PendingPurchase[];
		expect(stored).toEqual({
			id: expect.any(String),
			apiRoot: BASE,
			request: HOUR_REQUEST,
			before: [31000003, 31000002, 31000001],
			startedAt: 0
		});
		held.release();
		await confirmed;
		expect(b.storage.getItem(PENDING_KEY)).toBeNull();
		expect(writes.length).toBeGreaterThan(0);
		for (const w of writes) expect(w).not.toContain('tabs-secret');
	});

	it('the pending purchase is removed once the answer is in: placed, refused, or reconciled; kept while unknown', async () => {
		const b = browser();
		const { dashboard } = await tab(b);
		const pending = () => new PendingPurchases(b.storage).pending(BASE);

		review(dashboard);
		await dashboard.purchase.confirm();
		expect(dashboard.purchase.step).toBe('done');
		expect(pending()).toEqual([]);

		dashboard.purchase.again();
		review(dashboard, { amount: '131000' });
		await settle();
		b.h.failNext('/buy/energy', true);
		await dashboard.purchase.confirm();
		expect(dashboard.purchase.result?.reconciled).toBe(true);
		expect(pending()).toEqual([]);

		dashboard.purchase.again();
		review(dashboard, { amount: '70000' });
		await settle();
		b.h.failNext('/buy/energy');
		await dashboard.purchase.confirm();
		expect(dashboard.purchase.step).toBe('not-placed');
		expect(pending()).toEqual([]);

		// Refused with an answer (429): nothing was placed.
		dashboard.purchase.again();
		review(dashboard, { amount: '75000' });
		await settle();
		await throttleNextBuy(b.h);
		await dashboard.purchase.confirm();
		expect(dashboard.purchase.step).toBe('review');
		expect(dashboard.purchase.problem?.status).toBe(429);
		expect(pending()).toEqual([]);

		dashboard.purchase.again();
		review(dashboard, { amount: '80000' });
		await settle();
		b.h.failNext('/buy/energy', true);
		b.h.failNext('/order/list', false, 1); // the list read after the check for a recent twin
		await dashboard.purchase.confirm();
		expect(dashboard.purchase.step).toBe('unknown');
		expect(pending()).toHaveLength(1);
		await dashboard.purchase.checkAgain();
		expect(dashboard.purchase.step).toBe('done');
		expect(pending()).toEqual([]);
	});
});

describe('purchases across reloads', () => {
	/** A tab confirms, the server places the order, and the page goes away before the answer. */
	async function interrupted(b: Browser, server: 'handles' | 'never sees') {
		const held = heldBuys(b.h);
		// Its lock dies with the page (the browser releases it).
		const { dashboard } = await tab(b, { client: held.client, lock: pageLock() });
		review(dashboard);
		await settle();
		void dashboard.purchase.confirm();
		await settle();
		if (server === 'handles') held.loseAnswer();
		await settle();
		dashboard.book.poller.dispose();
	}

	it('EN-FLOW-1: after a reload, a purchase that was placed is named with its order, and the order is polled', async () => {
		const b = browser();
		await interrupted(b, 'handles');
		expect(buys(b.h)).toBe(1);
		const { dashboard } = await tab(b);
		expect(dashboard.purchase.recovery.items).toMatchObject([
			{ state: 'placed', order: { guid: 31000004 }, pending: { request: HOUR_REQUEST } }
		]);
		expect(dashboard.book.poller.isWatching(31000004)).toBe(true);
		expect(dashboard.book.tracked[31000004]).toBeDefined();
		expect(new PendingPurchases(b.storage).pending(BASE)).toEqual([]);
		expect(buys(b.h)).toBe(1);
	});

	it('after a reload, a purchase the server never saw is "not placed", said only once the grace time has passed', async () => {
		const b = browser();
		await interrupted(b, 'never sees');
		const { dashboard, m } = await tab(b, { recovered: false });
		await settle();
		expect(dashboard.purchase.recovery.items).toMatchObject([
			{ state: 'checking', pending: { request: HOUR_REQUEST } }
		]);
		await m.advance(PENDING_GRACE_MS - 1);
		expect(dashboard.purchase.recovery.items).toMatchObject([{ state: 'checking' }]);
		await m.advance(1);
		await dashboard.recovering;
		expect(dashboard.purchase.recovery.items).toMatchObject([{ state: 'not-placed', order: null }]);
		expect(new PendingPurchases(b.storage).pending(BASE)).toEqual([]);
		expect(buys(b.h)).toBe(0);
	});

	it('an interrupted purchase whose check fails says so, and "Check again" finds the order', async () => {
		const b = browser();
		await interrupted(b, 'handles');
		const list = unreadableList(b.h);
		const { dashboard: d } = await tab(b, { client: list.client });
		expect(d.purchase.recovery.items).toMatchObject([{ state: 'unknown' }]);
		expect(new PendingPurchases(b.storage).pending(BASE)).toHaveLength(1);
		list.heal();
		await d.purchase.recovery.checkAgain(d.purchase.recovery.items[0]!.pending.id);
		expect(d.purchase.recovery.items).toMatchObject([
			{ state: 'placed', order: { guid: 31000004 } }
		]);
		expect(new PendingPurchases(b.storage).pending(BASE)).toEqual([]);
		expect(buys(b.h)).toBe(1);
	});

	it('EN-FLOW-1: a purchase in flight written by the earlier build (its stored record as it was) is still found, reconciled and never sent again', async () => {
		const b = browser();
		const before = [...(await newestGuids(b.h.client))];
		await buyEnergy(b.h.client, HOUR_REQUEST);
		// Exactly what the build before this one wrote under this key, byte for byte.
		b.storage.setItem(
			'energy.purchases.pending',
			JSON.stringify([
				{
					id: 'earlier-build',
					apiRoot: BASE,
					request: {
						format: 'json',
						to: HOUR_REQUEST.to,
						period_type: 'hours',
						period_amount: 1,
						amount_source: 'amount',
						amount: 65000
					},
					before,
					startedAt: 0
				}
			])
		);
		const { dashboard } = await tab(b);
		expect(dashboard.purchase.recovery.items).toMatchObject([
			{ state: 'placed', order: { guid: 31000004 }, pending: { id: 'earlier-build' } }
		]);
		expect(new PendingPurchases(b.storage).pending(BASE)).toEqual([]);
		expect(buys(b.h)).toBe(1);
	});

	it('a pending purchase from another connection is left alone', async () => {
		const b = browser();
		const elsewhere = 'https://other.test/api/v1/private';
		new PendingPurchases(b.storage).begin({
			id: 'x',
			apiRoot: elsewhere,
			request: HOUR_REQUEST,
			before: [],
			startedAt: 0
		});
		const { dashboard } = await tab(b);
		expect(dashboard.purchase.recovery.items).toEqual([]);
		expect(new PendingPurchases(b.storage).pending(elsewhere)).toHaveLength(1);
		// Only the dashboard's own list is read: reconciling would read the list a second time.
		expect(pathsOf(b.h.requests).filter((p) => p === 'POST /order/list')).toHaveLength(1);
	});

	it('a confirm first checks a purchase interrupted in a closed tab: the same order placed there stops this one', async () => {
		const b = browser();
		const { dashboard } = await tab(b);
		review(dashboard);
		await settle();
		// Meanwhile another tab sent the same purchase and was closed before the answer.
		const before = [...(await newestGuids(b.h.client))];
		new PendingPurchases(b.storage).begin({
			id: 'closed-tab',
			apiRoot: BASE,
			request: HOUR_REQUEST,
			before,
			startedAt: 0
		});
		await buyEnergy(b.h.client, HOUR_REQUEST);
		await dashboard.purchase.confirm();
		expect(buys(b.h)).toBe(1);
		expect(dashboard.purchase.step).toBe('review');
		expect(dashboard.purchase.elsewhere).toMatchObject([{ guid: 31000004 }]);
		expect(dashboard.purchase.recovery.items).toMatchObject([
			{ state: 'placed', order: { guid: 31000004 } }
		]);
	});
});

const unknown = (kind: ApiProblem['kind'], status?: number) =>
	outcomeUnknown(new ApiProblem({ kind, status, message: '', hint: '' }));

describe('a purchase without a readable answer', () => {
	it('may exist on the server when the answer was lost, unreadable or a server failure', () => {
		expect(unknown('cors')).toBe(true);
		expect(unknown('contract', 200)).toBe(true);
		expect(unknown('http', 500)).toBe(true);
	});

	it('did not happen when the server refused it, or the person cancelled before it went', () => {
		expect(unknown('http', 499)).toBe(false);
		expect(unknown('http')).toBe(false);
		expect(unknown('aborted', 500)).toBe(false);
	});

	it("the home page names a purchase by its amount, or plainly when it is an estimate's", () => {
		expect(orderedText(65000)).toBe('Ordered 65,000 energy');
		expect(orderedText(null)).toBe('Ordered energy');
	});
});

describe("what one buy form remembers between a purchase's steps", () => {
	it('a new form knows no purchase and holds no pending purchase', () => {
		const memory = new PurchaseMemory(new PendingPurchases(memoryStorage()), () => 0);
		expect(memory.known).toEqual([]);
		expect(memory.pendingId).toBeNull();
		expect(memory.seenGuids.size).toBe(0);
	});

	it('the pending purchase is kept from sending until the outcome is known; the order placed is then known to this page', () => {
		const store = new PendingPurchases(memoryStorage());
		const memory = new PurchaseMemory(store, () => 1234);
		memory.begin(BASE, HOUR_REQUEST, new Set([7]));
		const id = memory.pendingId!;
		expect(id).toMatch(/^[0-9a-f]{24}$/);
		expect(memory.known).toEqual([id]);
		expect(store.pending(BASE)).toMatchObject([{ id, startedAt: 1234, before: [7] }]);
		memory.finish(31000001);
		expect(memory.pendingId).toBeNull();
		expect(store.pending(BASE)).toEqual([]);
		expect(store.finishedSince(BASE, 0)).toMatchObject([{ id, guid: 31000001 }]);
		expect([...memory.seenGuids]).toEqual([31000001]);
		// Once finished, a second answer changes nothing.
		memory.finish(null);
		expect(store.finishedSince(BASE, 0)).toHaveLength(1);
		expect([...memory.seenGuids]).toEqual([31000001]);
	});

	it('a new purchase leaves an unknown outcome in storage, for the dashboard to reconcile', () => {
		const store = new PendingPurchases(memoryStorage());
		const memory = new PurchaseMemory(store, () => 1);
		memory.begin(BASE, HOUR_REQUEST, new Set());
		memory.dropPending();
		expect(memory.pendingId).toBeNull();
		expect(store.pending(BASE)).toHaveLength(1);
		memory.finish(5);
		expect(store.pending(BASE)).toHaveLength(1);
		expect(store.finishedSince(BASE, 0)).toEqual([]);
	});
});

/** A promise the test settles. */
function gate() {
	let open!: () => void;
	const promise = new Promise<void>((resolve) => (open = resolve));
	return { promise, open };
}

describe('the purchase slot', () => {
	it('is busy while the purchase is sent, and free while what follows a placed order still runs', async () => {
		const slot = new PurchaseSlot(pageLock());
		const sending = gate();
		const following = gate();
		const seen: string[] = [];
		const run = slot.run(async () => {
			await sending.promise;
			return async () => {
				seen.push(`after: busy ${slot.busy}`);
				await following.promise;
			};
		});
		expect(slot.busy).toBe(true);
		sending.open();
		await new Promise((r) => setTimeout(r, 0));
		expect(seen).toEqual(['after: busy false']);
		expect(slot.busy).toBe(false);
		let done = false;
		void run.then(() => (done = true));
		await new Promise((r) => setTimeout(r, 0));
		// run() settles only once what follows has finished, so a caller can await all of it.
		expect(done).toBe(false);
		following.open();
		await run;
		expect(done).toBe(true);
	});

	it("says it waits while another purchase holds the lock, and stops saying so once it is this one's turn", async () => {
		const lock = pageLock();
		const other = gate();
		const holding = lock.run(() => other.promise);
		await new Promise((r) => setTimeout(r, 0));
		const slot = new PurchaseSlot(lock);
		const waiting: boolean[] = [];
		const run = slot.run(
			async () => void waiting.push(slot.busy),
			(w) => waiting.push(w)
		);
		await new Promise((r) => setTimeout(r, 0));
		expect(waiting).toEqual([true]);
		other.open();
		await Promise.all([holding, run]);
		// false when its turn came, busy (true) while its work ran, false again at the end.
		expect(waiting).toEqual([true, false, true, false]);
	});

	it('a purchase step that throws lets go of the slot and says it no longer waits', async () => {
		const slot = new PurchaseSlot(pageLock());
		const waiting: boolean[] = [];
		await expect(
			slot.run(
				() => Promise.reject(new Error('broken')),
				(w) => waiting.push(w)
			)
		).rejects.toThrow('broken');
		expect(slot.busy).toBe(false);
		expect(waiting.at(-1)).toBe(false);
	});
});
