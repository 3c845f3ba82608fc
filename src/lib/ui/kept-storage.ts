/**
 * Kept storage: the browser may clear a site's data when the disk fills, unless the site's storage
 * is persistent. The app asks for it (`navigator.storage.persist()`) the first time the person
 * saves something they would miss (a saved request, a note, a reading plan); every area calls
 * `keepStorage()` there, one call. "Your data" in Settings shows the answer. No Svelte here.
 */

/** What the browser said: kept (it will not clear it), may be cleared, or it cannot say. */
export type Persistence = 'kept' | 'may-clear' | 'unknown';

let asked: Promise<boolean> | undefined;

function storageManager(): StorageManager | undefined {
	return typeof navigator === 'undefined' ? undefined : navigator.storage;
}

/**
 * Asks once per page for persistent storage, when it is not already so. Never throws and never
 * holds up the save (the answer is only shown in Settings).
 */
export function keepStorage(): void {
	const storage = storageManager();
	if (asked || !storage?.persist) return;
	asked = (async () => {
		try {
			if (await storage.persisted?.()) return true;
			return await storage.persist();
		} catch {
			return false;
		}
	})();
}

/** Whether the browser keeps this site's data, as it says now. */
export async function persistence(): Promise<Persistence> {
	const storage = storageManager();
	if (!storage?.persisted) return 'unknown';
	try {
		return (await storage.persisted()) ? 'kept' : 'may-clear';
	} catch {
		return 'unknown';
	}
}

/** Asks now (the person pressed the button); resolves to what the browser answered. */
export async function askToKeep(): Promise<Persistence> {
	const storage = storageManager();
	if (!storage?.persist) return 'unknown';
	try {
		asked = storage.persist();
		return (await asked) ? 'kept' : 'may-clear';
	} catch {
		return 'unknown';
	}
}

/** How much the site stores and may store, in bytes, as the browser estimates it. */
export async function storageEstimate(): Promise<{ usage: number; quota: number } | undefined> {
	const storage = storageManager();
	if (!storage?.estimate) return undefined;
	try {
		const { usage, quota } = await storage.estimate();
		return usage === undefined || quota === undefined ? undefined : { usage, quota };
	} catch {
		return undefined;
	}
}

/** Test hook: forget that the page asked. */
export function resetKeepStorage(): void {
	asked = undefined;
}
