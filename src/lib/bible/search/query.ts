// The search box's language: whole words, "a phrase", prefix*, and book:/testament:/translation:
// limits. Pure functions, shared by the page (to report mistakes at once) and the search worker.

export type Testament = 'OT' | 'NT';

export interface ParsedQuery {
	/** Whole words, lower-cased (accents kept: folding is the matcher's choice). */
	words: string[];
	/** Word beginnings, from `lov*`. */
	prefixes: string[];
	/** Runs of words that must follow each other, from `"in the beginning"`. */
	phrases: string[][];
	/** `book:1John` (a book's ref or name, as typed). */
	book?: string;
	/** `testament:nt`, `testament:old`. */
	testament?: Testament;
	/** `translation:KJV`. */
	translation?: string;
}

export type ParseResult = { ok: true; query: ParsedQuery } | { ok: false; message: string };

/** Letters (with their combining marks) and digits; anything else separates words. */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

export interface Token {
	/** Lower-cased, NFC. */
	term: string;
	start: number;
	end: number;
}

/** The words of a text with where they are in it (for highlighting the text as it is). */
export function tokenize(text: string): Token[] {
	const out: Token[] = [];
	for (const m of text.matchAll(WORD))
		out.push({ term: strictForm(m[0]), start: m.index, end: m.index + m[0].length });
	return out;
}

const ASCII = /^\p{ASCII}*$/u;

/** Case folded, accents kept: "Él" → "él". (Not toLocaleLowerCase: it is ~20× slower.) */
export function strictForm(word: string): string {
	return ASCII.test(word) ? word.toLowerCase() : word.normalize('NFC').toLowerCase();
}

/** Case and accents folded: "Él" → "el", "corazón" → "corazon". */
export function looseForm(word: string): string {
	return ASCII.test(word)
		? word.toLowerCase()
		: word
				.normalize('NFD')
				.replace(/\p{M}+/gu, '')
				.toLowerCase();
}

const FILTER = /^(book|testament|translation):(.*)$/i;
/** Prefixes shorter than this would match most of the Bible. */
export const MIN_PREFIX = 2;

function testamentOf(value: string): Testament | undefined {
	const v = value.toLowerCase();
	if (['ot', 'old', 'old testament'].includes(v)) return 'OT';
	if (['nt', 'new', 'new testament'].includes(v)) return 'NT';
	return undefined;
}

/** Splits the input into quoted runs and bare chunks; an unclosed quote runs to the end. */
function chunks(input: string): { text: string; quoted: boolean }[] {
	const out: { text: string; quoted: boolean }[] = [];
	const re = /"([^"]*)("|$)|[“”]([^“”]*)([“”]|$)|(\S+)/g;
	for (const m of input.matchAll(re)) {
		if (m[5] !== undefined) out.push({ text: m[5], quoted: false });
		else out.push({ text: m[1] ?? m[3] ?? '', quoted: true });
	}
	return out;
}

export function parseQuery(input: string): ParseResult {
	const query: ParsedQuery = { words: [], prefixes: [], phrases: [] };
	for (const chunk of chunks(input)) {
		const words = tokenize(chunk.text).map((t) => t.term);
		if (chunk.quoted) {
			if (words.length > 1) query.phrases.push(words);
			else if (words.length === 1) query.words.push(words[0]!);
			continue;
		}
		const filter = FILTER.exec(chunk.text);
		if (filter) {
			const name = filter[1]!.toLowerCase();
			const value = filter[2]!.replace(/_/g, ' ').trim();
			if (!value) return { ok: false, message: `Write what to limit to after “${name}:”.` };
			if (name === 'book') query.book = value;
			else if (name === 'translation') query.translation = value;
			else {
				const testament = testamentOf(value);
				if (!testament)
					return {
						ok: false,
						message: `“${value}” is not a testament: write testament:old or testament:new.`
					};
				query.testament = testament;
			}
			continue;
		}
		if (chunk.text.endsWith('*') && words.length) {
			const last = words.pop()!;
			if (last.length < MIN_PREFIX)
				return {
					ok: false,
					message: `Write at least ${MIN_PREFIX} letters before * (for example lov*).`
				};
			// "god's*" is the phrase "god" followed by a word beginning with "s": keep it simple.
			if (words.length) query.phrases.push(words);
			query.prefixes.push(last);
			continue;
		}
		// A bare chunk with several words ("God's", "well-pleasing") must keep them together.
		if (words.length > 1) query.phrases.push(words);
		else if (words.length === 1) query.words.push(words[0]!);
	}
	query.words = [...new Set(query.words)];
	query.prefixes = [...new Set(query.prefixes)];
	if (!query.words.length && !query.prefixes.length && !query.phrases.length)
		return { ok: false, message: 'Type a word or a phrase to search for.' };
	return { ok: true, query };
}

/** The words a query looks for, in one list (for the index's candidate search). */
export function queryTerms(query: ParsedQuery): { term: string; prefix: boolean }[] {
	return [
		...query.words.map((term) => ({ term, prefix: false })),
		...query.phrases.flat().map((term) => ({ term, prefix: false })),
		...query.prefixes.map((term) => ({ term, prefix: true }))
	];
}
