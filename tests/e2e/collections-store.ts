/**
 * The saved requests' IndexedDB (`codehost-collections`, store `kv`) as the app keeps it, format 2:
 * an `order` record and one record per collection. For tests that seed or read it directly.
 */
import type { Page } from '@playwright/test';
import { storeRecords } from './indexed-db';

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
export const collectionRecords = (page: Page) => storeRecords(page, 'codehost-collections', 'kv');

/** The collections stored now, in their order. */
export async function storedCollections(page: Page): Promise<unknown[]> {
	return collectionsOf(await collectionRecords(page));
}
