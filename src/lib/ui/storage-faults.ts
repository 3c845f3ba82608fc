/**
 * Where stores say that this browser will not keep their data: a private window, or a site whose
 * storage is blocked, refuses IndexedDB. The stores then keep what they hold in memory for this
 * page, and one notice (StorageNotice, started after the first paint) tells the person that
 * nothing will be kept. Plain TypeScript so that service modules can report without Svelte.
 *
 * The stores and the notice share a signal in the global symbol registry, not this module: a
 * module both used would be bundled with the areas' code, which the home page must not load.
 */
import { ApiProblem } from '$lib/http/problem';

/** Raised once; `failed` tells a notice started later that it already was. */
type FaultSignal = EventTarget & { failed?: boolean };
const KEY = Symbol.for('api-workbench.storage-fault');
const signal = (): FaultSignal =>
	((globalThis as { [KEY]?: FaultSignal })[KEY] ??= new EventTarget());

/**
 * The browser refused a write because the site's storage is full (not because it is off): a
 * DOMException named QuotaExceededError (legacy code 22), thrown by `setItem` or given as an
 * aborted IndexedDB transaction's error, or an error wrapping one (`cause`, or `inner` as some
 * wrappers name it).
 */
export function isQuotaExceeded(error: unknown): boolean {
	// A few wrappings deep at most: an error may be its own cause.
	for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
		const { name, code, cause, inner } = e as Record<string, unknown>;
		// Firefox once named it NS_ERROR_DOM_QUOTA_REACHED.
		if (
			name === 'QuotaExceededError' ||
			name === 'NS_ERROR_DOM_QUOTA_REACHED' ||
			name === 'StorageFull' ||
			code === 22
		)
			return true;
		e = inner ?? cause;
	}
	return false;
}

/** How the app says it, in every area: one sentence, the reason first. */
export const STORAGE_IS_FULL = "this browser's storage for this site is full";

/**
 * What the person can do about it, anywhere in the app: which data to delete. `first`: a quicker
 * way out, said before it ("Empty {{body}} (6.0 MB)").
 */
export function freeSpace(first?: string): string {
	const what = 'delete saved requests, History or Bible downloads you no longer need';
	return first ? `${first} or free some space (${what})` : `Free some space (${what})`;
}

/**
 * What a store says when a change did not fit: that it was not saved and why, what is kept
 * (`kept`, a sentence), then what the person can do (`room`: freeSpace()) and what
 * happens next (`then`).
 */
export function notSavedFull(kept: string, room: string, then = 'then try again'): string {
	return `Not saved: ${STORAGE_IS_FULL}. ${kept} ${room}, ${then}.`;
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
		super(
			`${STORAGE_IS_FULL[0]!.toUpperCase()}${STORAGE_IS_FULL.slice(1)}.${advice ? ` ${advice}` : ''}`
		);
		this.name = 'StorageFull';
	}
}

/** For tests: forget a reported fault. */
export function resetStorageFaults(): void {
	signal().failed = false;
}

/**
 * What a page shows when what this device keeps could not be read (IndexedDB refused or broke):
 * as a problem like any other, so an AsyncResult holds it beside what was shown. `what` names
 * the data ("History", "your saved requests").
 */
export function notReadProblem(what: string, error: unknown): ApiProblem {
	return new ApiProblem({
		kind: 'parse',
		message: `This browser could not read ${what}.`,
		hint: 'What was shown stays. Reload the page to try again.',
		cause: error
	});
}
