/**
 * `{{name}}` variables in a request, filled from the active environment and encoded by where they
 * land: a path segment, a query component, a JSON string, a header value. No Svelte here.
 */
import { encodeComponent, encodePathParam, type ParamValue } from './encoding';

/** `{{name}}`, spaces inside the braces allowed; a name is a letter or `_` then word characters. */
const VARIABLE = /\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/g;

export const VARIABLE_NAME = /^[A-Za-z_][\w.-]*$/;

/** Where a variable lands, which decides how its value is encoded. */
export type Where = 'path' | 'query' | 'raw';

const ENCODE: Record<Where, (value: string) => string> = {
	// Every `/` of a path variable becomes %2F: a value is one segment (a project path included).
	path: encodePathParam,
	query: encodeComponent,
	// JSON strings and header values: JSON.stringify and the header line carry the text as it is.
	raw: (v) => v
};

/** The variable names a text uses, in order of first use. */
export function variableNames(...texts: readonly string[]): string[] {
	const out: string[] = [];
	for (const text of texts)
		for (const m of text.matchAll(VARIABLE)) if (!out.includes(m[1]!)) out.push(m[1]!);
	return out;
}

/** A variable without a value (missing or empty) is left as written, and reported. */
export function resolve(
	text: string,
	values: Readonly<Record<string, string>>,
	where: Where
): { text: string; unresolved: string[] } {
	const unresolved: string[] = [];
	const out = text.replace(VARIABLE, (whole, name: string) => {
		const value = Object.hasOwn(values, name) ? values[name] : undefined;
		if (value === undefined || value === '') {
			if (!unresolved.includes(name)) unresolved.push(name);
			return whole;
		}
		return ENCODE[where](value);
	});
	return { text: out, unresolved };
}

/** Fills variables inside a parsed JSON value's strings (keys too); JSON.stringify escapes them. */
export function resolveParams(
	params: Record<string, ParamValue>,
	values: Readonly<Record<string, string>>
): Record<string, ParamValue> {
	const walk = (value: ParamValue): ParamValue => {
		if (typeof value === 'string') return resolve(value, values, 'raw').text;
		if (Array.isArray(value)) return (value as readonly ParamValue[]).map(walk);
		if (value && typeof value === 'object')
			return Object.fromEntries(
				Object.entries(value).map(([k, v]) => [resolve(k, values, 'raw').text, walk(v)])
			);
		return value;
	};
	return walk(params) as Record<string, ParamValue>;
}

export function unresolvedMessage(names: readonly string[]): string {
	const list = names.map((n) => `{{${n}}}`).join(', ');
	return `Give ${names.length > 1 ? 'the variables' : 'the variable'} ${list} a value in the environment; unfilled, the braces would be sent as they are.`;
}
