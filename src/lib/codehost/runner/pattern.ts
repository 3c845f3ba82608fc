/**
 * An assertion's pattern: written as a JavaScript regular expression (the `u` flag's syntax, as
 * before), matched by RE2 (re2js), whose time grows with the text's length only, whatever the
 * pattern. A pattern from an imported file (`^(\w+\s?)*$`) cannot freeze the page as a
 * backtracking engine would. What RE2 cannot take (backreferences, lookahead and lookbehind,
 * repeats over 1,000) is refused with the reason when the check is added or imported, before RE2
 * is loaded: re2js (46 KB compressed) loads when a run first matches a pattern, not with the
 * page. No Svelte here.
 *
 * The pattern is translated to RE2's syntax with JavaScript's meaning kept where the two differ:
 * `\s` and `.` stand for JavaScript's characters (RE2's `\s` is ASCII only, its `.` matches CR),
 * `\uXXXX` and `\cX` are written as RE2 writes them.
 */
import type { RE2JS } from 're2js';

/** JavaScript's `\s`: WhiteSpace and LineTerminator of ECMA-262 (Unicode's Zs, tab, BOM…). */
const JS_SPACE: [number, number][] = [
	[0x09, 0x0d],
	[0x20, 0x20],
	[0xa0, 0xa0],
	[0x1680, 0x1680],
	[0x2000, 0x200a],
	[0x2028, 0x2029],
	[0x202f, 0x202f],
	[0x205f, 0x205f],
	[0x3000, 0x3000],
	[0xfeff, 0xfeff]
];
/** The characters `.` does not match in JavaScript (without the `s` flag). */
const JS_LINE_END: [number, number][] = [
	[0x0a, 0x0a],
	[0x0d, 0x0d],
	[0x2028, 0x2029]
];
const LAST = 0x10ffff;

const hex = (c: number) => `\\x{${c.toString(16)}}`;
const ranges = (list: [number, number][]) =>
	list.map(([a, b]) => (a === b ? hex(a) : `${hex(a)}-${hex(b)}`)).join('');
function complement(list: [number, number][]): [number, number][] {
	const out: [number, number][] = [];
	let next = 0;
	for (const [a, b] of list) {
		if (a > next) out.push([next, a - 1]);
		next = b + 1;
	}
	if (next <= LAST) out.push([next, LAST]);
	return out;
}
const SPACE = ranges(JS_SPACE);
const NOT_SPACE = ranges(complement(JS_SPACE));
const ANY = ranges([[0, LAST]]);

/** Why a pattern cannot be taken, in words that follow the pattern. */
class Refused extends Error {}

const BACKREFERENCE =
	'repeats what a group matched (a backreference such as \\1 or \\k<name>), which this app does not match: it could take longer than any limit. Write the text it should match instead';
const LOOKAROUND =
	'looks ahead or behind ((?=…), (?!…), (?<=…) or (?<!…)), which this app does not match: it could take longer than any limit. Match the text around it instead';
const MODIFIERS = 'sets flags inside the pattern ((?i:…)), which this app does not match';
const REPEAT =
	'repeats something more than 1,000 times, which this app does not match: use smaller counts';
/** RE2's largest repeat count. */
const MAX_REPEAT = 1000;

/** `\u…` at `i` (after the backslash and `u`): the code point and where the escape ends. */
function unicodeEscape(p: string, i: number): { code: number; end: number } {
	if (p[i] === '{') {
		const close = p.indexOf('}', i);
		return { code: parseInt(p.slice(i + 1, close), 16), end: close + 1 };
	}
	const code = parseInt(p.slice(i, i + 4), 16);
	// A surrogate pair written as two escapes is one character with the `u` flag.
	if (code >= 0xd800 && code <= 0xdbff && p.startsWith('\\u', i + 4)) {
		const low = parseInt(p.slice(i + 6, i + 10), 16);
		if (low >= 0xdc00 && low <= 0xdfff)
			return { code: 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00), end: i + 10 };
	}
	return { code, end: i + 4 };
}

/**
 * One escape at `i` (the backslash) in RE2's syntax, as the characters it stands for inside a
 * class (`inClass`) or as an atom.
 */
function escape(p: string, i: number, inClass: boolean): { text: string; end: number } {
	const c = p[i + 1]!;
	switch (c) {
		case 's':
			return { text: inClass ? SPACE : `[${SPACE}]`, end: i + 2 };
		case 'S':
			return { text: inClass ? NOT_SPACE : `[${NOT_SPACE}]`, end: i + 2 };
		case 'b':
			// Inside a class, \b is the backspace character.
			return { text: inClass ? hex(8) : '\\b', end: i + 2 };
		case '0':
			return { text: hex(0), end: i + 2 };
		case 'c':
			return { text: hex(p.charCodeAt(i + 2) % 32), end: i + 3 };
		case 'u': {
			const { code, end } = unicodeEscape(p, i + 2);
			return { text: hex(code), end };
		}
		case 'x':
			return { text: hex(parseInt(p.slice(i + 2, i + 4), 16)), end: i + 4 };
		case 'k':
			throw new Refused(BACKREFERENCE);
		case 'p':
		case 'P': {
			const close = p.indexOf('}', i);
			// RE2 names a script or a category alone: \p{Greek}, \p{Lu}.
			const name = p.slice(i + 3, close).replace(/^(?:Script|sc|General_Category|gc)=/, '');
			return { text: `\\${c}{${name}}`, end: close + 1 };
		}
		default:
			if (/[1-9]/.test(c)) throw new Refused(BACKREFERENCE);
			// \d \D \w \W \B \t \n \v \f \r and escaped punctuation mean the same in RE2.
			return { text: `\\${c}`, end: i + 2 };
	}
}

/** A character class from `[` at `i`, in RE2's syntax. */
function characterClass(p: string, i: number): { text: string; end: number } {
	let j = i + 1;
	const negated = p[j] === '^';
	if (negated) j++;
	let body = '';
	while (p[j] !== ']') {
		if (p[j] === '\\') {
			const e = escape(p, j, true);
			body += e.text;
			j = e.end;
		} else {
			const code = p.codePointAt(j)!;
			// RE2 reads `[:` inside a class as a POSIX class; JavaScript as two characters.
			body += p[j] === '[' ? '\\[' : String.fromCodePoint(code);
			j += code > 0xffff ? 2 : 1;
		}
	}
	// `[]` matches nothing and `[^]` any character in JavaScript; RE2 has no empty class.
	if (!body) return { text: negated ? `[${ANY}]` : `[^${ANY}]`, end: j + 1 };
	return { text: `[${negated ? '^' : ''}${body}]`, end: j + 1 };
}

/** A pattern JavaScript accepts, in RE2's syntax with JavaScript's meaning; or Refused. */
export function toRe2Syntax(p: string): string {
	let out = '';
	let i = 0;
	while (i < p.length) {
		const c = p[i]!;
		if (c === '\\') {
			const e = escape(p, i, false);
			out += e.text;
			i = e.end;
		} else if (c === '[') {
			const k = characterClass(p, i);
			out += k.text;
			i = k.end;
		} else if (c === '.') {
			out += `[^${ranges(JS_LINE_END)}]`;
			i++;
		} else if (c === '(' && p[i + 1] === '?') {
			const rest = p.slice(i + 2, i + 4);
			if (/^(?:[=!]|<[=!])/.test(rest)) throw new Refused(LOOKAROUND);
			if (rest[0] === '<') {
				out += '(?P<';
				i += 3;
			} else if (rest[0] === ':') {
				out += '(?:';
				i += 3;
			} else throw new Refused(MODIFIERS);
		} else if (c === '{') {
			// With the u flag a brace is always a count: {n}, {n,} or {n,m}.
			const close = p.indexOf('}', i);
			const counts = p.slice(i + 1, close).split(',');
			if (counts.some((n) => Number(n) > MAX_REPEAT)) throw new Refused(REPEAT);
			out += p.slice(i, close + 1);
			i = close + 1;
		} else {
			const code = p.codePointAt(i)!;
			out += String.fromCodePoint(code);
			i += code > 0xffff ? 2 : 1;
		}
	}
	return out;
}

/** RE2's reason, in words that follow the pattern. */
function re2Reason(error: unknown): string {
	const said = error instanceof Error ? error.message.replace(/^error parsing regexp: /, '') : '';
	if (said.startsWith('invalid repeat count'))
		return 'repeats something more than 1,000 times (counting repeats inside repeats), which this app does not match: use smaller counts';
	if (/invalid character class range: `\\[pP]/.test(said))
		return 'names a Unicode property this app does not know: use a script (\\p{Script=Greek}) or a category (\\p{Lu}, \\p{L})';
	return `is beyond what this app can match (${said || 'too large'})`;
}

/**
 * Why the pattern cannot be taken, in words that follow it ("is not a valid regular
 * expression"), or null when it can; without RE2, so a check is read at once. RE2 may still
 * refuse a rare pattern this passes (an unknown Unicode property): its check then fails saying so.
 */
export function patternProblem(source: string): string | null {
	try {
		// JavaScript's own parser says whether it is a regular expression at all (it only parses).
		new RegExp(source, 'u');
	} catch {
		return 'is not a valid regular expression';
	}
	try {
		toRe2Syntax(source);
		return null;
	} catch (error) {
		if (error instanceof Refused) return error.message;
		throw error;
	}
}

let engine: typeof RE2JS | undefined;
let loading: Promise<void> | undefined;

/** Loads RE2 once; a run awaits it before its first answer. A failed load may be tried again. */
export function loadPatternMatcher(): Promise<void> {
	loading ??= import('re2js').then(
		(m) => {
			engine = m.RE2JS;
		},
		(error: unknown) => {
			loading = undefined;
			throw error;
		}
	);
	return loading;
}

export type CompiledPattern = { ok: true; matcher: RE2JS } | { ok: false; problem: string };

const compiled = new Map<string, CompiledPattern>();
const CACHE_LIMIT = 100;

/**
 * The pattern, ready to match; or why it cannot be taken, in words that follow it. Matching needs
 * RE2 loaded (loadPatternMatcher); without it the pattern is not matched, and says why.
 */
export function compilePattern(source: string): CompiledPattern {
	const known = compiled.get(source);
	if (known) return known;
	const problem = patternProblem(source);
	if (problem) return { ok: false, problem };
	if (!engine)
		return {
			ok: false,
			problem:
				'was not matched: the part of the app that matches patterns did not load. Check the connection, reload the page and run again'
		};
	let result: CompiledPattern;
	try {
		result = { ok: true, matcher: engine.compile(toRe2Syntax(source)) };
	} catch (error) {
		result = { ok: false, problem: re2Reason(error) };
	}
	if (compiled.size >= CACHE_LIMIT) compiled.delete(compiled.keys().next().value!);
	compiled.set(source, result);
	return result;
}
