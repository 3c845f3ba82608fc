/**
 * Where stores say that this browser will not keep their data: a private window, or a site whose
 * storage is blocked, refuses IndexedDB. The stores then keep what they hold in memory for this
 * page, and one notice (storage-status.svelte.ts) tells the person that nothing will be kept.
 * Plain TypeScript so that service modules can report without importing Svelte.
 */

let failed = false;
const listeners = new Set<() => void>();

/** The browser refused a write because the site's storage is full (not because it is off). */
export function isQuotaExceeded(error: unknown): boolean {
	if (!error || typeof error !== 'object') return false;
	const { name, code } = error as { name?: unknown; code?: unknown };
	// 22 and 1014 are the legacy codes of Chromium/WebKit and of old Firefox for the same error.
	return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22;
}

/**
 * Says that a store could not open or write IndexedDB. A full storage is a different matter (the
 * store says so itself, and what was kept before stays), so it is not reported here.
 */
export function reportStorageFault(error?: unknown): void {
	if (failed || isQuotaExceeded(error)) return;
	failed = true;
	for (const listener of listeners) listener();
	listeners.clear();
}

/** Calls `listener` once, when the first fault is reported (at once if one already was). */
export function onStorageFault(listener: () => void): void {
	if (failed) listener();
	else listeners.add(listener);
}

/**
 * Opens a small database and writes to it, as the stores will: a refusal at either step (or no
 * IndexedDB at all) is reported. Resolves to whether storage works.
 */
export async function probeStorage(factory: IDBFactory | undefined = globalThis.indexedDB) {
	try {
		if (!factory) throw new Error('No IndexedDB in this browser.');
		const db = await new Promise<IDBDatabase>((resolve, reject) => {
			const open = factory.open('storage-probe', 1);
			open.onupgradeneeded = () => open.result.createObjectStore('kv');
			open.onsuccess = () => resolve(open.result);
			open.onerror = () => reject(open.error ?? new Error('IndexedDB refused to open.'));
		});
		try {
			await new Promise<void>((resolve, reject) => {
				const tx = db.transaction('kv', 'readwrite');
				tx.objectStore('kv').put(Date.now(), 'probe');
				tx.oncomplete = () => resolve();
				tx.onerror = tx.onabort = () => reject(tx.error ?? new Error('IndexedDB refused a write.'));
			});
		} finally {
			db.close();
		}
		return true;
	} catch (error) {
		reportStorageFault(error);
		return false;
	}
}

/** For tests: forget a reported fault. */
export function resetStorageFaults(): void {
	failed = false;
	listeners.clear();
}

/** A write refused because the site's storage is full; nothing of it was written. */
export class StorageFull extends Error {
	/** `advice`: what the person can do about it, said after the reason. */
	constructor(advice = '') {
		super(`This browser's storage for this site is full.${advice ? ` ${advice}` : ''}`);
		this.name = 'StorageFull';
	}
}
