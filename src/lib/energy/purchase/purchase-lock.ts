/** One purchase at a time across this browser's tabs: Web Locks, else a claim in storage. */
import * as v from 'valibot';
import { browserStorage, purchaseId, type KeyValueStorage } from '../key-value-storage';

export const PURCHASE_LOCK_NAME = 'energy-purchase';

export interface PurchaseLock {
	/** Runs `task` while no other purchase of this browser runs; `onWait` once if it must wait. */
	run<T>(task: () => Promise<T>, onWait?: () => void): Promise<T>;
}

/** The Web Locks API: held until `task` settles, and released by the browser if the tab dies. */
export function webLock(locks: LockManager, name = PURCHASE_LOCK_NAME): PurchaseLock {
	return {
		async run<T>(task: () => Promise<T>, onWait?: () => void): Promise<T> {
			const busy = Symbol('busy');
			const first = await locks.request(name, { ifAvailable: true }, (lock) =>
				lock ? task() : busy
			);
			if (first !== busy) return first;
			onWait?.();
			return locks.request(name, () => task());
		}
	};
}

/** A lock for this page only (where there is no shared storage at all). */
export function pageLock(): PurchaseLock {
	let tail: Promise<unknown> = Promise.resolve();
	let held = false;
	return {
		async run<T>(task: () => Promise<T>, onWait?: () => void): Promise<T> {
			if (held) onWait?.();
			const previous = tail;
			let release!: () => void;
			tail = new Promise<void>((resolve) => (release = resolve));
			await previous;
			held = true;
			try {
				return await task();
			} finally {
				held = false;
				release();
			}
		}
	};
}

export interface LockEnv {
	now(): number;
	sleep(ms: number): Promise<void>;
}

export const STORAGE_LOCK_KEY = 'energy.purchases.lock';
export const STORAGE_LOCK_TIMING = {
	/** The holder says it is alive this often. */
	heartbeatMs: 1000,
	/** A lock not renewed for this long belongs to a tab that is gone. */
	staleMs: 10_000,
	/** How often a waiting tab looks again. */
	pollMs: 250,
	/** Time for a concurrent claim to show before ours is trusted. */
	settleMs: 50
};

const StoredLock = v.object({ owner: v.string(), aliveAt: v.number() });

/**
 * The fallback where the Web Locks API is missing (e.g. a page not served over HTTPS): a claim
 * in localStorage, renewed while held. Best effort: storage has no compare-and-set, so the
 * claim is written, left to settle, and trusted only if it is still ours.
 */
export function storageLock(
	storage: KeyValueStorage,
	env: LockEnv,
	timing = STORAGE_LOCK_TIMING
): PurchaseLock {
	const read = () => {
		try {
			const parsed = v.safeParse(StoredLock, JSON.parse(storage.getItem(STORAGE_LOCK_KEY) ?? ''));
			return parsed.success ? parsed.output : null;
		} catch {
			return null;
		}
	};
	const write = (owner: string) => {
		try {
			storage.setItem(STORAGE_LOCK_KEY, JSON.stringify({ owner, aliveAt: env.now() }));
		} catch {
			// Storage refused: this page goes on as if it held the lock.
		}
	};
	return {
		async run<T>(task: () => Promise<T>, onWait?: () => void): Promise<T> {
			const me = purchaseId();
			let waited = false;
			for (;;) {
				const held = read();
				if (!held || env.now() - held.aliveAt > timing.staleMs) {
					write(me);
					await env.sleep(timing.settleMs);
					const now = read();
					if (!now || now.owner === me) break;
				} else if (!waited) {
					waited = true;
					onWait?.();
				}
				await env.sleep(timing.pollMs);
			}
			let holding = true;
			void (async () => {
				while (holding) {
					await env.sleep(timing.heartbeatMs);
					if (holding && read()?.owner === me) write(me);
				}
			})();
			try {
				return await task();
			} finally {
				holding = false;
				if (read()?.owner === me) {
					try {
						storage.removeItem(STORAGE_LOCK_KEY);
					} catch {
						// Nothing to do: the claim goes stale.
					}
				}
			}
		}
	};
}

const realEnv: LockEnv = {
	now: () => Date.now(),
	sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms))
};

/** Web Locks where the browser has them, else the storage claim, else this page alone. */
export function browserPurchaseLock(): PurchaseLock {
	if (typeof navigator !== 'undefined' && navigator.locks) return webLock(navigator.locks);
	if (typeof localStorage !== 'undefined') return storageLock(browserStorage(), realEnv);
	return pageLock();
}
