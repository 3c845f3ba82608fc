/**
 * A saved request's checks (assertions and extractions) as stored and imported: read from
 * unknown data (a collections file, IndexedDB) so that a hostile file cannot slip anything but
 * these shapes in. No Svelte here.
 */
import { VARIABLE_NAME } from '../request/variables';
import type { Assertion } from './assertions';
import { JsonPathError, parseJsonPath } from './json-path';
import { patternProblem } from './pattern';

export interface Extraction {
	/** The variable set, used later as `{{name}}`. */
	name: string;
	/** Where its value is in the answer: `$[0].id`. */
	path: string;
}

export interface RequestChecks {
	assertions: Assertion[];
	extractions: Extraction[];
}

export class ChecksRefused extends Error {
	override name = 'ChecksRefused';
}

export const CHECK_LIMITS = { perRequest: 50, textChars: 2_000 };

function record(v: unknown, where: string): Record<string, unknown> {
	if (!v || typeof v !== 'object' || Array.isArray(v))
		throw new ChecksRefused(`${where} is not an object`);
	return v as Record<string, unknown>;
}

function text(v: unknown, where: string): string {
	if (typeof v !== 'string') throw new ChecksRefused(`${where} is not text`);
	if (v.length > CHECK_LIMITS.textChars)
		throw new ChecksRefused(`${where} is longer than ${CHECK_LIMITS.textChars} characters`);
	return v;
}

function jsonPath(v: unknown, where: string): string {
	const path = text(v, where);
	try {
		parseJsonPath(path);
	} catch (error) {
		if (error instanceof JsonPathError) throw new ChecksRefused(`${where}: ${error.message}`);
		throw error;
	}
	return path;
}

function whole(v: unknown, where: string, min: number, max: number): number {
	if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)
		throw new ChecksRefused(`${where} is not a whole number from ${min} to ${max}`);
	return v;
}

function readAssertion(v: unknown, where: string): Assertion {
	const a = record(v, where);
	switch (a.kind) {
		case 'status':
			return { kind: 'status', equals: whole(a.equals, `${where} status`, 100, 599) };
		case 'json-exists':
			return { kind: 'json-exists', path: jsonPath(a.path, `${where} path`) };
		case 'json-equals':
			return {
				kind: 'json-equals',
				path: jsonPath(a.path, `${where} path`),
				value: text(a.value, `${where} value`)
			};
		case 'json-matches': {
			const pattern = text(a.pattern, `${where} pattern`);
			const problem = patternProblem(pattern);
			if (problem) throw new ChecksRefused(`${where} pattern ${problem}`);
			return { kind: 'json-matches', path: jsonPath(a.path, `${where} path`), pattern };
		}
		case 'header': {
			const name = text(a.name, `${where} header`).trim();
			// A header name is an RFC 9110 token.
			if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name))
				throw new ChecksRefused(`${where} header is not a header name`);
			return { kind: 'header', name };
		}
		case 'time-under':
			return { kind: 'time-under', ms: whole(a.ms, `${where} time`, 1, 3_600_000) };
		default:
			throw new ChecksRefused(`${where} is not an assertion this app knows`);
	}
}

function list(v: unknown, where: string): unknown[] {
	if (v === undefined) return [];
	if (!Array.isArray(v)) throw new ChecksRefused(`${where} is not a list`);
	if (v.length > CHECK_LIMITS.perRequest)
		throw new ChecksRefused(`${where} has more than ${CHECK_LIMITS.perRequest} entries`);
	return v;
}

/**
 * A request's checks from stored or imported data; absent lists are empty. Throws ChecksRefused
 * naming the first thing wrong, as `where` (e.g. "Request 3") says.
 */
export function readChecks(
	value: { assertions?: unknown; extractions?: unknown },
	where: string
): RequestChecks {
	const assertions = list(value.assertions, `${where}: assertions`).map((a, i) =>
		readAssertion(a, `${where}: assertion ${i + 1}`)
	);
	const extractions = list(value.extractions, `${where}: variables set from the answer`).map(
		(e, i) => {
			const at = `${where}: variable ${i + 1}`;
			const x = record(e, at);
			const name = text(x.name, `${at} name`);
			if (!VARIABLE_NAME.test(name)) throw new ChecksRefused(`${at} name is not a variable name`);
			return { name, path: jsonPath(x.path, `${at} path`) };
		}
	);
	return { assertions, extractions };
}
