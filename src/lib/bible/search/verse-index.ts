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
export const chapterKey = (book: string, chapter: number) => `${book}${SEP}${chapter}`;
const verseId = (book: string, chapter: number, verse: string) =>
	`${book}${SEP}${chapter}${SEP}${verse}`;

const OPTIONS: Options<{ id: string; text: string }> = {
	fields: ['text'],
	storeFields: [],
	tokenize: (text: string) => tokenize(text).map((t) => t.term),
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
	v: 1;
	/** Chapter keys indexed, book and chapter joined by U+0001. */
	chapters: string[];
	/** When each of those chapters was stored: one stored again since is indexed again. */
	stamps: number[];
	/** MiniSearch's own JSON. */
	index: string;
}

export class TranslationIndex {
	#search: MiniSearch<{ id: string; text: string }>;
	readonly #docs = new Map<string, VerseDoc>();
	/** Verse ids per chapter, to drop or replace a chapter, and when the chapter was stored. */
	readonly #chapters = new Map<string, { ids: string[]; stamp: number }>();
	/** Some word is written with accents: exact-accent matching needs the text checked. */
	#accents = false;

	constructor(snapshot?: Snapshot) {
		this.#search = snapshot
			? MiniSearch.loadJSON(snapshot.index, OPTIONS)
			: new MiniSearch(OPTIONS);
		snapshot?.chapters.forEach((key, i) =>
			this.#chapters.set(key, { ids: [], stamp: snapshot.stamps[i] ?? 0 })
		);
	}

	get chapterCount(): number {
		return this.#chapters.size;
	}

	get verseCount(): number {
		return this.#docs.size;
	}

	hasChapter(book: string, chapter: number): boolean {
		return this.#chapters.has(chapterKey(book, chapter));
	}

	/** Chapter keys the index holds. */
	chapterKeys(): string[] {
		return [...this.#chapters.keys()];
	}

	/**
	 * Adds a chapter's verses; a chapter already there is replaced. `indexed` says the words are
	 * already in the index (loaded from a snapshot) and only the text is needed.
	 */
	addChapter(
		book: string,
		chapter: number,
		verses: readonly { ref: string; text: string }[],
		indexed = false,
		stamp = 0
	): void {
		const key = chapterKey(book, chapter);
		if (this.#chapters.has(key) && !indexed) this.removeChapter(book, chapter);
		const ids: string[] = [];
		const docs: { id: string; text: string }[] = [];
		for (const v of verses) {
			const id = verseId(book, chapter, v.ref);
			if (this.#docs.has(id)) continue; // a verse ref twice in one chapter: keep the first
			ids.push(id);
			this.#docs.set(id, { book, chapter, verse: v.ref, text: v.text });
			if (!this.#accents && /[^\p{ASCII}]/u.test(v.text))
				this.#accents = tokenize(v.text).some((t) => looseForm(t.term) !== t.term);
			docs.push({ id, text: v.text });
		}
		if (!indexed) this.#search.addAll(docs);
		this.#chapters.set(key, { ids, stamp });
	}

	removeChapter(book: string, chapter: number): void {
		const key = chapterKey(book, chapter);
		const ids = this.#chapters.get(key)?.ids;
		if (!ids) return;
		for (const id of ids) {
			if (this.#search.has(id)) this.#search.discard(id);
			this.#docs.delete(id);
		}
		this.#chapters.delete(key);
	}

	/**
	 * Every verse the query matches, with its highlights, in `order` (book order, chapter, verse).
	 * Highlights are computed for the first `limit` only; the rest count.
	 */
	search(
		query: ParsedQuery,
		options: MatchOptions,
		order: (doc: VerseDoc) => number,
		limit: number
	): { hits: Hit[]; total: number } {
		const terms = queryTerms(query);
		const found = this.#search.search(
			{
				combineWith: 'AND',
				queries: terms.map(({ term, prefix }) => ({ queries: [term], prefix }))
			},
			options.books
				? { filter: (r) => options.books!.has(this.#docs.get(r.id as string)?.book ?? '') }
				: {}
		);
		const check = query.phrases.length > 0 || (!options.loose && this.#accents);
		const matched: { doc: VerseDoc; key: number; marks?: [number, number][] }[] = [];
		for (const r of found) {
			const doc = this.#docs.get(r.id as string);
			if (!doc) continue; // words indexed, text not loaded (should not happen): skip
			if (check) {
				const marks = matchVerse(doc.text, query, options.loose);
				if (!marks) continue;
				matched.push({ doc, key: order(doc), marks });
			} else matched.push({ doc, key: order(doc) });
		}
		matched.sort((a, b) => a.key - b.key);
		const hits = matched.slice(0, limit).map(({ doc, marks }) => ({
			...doc,
			marks: marks ?? matchVerse(doc.text, query, options.loose) ?? []
		}));
		return { hits, total: matched.length };
	}

	snapshot(): Snapshot {
		const entries = [...this.#chapters];
		return {
			v: 1,
			chapters: entries.map(([key]) => key),
			stamps: entries.map(([, c]) => c.stamp),
			index: JSON.stringify(this.#search)
		};
	}
}
