// "Search the originals": the Greek New Testament's and the Hebrew Bible's words found by lemma,
// by Strong's number, by form, or by parsing in plain words, offline over the split data
// (split.ts). What is typed says which: "G25" or "H430" a Strong's number; Greek or Hebrew letters
// a lemma (accents, breathings and vowels optional), else a form of that spelling; Latin words a
// parsing ("aorist passive imperative": every word must be in the parsing as the Word panel
// words it).
import { normalizeStrongs } from '../study/format';
import type { StudySource } from '../study/source';
import { ORIGINAL_TEXTS, type LexiconRow, type OriginalBook, type OriginalText } from './format';
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

/** A text's lexicon looked up by spelling and by number, and its books' order: built once. */
interface Lookups {
	rows: LexiconRow[];
	/** Rows by lemma as written (NFC). */
	exact: Map<string, number[]>;
	/** Rows by lemma without its marks (fold). */
	folded: Map<string, number[]>;
	/** Rows by Strong's number ("G25"). */
	strongs: Map<string, number[]>;
	/** Book ref → its place in the text. */
	order: Map<string, number>;
}

const push = (map: Map<string, number[]>, key: string, row: number) => {
	const list = map.get(key);
	if (list) list.push(row);
	else map.set(key, [row]);
};

async function buildLookups(source: StudySource, text: OriginalText): Promise<Lookups> {
	const files: string[] = [];
	for (let n = 0; ; n++) {
		const file = `${originalDir(text)}/lexicon/${n}.json`;
		if (!source.has(file)) break;
		files.push(file);
	}
	const [chunks, index] = await Promise.all([
		Promise.all(files.map((f) => source.read(f))) as Promise<LexiconRow[][]>,
		originalIndex(source, text)
	]);
	const rows = chunks.flat();
	const lookups: Lookups = {
		rows,
		exact: new Map(),
		folded: new Map(),
		strongs: new Map(),
		order: new Map(index.books.map((b, i) => [b.ref, i]))
	};
	rows.forEach(([lemma, numbers], row) => {
		push(lookups.exact, lemma.normalize('NFC'), row);
		push(lookups.folded, fold(lemma), row);
		for (const id of numbers.split(' ')) if (id) push(lookups.strongs, id, row);
	});
	return lookups;
}

/**
 * Each search used to fold and scan the whole lexicon (about 9,000 Hebrew lemmas) again: the
 * lookups are kept per source and text. A failed build is forgotten, so the next search tries again.
 */
const built = new WeakMap<StudySource, Map<OriginalText, Promise<Lookups>>>();

function lookupsOf(source: StudySource, text: OriginalText): Promise<Lookups> {
	let texts = built.get(source);
	if (!texts) built.set(source, (texts = new Map()));
	let lookups = texts.get(text);
	if (!lookups) {
		lookups = buildLookups(source, text);
		texts.set(text, lookups);
		lookups.catch(() => {
			if (texts.get(text) === lookups) texts.delete(text);
		});
	}
	return lookups;
}

/**
 * Reads what every search of both texts needs (their lexicons and indexes) and builds the
 * lookups, ahead of the first search: the search box calls it when it is first used, so the
 * search itself reads only the places of what is asked. A failure is forgotten (the search tries
 * again).
 */
export async function prepareOriginalSearch(source: StudySource): Promise<void> {
	await Promise.all(ORIGINAL_TEXTS.map((text) => lookupsOf(source, text)));
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
		const { order } = await lookupsOf(source, text);
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
	const { rows, exact, folded } = await lookupsOf(source, text);
	// The lemma as typed, else every lemma of that spelling without its marks.
	const lemmas = exact.get(query.trim().normalize('NFC')) ?? folded.get(q) ?? [];
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
	const { rows, strongs } = await lookupsOf(source, text);
	const found = strongs.get(id) ?? [];
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
