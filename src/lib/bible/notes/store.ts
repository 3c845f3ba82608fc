import { createStore, del, entries, set, setMany, type UseStore } from 'idb-keyval';
import {
	HIGHLIGHTS,
	isEmpty,
	mergeNotes,
	parseNotesFile,
	refKey,
	validRef,
	type MergeResult,
	type VerseNote
} from './format';

/**
 * The notes' own IndexedDB database, apart from the chapter cache's ("bible-chapters …") and the
 * search index's: deleting a translation, clearing the chapter cache or switching servers never
 * touches them. One for the whole app (not one per server): a verse is the same verse in Demo and
 * in Live.
 */
export const NOTES_DB = 'bible-notes';

/** A stored record that does not read as one (damaged, written by something else) is left out. */
function readRecord(key: unknown, raw: unknown): VerseNote | undefined {
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

/** Bookmarks, highlights and notes in IndexedDB, one record per verse keyed "John.3.16". */
export class NotesStore {
	readonly #store: UseStore;

	constructor(store?: UseStore) {
		this.#store = store ?? createStore(NOTES_DB, 'notes');
	}

	async all(): Promise<VerseNote[]> {
		const rows = await entries<IDBValidKey, unknown>(this.#store);
		return rows.flatMap(([key, raw]) => readRecord(key, raw) ?? []);
	}

	/** Keeps the record, or removes it when nothing is left on the verse. */
	async put(note: VerseNote): Promise<void> {
		if (isEmpty(note)) await del(refKey(note), this.#store);
		else await set(refKey(note), note, this.#store);
	}

	async delete(key: string): Promise<void> {
		await del(key, this.#store);
	}

	/**
	 * Imports an export file: checked whole first (a refused file throws NotesFileRefused and
	 * nothing is written), then merged with what is here and written in one transaction.
	 */
	async importFile(text: string): Promise<MergeResult> {
		const incoming = parseNotesFile(text);
		const here = new Map((await this.all()).map((n) => [refKey(n), n]));
		const result = mergeNotes(here, incoming);
		if (result.write.length)
			await setMany(
				result.write.map((n) => [refKey(n), n]),
				this.#store
			);
		return result;
	}
}
