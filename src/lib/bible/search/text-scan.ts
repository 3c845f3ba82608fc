// The search of stored text without the index: what a cold start answers with while the saved
// index loads. Each chapter's verses are folded once into one string (kept while the chapter's
// text is), so a query costs an indexOf per chapter, and a word-by-word check only in the verses
// that hold all its words as text. Folding every verse on every keypress was most of its time.
import { looseForm, queryTerms, strictForm, type ParsedQuery } from './query';
import {
	matchVerse,
	type ChapterText,
	type Hit,
	type MatchOptions,
	type VerseDoc
} from './verse-match';

/** A chapter's verses folded and joined by newlines; `starts[i]` is where verse i begins. */
interface FoldedChapter {
	text: string;
	starts: Int32Array;
	/** Its words, once `collectWords` has been through it: a chapter without a word is skipped. */
	words?: Set<string>;
}

const WORDS = /[\p{L}\p{M}\p{N}]+/gu;

const foldedStrict = new WeakMap<ChapterText, FoldedChapter>();
const foldedLoose = new WeakMap<ChapterText, FoldedChapter>();

function folded(chapter: ChapterText, loose: boolean): FoldedChapter {
	const cache = loose ? foldedLoose : foldedStrict;
	let out = cache.get(chapter);
	if (!out) {
		const fold = loose ? looseForm : strictForm;
		const starts = new Int32Array(chapter.verses.length + 1);
		const parts: string[] = [];
		let at = 0;
		chapter.verses.forEach((v, i) => {
			starts[i] = at;
			const text = fold(v.text);
			parts.push(text);
			at += text.length + 1; // the newline: no word holds one, so no match spans two verses
		});
		starts[chapter.verses.length] = at;
		out = { text: parts.join('\n'), starts };
		cache.set(chapter, out);
	}
	return out;
}

/**
 * Notes the words of each chapter, in slices between which the worker answers searches: about a
 * tenth of a second for a whole Bible, too much to add to the first search, and after it a whole
 * word costs a set lookup per chapter instead of an indexOf.
 */
export async function collectWords(
	chapters: readonly ChapterText[],
	loose: boolean
): Promise<void> {
	for (let i = 0; i < chapters.length; i++) {
		const chapter = folded(chapters[i]!, loose);
		chapter.words ??= new Set(chapter.text.match(WORDS));
		if (i % 100 === 99) await new Promise((resolve) => setTimeout(resolve, 0));
	}
}

/**
 * Every verse of these chapters the query matches, as `TranslationIndex.search` finds them: the
 * longest word finds the verses to look at, the others must be in their text too, and the verse's
 * words decide (`matchVerse`), so both give the same answer.
 */
export function scanChapters(
	chapters: readonly ChapterText[],
	query: ParsedQuery,
	options: MatchOptions,
	order: (doc: { book: string; chapter: number; verse: string }) => number,
	limit: number
): { hits: Hit[]; total: number } {
	const fold = options.loose ? looseForm : strictForm;
	const needles = queryTerms(query)
		.map((t) => fold(t.term))
		.sort((a, b) => b.length - a.length);
	const [first, ...others] = needles;
	// Whole words (not prefixes) a chapter must have, when its words are known.
	const whole = [...query.words, ...query.phrases.flat()].map(fold);
	const matched: { doc: VerseDoc; key: number; marks: [number, number][] }[] = [];
	if (first === undefined) return { hits: [], total: 0 };
	for (const c of chapters) {
		if (options.books && !options.books.has(c.book)) continue;
		const { text, starts, words } = folded(c, options.loose);
		if (words && !whole.every((w) => words.has(w))) continue;
		let verse = 0;
		for (let at = text.indexOf(first); at >= 0; at = text.indexOf(first, starts[verse + 1])) {
			while (starts[verse + 1]! <= at) verse++;
			const own = text.slice(starts[verse], starts[verse + 1]! - 1);
			if (!others.every((n) => own.includes(n))) continue;
			const v = c.verses[verse]!;
			const marks = matchVerse(v.text, query, options.loose);
			if (!marks) continue;
			const doc = { book: c.book, chapter: c.chapter, verse: v.ref, text: v.text };
			matched.push({ doc, key: order(doc), marks });
		}
	}
	matched.sort((a, b) => a.key - b.key);
	return {
		hits: matched.slice(0, limit).map(({ doc, marks }) => ({ ...doc, marks })),
		total: matched.length
	};
}
