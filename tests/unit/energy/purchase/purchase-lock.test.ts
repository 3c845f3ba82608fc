import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '$lib/energy/key-value-storage';
import {
	browserPurchaseLock,
	pageLock,
	PURCHASE_LOCK_NAME,
	STORAGE_LOCK_KEY,
	STORAGE_LOCK_TIMING,
	storageLock,
	webLock,
	type LockEnv
} from '$lib/energy/purchase/purchase-lock';

const settle = async () => {
	for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r, 0));
};

/** A clock the test moves; `sleep` resolves when the clock passes its time. */
function virtualTime(start = 1_000_000) {
	let now = start;
	const sleepers: { at: number; wake: () => void }[] = [];
	const env: LockEnv = {
		now: () => now,
		sleep: (ms) => new Promise<void>((wake) => sleepers.push({ at: now + ms, wake }))
	};
	return {
		env,
		get now() {
			return now;
		},
		async advance(ms: number) {
			const end = now + ms;
			await settle();
			for (;;) {
				sleepers.sort((a, b) => a.at - b.at);
				if (!sleepers[0] || sleepers[0].at > end) break;
				const next = sleepers.shift()!;
				now = next.at;
				next.wake();
				await settle();
			}
			now = end;
			await settle();
		}
	};
}

/** A task the test finishes by hand. */
function gate<T = string>() {
	let open!: (value: T) => void;
	let fail!: (error: unknown) => void;
	let started = false;
	const done = new Promise<T>((resolve, reject) => {
		open = resolve;
		fail = reject;
	});
	return {
		task: () => {
			started = true;
			return done;
		},
		open,
		fail,
		get started() {
			return started;
		}
	};
}

const claimOf = (storage: ReturnType<typeof memoryStorage>) => {
	const raw = storage.items.get(STORAGE_LOCK_KEY);
	return raw === undefined ? undefined : (JSON.parse(raw) as { owner: string; aliveAt: number });
};
const otherTab = (storage: ReturnType<typeof memoryStorage>, aliveAt: number) =>
	storage.setItem(STORAGE_LOCK_KEY, JSON.stringify({ owner: 'other-tab', aliveAt }));

describe('purchase lock in storage (no Web Locks)', () => {
	it('a free lock is claimed, trusted after the settle time, and given up when the purchase ends', async () => {
		const time = virtualTime();
		const storage = memoryStorage();
		const lock = storageLock(storage, time.env);
		const job = gate();
		const onWait = vi.fn();
		const result = lock.run(job.task, onWait);
		await time.advance(STORAGE_LOCK_TIMING.settleMs - 1);
		expect(claimOf(storage)).toMatchObject({ aliveAt: time.now - 49 });
		expect(claimOf(storage)!.owner).toMatch(/^[0-9a-f]{24}$/);
		expect(job.started).toBe(false);
		await time.advance(1);
		expect(job.started).toBe(true);
		job.open('placed');
		await expect(result).resolves.toBe('placed');
		expect(storage.items.has(STORAGE_LOCK_KEY)).toBe(false);
		expect(onWait).not.toHaveBeenCalled();
	});

	it("another tab's live claim makes this purchase wait (said once), until that tab lets go", async () => {
		const time = virtualTime();
		const storage = memoryStorage();
		otherTab(storage, time.now);
		const job = gate();
		const onWait = vi.fn();
		const result = storageLock(storage, time.env).run(job.task, onWait);
		for (let s = 0; s < 5; s++) {
			await time.advance(1000);
			otherTab(storage, time.now); // the other tab's heartbeat
		}
		expect(job.started).toBe(false);
		expect(onWait).toHaveBeenCalledTimes(1);
		storage.removeItem(STORAGE_LOCK_KEY);
		await time.advance(STORAGE_LOCK_TIMING.pollMs + STORAGE_LOCK_TIMING.settleMs);
		expect(job.started).toBe(true);
		expect(claimOf(storage)!.owner).not.toBe('other-tab');
		job.open('mine');
		await expect(result).resolves.toBe('mine');
		expect(onWait).toHaveBeenCalledTimes(1);
	});

	it('a claim not renewed for more than 10 s belongs to a closed tab and is taken over', async () => {
		const time = virtualTime();
		const storage = memoryStorage();
		otherTab(storage, time.now - STORAGE_LOCK_TIMING.staleMs - 1);
		const onWait = vi.fn();
		const result = storageLock(storage, time.env).run(async () => 'taken', onWait);
		await time.advance(STORAGE_LOCK_TIMING.settleMs);
		await expect(result).resolves.toBe('taken');
		expect(onWait).not.toHaveBeenCalled();
	});

	it('a claim renewed exactly 10 s ago still holds', async () => {
		const time = virtualTime();
		const storage = memoryStorage();
		otherTab(storage, time.now - STORAGE_LOCK_TIMING.staleMs);
		const job = gate();
		const onWait = vi.fn();
		void storageLock(storage, time.env).run(job.task, onWait);
		await time.advance(0);
		expect(onWait).toHaveBeenCalledTimes(1);
		expect(claimOf(storage)!.owner).toBe('other-tab');
		// One poll later it is over 10 s old: taken.
		await time.advance(STORAGE_LOCK_TIMING.pollMs + STORAGE_LOCK_TIMING.settleMs);
		expect(job.started).toBe(true);
		job.open('x');
	});

	it('while the purchase runs the claim is renewed every second, and not after it ends', async () => {
		const time = virtualTime();
		const storage = memoryStorage();
		const job = gate();
		const result = storageLock(storage, time.env).run(job.task);
		await time.advance(STORAGE_LOCK_TIMING.settleMs);
		const claimedAt = time.now;
		await time.advance(5000);
		expect(claimOf(storage)!.aliveAt).toBe(claimedAt + 5000);
		await time.advance(20_000);
		expect(claimOf(storage)!.aliveAt).toBe(claimedAt + 25_000);
		job.open('done');
		await result;
		await time.advance(5000);
		expect(storage.items.has(STORAGE_LOCK_KEY)).toBe(false);
	});

	it('two tabs claiming at once: the one whose claim was overwritten waits for the other', async () => {
		const time = virtualTime();
		const storage = memoryStorage();
		const job = gate();
		const onWait = vi.fn();
		void storageLock(storage, time.env).run(job.task, onWait);
		await time.advance(10);
		otherTab(storage, time.now); // written during our settle time: the later write wins
		await time.advance(STORAGE_LOCK_TIMING.settleMs + STORAGE_LOCK_TIMING.pollMs);
		expect(job.started).toBe(false);
		expect(onWait).toHaveBeenCalledTimes(1);
		expect(claimOf(storage)!.owner).toBe('other-tab');
		storage.removeItem(STORAGE_LOCK_KEY);
		await time.advance(STORAGE_LOCK_TIMING.pollMs + STORAGE_LOCK_TIMING.settleMs);
		expect(job.started).toBe(true);
		job.open('x');
	});

	it('a claim taken over by another tab meanwhile is neither renewed nor removed by this one', async () => {
		const time = virtualTime();
		const storage = memoryStorage();
		const job = gate();
		const result = storageLock(storage, time.env).run(job.task);
		await time.advance(STORAGE_LOCK_TIMING.settleMs);
		otherTab(storage, 5);
		await time.advance(3000);
		expect(claimOf(storage)).toEqual({ owner: 'other-tab', aliveAt: 5 });
		job.open('x');
		await result;
		expect(claimOf(storage)).toEqual({ owner: 'other-tab', aliveAt: 5 });
	});

	it('a claim wiped by someone else while the purchase runs is not written back', async () => {
		const time = virtualTime();
		const storage = memoryStorage();
		const job = gate();
		const result = storageLock(storage, time.env).run(job.task);
		await time.advance(STORAGE_LOCK_TIMING.settleMs);
		storage.removeItem(STORAGE_LOCK_KEY);
		await time.advance(3000);
		expect(storage.items.has(STORAGE_LOCK_KEY)).toBe(false);
		job.open('x');
		await expect(result).resolves.toBe('x');
	});

	it('an unreadable claim counts as no claim', async () => {
		for (const junk of ['not json', '{"owner":1,"aliveAt":2}', '{"owner":"x"}', 'null']) {
			const time = virtualTime();
			const storage = memoryStorage();
			storage.setItem(STORAGE_LOCK_KEY, junk);
			const onWait = vi.fn();
			const result = storageLock(storage, time.env).run(async () => junk, onWait);
			await time.advance(STORAGE_LOCK_TIMING.settleMs);
			await expect(result).resolves.toBe(junk);
			expect(onWait).not.toHaveBeenCalled();
		}
	});

	it('storage that refuses every call still lets the purchase run, once', async () => {
		const time = virtualTime();
		const refuse = () => {
			throw new DOMException('denied', 'SecurityError');
		};
		const task = vi.fn(async () => 'ran');
		const result = storageLock(
			{ getItem: refuse, setItem: refuse, removeItem: refuse },
			time.env
		).run(task);
		await time.advance(STORAGE_LOCK_TIMING.settleMs);
		await expect(result).resolves.toBe('ran');
		expect(task).toHaveBeenCalledTimes(1);
	});

	it('a full storage (claim not written, removal refused) runs the purchase, and its failure reaches the caller', async () => {
		const time = virtualTime();
		const storage = memoryStorage();
		const lock = storageLock(
			{
				getItem: storage.getItem,
				setItem: () => {
					throw new DOMException('full', 'QuotaExceededError');
				},
				removeItem: storage.removeItem
			},
			time.env
		);
		const failed = expect(
			lock.run(async () => {
				throw new Error('refused');
			})
		).rejects.toThrow('refused');
		await time.advance(STORAGE_LOCK_TIMING.settleMs);
		await failed;
	});

	it('a purchase that fails gives the lock up too', async () => {
		const time = virtualTime();
		const storage = memoryStorage();
		const job = gate();
		const result = storageLock(storage, time.env).run(job.task);
		await time.advance(STORAGE_LOCK_TIMING.settleMs);
		job.fail(new Error('connection dropped'));
		await expect(result).rejects.toThrow('connection dropped');
		expect(storage.items.has(STORAGE_LOCK_KEY)).toBe(false);
		let failingRemove = false;
		const held = storageLock(
			{
				...storage,
				removeItem: () => {
					failingRemove = true;
					throw new DOMException('denied', 'SecurityError');
				}
			},
			time.env
		).run(async () => 'second');
		await time.advance(STORAGE_LOCK_TIMING.settleMs);
		await expect(held).resolves.toBe('second');
		expect(failingRemove).toBe(true);
		// The claim it could not remove is no longer renewed: it goes stale for the other tabs.
		const endedAt = claimOf(storage)!.aliveAt;
		await time.advance(20_000);
		expect(claimOf(storage)!.aliveAt).toBe(endedAt);
	});
});

describe('purchase lock for this page only', () => {
	it('runs one purchase at a time, in order; the one that must wait is told so', async () => {
		const lock = pageLock();
		const first = gate();
		const second = gate();
		const waits: string[] = [];
		const a = lock.run(first.task, () => waits.push('first'));
		await settle();
		const b = lock.run(second.task, () => waits.push('second'));
		await settle();
		expect(first.started).toBe(true);
		expect(second.started).toBe(false);
		expect(waits).toEqual(['second']);
		first.fail(new Error('dropped'));
		await expect(a).rejects.toThrow('dropped');
		await settle();
		expect(second.started).toBe(true);
		second.open('two');
		await expect(b).resolves.toBe('two');
		const onWait = vi.fn();
		await expect(lock.run(async () => 'three', onWait)).resolves.toBe('three');
		expect(onWait).not.toHaveBeenCalled();
	});

	it('a caller that does not ask to be told about waiting still waits its turn', async () => {
		const lock = pageLock();
		const first = gate();
		void lock.run(first.task);
		await settle();
		const second = lock.run(async () => 'second');
		first.open('first');
		await expect(second).resolves.toBe('second');
	});
});

/** The Web Locks API's exclusive mode, enough for one name. */
function fakeLocks() {
	let held = false;
	const queue: (() => void)[] = [];
	const requests: { name: string; ifAvailable: boolean }[] = [];
	const manager = {
		async request(
			name: string,
			...args: [LockOptions, (lock: Lock | null) => unknown] | [(lock: Lock | null) => unknown]
		) {
			const [options, callback] = args.length === 2 ? args : [{}, args[0]];
			requests.push({ name, ifAvailable: options.ifAvailable === true });
			if (held && options.ifAvailable) return callback(null);
			if (held) await new Promise<void>((resume) => queue.push(resume));
			held = true;
			try {
				return await callback({ name, mode: 'exclusive' } as Lock);
			} finally {
				held = false;
				queue.shift()?.();
			}
		}
	};
	return { manager: manager as unknown as LockManager, requests };
}

describe('purchase lock with Web Locks', () => {
	it("a free lock runs the purchase at once under the app's lock name", async () => {
		const locks = fakeLocks();
		const onWait = vi.fn();
		await expect(webLock(locks.manager).run(async () => 7, onWait)).resolves.toBe(7);
		expect(onWait).not.toHaveBeenCalled();
		expect(locks.requests).toEqual([{ name: PURCHASE_LOCK_NAME, ifAvailable: true }]);
		expect(PURCHASE_LOCK_NAME).toBe('energy-purchase');
	});

	it('a held lock: told to wait, then run once the other purchase ends', async () => {
		const locks = fakeLocks();
		const other = gate();
		const mine = gate();
		const onWait = vi.fn();
		const a = webLock(locks.manager).run(other.task);
		const b = webLock(locks.manager).run(mine.task, onWait);
		await settle();
		expect(onWait).toHaveBeenCalledTimes(1);
		expect(mine.started).toBe(false);
		other.open('theirs');
		await a;
		await settle();
		expect(mine.started).toBe(true);
		mine.open('mine');
		await expect(b).resolves.toBe('mine');
		expect(locks.requests.at(-1)).toEqual({ name: PURCHASE_LOCK_NAME, ifAvailable: false });
		// Without onWait it waits all the same.
		const third = gate();
		const c = webLock(locks.manager).run(third.task);
		const d = webLock(locks.manager).run(async () => 'fourth');
		await settle();
		third.open('third');
		await expect(c).resolves.toBe('third');
		await expect(d).resolves.toBe('fourth');
	});
});

describe('the lock a browser gets', () => {
	afterEach(() => {
		vi.unstubAllGlobals();
		vi.useRealTimers();
	});

	it('Web Locks where the browser has them', async () => {
		const locks = fakeLocks();
		vi.stubGlobal('navigator', { locks: locks.manager });
		await browserPurchaseLock().run(async () => 1);
		expect(locks.requests).toHaveLength(1);
	});

	it('without Web Locks, a claim in localStorage, renewed on the real clock', async () => {
		vi.useFakeTimers({ now: 5_000_000 });
		const storage = memoryStorage();
		vi.stubGlobal('navigator', {});
		vi.stubGlobal('localStorage', storage);
		const job = gate();
		const result = browserPurchaseLock().run(job.task);
		await vi.advanceTimersByTimeAsync(STORAGE_LOCK_TIMING.settleMs - 1);
		expect(job.started).toBe(false);
		await vi.advanceTimersByTimeAsync(1);
		expect(job.started).toBe(true);
		await vi.advanceTimersByTimeAsync(3000);
		expect(claimOf(storage)!.aliveAt).toBe(5_000_000 + 3050);
		job.open('ok');
		await expect(result).resolves.toBe('ok');
		expect(storage.items.has(STORAGE_LOCK_KEY)).toBe(false);
	});

	it('with neither, purchases of this page run at once, one at a time', async () => {
		vi.useFakeTimers();
		vi.stubGlobal('navigator', undefined);
		vi.stubGlobal('localStorage', undefined);
		const lock = browserPurchaseLock();
		const first = gate();
		const onWait = vi.fn();
		void lock.run(first.task);
		await vi.advanceTimersByTimeAsync(0);
		expect(first.started).toBe(true);
		const second = lock.run(async () => 'second', onWait);
		await vi.advanceTimersByTimeAsync(0);
		expect(onWait).toHaveBeenCalledTimes(1);
		first.open('first');
		await expect(second).resolves.toBe('second');
	});
});
