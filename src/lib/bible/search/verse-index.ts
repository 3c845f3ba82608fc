// One translation's word index. MiniSearch, chosen over FlexSearch and Orama (README, Bible reader,
// "Search"): small, no dependencies, per-document add and discard, plain JSON to save and load.
// It finds the candidate verses, word or prefix, accents folded; none of the three matches exact
// phrases, so the verse text then decides phrases and exact accents and gives the highlights, so
// what is marked is what matched.
import MiniSearch, { type Options } from 'minisearch';
import { looseForm, queryTerms, tokenize, type ParsedQuery } from './query';

export interface VerseDoc {
	book: string;
	chapter: number;
	/** The verse's ref as the API gives it (a string, BI-CH-1). */
	verse: string;
	text: string;
}

export interface Hit extends VerseDoc {
	/** [start, end) of each highlighted run in `text`. */
	marks: [number, number][];
}

export interface MatchOptions {
	/** "el" finds "él" too. Off by default: accents are part of the word. */
	loose: boolean;
	/** Only these book refs. */
	books?: ReadonlySet<string>;
}

const SEP = '\u0001';
const WORDS = /[\p{L}\p{M}\p{N}]+/gu;
export const chapterKey = (book: string, chapter: number) => `${book}${SEP}${chapter}`;
const verseId = (book: string, chapter: number, verse: string) =>
	`${book}${SEP}${chapter}${SEP}${verse}`;

const OPTIONS: Options<{ id: string; text: string }> = {
	fields: ['text'],
	storeFields: [],
	// Words only (processTerm folds them): no offsets needed to index.
	tokenize: (text: string) => text.match(WORDS) ?? [],
	processTerm: (term: string) => looseForm(term),
	searchOptions: {
		tokenize: (text: string) => [text],
		processTerm: (term: string) => looseForm(term),
		combineWith: 'AND'
	},
	// Vacuuming runs in the background; a replaced chapter leaves a little dirt until then.
	autoVacuum: { minDirtCount: 200, minDirtFactor: 0.1, batchSize: 2000, batchWait: 5 }
};

/**
 * Where `query` matches `text`: the runs to highlight, or null when it does not match (a word,
 * prefix or phrase missing). Words compare case-folded; accents too only when `loose`.
 */
export function matchVerse(
	text: string,
	query: ParsedQuery,
	loose: boolean
): [number, number][] | null {
	const tokens = tokenize(text);
	const form = loose ? looseForm : (s: string) => s;
	const forms = tokens.map((t) => form(t.term));
	const marks: [number, number][] = [];
	for (const word of query.words) {
		const w = form(word);
		let found = false;
		forms.forEach((f, i) => {
			if (f === w) {
				found = true;
				marks.push([tokens[i]!.start, tokens[i]!.end]);
			}
		});
		if (!found) return null;
	}
	for (const prefix of query.prefixes) {
		const p = form(prefix);
		let found = false;
		forms.forEach((f, i) => {
			if (f.startsWith(p)) {
				found = true;
				marks.push([tokens[i]!.start, tokens[i]!.end]);
			}
		});
		if (!found) return null;
	}
	for (const phrase of query.phrases) {
		const p = phrase.map(form);
		let found = false;
		for (let i = 0; i + p.length <= forms.length; i++) {
			if (p.every((w, j) => forms[i + j] === w)) {
				found = true;
				marks.push([tokens[i]!.start, tokens[i + p.length - 1]!.end]);
			}
		}
		if (!found) return null;
	}
	return mergeRuns(marks);
}

/** Sorted, overlapping or touching runs joined. */
export function mergeRuns(runs: [number, number][]): [number, number][] {
	const sorted = [...runs].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
	const out: [number, number][] = [];
	for (const [s, e] of sorted) {
		const last = out[out.length - 1];
		if (last && s <= last[1]) last[1] = Math.max(last[1], e);
		else out.push([s, e]);
	}
	return out;
}

export interface Snapshot {
	v: 2;
	/** Chapter keys indexed, book and chapter joined by U+0001. */
	chapters: string[];
	/** Each chapter's verse refs, joined by U+0001: to drop a chapter's words without its text. */
	verses: string[];
	/** Some word of the text has accents (exact-accent matching must check the text). */
	accents: boolean;
	/** MiniSearch's own JSON. */
	index: string;
}

/** Reads stored chapters' verses (for the texts of hits); missing ones are left out. */
export type ChapterLoader = (
	keys: readonly [book: string, chapter: number][]
) => Promise<ChapterText[]>;

/** A stored chapter's verses, as the cold-start scan reads them. */
export interface ChapterText {
	book: string;
	chapter: number;
	verses: readonly { ref: string; text: string }[];
}

function parseId(id: string): { book: string; chapter: number; verse: string } {
	const a = id.indexOf(SEP);
	const b = id.indexOf(SEP, a + 1);
	return { book: id.slice(0, a), chapter: Number(id.slice(a + 1, b)), verse: id.slice(b + 1) };
}

/** The term likely to match the fewest verses. */
function mostTelling(terms: { term: string; prefix: boolean }[]): {
	term: string;
	prefix: boolean;
} {
	return terms.reduce((best, t) =>
		t.prefix !== best.prefix ? (t.prefix ? best : t) : t.term.length > best.term.length ? t : best
	);
}

/**
 * The words of a translation's stored chapters. The verse texts are read on demand (a cold start
 * loads only the saved index), and kept once read.
 */
export class TranslationIndex {
	#search: MiniSearch<{ id: string; text: string }>;
	/** Texts read so far, by verse id. */
	readonly #texts = new Map<string, string>();
	/** Verse refs per chapter key, to drop or replace a chapter. */
	readonly #chapters = new Map<string, string[]>();
	#accents = false;

	constructor(snapshot?: Snapshot, loaded?: MiniSearch<{ id: string; text: string }>) {
		this.#search =
			loaded ?? (snapshot ? MiniSearch.loadJSON(snapshot.index, OPTIONS) : new MiniSearch(OPTIONS));
		snapshot?.chapters.forEach((key, i) =>
			this.#chapters.set(key, snapshot.verses[i] ? snapshot.verses[i].split(SEP) : [])
		);
		this.#accents = snapshot?.accents ?? false;
	}

	/**
	 * A saved index, loaded in slices that let the worker answer meanwhile (MiniSearch's own
	 * loading takes about a second for the whole Bible).
	 */
	static async load(snapshot: Snapshot): Promise<TranslationIndex> {
		const search = await MiniSearch.loadJSONAsync(snapshot.index, OPTIONS);
		return new TranslationIndex(snapshot, search);
	}

	get chapterCount(): number {
		return this.#chapters.size;
	}

	hasChapter(book: string, chapter: number): boolean {
		return this.#chapters.has(chapterKey(book, chapter));
	}

	/** Chapter keys the index holds. */
	chapterKeys(): string[] {
		return [...this.#chapters.keys()];
	}

	/** Adds a chapter's verses; a chapter already there is replaced. */
	addChapter(
		book: string,
		chapter: number,
		verses: readonly { ref: string; text: string }[]
	): void {
		const key = chapterKey(book, chapter);
		if (this.#chapters.has(key)) this.removeChapter(book, chapter);
		const refs: string[] = [];
		const docs: { id: string; text: string }[] = [];
		// Not #texts: texts read for searches may hold verses the index has not got yet.
		const seen = new Set<string>();
		for (const v of verses) {
			const id = verseId(book, chapter, v.ref);
			if (seen.has(id)) continue; // a verse ref twice in one chapter: keep the first
			seen.add(id);
			refs.push(v.ref);
			this.#texts.set(id, v.text);
			if (!this.#accents && /[^\p{ASCII}]/u.test(v.text))
				this.#accents = tokenize(v.text).some((t) => looseForm(t.term) !== t.term);
			docs.push({ id, text: v.text });
		}
		this.#search.addAll(docs);
		this.#chapters.set(key, refs);
	}

	removeChapter(book: string, chapter: number): void {
		const key = chapterKey(book, chapter);
		const refs = this.#chapters.get(key);
		if (!refs) return;
		for (const ref of refs) {
			const id = verseId(book, chapter, ref);
			if (this.#search.has(id)) this.#search.discard(id);
			this.#texts.delete(id);
		}
		this.#chapters.delete(key);
	}

	/**
	 * Texts read in bulk (a cold start's scan, or a read after loading): kept for the chapters the
	 * index holds, never replacing a text set since, so phrases and hits need no read later.
	 */
	keepTexts(chapters: readonly ChapterText[]): void {
		for (const c of chapters) {
			if (!this.#chapters.has(chapterKey(c.book, c.chapter))) continue;
			for (const v of c.verses) {
				const id = verseId(c.book, c.chapter, v.ref);
				if (!this.#texts.has(id)) this.#texts.set(id, v.text);
			}
		}
	}

	/** Reads the texts of these verses' chapters if not read yet. */
	async #readTexts(ids: readonly string[], load: ChapterLoader): Promise<void> {
		const missing = new Map<string, [string, number]>();
		for (const id of ids) {
			if (this.#texts.has(id)) continue;
			const { book, chapter } = parseId(id);
			missing.set(chapterKey(book, chapter), [book, chapter]);
		}
		if (!missing.size) return;
		for (const c of await load([...missing.values()]))
			for (const v of c.verses) this.#texts.set(verseId(c.book, c.chapter, v.ref), v.text);
	}

	/**
	 * Every verse the query matches, with its highlights, in `order` (book order, chapter, verse).
	 * Texts and highlights are for the first `limit` only; the rest count.
	 */
	async search(
		query: ParsedQuery,
		options: MatchOptions,
		order: (doc: { book: string; chapter: number; verse: string }) => number,
		limit: number,
		load: ChapterLoader
	): Promise<{ hits: Hit[]; total: number }> {
		// Phrases, and exact accents where the text has any, are decided on the text.
		const check = query.phrases.length > 0 || (!options.loose && this.#accents);
		// When the text decides, the index only narrows the verses down: one telling word does that
		// (a whole word before a prefix, the longest first); scoring "the" or "is" over the whole
		// Bible costs more than checking the few verses with "shepherd".
		const all = queryTerms(query);
		const terms = check && all.length > 1 ? [mostTelling(all)] : all;
		const found = this.#search.search(
			{
				combineWith: 'AND',
				queries: terms.map(({ term, prefix }) => ({ queries: [term], prefix }))
			},
			options.books ? { filter: (r) => options.books!.has(parseId(r.id as string).book) } : {}
		);
		const candidates = found.map((r) => {
			const id = r.id as string;
			const doc = parseId(id);
			return { id, doc, key: order(doc) };
		});
		candidates.sort((a, b) => a.key - b.key);
		let matched = candidates;
		if (check) {
			await this.#readTexts(
				candidates.map((c) => c.id),
				load
			);
			matched = candidates.filter((c) => {
				const text = this.#texts.get(c.id);
				return text !== undefined && matchVerse(text, query, options.loose) !== null;
			});
		}
		const shown = matched.slice(0, limit);
		await this.#readTexts(
			shown.map((c) => c.id),
			load
		);
		const hits = shown.map(({ id, doc }) => {
			const text = this.#texts.get(id) ?? '';
			return { ...doc, text, marks: matchVerse(text, query, options.loose) ?? [] };
		});
		return { hits, total: matched.length };
	}

	snapshot(): Snapshot {
		const entries = [...this.#chapters];
		return {
			v: 2,
			chapters: entries.map(([key]) => key),
			verses: entries.map(([, refs]) => refs.join(SEP)),
			accents: this.#accents,
			index: JSON.stringify(this.#search)
		};
	}
}
