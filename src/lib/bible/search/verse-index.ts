// One translation's word index: the verses holding each word (postings.ts), accents folded. It
// finds the candidate verses, word or prefix; the verse text then decides phrases and exact
// accents and gives the highlights (verse-match.ts), so what is marked is what matched.
import { Postings, intersect, type SavedPostings } from './postings';
import { looseForm, queryTerms, tokenize, type ParsedQuery } from './query';
import {
	matchVerse,
	type ChapterLoader,
	type ChapterText,
	type Hit,
	type MatchOptions
} from './verse-match';

const SEP = '\u0001';
const WORDS = /[\p{L}\p{M}\p{N}]+/gu;
export const chapterKey = (book: string, chapter: number) => `${book}${SEP}${chapter}`;
const verseId = (book: string, chapter: number, verse: string) =>
	`${book}${SEP}${chapter}${SEP}${verse}`;
const idOf = (doc: { book: string; chapter: number; verse: string }) =>
	verseId(doc.book, doc.chapter, doc.verse);

export interface Snapshot extends SavedPostings {
	v: 3;
	/** Chapter keys indexed, book and chapter joined by U+0001, in the order of their verses. */
	chapters: string[];
	/** Each chapter's verse refs, joined by U+0001; the verses are numbered on in this order. */
	verses: string[];
	/** Some word of the text has accents (exact-accent matching must check the text). */
	accents: boolean;
}

/** A chapter the index holds: its verses are the documents `first`, `first + 1`, … */
interface Slot {
	key: string;
	book: string;
	chapter: number;
	refs: string[];
	first: number;
}

function slotOf(key: string, refs: string[], first: number): Slot {
	const at = key.indexOf(SEP);
	return { key, book: key.slice(0, at), chapter: Number(key.slice(at + 1)), refs, first };
}

/**
 * The words of a translation's stored chapters. The verse texts are read on demand (a cold start
 * loads only the saved index), and kept once read.
 */
export class TranslationIndex {
	readonly #postings: Postings;
	/** The chapters held, in the order of their documents (a chapter added again goes last). */
	readonly #chapters = new Map<string, Slot>();
	/** Each document's chapter; a dropped chapter's documents keep a slot no longer held. */
	readonly #slots: Slot[] = [];
	/** Texts read so far, by verse id. */
	readonly #texts = new Map<string, string>();
	#accents = false;

	constructor(snapshot?: Snapshot) {
		this.#postings = new Postings(snapshot);
		snapshot?.chapters.forEach((key, i) => {
			const slot = slotOf(
				key,
				snapshot.verses[i] ? snapshot.verses[i].split(SEP) : [],
				this.#slots.length
			);
			this.#chapters.set(key, slot);
			for (let v = 0; v < slot.refs.length; v++) this.#slots.push(slot);
		});
		if (snapshot) this.#postings.validate(this.#slots.length);
		this.#accents = snapshot?.accents ?? false;
	}

	/** A saved index; throws when it is damaged (the engine then builds it again). */
	static load(snapshot: Snapshot): TranslationIndex {
		return new TranslationIndex(snapshot);
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
		const slot: Slot = { key, book, chapter, refs: [], first: this.#slots.length };
		// Not #texts: texts read for searches may hold verses the index has not got yet.
		const seen = new Set<string>();
		for (const v of verses) {
			if (seen.has(v.ref)) continue; // a verse ref twice in one chapter: keep the first
			seen.add(v.ref);
			this.#texts.set(verseId(book, chapter, v.ref), v.text);
			if (!this.#accents && /[^\p{ASCII}]/u.test(v.text))
				this.#accents = tokenize(v.text).some((t) => looseForm(t.term) !== t.term);
			const words = new Set((v.text.match(WORDS) ?? []).map(looseForm));
			this.#postings.add(this.#slots.length, words);
			slot.refs.push(v.ref);
			this.#slots.push(slot);
		}
		this.#chapters.set(key, slot);
	}

	removeChapter(book: string, chapter: number): void {
		const key = chapterKey(book, chapter);
		const slot = this.#chapters.get(key);
		if (!slot) return;
		for (const ref of slot.refs) this.#texts.delete(verseId(book, chapter, ref));
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
	async #readTexts(docs: readonly Candidate[], load: ChapterLoader): Promise<void> {
		const missing = new Map<string, [string, number]>();
		for (const { doc } of docs)
			if (!this.#texts.has(idOf(doc)))
				missing.set(chapterKey(doc.book, doc.chapter), [doc.book, doc.chapter]);
		if (!missing.size) return;
		for (const c of await load([...missing.values()]))
			for (const v of c.verses) this.#texts.set(verseId(c.book, c.chapter, v.ref), v.text);
	}

	/** The verses holding every word of the query (accents folded), still held, in these books. */
	#candidates(query: ParsedQuery, books?: ReadonlySet<string>): Candidate[] {
		const lists = queryTerms(query).map(({ term, prefix }) =>
			prefix ? this.#postings.prefix(looseForm(term)) : this.#postings.word(looseForm(term))
		);
		const docs = intersect(lists);
		const out: Candidate[] = [];
		for (let i = 0; i < docs.length; i++) {
			const slot = this.#slots[docs[i]!]!;
			if (this.#chapters.get(slot.key) !== slot || (books && !books.has(slot.book))) continue;
			const verse = slot.refs[docs[i]! - slot.first]!;
			out.push({ doc: { book: slot.book, chapter: slot.chapter, verse }, key: 0 });
		}
		return out;
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
		const candidates = this.#candidates(query, options.books);
		for (const c of candidates) c.key = order(c.doc);
		candidates.sort((a, b) => a.key - b.key);
		let matched = candidates;
		// Phrases, and exact accents where the text has any, are decided on the text.
		if (query.phrases.length > 0 || (!options.loose && this.#accents)) {
			await this.#readTexts(candidates, load);
			matched = candidates.filter((c) => {
				const text = this.#texts.get(idOf(c.doc));
				return text !== undefined && matchVerse(text, query, options.loose) !== null;
			});
		}
		const shown = matched.slice(0, limit);
		await this.#readTexts(shown, load);
		const hits = shown.map(({ doc }) => {
			const text = this.#texts.get(idOf(doc)) ?? '';
			return { ...doc, text, marks: matchVerse(text, query, options.loose) ?? [] };
		});
		return { hits, total: matched.length };
	}

	/** The saved form: the chapters held, their verses numbered afresh from 0. */
	snapshot(): Snapshot {
		const renumber = new Int32Array(this.#slots.length).fill(-1);
		let next = 0;
		// Chapters are held in the order of their documents, so the new numbers keep that order.
		for (const slot of this.#chapters.values())
			for (let v = 0; v < slot.refs.length; v++) renumber[slot.first + v] = next++;
		const slots = [...this.#chapters.values()];
		return {
			v: 3,
			chapters: slots.map((s) => s.key),
			verses: slots.map((s) => s.refs.join(SEP)),
			accents: this.#accents,
			...this.#postings.save(renumber)
		};
	}
}

interface Candidate {
	doc: { book: string; chapter: number; verse: string };
	/** Its place in the order asked for. */
	key: number;
}
