/**
 * The saved requests' IndexedDB (`codehost-collections`, store `kv`) as the app keeps it, format 2:
 * an `order` record and one record per collection. For tests that seed or read it directly.
 */
import type { Page } from '@playwright/test';

interface Listed {
	id: string;
	requests: unknown[];
}

/** The records that hold `collections` (format 2), as [key, value] pairs to put. */
export function collectionEntries(collections: readonly Listed[]): [string, unknown][] {
	return [
		['order', { format: 2, collections: collections.map((c) => ({ id: c.id, rev: 1 })) }],
		...collections.map((c): [string, unknown] => [
			`collection:${c.id}`,
			{ format: 2, rev: 1, collection: c }
		])
	];
}

/** The collections held by the store's records (key → value), in their order. */
export function collectionsOf(records: Record<string, unknown>): unknown[] {
	const order = records.order as { collections: { id: string }[] } | undefined;
	return (order?.collections ?? []).map(
		(e) => (records[`collection:${e.id}`] as { collection: unknown } | undefined)?.collection
	);
}

/** Every record of the saved requests' store, key → value. */
export function collectionRecords(page: Page): Promise<Record<string, unknown>> {
	return page.evaluate(
		() =>
			new Promise<Record<string, unknown>>((resolve, reject) => {
				const open = indexedDB.open('codehost-collections');
				open.onupgradeneeded = () => open.result.createObjectStore('kv');
				open.onsuccess = () => {
					const out: Record<string, unknown> = {};
					const tx = open.result.transaction('kv', 'readonly');
					const cursor = tx.objectStore('kv').openCursor();
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
			})
	);
}

/** The collections stored now, in their order. */
export async function storedCollections(page: Page): Promise<unknown[]> {
	return collectionsOf(await collectionRecords(page));
}
