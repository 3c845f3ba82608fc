/**
 * The one check of a request's headers and variables, after its variables are filled, for every
 * way a request is made: the form, the collection runner (data rows and values carried from an
 * answer), Run again and imported requests. A header line is split into its name and value
 * before anything is filled, so no value can start another header; a filled name must be a
 * header name; and the headers this app sets itself (tokens, Sudo, Cookie, Host) may come only
 * from what the person typed on this page. No Svelte here.
 */
import { CREDENTIAL_HEADERS, CREDENTIAL_PARAMS } from '$lib/http/credentials';
import { resolve, unresolvedMessage, variableNames } from './variables';

/** A header name is a token (RFC 9110, 5.1). */
export const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** The first non-blank line of headers typed as text (`Name: value` a line) that is not one. */
export function badHeaderLine(text: string): string | undefined {
	return text.split('\n').find((line) => {
		if (!line.trim()) return false;
		const at = line.indexOf(':');
		return at <= 0 || !HEADER_NAME.test(line.slice(0, at).trim());
	});
}

export function badHeaderMessage(line: string): string {
	return `Request headers: “${line.trim()}” is not a header. Write one header per line as Name: value, or remove the line.`;
}

/** `Name: value` lines; lines without a colon are ignored (badHeaderLine reports them). */
export function parseHeaderLines(text: string): Record<string, string> {
	const out: Record<string, string> = {};
	for (const line of text.split('\n')) {
		const at = line.indexOf(':');
		if (at > 0) out[line.slice(0, at).trim()] = line.slice(at + 1).trim();
	}
	return out;
}

/** A header's value by name, in any case. */
export function headerValue(headers: Record<string, string>, name: string): string | undefined {
	return Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1];
}

/** Headers this app sets from its Auth section: never from a variable, a file or a saved request. */
export const OWNED_HEADERS: ReadonlySet<string> = new Set([
	...CREDENTIAL_HEADERS,
	'host',
	'cookie'
]);

/**
 * Where header lines come from: typed in the form on this page, or held by a saved, imported or
 * recorded request (which never carries a credential header: saving takes them out).
 */
export type HeaderSource = 'typed' | 'saved';

export interface CheckedHeaders {
	/** The lines that passed, filled: what goes out. */
	headers: Record<string, string>;
	/** Why a line cannot go out, one sentence each, naming the variable. */
	problems: string[];
}

const BREAKS = /[\r\n]/;
const NUL = /\0/;
/** Header values are byte strings: fetch refuses a character past U+00FF. */
const NOT_LATIN1 = /[\u0100-\u{10ffff}]/u;
const HAS_VARIABLE = /\{\{\s*[A-Za-z_][\w.-]*\s*\}\}/;

const varList = (names: readonly string[]) => names.map((n) => `{{${n}}}`).join(', ');

/** The message for a header this app owns, filled from a variable. */
function ownedFromVariable(name: string): string {
	if (name.toLowerCase() === 'sudo')
		return 'The Sudo header uses a variable. Acting as another user is chosen in the Auth section (Sudo), not by a variable.';
	if (CREDENTIAL_HEADERS.has(name.toLowerCase()))
		return `The ${name} header uses a variable. Variables are saved with the environment; put the token in the Token field (it is kept only as you chose), not in a variable.`;
	return `The ${name} header uses a variable. The browser and the Auth section set ${name}; remove the line.`;
}

/** What becomes of one `Name: value` line: sent as filled, or held back with the reasons. */
interface LineVerdict {
	send: boolean;
	problems: string[];
}

const held = (...problems: string[]): LineVerdict => ({ send: false, problems });

function lineVerdict(
	nameTemplate: string,
	valueTemplate: string,
	name: string,
	value: string,
	values: Readonly<Record<string, string>>,
	source: HeaderSource
): LineVerdict {
	const nameVars = variableNames(nameTemplate);
	const valueVars = variableNames(valueTemplate);
	const broken: string[] = [];
	for (const v of [...nameVars, ...valueVars.filter((n) => !nameVars.includes(n))]) {
		const filled = values[v] ?? '';
		if (BREAKS.test(filled))
			broken.push(
				`The variable {{${v}}} holds a line break, which would start another header. Remove it from the value.`
			);
		else if (NUL.test(filled))
			broken.push(
				`The variable {{${v}}} holds a NUL character, which no header may carry. Remove it from the value.`
			);
		else if (NOT_LATIN1.test(filled))
			broken.push(
				`The variable {{${v}}} holds “${filled.match(NOT_LATIN1)![0]}”, which a header cannot carry (headers hold Latin-1 text only). Percent-encode it or remove it.`
			);
	}
	if (broken.length) return held(...broken);
	if (BREAKS.test(value) || NUL.test(value))
		return held(
			`The ${name} header holds a line break or a NUL character. Remove it from the value.`
		);
	if (NOT_LATIN1.test(value))
		return held(
			`The ${name} header holds “${value.match(NOT_LATIN1)![0]}”, which a header cannot carry (headers hold Latin-1 text only). Percent-encode it or remove it.`
		);
	if (!HEADER_NAME.test(name)) {
		// Typed on this page, an unfilled or malformed name is the form's own message.
		if (source === 'typed' && (!nameVars.length || HAS_VARIABLE.test(name))) return held();
		if (HAS_VARIABLE.test(name)) return held(unresolvedMessage(variableNames(name)));
		return held(
			nameVars.length
				? `The header name “${name.slice(0, 60)}” made by ${varList(nameVars)} is not a header name: use letters, digits and - only, no spaces. Change the variable's value.`
				: `“${name.slice(0, 60)}” is not a header name: use letters, digits and - only, no spaces.`
		);
	}
	if (!OWNED_HEADERS.has(name.toLowerCase())) return { send: true, problems: [] };
	if (nameVars.length)
		return held(
			`The ${name} header's name comes from ${varList(nameVars)}. Tokens, Sudo, Cookie and Host are set only by the Auth section and what you type here, never by a variable.`
		);
	if (valueVars.length) return held(ownedFromVariable(name));
	if (source === 'saved')
		return held(
			`This saved request sets the ${name} header itself. Tokens, Sudo, Cookie and Host are set only by the Auth section; remove the line from the request.`
		);
	return { send: true, problems: [] };
}

/**
 * Header lines with their variables filled and checked. Lines without a name (`: x`, `nocolon`)
 * are left to the form's "is not a header" check and not sent.
 */
export function checkHeaderLines(
	text: string,
	values: Readonly<Record<string, string>>,
	source: HeaderSource
): CheckedHeaders {
	// No prototype: a header named __proto__ is a header like any other.
	const headers: Record<string, string> = Object.create(null) as Record<string, string>;
	const problems: string[] = [];
	for (const line of text.split('\n')) {
		const at = line.indexOf(':');
		if (at <= 0 || !line.slice(0, at).trim()) continue;
		const nameTemplate = line.slice(0, at).trim();
		const valueTemplate = line.slice(at + 1).trim();
		const name = resolve(nameTemplate, values, 'raw').text.trim();
		const value = resolve(valueTemplate, values, 'raw').text.trim();
		const verdict = lineVerdict(nameTemplate, valueTemplate, name, value, values, source);
		for (const p of verdict.problems) if (!problems.includes(p)) problems.push(p);
		if (verdict.send) headers[name] = value;
	}
	return { headers, problems };
}

/**
 * Headers already filled (Run again, a recorded request, the form's build): the same rules on
 * names and values, for a record that came from anywhere.
 */
export function headerRecordProblems(headers: Readonly<Record<string, string>>): string[] {
	const out: string[] = [];
	for (const [name, value] of Object.entries(headers)) {
		if (!HEADER_NAME.test(name))
			out.push(`“${name.slice(0, 60)}” is not a header name: use letters, digits and - only.`);
		else if (BREAKS.test(value) || NUL.test(value))
			out.push(
				`The ${name} header holds a line break or a NUL character. Remove it from the value.`
			);
		else if (NOT_LATIN1.test(value))
			out.push(
				`The ${name} header holds “${value.match(NOT_LATIN1)![0]}”, which a header cannot carry (headers hold Latin-1 text only).`
			);
	}
	return out;
}

/**
 * Why a request's variables cannot go out as they are: a header line the check above refuses,
 * or a variable where a credential parameter goes (variables are stored; the token belongs in
 * the Token field, which is not).
 */
export function variableProblems(
	headersText: string,
	query: string,
	values: Readonly<Record<string, string>>
): string[] {
	const out = checkHeaderLines(headersText, values, 'typed').problems;
	for (const part of query.split('&')) {
		const name = part.split('=')[0]!.toLowerCase();
		if (CREDENTIAL_PARAMS.has(name) && variableNames(part).length)
			out.push(
				`The ${name} parameter uses a variable. Variables are saved with the environment; put the token in the Token field instead.`
			);
	}
	return out;
}
