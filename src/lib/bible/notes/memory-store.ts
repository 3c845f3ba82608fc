import { isEmpty, refKey, type VerseNote, type VerseRef } from './format';
import { countMerge, emptyMerge, mergeNote, type MergeResult } from './merge';
import type { ImportOptions, NotesBackend } from './store';

/** Verses merged per step of an import, between which the page gets the main thread back. */
const IMPORT_BATCH = 2000;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The notes in memory, for a browser that gives the app no IndexedDB: everything works for the
 * session, and nothing is kept after the tab closes.
 */
export class MemoryNotes implements NotesBackend {
	readonly #records = new Map<string, VerseNote>();

	all(): Promise<VerseNote[]> {
		return Promise.resolve([...this.#records.values()]);
	}

	get(key: string): Promise<VerseNote | undefined> {
		return Promise.resolve(this.#records.get(key));
	}

	update(ref: VerseRef, edit: (stored: VerseNote | undefined) => VerseNote): Promise<VerseNote> {
		const key = refKey(ref);
		const next = edit(this.#records.get(key));
		if (isEmpty(next)) this.#records.delete(key);
		else this.#records.set(key, next);
		return Promise.resolve(next);
	}

	delete(key: string): Promise<void> {
		this.#records.delete(key);
		return Promise.resolve();
	}

	/** Merged in slices; nothing is changed until the last one, so Cancel leaves things as they were. */
	async importNotes(
		incoming: readonly VerseNote[],
		{ signal, onProgress }: ImportOptions = {}
	): Promise<MergeResult> {
		const result = emptyMerge();
		for (let at = 0; at < incoming.length; at += IMPORT_BATCH) {
			signal?.throwIfAborted();
			for (const theirs of incoming.slice(at, at + IMPORT_BATCH))
				countMerge(result, mergeNote(this.#records.get(refKey(theirs)), theirs));
			onProgress?.(Math.min(at + IMPORT_BATCH, incoming.length), incoming.length);
			await nextTask();
		}
		signal?.throwIfAborted();
		for (const n of result.write) this.#records.set(refKey(n), n);
		return result;
	}
}
