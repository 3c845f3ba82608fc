// Strong's numbers for the KJV: a chapter's words with their numbers, a number's dictionary
// entry, and every verse that has a number (an offline search over the stored KJV).
import {
	dictionaryChunk,
	normalizeStrongs,
	parseStrongsVerse,
	type DictionaryRow,
	type KjvStrongsBook,
	type VersePiece
} from './format';
import type { StudySource } from './source';
import { decodeVerseList, type KjvIndex } from './split';

export interface StrongsEntry {
	/** "G25", "H430". */
	id: string;
	language: 'Greek' | 'Hebrew';
	lemma: string;
	transliteration: string;
	pronunciation: string;
	/** The derivation and the definition, as the dictionary words them. */
	definition: string;
}

export interface VerseRef {
	bookRef: string;
	chapter: number;
	verse: number;
}

export interface StrongsSearch {
	id: string;
	/** Verses in Bible order. */
	verses: VerseRef[];
	/** Verses per book, in Bible order (books without one left out). */
	books: { bookRef: string; count: number }[];
}

const book = (source: StudySource, bookRef: string) =>
	source.read(`kjv/${bookRef}.json`) as Promise<KjvStrongsBook>;

/** Whether the study KJV has this book (OSIS ref, as the reader names books). */
export const hasStrongsBook = (source: StudySource, bookRef: string) =>
	source.has(`kjv/${bookRef}.json`);

/**
 * A KJV chapter's verses as pieces with their Strong's numbers (verses[v - 1]); undefined when the
 * study KJV has no such book or chapter.
 */
export async function strongsChapter(
	source: StudySource,
	bookRef: string,
	chapter: number
): Promise<VersePiece[][] | undefined> {
	if (!hasStrongsBook(source, bookRef)) return undefined;
	const verses = (await book(source, bookRef)).chapters[chapter - 1];
	return verses?.map(parseStrongsVerse);
}

/** One verse of the study KJV, compact form (see format.ts); undefined if there is none. */
export async function kjvVerse(source: StudySource, ref: VerseRef): Promise<string | undefined> {
	if (!hasStrongsBook(source, ref.bookRef)) return undefined;
	return (await book(source, ref.bookRef)).chapters[ref.chapter - 1]?.[ref.verse - 1];
}

/** The dictionary entry of a number ("G25", "g0025", "H430"); undefined when there is none. */
export async function lookupStrongs(
	source: StudySource,
	raw: string
): Promise<StrongsEntry | undefined> {
	const id = normalizeStrongs(raw);
	if (!id) return undefined;
	const file = `strongs/${dictionaryChunk(id)}.json`;
	if (!source.has(file)) return undefined;
	const { entries } = (await source.read(file)) as { entries: DictionaryRow[] };
	const n = Number(id.slice(1));
	const row = entries.find((e) => e[0] === n);
	if (!row) return undefined;
	return {
		id,
		language: id[0] === 'G' ? 'Greek' : 'Hebrew',
		lemma: row[1],
		transliteration: row[2],
		pronunciation: row[3],
		definition: row[4]
	};
}

/** Every verse of the KJV with this number, and how many in each book. */
export async function findEveryVerse(source: StudySource, raw: string): Promise<StrongsSearch> {
	const id = normalizeStrongs(raw);
	const empty = { id: id ?? raw, verses: [], books: [] };
	if (!id) return empty;
	const file = `strongs-verses/${dictionaryChunk(id)}.json`;
	if (!source.has(file)) return empty;
	const [lists, index] = (await Promise.all([
		source.read(file),
		source.read('kjv/index.json')
	])) as [Record<string, string>, KjvIndex];
	const ordinals = Object.hasOwn(lists, id) ? decodeVerseList(lists[id]!) : [];
	return { id, ...versesAt(index, ordinals) };
}

/**
 * Reads what "Find every verse" needs for a number (its verse list, the KJV's index and the book
 * of the first verse found) while its entry is being read, so the search itself only decodes.
 */
export async function prepareEveryVerse(source: StudySource, raw: string): Promise<void> {
	const first = (await findEveryVerse(source, raw)).verses[0];
	if (first) await kjvVerse(source, first);
}

/** Verse numbers in the KJV (0 = Gen 1:1) → references, counted per book. */
export function versesAt(index: KjvIndex, ordinals: readonly number[]) {
	const verses: VerseRef[] = [];
	const books: { bookRef: string; count: number }[] = [];
	let b = 0;
	let c = 0;
	let first = 0; // the ordinal of verse 1 of chapter c + 1 of book b
	for (const n of ordinals) {
		for (;;) {
			const chapters = index.books[b]?.chapters;
			if (!chapters) return { verses, books };
			const length = chapters[c]!;
			if (n < first + length) break;
			first += length;
			if (++c >= chapters.length) {
				c = 0;
				b++;
			}
		}
		const bookRef = index.books[b]!.ref;
		verses.push({ bookRef, chapter: c + 1, verse: n - first + 1 });
		if (books.at(-1)?.bookRef === bookRef) books.at(-1)!.count++;
		else books.push({ bookRef, count: 1 });
	}
	return { verses, books };
}
