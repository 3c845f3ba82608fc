/**
 * Saved requests in IndexedDB: what is stored is cleaned on the way in, and every change is one
 * transaction. No Svelte here.
 */
import { createStore, get, update, type UseStore } from 'idb-keyval';
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

const KEY = 'collections';

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

	async load(): Promise<Collection[]> {
		if (this.#memory) return this.#memory;
		try {
			this.#last = cleanCollections(await get(KEY, this.#db()));
			return this.#last;
		} catch (error) {
			this.#refused(error);
			return this.#memory ?? this.#last;
		}
	}

	/**
	 * Applies `change` to the collections as stored now and resolves to the result. Throws
	 * StorageFull if the browser's storage is full: then nothing was written.
	 */
	async update(change: (current: Collection[]) => Collection[]): Promise<Collection[]> {
		if (!this.#memory) {
			let result: Collection[] = [];
			try {
				try {
					// IndexedDB copies what it writes: a list of plain objects is written as it is.
					await update<unknown>(
						KEY,
						(current) => (result = change(cleanCollections(current))),
						this.#db()
					);
				} catch (error) {
					if (!isDataCloneError(error)) throw error;
					// It holds a proxy of the page's state (an edit from the form): a plain copy then.
					await update<unknown>(
						KEY,
						(current) => (result = plain(change(cleanCollections(current)))),
						this.#db()
					);
				}
				this.#last = result;
				return result;
			} catch (error) {
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
