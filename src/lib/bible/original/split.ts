// How the original-language data is split into the files the browser loads one at a time (with
// the rest of the study data, by scripts/bible-study-plugin.ts; the unit tests split the same way):
//   original/<TEXT>/index.json        the books, their chapters' lengths (a verse's number in the
//                                     text) and the text's parsing codes (OriginalIndex)
//   original/<TEXT>/<Book>.json       a book's words, verse by verse (OriginalBook)
//   original/<TEXT>/lexicon/<n>.json  LEXICON_CHUNK lexicon rows (LexiconRow[])
//   original/<TEXT>/forms/<n>.json    for each lemma of FORMS_CHUNK rows, every place it stands
//                                     and the form it has there (FormsChunk)
// <TEXT> is SBLGNT or WLC.
import { encodeVerseList } from '../study/verse-list';
import {
	FORMS_CHUNK,
	formsChunk,
	LEXICON_CHUNK,
	lexiconChunk,
	shownForm,
	type OriginalFile,
	type OriginalText
} from './format';

export interface OriginalIndex {
	books: { ref: string; chapters: number[] }[];
	codes: string[];
}

/**
 * A lemma's places: [its forms, the verse numbers in the text (0 = the first verse; one entry a
 * place, so a verse with the lemma twice is there twice) as encodeVerseList writes them, and
 * each place's form (its index in the forms), base 36, separated by commas].
 */
export type LemmaPlaces = [string[], string, string];
/** By lexicon row. */
export type FormsChunk = Record<string, LemmaPlaces>;

export const originalDir = (text: OriginalText) => `original/${text}`;

export function splitOriginalData(file: OriginalFile): Map<string, unknown> {
	const dir = originalDir(file.text);
	const files = new Map<string, unknown>();
	files.set(`${dir}/index.json`, {
		books: file.books.map((b) => ({ ref: b.ref, chapters: b.chapters.map((c) => c.length) })),
		codes: file.codes
	} satisfies OriginalIndex);
	const places = new Map<number, { forms: string[]; ordinals: number[]; which: number[] }>();
	let ordinal = 0;
	for (const book of file.books) {
		files.set(`${dir}/${book.ref}.json`, book);
		for (const chapter of book.chapters)
			for (const verse of chapter) {
				for (const [form, row] of verse) {
					if (row < 0) continue;
					let p = places.get(row);
					if (!p) places.set(row, (p = { forms: [], ordinals: [], which: [] }));
					const shown = shownForm(form);
					let i = p.forms.indexOf(shown);
					if (i < 0) i = p.forms.push(shown) - 1;
					p.ordinals.push(ordinal);
					p.which.push(i);
				}
				ordinal++;
			}
	}
	for (let start = 0; start < file.lexicon.length; start += LEXICON_CHUNK)
		files.set(
			`${dir}/lexicon/${lexiconChunk(start)}.json`,
			file.lexicon.slice(start, start + LEXICON_CHUNK)
		);
	for (let start = 0; start < file.lexicon.length; start += FORMS_CHUNK) {
		const chunk: FormsChunk = {};
		for (let row = start; row < Math.min(start + FORMS_CHUNK, file.lexicon.length); row++) {
			const p = places.get(row);
			if (p)
				chunk[row] = [
					p.forms,
					encodeVerseList(p.ordinals),
					p.which.map((w) => w.toString(36)).join(',')
				];
		}
		files.set(`${dir}/forms/${formsChunk(start)}.json`, chunk);
	}
	return files;
}
