// The Greek and Hebrew texts' words: a chapter's, a lemma's entry, and every place a lemma stands
// with the form it has there (an offline search over the split data, see split.ts).
import type { StudySource } from '../study/source';
import { decodeVerseList } from '../study/verse-list';
import { versesAt, type VerseRef } from '../study/strongs';
import {
	formsChunk,
	lexiconChunk,
	LEXICON_CHUNK,
	type LexiconRow,
	type OriginalBook,
	type OriginalText,
	type OriginalWord
} from './format';
import { originalDir, type FormsChunk, type OriginalIndex } from './split';

export const originalIndex = (source: StudySource, text: OriginalText) =>
	source.read(`${originalDir(text)}/index.json`) as Promise<OriginalIndex>;

/** Whether the text has this book (the Greek New Testament has no Genesis). */
export const hasOriginalBook = (source: StudySource, text: OriginalText, bookRef: string) =>
	source.has(`${originalDir(text)}/${bookRef}.json`);

export interface OriginalChapter {
	/** verses[v - 1]: the verse's words in order. */
	verses: OriginalWord[][];
	/** The text's parsing codes, by a word's third element. */
	codes: readonly string[];
}

/** A chapter's words; undefined when the text has no such book or chapter. */
export async function originalChapter(
	source: StudySource,
	text: OriginalText,
	bookRef: string,
	chapter: number
): Promise<OriginalChapter | undefined> {
	if (!hasOriginalBook(source, text, bookRef)) return undefined;
	const [book, index] = await Promise.all([
		source.read(`${originalDir(text)}/${bookRef}.json`) as Promise<OriginalBook>,
		originalIndex(source, text)
	]);
	const verses = book.chapters[chapter - 1];
	return verses && { verses, codes: index.codes };
}

export interface Lemma {
	row: number;
	lemma: string;
	/** "G25", "H7225"; the first of several. */
	strongs: string[];
	gloss: string;
	transliteration: string;
}

/** A lexicon row; undefined when there is none (a word whose lemma the source leaves out). */
export async function lemmaAt(
	source: StudySource,
	text: OriginalText,
	row: number
): Promise<Lemma | undefined> {
	if (!Number.isInteger(row) || row < 0) return undefined;
	const file = `${originalDir(text)}/lexicon/${lexiconChunk(row)}.json`;
	if (!source.has(file)) return undefined;
	const rows = (await source.read(file)) as LexiconRow[];
	const found = rows[row % LEXICON_CHUNK];
	if (!found) return undefined;
	const [lemma, strongs, gloss, transliteration] = found;
	return { row, lemma, strongs: strongs.split(' ').filter(Boolean), gloss, transliteration };
}

export interface FormPlace extends VerseRef {
	form: string;
}

export interface EveryForm {
	row: number;
	/** Places in the text's order (a verse with the lemma twice is there twice). */
	places: FormPlace[];
	/** Places per book, in the text's order. */
	books: { bookRef: string; count: number }[];
	/** Places per form, the most used first. */
	forms: { form: string; count: number }[];
}

/** Every place a lemma stands, the form it has in each, counted per book and per form. */
export async function everyForm(
	source: StudySource,
	text: OriginalText,
	row: number
): Promise<EveryForm> {
	const empty: EveryForm = { row, places: [], books: [], forms: [] };
	const file = `${originalDir(text)}/forms/${formsChunk(row)}.json`;
	if (!Number.isInteger(row) || row < 0 || !source.has(file)) return empty;
	const [chunk, index] = (await Promise.all([source.read(file), originalIndex(source, text)])) as [
		FormsChunk,
		OriginalIndex
	];
	const found = Object.hasOwn(chunk, row) ? chunk[row] : undefined;
	if (!found) return empty;
	const [forms, ordinals, which] = found;
	const at = which.split(',').map((w) => parseInt(w, 36));
	const { verses, books } = versesAt(index, decodeVerseList(ordinals));
	const places = verses.map((v, i) => ({ ...v, form: forms[at[i]!]! }));
	const counts = new Map<string, number>();
	for (const p of places) counts.set(p.form, (counts.get(p.form) ?? 0) + 1);
	return {
		row,
		places,
		books,
		forms: [...counts].map(([form, count]) => ({ form, count })).sort((a, b) => b.count - a.count)
	};
}
