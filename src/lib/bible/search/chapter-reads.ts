// The search's reads of the chapter store (keys [bibleRef, bookRef, chapter]), each in one
// transaction; records the cache did not write are skipped.
import { promisifyRequest, type UseStore } from 'idb-keyval';
import { asRecord } from './records';
import type { ChapterLoader, ChapterText } from './verse-match';

type StoredKey = [string, string, number];

const rangeOf = (bibleRef: string, bookRef?: string): IDBKeyRange =>
	bookRef === undefined
		? IDBKeyRange.bound([bibleRef], [bibleRef, []])
		: IDBKeyRange.bound([bibleRef, bookRef], [bibleRef, bookRef, []]);

const asTexts = (raws: readonly unknown[]): ChapterText[] =>
	raws
		.map(asRecord)
		.filter((r) => r !== undefined)
		.map((r) => ({ book: r.bookRef, chapter: r.chapter, verses: r.verses }));

/** The keys of a translation's stored chapters. */
export function storedKeys(chapters: UseStore, bibleRef: string): Promise<StoredKey[]> {
	return chapters('readonly', (store) =>
		promisifyRequest(store.getAllKeys(rangeOf(bibleRef)) as unknown as IDBRequest<StoredKey[]>)
	);
}

/** The stored chapters of a translation, or of one of its books. */
export function readChapters(
	chapters: UseStore,
	bibleRef: string,
	bookRef?: string
): Promise<ChapterText[]> {
	return chapters('readonly', (store) =>
		promisifyRequest(store.getAll(rangeOf(bibleRef, bookRef)) as IDBRequest<unknown[]>)
	).then(asTexts);
}

/** Reads a translation's stored chapters by [bookRef, chapter]. */
export const chapterLoader =
	(chapters: UseStore, bibleRef: string): ChapterLoader =>
	async (keys) =>
		asTexts(
			await chapters('readonly', (store) =>
				Promise.all(keys.map(([b, c]) => promisifyRequest(store.get([bibleRef, b, c]))))
			)
		);
