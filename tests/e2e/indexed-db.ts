/**
 * An app's IndexedDB store read or written directly from a test, as the page sees it: for seeding
 * data a build kept and for checking what is stored.
 */
import type { Page } from '@playwright/test';

/** Every record of a store, key → value (an absent database is made empty). */
export function storeRecords(
	page: Page,
	db: string,
	store: string
): Promise<Record<string, unknown>> {
	return page.evaluate(
		({ db, store }) =>
			new Promise<Record<string, unknown>>((resolve, reject) => {
				const open = indexedDB.open(db);
				open.onupgradeneeded = () => open.result.createObjectStore(store);
				open.onsuccess = () => {
					const out: Record<string, unknown> = {};
					const tx = open.result.transaction(store, 'readonly');
					const cursor = tx.objectStore(store).openCursor();
					cursor.onsuccess = () => {
						const c = cursor.result;
						if (!c) return;
						out[String(c.key)] = c.value;
						c.continue();
					};
					tx.oncomplete = () => {
						open.result.close();
						resolve(out);
					};
					tx.onerror = () => reject(tx.error);
				};
			}),
		{ db, store }
	);
}

/** Puts [key, value] records into a store in one transaction. */
export function putRecords(
	page: Page,
	db: string,
	store: string,
	entries: readonly [string, unknown][]
): Promise<void> {
	return page.evaluate(
		({ db, store, entries }) =>
			new Promise<void>((resolve, reject) => {
				const open = indexedDB.open(db);
				open.onupgradeneeded = () => open.result.createObjectStore(store);
				open.onsuccess = () => {
					const tx = open.result.transaction(store, 'readwrite');
					for (const [k, v] of entries) tx.objectStore(store).put(v, k);
					tx.oncomplete = () => {
						open.result.close();
						resolve();
					};
					tx.onerror = () => reject(tx.error);
				};
			}),
		{ db, store, entries }
	);
}
