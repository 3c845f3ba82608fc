/**
 * The app-wide answer to "is this browser keeping my data?", for the one notice (StorageNotice).
 * Raised by a store's report (storage-faults.ts) or by the probe at start-up.
 */

// The same signal as storage-faults.ts, looked up by its global key (why: see that file).
type FaultSignal = EventTarget & { failed?: boolean };
const KEY = Symbol.for('api-workbench.storage-fault');
const signal = (): FaultSignal =>
	((globalThis as { [KEY]?: FaultSignal })[KEY] ??= new EventTarget());

export class StorageStatus {
	/** IndexedDB was refused: what the app holds lasts for this page only. */
	unavailable = $state(false);

	constructor() {
		const s = signal();
		if (s.failed) this.unavailable = true;
		else s.addEventListener('fault', () => (this.unavailable = true), { once: true });
	}

	/** Tries IndexedDB once at start-up, so the notice shows before anything is saved. */
	async probe(factory: IDBFactory | undefined = globalThis.indexedDB): Promise<boolean> {
		const ok = await canStore(factory);
		if (!ok) this.unavailable = true;
		return ok;
	}
}

/** Opens a small database and writes to it, as the stores will: a refusal at either step fails. */
async function canStore(factory: IDBFactory | undefined): Promise<boolean> {
	try {
		if (!factory) return false;
		const db = await new Promise<IDBDatabase>((resolve, reject) => {
			const open = factory.open('storage-probe', 1);
			open.onupgradeneeded = () => open.result.createObjectStore('kv');
			open.onsuccess = () => resolve(open.result);
			open.onerror = () => reject(open.error ?? new Error('refused'));
		});
		try {
			await new Promise<void>((resolve, reject) => {
				const tx = db.transaction('kv', 'readwrite');
				tx.objectStore('kv').put(Date.now(), 'probe');
				tx.oncomplete = () => resolve();
				tx.onerror = tx.onabort = () => reject(tx.error ?? new Error('refused'));
			});
		} finally {
			db.close();
		}
		return true;
	} catch (error) {
		// A full disk still keeps what is there: not the "nothing will be kept" case.
		return (error as { name?: string })?.name === 'QuotaExceededError';
	}
}

export const storageStatus = new StorageStatus();
