/** Storage shared by this browser's tabs, and random ids: its own module, so the pending purchases and the lock need not import each other. */

/** The Storage methods used: localStorage in the browser, a stub in tests. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A Storage that lives as long as the page (no localStorage, or tests). */
export function memoryStorage(): KeyValueStorage & { readonly items: Map<string, string> } {
	const items = new Map<string, string>();
	return {
		items,
		getItem: (key) => items.get(key) ?? null,
		setItem: (key, value) => void items.set(key, String(value)),
		removeItem: (key) => void items.delete(key)
	};
}

/** localStorage when the browser lets us use it, else storage for this page only. */
export function browserStorage(): KeyValueStorage {
	try {
		if (typeof localStorage !== 'undefined') return localStorage;
	} catch {
		// Reading `localStorage` itself throws where storage is blocked.
	}
	return memoryStorage();
}

/** A random id (also where `crypto.randomUUID` is missing: pages not served over HTTPS). */
export function purchaseId(): string {
	const bytes = crypto.getRandomValues(new Uint8Array(12));
	return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
