import { promisifyRequest, type UseStore } from 'idb-keyval';
import { formatOf, NewerData } from '$lib/ui/stored-format';
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

/**
 * The records' format: 2 is a verse's note with `format: 2` in it. Format 1 (builds before
 * versions) is the same without it: it is upgraded the first time every record is read, and a
 * record of a newer format is never overwritten nor deleted (NewerData).
 */
export const NOTES_FORMAT = 2;

/** A verse's note as it is stored. */
export type NoteRecord = VerseNote & { format: typeof NOTES_FORMAT };

export const toRecord = (note: VerseNote): NoteRecord => ({ ...note, format: NOTES_FORMAT });

const newer = (raw: unknown): NewerData | undefined =>
	formatOf(raw) > NOTES_FORMAT
		? new NewerData('notes, bookmarks and highlights', formatOf(raw))
		: undefined;

/**
 * A stored record that does not read as one (damaged, written by something else, or by a newer
 * build) is left out; its `format` is not part of the note.
 */
export function readRecord(key: unknown, raw: unknown): VerseNote | undefined {
	if (typeof key !== 'string' || !raw || typeof raw !== 'object' || newer(raw)) return undefined;
	const { format: _format, ...r } = raw as Partial<NoteRecord>;
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

	/**
	 * Every record, read a page at a time so that no one step holds the page still; records of
	 * format 1 are then upgraded. Throws NewerData if a newer build wrote any (none is changed).
	 */
	async all(): Promise<VerseNote[]> {
		const out: VerseNote[] = [];
		let range: IDBKeyRange | undefined;
		let older = false;
		for (;;) {
			const [keys, values] = await this.#store('readonly', (store) =>
				Promise.all([
					promisifyRequest(store.getAllKeys(range, READ_PAGE)),
					promisifyRequest(store.getAll(range, READ_PAGE) as IDBRequest<unknown[]>)
				])
			);
			keys.forEach((key, i) => {
				const raw = values[i];
				const newerData = newer(raw);
				if (newerData) throw newerData;
				const note = readRecord(key, raw);
				if (!note) return;
				out.push(note);
				if (formatOf(raw) < NOTES_FORMAT) older = true;
			});
			if (keys.length < READ_PAGE) break;
			range = IDBKeyRange.lowerBound(keys.at(-1), true);
		}
		if (older) await this.#upgrade().catch(() => undefined);
		return out;
	}

	/**
	 * Writes every format-1 record as format 2, in one transaction (all upgraded, or, failing, none:
	 * they are read as they are and upgraded next time).
	 */
	#upgrade(): Promise<void> {
		return this.#store('readwrite', (store) => {
			const cursor = store.openCursor();
			cursor.onsuccess = () => {
				const at = cursor.result;
				if (!at) return;
				const note = readRecord(at.key, at.value);
				if (note && formatOf(at.value) < NOTES_FORMAT) at.update(toRecord(note));
				at.continue();
			};
			return promisifyRequest(store.transaction);
		});
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
					const newerData = newer(read.result);
					if (newerData) throw newerData;
					next = edit(readRecord(key, read.result));
					if (isEmpty(next)) store.delete(key);
					else store.put(toRecord(next), key);
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

	/**
	 * Keeps the record as it is, or removes it when nothing is left on the verse. Throws NewerData
	 * if a newer build wrote the verse's record (it is left as it is).
	 */
	async put(note: VerseNote): Promise<void> {
		await this.#overwrite(refKey(note), isEmpty(note) ? undefined : toRecord(note));
	}

	/** Throws NewerData if a newer build wrote the verse's record (it is left as it is). */
	async delete(key: string): Promise<void> {
		await this.#overwrite(key, undefined);
	}

	/** Puts `next` (or, undefined, deletes) at `key` in one transaction, unless a newer build wrote it. */
	#overwrite(key: string, next: NoteRecord | undefined): Promise<void> {
		return this.#store('readwrite', async (store) => {
			const newerData = newer(await promisifyRequest(store.get(key)));
			if (newerData) throw newerData;
			if (next) store.put(next, key);
			else store.delete(key);
			await promisifyRequest(store.transaction);
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
							const newerData = newer(reads[i]!.result);
							if (newerData) throw newerData;
							const outcome = mergeNote(readRecord(key, reads[i]!.result), theirs);
							countMerge(result, outcome);
							if (outcome.kind !== 'unchanged') store.put(toRecord(outcome.write), key);
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

	/** Imports an export file's text whole (a refused file throws FileRefused, writing nothing). */
	async importFile(text: string): Promise<MergeResult> {
		return this.importNotes(parseNotesFile(text));
	}
}
