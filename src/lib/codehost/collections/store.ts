/**
 * Saved requests in IndexedDB: what is stored is cleaned on the way in, and every change is one
 * transaction. Format 2: an `order` record lists the collections, each kept in its own record
 * (`collection:<id>`), so a change writes only the collections it changed. A format-1 store (one
 * `collections` record holding the list) is upgraded on open. No Svelte here.
 */
import { createStore, promisifyRequest as ask, type UseStore } from 'idb-keyval';
import { isQuotaExceeded, reportStorageFault, StorageFull } from '$lib/ui/storage-faults';
import { readName, readRequest, type Collection } from './collections';
import { newId } from '../environments/environments';

const isObject = (v: unknown): v is Record<string, unknown> =>
	!!v && typeof v === 'object' && !Array.isArray(v);

/** Cleans what IndexedDB gave back (an older or damaged store) instead of trusting it. */
export function cleanCollections(value: unknown): Collection[] {
	if (!Array.isArray(value)) return [];
	const out: Collection[] = [];
	for (const c of value) {
		try {
			if (!isObject(c) || typeof c.id !== 'string' || !Array.isArray(c.requests)) continue;
			out.push({
				id: c.id,
				name: readName(c.name, 'A collection'),
				requests: c.requests.map((r) => ({
					...readRequest(r, 'a request'),
					id: isObject(r) && typeof r.id === 'string' ? r.id : newId('req')
				}))
			});
		} catch {
			// A damaged collection is left out rather than breaking the list.
		}
	}
	return out;
}

/** The store's records: what the previous build wrote, and what this one writes. */
export const STORE_KEYS = {
	format1: 'collections',
	order: 'order',
	collection: (id: string) => `collection:${id}`
};
export const STORE_FORMAT = 2;

export interface OrderRecord {
	format: typeof STORE_FORMAT;
	collections: { id: string; rev: number }[];
}
export interface CollectionRecord {
	format: typeof STORE_FORMAT;
	rev: number;
	collection: Collection;
}

/** The saved requests were written by a newer build of the app: this one leaves them alone. */
export class NewerFormat extends Error {
	override name = 'NewerFormat';
	constructor(readonly format: number) {
		super(`The saved requests are in format ${format}, newer than this app's ${STORE_FORMAT}.`);
	}
}

/** Throws NewerFormat if a record says it is newer than what this build writes. */
function checkFormat(value: unknown): void {
	if (isObject(value) && typeof value.format === 'number' && value.format > STORE_FORMAT)
		throw new NewerFormat(value.format);
}

/** What is stored now, read inside a transaction, with what a write needs to know of it. */
interface Read {
	list: Collection[];
	/** Per collection id: its stored rev and the (cleaned) collection read. */
	kept: Map<string, { rev: number; collection: Collection }>;
	/** Still the format-1 record: the next write upgrades it and deletes the old key. */
	format1: boolean;
}

async function read(store: IDBObjectStore): Promise<Read> {
	// The whole store in one round trip (its keys and its records, asked at once): the order,
	// then each collection it names, took two, and the explorer's first drawing waited for both.
	const asked = [store.getAllKeys(), store.getAll()] as const;
	const [keys, values] = await Promise.all([ask(asked[0]), ask(asked[1])]);
	const byKey = new Map<IDBValidKey, unknown>(keys.map((key, i) => [key, values[i]]));
	const order = byKey.get(STORE_KEYS.order);
	if (order === undefined) {
		const old = byKey.get(STORE_KEYS.format1);
		checkFormat(old);
		return { list: cleanCollections(old), kept: new Map(), format1: old !== undefined };
	}
	checkFormat(order);
	const entries = isObject(order) && Array.isArray(order.collections) ? order.collections : [];
	const ids = entries.flatMap((e: unknown) =>
		isObject(e) && typeof e.id === 'string' ? [e.id] : []
	);
	const records = ids.map((id) => byKey.get(STORE_KEYS.collection(id)));
	const kept = new Map<string, { rev: number; collection: Collection }>();
	const list: Collection[] = [];
	records.forEach((record, i) => {
		checkFormat(record);
		if (!isObject(record)) return;
		const [collection] = cleanCollections([record.collection]);
		// The record's key names the collection: a record that says otherwise is damaged.
		if (!collection || collection.id !== ids[i] || kept.has(collection.id)) return;
		kept.set(collection.id, { rev: typeof record.rev === 'number' ? record.rev : 0, collection });
		list.push(collection);
	});
	return { list, kept, format1: false };
}

/**
 * Writes `next` over what `before` read: only the collections whose content changed (their rev
 * bumped), the removed ones deleted, and the order. Returns what was written.
 */
function write(store: IDBObjectStore, before: Read, next: readonly Collection[]): Collection[] {
	const written: Collection[] = [];
	const order: OrderRecord = { format: STORE_FORMAT, collections: [] };
	for (let collection of next) {
		if (order.collections.some((e) => e.id === collection.id)) continue;
		const was = before.kept.get(collection.id);
		const same =
			was &&
			(was.collection === collection ||
				JSON.stringify(was.collection) === JSON.stringify(collection));
		const rev = same ? was.rev : (was?.rev ?? 0) + 1;
		if (!same) {
			const key = STORE_KEYS.collection(collection.id);
			try {
				// IndexedDB copies what it writes: a collection of plain objects is written as it is.
				store.put({ format: STORE_FORMAT, rev, collection } satisfies CollectionRecord, key);
			} catch (error) {
				if (!isDataCloneError(error)) throw error;
				// It holds a proxy of the page's state (an edit from the form): a plain copy then.
				collection = plain([collection])[0]!;
				store.put({ format: STORE_FORMAT, rev, collection } satisfies CollectionRecord, key);
			}
		}
		order.collections.push({ id: collection.id, rev });
		written.push(collection);
	}
	for (const id of before.kept.keys())
		if (!order.collections.some((e) => e.id === id)) store.delete(STORE_KEYS.collection(id));
	store.put(order, STORE_KEYS.order);
	if (before.format1) store.delete(STORE_KEYS.format1);
	return written;
}

/** A plain copy: IndexedDB cannot clone Svelte's proxies. */
const plain = (list: readonly Collection[]): Collection[] =>
	JSON.parse(JSON.stringify(list)) as Collection[];

const isDataCloneError = (error: unknown) =>
	error instanceof DOMException && error.name === 'DataCloneError';

/**
 * The IndexedDB side. Every change is read, applied and written in one transaction, so two tabs
 * editing the same collections both keep their edits: the later save changes what the earlier
 * one wrote instead of overwriting it with its own older copy.
 */
export class CollectionStore {
	#store: UseStore | undefined;
	/** What was last read or written: where the page carries on if IndexedDB stops working. */
	#last: Collection[] = [];
	/** Set once IndexedDB refused: the collections then live here, for this page only. */
	#memory: Collection[] | undefined;

	#db(): UseStore {
		this.#store ??= createStore('codehost-collections', 'kv');
		return this.#store;
	}

	/**
	 * `work` in one transaction, resolved once it is committed. If `work` throws, the transaction
	 * is aborted (nothing of it is kept) and its error, or the transaction's own (a full disk), is
	 * thrown.
	 */
	#transaction<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => Promise<T>) {
		return this.#db()(mode, async (store) => {
			const tx = store.transaction;
			const done = new Promise<void>((resolve, reject) => {
				tx.oncomplete = () => resolve();
				tx.onabort = tx.onerror = () =>
					reject(tx.error ?? new DOMException('The transaction was aborted.', 'AbortError'));
			});
			let value: T;
			try {
				value = await work(store);
			} catch (error) {
				try {
					tx.abort();
				} catch {
					// Aborted already (a full disk does that).
				}
				await done.catch(() => undefined);
				throw tx.error ?? error;
			}
			await done;
			return value;
		});
	}

	/** Throws NewerFormat if the saved requests were written by a newer build (none are changed). */
	async load(): Promise<Collection[]> {
		if (this.#memory) return this.#memory;
		let stored: Read;
		try {
			stored = await this.#transaction('readonly', read);
		} catch (error) {
			if (error instanceof NewerFormat) throw error;
			this.#refused(error);
			return this.#memory ?? this.#last;
		}
		this.#last = stored.list;
		if (!stored.format1) return stored.list;
		try {
			return await this.update((list) => list);
		} catch (error) {
			// Not upgraded for want of space: the old record is read as it is, and upgraded later.
			if (error instanceof StorageFull) return stored.list;
			throw error;
		}
	}

	/**
	 * Applies `change` to the collections as stored now and resolves to the result. Throws
	 * StorageFull if the browser's storage is full, NewerFormat if a newer build wrote them: then
	 * nothing was written.
	 */
	async update(change: (current: Collection[]) => Collection[]): Promise<Collection[]> {
		if (!this.#memory) {
			try {
				const result = await this.#transaction('readwrite', async (store) => {
					const before = await read(store);
					return write(store, before, change(before.list));
				});
				this.#last = result;
				return result;
			} catch (error) {
				if (error instanceof NewerFormat) throw error;
				this.#refused(error);
			}
		}
		this.#memory = change(this.#memory ?? this.#last);
		return this.#memory;
	}

	/** Replaces every collection (an import into an empty store, tests). */
	async save(collections: readonly Collection[]): Promise<void> {
		await this.update(() => [...collections]);
	}

	/** Storage full is said to the person; any other refusal turns the store to memory. */
	#refused(error: unknown): void {
		if (isQuotaExceeded(error)) throw new StorageFull();
		// A private window may refuse IndexedDB: collections then last for this page only.
		reportStorageFault(error);
		this.#memory ??= this.#last;
	}
}
