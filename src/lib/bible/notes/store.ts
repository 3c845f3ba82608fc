import { promisifyRequest, type UseStore } from 'idb-keyval';
import {
	HIGHLIGHTS,
	isEmpty,
	parseNotesFile,
	refKey,
	validRef,
	type VerseNote,
	type VerseRef
} from './format';
import { countMerge, emptyMerge, mergeNote, type MergeResult } from './merge';

/**
 * The notes' own IndexedDB database, apart from the chapter cache's ("bible-chapters …") and the
 * search index's: deleting a translation, clearing the chapter cache or switching servers never
 * touches them. One for the whole app (not one per server): a verse is the same verse in Demo and
 * in Live.
 */
export const NOTES_DB = 'bible-notes';

/**
 * Records read or written per step. A step of an import (its reads, merges and writes) took about
 * 15 ms of the main thread for 500 verses here; reading 1,000 stored records back, about 10 ms.
 */
const IMPORT_BATCH = 250;
const READ_PAGE = 1000;

/** The browser gives the app no IndexedDB (blocked, or a private window that refuses it). */
export class StorageUnavailable extends Error {
	constructor(cause?: unknown) {
		super('this browser does not let the app store anything', { cause });
		this.name = 'StorageUnavailable';
	}
}

/**
 * Opens the notes database on first use. An open that fails (or an IndexedDB that is missing or
 * throws) rejects with StorageUnavailable, so the notes can fall back to memory for the session.
 */
export function notesDatabase(dbName = NOTES_DB, storeName = 'notes'): UseStore {
	let db: Promise<IDBDatabase> | undefined;
	const open = () =>
		(db ??= new Promise<IDBDatabase>((resolve, reject) => {
			if (typeof indexedDB === 'undefined') return reject(new StorageUnavailable());
			const request = indexedDB.open(dbName);
			request.onupgradeneeded = () => {
				if (!request.result.objectStoreNames.contains(storeName))
					request.result.createObjectStore(storeName);
			};
			request.onsuccess = () => {
				// A connection the browser closed (Safari does) is opened again on the next use.
				request.result.onclose = () => (db = undefined);
				resolve(request.result);
			};
			request.onerror = () => reject(new StorageUnavailable(request.error));
		}).catch((error: unknown) => {
			throw error instanceof StorageUnavailable ? error : new StorageUnavailable(error);
		}));
	return async (mode, callback) =>
		callback((await open()).transaction(storeName, mode).objectStore(storeName));
}

/** A stored record that does not read as one (damaged, written by something else) is left out. */
export function readRecord(key: unknown, raw: unknown): VerseNote | undefined {
	if (typeof key !== 'string' || !raw || typeof raw !== 'object') return undefined;
	const r = raw as Partial<VerseNote>;
	const ok =
		!validRef(r as VerseNote) &&
		refKey(r as VerseNote) === key &&
		typeof r.bookmark === 'boolean' &&
		(r.highlight === undefined || HIGHLIGHTS.includes(r.highlight)) &&
		typeof r.note === 'string' &&
		Array.isArray(r.labels) &&
		r.labels.every((l) => typeof l === 'string') &&
		typeof r.created === 'number' &&
		typeof r.updated === 'number';
	return ok ? (r as VerseNote) : undefined;
}

export interface ImportOptions {
	/** Aborting it before the end leaves every record as it was. */
	signal?: AbortSignal;
	onProgress?: (done: number, total: number) => void;
}

/** Where notes are kept: IndexedDB (NotesStore), or memory when the browser refuses it. */
export interface NotesBackend {
	all(): Promise<VerseNote[]>;
	get(key: string): Promise<VerseNote | undefined>;
	/** Reads the verse's record, applies `edit` and writes (or removes) the result, as one step. */
	update(ref: VerseRef, edit: (stored: VerseNote | undefined) => VerseNote): Promise<VerseNote>;
	delete(key: string): Promise<void>;
	/** Merges the records in: all of them, or (refused, failed, cancelled) none. */
	importNotes(incoming: readonly VerseNote[], options?: ImportOptions): Promise<MergeResult>;
}

const aborted = (signal: AbortSignal | undefined): Error =>
	asError(signal?.reason ?? new DOMException('The import was cancelled.', 'AbortError'));

/** What a failed transaction gives (its error is null when it was aborted) as an Error. */
const asError = (error: unknown): Error =>
	error instanceof Error ? error : new Error('the browser did not store it');

/** Bookmarks, highlights and notes in IndexedDB, one record per verse keyed "John.3.16". */
export class NotesStore implements NotesBackend {
	readonly #store: UseStore;

	constructor(store?: UseStore) {
		this.#store = store ?? notesDatabase();
	}

	/** Every record, read a page at a time so that no one step holds the page still. */
	async all(): Promise<VerseNote[]> {
		const out: VerseNote[] = [];
		let range: IDBKeyRange | undefined;
		for (;;) {
			const [keys, values] = await this.#store('readonly', (store) =>
				Promise.all([
					promisifyRequest(store.getAllKeys(range, READ_PAGE)),
					promisifyRequest(store.getAll(range, READ_PAGE) as IDBRequest<unknown[]>)
				])
			);
			keys.forEach((key, i) => {
				const note = readRecord(key, values[i]);
				if (note) out.push(note);
			});
			if (keys.length < READ_PAGE) return out;
			range = IDBKeyRange.lowerBound(keys.at(-1), true);
		}
	}

	async get(key: string): Promise<VerseNote | undefined> {
		const raw = await this.#store('readonly', (store) => promisifyRequest(store.get(key)));
		return readRecord(key, raw);
	}

	/**
	 * Read, edit and write in one transaction: an edit made meanwhile in another tab is what
	 * `edit` sees, never overwritten by a copy this tab read earlier.
	 */
	update(ref: VerseRef, edit: (stored: VerseNote | undefined) => VerseNote): Promise<VerseNote> {
		const key = refKey(ref);
		return this.#store('readwrite', (store) => {
			let next: VerseNote | undefined;
			let failure: unknown;
			const read = store.get(key);
			read.onsuccess = () => {
				try {
					next = edit(readRecord(key, read.result));
					if (isEmpty(next)) store.delete(key);
					else store.put(next, key);
				} catch (error) {
					// A write refused at once (e.g. a full disk): nothing of it is kept.
					failure = error;
					store.transaction.abort();
				}
			};
			return promisifyRequest(store.transaction).then(
				() => next!,
				(error: unknown) => Promise.reject(asError(failure ?? error))
			);
		});
	}

	/** Keeps the record as it is, or removes it when nothing is left on the verse. */
	async put(note: VerseNote): Promise<void> {
		await this.#store('readwrite', (store) => {
			if (isEmpty(note)) store.delete(refKey(note));
			else store.put(note, refKey(note));
			return promisifyRequest(store.transaction);
		});
	}

	async delete(key: string): Promise<void> {
		await this.#store('readwrite', (store) => {
			store.delete(key);
			return promisifyRequest(store.transaction);
		});
	}

	/**
	 * Merges the records into what is stored, in ONE transaction (all written, or none: a full
	 * disk, a failure or Cancel leaves every record as it was). Each verse is read, merged and
	 * written inside it, so a note another tab saved meanwhile is merged, not overwritten. The
	 * work goes a batch per IndexedDB event, each its own short task: the page stays responsive.
	 */
	importNotes(incoming: readonly VerseNote[], options: ImportOptions = {}): Promise<MergeResult> {
		const { signal, onProgress } = options;
		if (signal?.aborted) return Promise.reject(aborted(signal));
		return this.#store('readwrite', (store) => {
			const tx = store.transaction;
			const result = emptyMerge();
			let at = 0;
			let failure: unknown;
			const cancel = () => {
				try {
					tx.abort();
				} catch {
					// Already committed: too late to cancel, and the import stands whole.
				}
			};
			signal?.addEventListener('abort', cancel, { once: true });
			const step = () => {
				const slice = incoming.slice(at, at + IMPORT_BATCH);
				if (!slice.length || signal?.aborted) return;
				const reads = slice.map((n) => store.get(refKey(n)));
				reads[reads.length - 1]!.onsuccess = () => {
					try {
						slice.forEach((theirs, i) => {
							const key = refKey(theirs);
							const outcome = mergeNote(readRecord(key, reads[i]!.result), theirs);
							countMerge(result, outcome);
							if (outcome.kind !== 'unchanged') store.put(outcome.write, key);
						});
					} catch (error) {
						// A write refused at once (e.g. a full disk): the whole import is undone.
						failure = error;
						return cancel();
					}
					at += slice.length;
					onProgress?.(at, incoming.length);
					step();
				};
			};
			step();
			return promisifyRequest(tx)
				.then(() => result)
				.catch((error: unknown) =>
					Promise.reject(signal?.aborted ? aborted(signal) : asError(failure ?? tx.error ?? error))
				)
				.finally(() => signal?.removeEventListener('abort', cancel));
		});
	}

	/** Imports an export file's text whole (a refused file throws NotesFileRefused, writing nothing). */
	async importFile(text: string): Promise<MergeResult> {
		return this.importNotes(parseNotesFile(text));
	}
}
