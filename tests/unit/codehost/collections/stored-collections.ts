/** Tests' view of the saved requests' IndexedDB, as format 2 keeps them. */
import { clear, createStore, get, getMany } from 'idb-keyval';
import type { Collection } from '$lib/codehost/collections/collections';
import {
	STORE_KEYS,
	type CollectionRecord,
	type OrderRecord
} from '$lib/codehost/collections/store';

export const collectionsDb = () => createStore('codehost-collections', 'kv');

/** The collections stored, in their order; undefined if nothing was ever written. */
export async function storedCollections(): Promise<Collection[] | undefined> {
	const db = collectionsDb();
	const order = await get<OrderRecord>(STORE_KEYS.order, db);
	if (!order) return undefined;
	const records = await getMany<CollectionRecord>(
		order.collections.map((e) => STORE_KEYS.collection(e.id)),
		db
	);
	return records.flatMap((r) => (r ? [r.collection] : []));
}

/** Empties the store: every record, whatever its format. */
export const clearCollections = () => clear(collectionsDb());
