/**
 * Where stores say that this browser will not keep their data: a private window, or a site whose
 * storage is blocked, refuses IndexedDB. The stores then keep what they hold in memory for this
 * page, and one notice (StorageNotice, started after the first paint) tells the person that
 * nothing will be kept. Plain TypeScript so that service modules can report without Svelte.
 *
 * The stores and the notice share a signal in the global symbol registry, not this module: a
 * module both used would be bundled with the areas' code, which the home page must not load.
 */

/** Raised once; `failed` tells a notice started later that it already was. */
type FaultSignal = EventTarget & { failed?: boolean };
const KEY = Symbol.for('api-workbench.storage-fault');
const signal = (): FaultSignal =>
	((globalThis as { [KEY]?: FaultSignal })[KEY] ??= new EventTarget());

/** The browser refused a write because the site's storage is full (not because it is off). */
export function isQuotaExceeded(error: unknown): boolean {
	if (!error || typeof error !== 'object') return false;
	const { name, code } = error as { name?: unknown; code?: unknown };
	// 22 is the legacy code of the same error; Firefox once named it NS_ERROR_DOM_QUOTA_REACHED.
	return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22;
}

/**
 * Says that a store could not open or write IndexedDB. A full storage is a different matter (the
 * store says so itself, and what was kept before stays), so it is not reported here.
 */
export function reportStorageFault(error?: unknown): void {
	const s = signal();
	if (s.failed || isQuotaExceeded(error)) return;
	s.failed = true;
	s.dispatchEvent(new Event('fault'));
}

/** A write refused because the site's storage is full; nothing of it was written. */
export class StorageFull extends Error {
	/** `advice`: what the person can do about it, said after the reason. */
	constructor(advice = '') {
		super(`This browser's storage for this site is full.${advice ? ` ${advice}` : ''}`);
		this.name = 'StorageFull';
	}
}

/** For tests: forget a reported fault. */
export function resetStorageFaults(): void {
	signal().failed = false;
}
