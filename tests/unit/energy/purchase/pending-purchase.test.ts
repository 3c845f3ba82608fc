import { afterEach, describe, expect, it, vi } from 'vitest';
import { buyEnergy } from '$lib/energy/api';
import type { BuyRequest } from '$lib/energy/purchase/buy-request';
import {
	FINISHED_KEPT,
	PENDING_GRACE_MS,
	memoryStorage,
	PENDING_KEY,
	PendingPurchases,
	purchaseSummary,
	reconcilePending,
	sameRequest,
	type PendingPurchase
} from '$lib/energy/purchase/pending-purchase';
import {
	storageLock,
	STORAGE_LOCK_TIMING,
	webLock,
	type LockEnv,
	type PurchaseLock
} from '$lib/energy/purchase/purchase-lock';
import { newestGuids } from '$lib/energy/purchase/reconcile';
import { BASE, energyHarness, FRESH, pathsOf, HOUR_REQUEST } from '../helpers';

const aPending = (patch: Partial<PendingPurchase> = {}): PendingPurchase => ({
	id: 'p1',
	apiRoot: BASE,
	request: HOUR_REQUEST,
	before: [31000001, 31000002, 31000003],
	startedAt: 1000,
	...patch
});

/** A promise and the function that settles it. */
function gate() {
	let open!: () => void;
	const opened = new Promise<void>((resolve) => (open = resolve));
	return { opened, open };
}

const flush = async () => {
	for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r, 0));
};

describe('the pending purchases (purchases in flight)', () => {
	it('keeps a pending purchase until the outcome is known, then keeps the outcome for other tabs', () => {
		const store = new PendingPurchases(memoryStorage());
		store.begin(aPending());
		expect(store.pending(BASE)).toEqual([aPending()]);
		store.finish(aPending(), 31000004, 2000);
		expect(store.pending(BASE)).toEqual([]);
		expect(store.finishedSince(BASE, 2000)).toMatchObject([{ id: 'p1', guid: 31000004 }]);
		// Outcomes known before a review began do not concern it.
		expect(store.finishedSince(BASE, 2001)).toEqual([]);
	});

	it('a pending purchase written for another API root is never applied to this one', () => {
		const store = new PendingPurchases(memoryStorage());
		store.begin(aPending({ apiRoot: 'https://other.test/api/v1/private' }));
		store.finish(aPending({ id: 'p2', apiRoot: 'https://other.test/api/v1/private' }), 7, 5);
		expect(store.pending(BASE)).toEqual([]);
		expect(store.finishedSince(BASE, 0)).toEqual([]);
		expect(store.pending('https://other.test/api/v1/private')).toHaveLength(1);
	});

	it('stores only the pending purchase fields, and drops entries it cannot read', () => {
		const storage = memoryStorage();
		const store = new PendingPurchases(storage);
		store.begin({ ...aPending(), token: 'secret' } as PendingPurchase);
		expect(storage.items.get(PENDING_KEY)).not.toContain('secret');
		storage.setItem(PENDING_KEY, JSON.stringify([{ id: 'x', apiRoot: BASE }, aPending()]));
		expect(store.pending(BASE)).toEqual([aPending()]);
		storage.setItem(PENDING_KEY, '{not json');
		expect(store.pending(BASE)).toEqual([]);
	});

	it('keeps only the latest outcomes', () => {
		const store = new PendingPurchases(memoryStorage());
		for (let i = 0; i < FINISHED_KEPT + 5; i++) store.finish(aPending({ id: `p${i}` }), i, i);
		const kept = store.finishedSince(BASE, 0);
		expect(kept).toHaveLength(FINISHED_KEPT);
		expect(kept.at(-1)?.id).toBe(`p${FINISHED_KEPT + 4}`);
	});

	it('a storage that refuses writes does not stop a purchase', () => {
		const store = new PendingPurchases({
			getItem: () => null,
			setItem: () => {
				throw new DOMException('full', 'QuotaExceededError');
			},
			removeItem: () => {}
		});
		expect(() => store.begin(aPending())).not.toThrow();
		expect(() => store.finish(aPending(), 1, 1)).not.toThrow();
	});

	it('finishing one purchase leaves the pending purchases and outcomes of the others', () => {
		const store = new PendingPurchases(memoryStorage());
		store.begin(aPending());
		store.begin(aPending({ id: 'p2' }));
		store.finish(aPending({ id: 'p2' }), 31000005, 10);
		expect(store.pending(BASE).map((m) => m.id)).toEqual(['p1']);
		store.finish(aPending(), 31000004, 20);
		expect(store.finishedSince(BASE, 0).map((f) => [f.id, f.guid])).toEqual([
			['p2', 31000005],
			['p1', 31000004]
		]);
		// Beginning the same purchase again replaces its pending purchase; it is not listed twice.
		store.begin(aPending({ id: 'p3' }));
		store.begin(aPending({ id: 'p3' }));
		expect(store.pending(BASE).map((m) => m.id)).toEqual(['p3']);
	});

	it('remembers what was confirmed for each order placed, per API root, the latest purchase first', () => {
		const store = new PendingPurchases(memoryStorage());
		const week = { ...HOUR_REQUEST, period_type: 'days', period_amount: 7 } as const;
		store.finish(aPending({ id: 'a' }), 31000004, 2000);
		store.finish(aPending({ id: 'b', request: week }), 31000005, 3000);
		store.finish(aPending({ id: 'c', apiRoot: 'https://other.test' }), 31000006, 3000);
		store.finish(aPending({ id: 'd' }), null, 4000);
		expect(store.requestOf(BASE, 31000004)).toEqual(HOUR_REQUEST);
		expect(store.requestOf(BASE, 31000005)).toEqual(week);
		expect(store.requestOf(BASE, 31000006)).toBeNull();
		expect(store.requestOf('https://other.test', 31000006)).toEqual(HOUR_REQUEST);
		expect(store.requestOf(BASE, 1)).toBeNull();
	});

	it('forget() drops one root only', () => {
		const store = new PendingPurchases(memoryStorage());
		store.begin(aPending());
		store.begin(aPending({ id: 'p2', apiRoot: 'https://other.test/api/v1/private' }));
		store.finish(aPending({ id: 'p3' }), 1, 1);
		store.finish(aPending({ id: 'p4', apiRoot: 'https://other.test/api/v1/private' }), 2, 2);
		store.forget(BASE);
		expect(store.pending(BASE)).toEqual([]);
		expect(store.finishedSince(BASE, 0)).toEqual([]);
		expect(store.pending('https://other.test/api/v1/private')).toHaveLength(1);
		expect(store.finishedSince('https://other.test/api/v1/private', 0)).toHaveLength(1);
	});
});

describe('what counts as the same purchase', () => {
	it('EN-BUY-1: same address, period and amount (or estimate details)', () => {
		expect(sameRequest(HOUR_REQUEST, { ...HOUR_REQUEST })).toBe(true);
		expect(sameRequest(HOUR_REQUEST, { ...HOUR_REQUEST, amount: 131000 })).toBe(false);
		expect(sameRequest(HOUR_REQUEST, { ...HOUR_REQUEST, period_type: 'days' })).toBe(false);
		expect(
			sameRequest(HOUR_REQUEST, { ...HOUR_REQUEST, to: 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb' })
		).toBe(false);
		const estimate: BuyRequest = {
			format: 'json',
			to: FRESH,
			period_type: 'days',
			period_amount: 1,
			amount_source: 'estimate',
			estimate_to: FRESH,
			estimate_token: 'USDT',
			estimate_adjust_percent: '0.04'
		};
		expect(sameRequest(estimate, { ...estimate, estimate_adjust_percent: '0.040' })).toBe(true);
		expect(sameRequest(estimate, { ...estimate, estimate_adjust_percent: '0.05' })).toBe(false);
		expect(sameRequest(estimate, { ...estimate, estimate_to: HOUR_REQUEST.to + ',' + FRESH })).toBe(
			false
		);
		expect(sameRequest(estimate, { ...estimate, period_amount: 3 })).toBe(false);
		expect(sameRequest(HOUR_REQUEST, estimate)).toBe(false);
		expect(sameRequest(estimate, { ...estimate, estimate_token: 'USDC' })).toBe(false);
		expect(sameRequest(estimate, HOUR_REQUEST)).toBe(false);
	});

	it('names the purchase in words', () => {
		expect(purchaseSummary(HOUR_REQUEST)).toBe(`65,000 energy for ${FRESH} for 1 hour`);
	});
});

/** The Web Locks API as the browser behaves: one holder per name, FIFO, `ifAvailable`. */
function fakeLockManager(): LockManager {
	const queues = new Map<string, { tail: Promise<void>; count: number }>();
	const request = async (
		name: string,
		optionsOrCallback: LockOptions | LockGrantedCallback<unknown>,
		maybeCallback?: LockGrantedCallback<unknown>
	) => {
		const [options, callback] =
			typeof optionsOrCallback === 'function'
				? [{} as LockOptions, optionsOrCallback]
				: [optionsOrCallback, maybeCallback!];
		const q = queues.get(name) ?? { tail: Promise.resolve(), count: 0 };
		queues.set(name, q);
		if (options.ifAvailable && q.count > 0) return callback(null);
		q.count++;
		const previous = q.tail;
		let release!: () => void;
		q.tail = new Promise((resolve) => (release = resolve));
		await previous;
		try {
			return await callback({ name, mode: 'exclusive' });
		} finally {
			q.count--;
			release();
		}
	};
	return { request, query: async () => ({ held: [], pending: [] }) };
}

/**
 * localStorage as two tabs in different processes see it: a tab sees its own writes at once and
 * the other tab's only after `lagMs`.
 */
function laggyStorage(lagMs: number) {
	const writes: { key: string; value: string | null; at: number; by: string }[] = [];
	const view = (by: string) => ({
		getItem(key: string) {
			const seen = writes.filter(
				(w) => w.key === key && (w.by === by || Date.now() >= w.at + lagMs)
			);
			return seen.at(-1)?.value ?? null;
		},
		setItem: (key: string, value: string) => void writes.push({ key, value, at: Date.now(), by }),
		removeItem: (key: string) => void writes.push({ key, value: null, at: Date.now(), by })
	});
	return { view };
}

/** Two "tabs" run a purchase each on one lock: the second waits, and says so. */
async function runTwo(a: PurchaseLock, b: PurchaseLock, advance: () => Promise<void> = flush) {
	const log: string[] = [];
	const first = gate();
	const one = a.run(
		async () => {
			log.push('A start');
			await first.opened;
			log.push('A end');
		},
		() => log.push('A waits')
	);
	await advance();
	const two = b.run(
		async () => void log.push('B start'),
		() => log.push('B waits')
	);
	await advance();
	expect(log).toEqual(['A start', 'B waits']);
	first.open();
	await advance();
	await Promise.all([one, two]);
	return log;
}

describe('one purchase at a time across tabs', () => {
	it('Web Locks: a second purchase waits for the first, and knows it is waiting', async () => {
		const locks = fakeLockManager();
		const log = await runTwo(webLock(locks), webLock(locks));
		expect(log).toEqual(['A start', 'B waits', 'A end', 'B start']);
	});

	it('Web Locks: a free lock runs the purchase at once, without a wait notice', async () => {
		const waits: string[] = [];
		const value = await webLock(fakeLockManager()).run(
			async () => 42,
			() => waits.push('wait')
		);
		expect(value).toBe(42);
		expect(waits).toEqual([]);
	});

	describe('without Web Locks: a claim in shared storage', () => {
		afterEach(() => void vi.useRealTimers());
		const env: LockEnv = {
			now: () => Date.now(),
			sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms))
		};
		const tick = async () =>
			void (await vi.advanceTimersByTimeAsync(STORAGE_LOCK_TIMING.pollMs * 2));

		it('a second tab waits for the first, and knows it is waiting', async () => {
			vi.useFakeTimers();
			const storage = memoryStorage();
			const log = await runTwo(storageLock(storage, env), storageLock(storage, env), tick);
			expect(log).toEqual(['A start', 'B waits', 'A end', 'B start']);
		});

		it('two tabs claiming at the same moment: one runs, the other waits', async () => {
			vi.useFakeTimers();
			const shared = laggyStorage(10);
			const log: string[] = [];
			const first = gate();
			const task = (name: string) => async () => {
				log.push(`${name} start`);
				await first.opened;
				log.push(`${name} end`);
			};
			// Neither sees the other's claim yet when it writes its own.
			const a = storageLock(shared.view('A'), env).run(task('A'));
			const b = storageLock(shared.view('B'), env).run(task('B'));
			await tick();
			expect(log).toHaveLength(1);
			first.open();
			await vi.advanceTimersByTimeAsync(STORAGE_LOCK_TIMING.pollMs * 4);
			await Promise.all([a, b]);
			expect(log.map((l) => l.split(' ')[1])).toEqual(['start', 'end', 'start', 'end']);
		});

		it('a claim kept alive is respected however long the purchase takes', async () => {
			vi.useFakeTimers();
			const storage = memoryStorage();
			const long = gate();
			const log: string[] = [];
			const a = storageLock(storage, env).run(async () => {
				await long.opened;
				log.push('A end');
			});
			await tick();
			const b = storageLock(storage, env).run(async () => void log.push('B start'));
			await vi.advanceTimersByTimeAsync(STORAGE_LOCK_TIMING.staleMs * 3);
			expect(log).toEqual([]);
			long.open();
			await tick();
			await Promise.all([a, b]);
			expect(log).toEqual(['A end', 'B start']);
		});

		it('a claim left by a closed tab goes stale and is taken over', async () => {
			vi.useFakeTimers();
			const storage = memoryStorage();
			storage.setItem(
				'energy.purchases.lock',
				JSON.stringify({ owner: 'gone', aliveAt: Date.now() })
			);
			let ran = false;
			const b = storageLock(storage, env).run(async () => void (ran = true));
			await vi.advanceTimersByTimeAsync(STORAGE_LOCK_TIMING.staleMs - 500);
			expect(ran).toBe(false);
			await vi.advanceTimersByTimeAsync(1000);
			await b;
			expect(ran).toBe(true);
		});
	});
});

describe('what became of an interrupted purchase', () => {
	/** A clock the test moves; sleeping moves it. */
	function clockEnv(start: number, onSleep: () => Promise<void> = async () => {}) {
		const env = {
			t: start,
			now: () => env.t,
			sleep: async (ms: number) => {
				env.t += ms;
				await onSleep();
			}
		};
		return env;
	}

	it('EN-FLOW-1: a purchase the server placed is found in the order list, never sent again', async () => {
		const h = energyHarness();
		const before = await newestGuids(h.client);
		const { data } = await buyEnergy(h.client, HOUR_REQUEST);
		const sent = h.requests.length;
		const outcome = await reconcilePending(
			h.client,
			aPending({ before: [...before], startedAt: 0 }),
			clockEnv(1)
		);
		expect(outcome).toMatchObject({ kind: 'placed', order: { guid: data.guid }, duplicates: [] });
		expect(pathsOf(h.requests.slice(sent))).not.toContain('POST /buy/energy');
	});

	it('"not placed" is said only after the grace time, and an order that shows up late is found', async () => {
		const h = energyHarness();
		const before = [...(await newestGuids(h.client))];
		// Nothing yet; the cut-off request reaches the server while we wait.
		const env = clockEnv(1000, async () => void (await buyEnergy(h.client, HOUR_REQUEST)));
		const outcome = await reconcilePending(h.client, aPending({ before, startedAt: 0 }), env);
		expect(env.t).toBe(PENDING_GRACE_MS);
		expect(outcome).toMatchObject({ kind: 'placed', order: { guid: 31000004 } });

		const quiet = clockEnv(1000);
		expect(
			await reconcilePending(h.client, aPending({ before: [31000004], startedAt: 0 }), quiet)
		).toEqual({ kind: 'not-placed' });
		expect(quiet.t).toBe(PENDING_GRACE_MS);
	});

	it('an old pending purchase with no order is "not placed" at once', async () => {
		const h = energyHarness();
		const env = clockEnv(PENDING_GRACE_MS + 1);
		const outcome = await reconcilePending(h.client, aPending({ startedAt: 0 }), env);
		expect(outcome).toEqual({ kind: 'not-placed' });
		expect(env.t).toBe(PENDING_GRACE_MS + 1);
	});

	it('when the order list cannot be read, the outcome is unknown', async () => {
		const h = energyHarness();
		h.failNext('/order/list');
		const outcome = await reconcilePending(h.client, aPending(), clockEnv(1));
		expect(outcome.kind).toBe('unknown');
	});
});

const exact: BuyRequest = {
	format: 'json',
	to: FRESH,
	period_type: 'days',
	period_amount: 3,
	amount_source: 'amount',
	amount: 131000
};
const estimate: BuyRequest = {
	format: 'json',
	to: FRESH,
	period_type: 'hours',
	period_amount: 1,
	amount_source: 'estimate',
	estimate_to: FRESH,
	estimate_token: 'USDT',
	estimate_adjust_percent: '0.04'
};

describe('a purchase named and compared', () => {
	it('names each period and an estimate purchase in words', () => {
		expect(purchaseSummary(exact)).toBe(`131,000 energy for ${FRESH} for 3 days`);
		expect(purchaseSummary(estimate)).toBe(
			`the energy estimated for USDT transfers for ${FRESH} for 1 hour`
		);
		expect(purchaseSummary({ ...exact, period_amount: 4 })).toBe(
			`131,000 energy for ${FRESH} for 4 days`
		);
	});

	it('EN-BUY-1: an exact purchase is never the same as an estimate one, either way round', () => {
		const sameTarget = { ...estimate, period_type: 'days', period_amount: 3 } as BuyRequest;
		expect(sameRequest(exact, sameTarget)).toBe(false);
		expect(sameRequest(sameTarget, exact)).toBe(false);
		expect(sameRequest(estimate, { ...estimate })).toBe(true);
	});
});
