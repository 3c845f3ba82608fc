// Whether a verse matches a query, and where: the last word on every search, by the index or by
// the scan of stored text, so both find and mark the same words.
import { looseForm, tokenize, type ParsedQuery } from './query';

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
