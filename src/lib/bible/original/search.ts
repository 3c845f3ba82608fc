// "Search the originals": the Greek New Testament's and the Hebrew Bible's words found by lemma,
// by Strong's number, by form, or by parsing in plain words, offline over the split data
// (split.ts). What is typed says which: "G25" or "H430" a Strong's number; Greek or Hebrew letters
// a lemma (accents, breathings and vowels optional), else a form of that spelling; Latin words a
// parsing ("aorist passive imperative": every word must be in the parsing as the Word panel
// words it).
import { normalizeStrongs } from '../study/format';
import type { StudySource } from '../study/source';
import { type LexiconRow, type OriginalBook, type OriginalText } from './format';
import { describeGreek } from './greek-parsing';
import { describeHebrew } from './hebrew-parsing';
import { originalDir, type FormsChunk, type OriginalIndex } from './split';
import { everyForm, originalIndex, type FormPlace } from './words';

export type SearchKind = 'strongs' | 'lemma' | 'form' | 'parsing';

export interface OriginalHit extends FormPlace {
	text: OriginalText;
}

export interface OriginalSearch {
	kind: SearchKind;
	/** The lemmas found (a lemma or Strong's search): [text, lemma]. */
	lemmas: { text: OriginalText; lemma: string }[];
	/** Places in the Bible's order (the Hebrew Bible's books first). */
	places: OriginalHit[];
	/** Places per book, in the Bible's order. */
	books: { text: OriginalText; bookRef: string; count: number }[];
}

const GREEK = /[\u0370-\u03FF\u1F00-\u1FFF]/;
const HEBREW = /[\u0590-\u05FF]/;

/** For comparing spellings: no accents, breathings or vowel points, lower case, final sigma as σ. */
export const fold = (s: string) =>
	s
		.normalize('NFD')
		.replace(/[\p{M}/]/gu, '')
		.toLowerCase()
		.replaceAll('ς', 'σ')
		.trim();

/** What a query asks for; undefined when it is empty. */
export function searchKind(query: string): SearchKind | undefined {
	const q = query.trim();
	if (!q) return undefined;
	if (normalizeStrongs(q)) return 'strongs';
	if (GREEK.test(q) || HEBREW.test(q)) return 'lemma';
	return 'parsing';
}

/** The words of a parsing, as typed or as described: "third person, singular" → third, person, singular. */
const parsingWords = (s: string) =>
	s
		.toLowerCase()
		.split(/[^\p{L}\d]+/u)
		.filter(Boolean);

async function lexicon(source: StudySource, text: OriginalText): Promise<LexiconRow[]> {
	const files: string[] = [];
	for (let n = 0; ; n++) {
		const file = `${originalDir(text)}/lexicon/${n}.json`;
		if (!source.has(file)) break;
		files.push(file);
	}
	const chunks = (await Promise.all(files.map((f) => source.read(f)))) as LexiconRow[][];
	return chunks.flat();
}

/** The text's books in order, for sorting places. */
async function bookOrder(source: StudySource, text: OriginalText) {
	const index = await originalIndex(source, text);
	return new Map(index.books.map((b, i) => [b.ref, i]));
}

async function placesOf(
	source: StudySource,
	text: OriginalText,
	rows: number[],
	keep: (form: string) => boolean = () => true
): Promise<OriginalHit[]> {
	const found = await Promise.all(rows.map((row) => everyForm(source, text, row)));
	const places = found.flatMap((f) => f.places.filter((p) => keep(p.form)));
	if (rows.length > 1) {
		const order = await bookOrder(source, text);
		places.sort(
			(a, b) =>
				order.get(a.bookRef)! - order.get(b.bookRef)! || a.chapter - b.chapter || a.verse - b.verse
		);
	}
	return places.map((p) => ({ ...p, text }));
}

/** Which texts a script searches: Greek letters the New Testament, Hebrew the Hebrew Bible. */
const textOf = (q: string): OriginalText => (GREEK.test(q) ? 'SBLGNT' : 'WLC');

async function byLemmaOrForm(source: StudySource, query: string) {
	const text = textOf(query);
	const q = fold(query);
	const rows = await lexicon(source, text);
	// The lemma as typed, else every lemma of that spelling without its marks.
	const exact = query.trim().normalize('NFC');
	const same = rows.flatMap((r, row) => (r[0].normalize('NFC') === exact ? [row] : []));
	const lemmas = same.length ? same : rows.flatMap((r, row) => (fold(r[0]) === q ? [row] : []));
	if (lemmas.length)
		return {
			kind: 'lemma' as const,
			lemmas: lemmas.map((row) => ({ text, lemma: rows[row]![0] })),
			places: await placesOf(source, text, lemmas)
		};
	// No lemma of that spelling: the lemmas that have a form of it, and only those places.
	const withForm: number[] = [];
	for (let chunk = 0; ; chunk++) {
		const file = `${originalDir(text)}/forms/${chunk}.json`;
		if (!source.has(file)) break;
		const forms = (await source.read(file)) as FormsChunk;
		for (const [row, [list]] of Object.entries(forms))
			if (list.some((f) => fold(f) === q)) withForm.push(Number(row));
	}
	return {
		kind: 'form' as const,
		lemmas: [],
		places: await placesOf(source, text, withForm, (f) => fold(f) === q)
	};
}

async function byStrongs(source: StudySource, id: string) {
	const text: OriginalText = id.startsWith('G') ? 'SBLGNT' : 'WLC';
	const rows = await lexicon(source, text);
	const found = rows.flatMap((r, row) => (r[1].split(' ').includes(id) ? [row] : []));
	return {
		kind: 'strongs' as const,
		lemmas: found.map((row) => ({ text, lemma: rows[row]![0] })),
		places: await placesOf(source, text, found)
	};
}

/** The codes whose words hold every word asked for. */
function matchingCodes(index: OriginalIndex, text: OriginalText, words: string[]): Set<number> {
	const out = new Set<number>();
	index.codes.forEach((code, i) => {
		let described: string;
		try {
			described = text === 'SBLGNT' ? describeGreek(code) : describeHebrew(code);
		} catch {
			return;
		}
		const have = new Set(parsingWords(described));
		if (words.every((w) => have.has(w))) out.add(i);
	});
	return out;
}

async function byParsing(source: StudySource, query: string) {
	const words = parsingWords(query);
	const places: OriginalHit[] = [];
	// The Hebrew Bible first: the Bible's order.
	for (const text of ['WLC', 'SBLGNT'] as const) {
		const index = await originalIndex(source, text);
		const codes = matchingCodes(index, text, words);
		if (!codes.size) continue;
		const books = (await Promise.all(
			index.books.map((b) => source.read(`${originalDir(text)}/${b.ref}.json`))
		)) as OriginalBook[];
		for (const book of books)
			book.chapters.forEach((verses, c) =>
				verses.forEach((verse, v) => {
					for (const [form, , code] of verse)
						if (codes.has(code))
							places.push({
								text,
								bookRef: book.ref,
								chapter: c + 1,
								verse: v + 1,
								form: form.replaceAll('/', '')
							});
				})
			);
	}
	return { kind: 'parsing' as const, lemmas: [], places };
}

/** Places counted per book, in their order. */
function perBook(places: readonly OriginalHit[]): OriginalSearch['books'] {
	const books: OriginalSearch['books'] = [];
	for (const p of places) {
		const last = books[books.length - 1];
		if (last?.bookRef === p.bookRef && last.text === p.text) last.count++;
		else books.push({ text: p.text, bookRef: p.bookRef, count: 1 });
	}
	return books;
}

/** Searches the original words; undefined for an empty query. */
export async function searchOriginals(
	source: StudySource,
	query: string
): Promise<OriginalSearch | undefined> {
	const kind = searchKind(query);
	if (!kind) return undefined;
	const found =
		kind === 'strongs'
			? await byStrongs(source, normalizeStrongs(query)!)
			: kind === 'lemma'
				? await byLemmaOrForm(source, query)
				: await byParsing(source, query);
	return { ...found, books: perBook(found.places) };
}
