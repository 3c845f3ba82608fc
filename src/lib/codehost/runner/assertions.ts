/**
 * Assertions declared in the UI, evaluated as data: no user code runs (the CSP has no
 * `unsafe-eval`). A pattern is a regular expression, which is matching, not code, matched in a
 * time the text's length bounds (pattern.ts), so no pattern can freeze the page.
 */
import { JsonPathError, readJsonPath } from './json-path';
import { compilePattern } from './pattern';

export type Assertion =
	| { kind: 'status'; equals: number }
	| { kind: 'json-exists'; path: string }
	| { kind: 'json-equals'; path: string; value: string }
	| { kind: 'json-matches'; path: string; pattern: string }
	| { kind: 'header'; name: string }
	| { kind: 'time-under'; ms: number };

/** What a response gives the assertions; `body` is parsed JSON, or the text when it is not JSON. */
export interface RunResponse {
	status: number;
	headers: Headers | Readonly<Record<string, string>>;
	body: unknown;
	timeMs: number;
}

export interface AssertionResult {
	assertion: Assertion;
	passed: boolean;
	/** The assertion in words, for the report: "Status equals 200". */
	label: string;
	/** Why it failed, in words; empty when it passed. */
	message: string;
}

/** Regular expressions are matched against at most this much text. */
const MATCH_LIMIT = 100_000;

export function describeAssertion(a: Assertion): string {
	switch (a.kind) {
		case 'status':
			return `Status equals ${a.equals}`;
		case 'json-exists':
			return `${a.path} exists`;
		case 'json-equals':
			return `${a.path} equals ${a.value}`;
		case 'json-matches':
			return `${a.path} matches /${a.pattern}/`;
		case 'header':
			return `Header ${a.name} is present`;
		case 'time-under':
			return `Time under ${a.ms} ms`;
	}
}

function headerValue(headers: RunResponse['headers'], name: string): string | null {
	if (headers instanceof Headers) return headers.get(name);
	const wanted = name.toLowerCase();
	for (const [key, value] of Object.entries(headers))
		if (key.toLowerCase() === wanted) return value;
	return null;
}

/** The expected text read as JSON when it is JSON (`5`, `true`, `"x"`, `[1]`), as text otherwise. */
function expectedValue(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		return text;
	}
}

function sameJson(a: unknown, b: unknown): boolean {
	if (a === b) return true;
	if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
	if (Array.isArray(a) !== Array.isArray(b)) return false;
	const ka = Object.keys(a);
	const kb = Object.keys(b);
	if (ka.length !== kb.length) return false;
	return ka.every(
		(k) =>
			Object.hasOwn(b, k) &&
			sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])
	);
}

function shown(value: unknown): string {
	const text = typeof value === 'string' ? JSON.stringify(value) : String(JSON.stringify(value));
	return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

function check(a: Assertion, r: RunResponse): string {
	switch (a.kind) {
		case 'status':
			return r.status === a.equals ? '' : `Status was ${r.status}`;
		case 'header':
			return headerValue(r.headers, a.name) !== null ? '' : `No ${a.name} header in the response`;
		case 'time-under':
			return r.timeMs < a.ms ? '' : `Took ${Math.round(r.timeMs)} ms`;
		case 'json-exists':
		case 'json-equals':
		case 'json-matches': {
			const found = readJsonPath(r.body, a.path);
			if (!found.found) return `Nothing at ${a.path}`;
			if (a.kind === 'json-exists') return '';
			if (a.kind === 'json-equals')
				return sameJson(found.value, expectedValue(a.value)) ? '' : `Was ${shown(found.value)}`;
			// A check saved before patterns were checked this way may hold one that cannot be matched.
			const pattern = compilePattern(a.pattern);
			if (!pattern.ok) return `/${a.pattern}/ ${pattern.problem}`;
			const text = typeof found.value === 'string' ? found.value : JSON.stringify(found.value);
			return pattern.matcher.test(text.slice(0, MATCH_LIMIT)) ? '' : `Was ${shown(found.value)}`;
		}
	}
}

export function evaluateAssertion(assertion: Assertion, response: RunResponse): AssertionResult {
	let message: string;
	try {
		message = check(assertion, response);
	} catch (error) {
		if (!(error instanceof JsonPathError)) throw error;
		message = error.message;
	}
	return { assertion, passed: message === '', label: describeAssertion(assertion), message };
}

/** With no assertion declared, a request passes when its status is a success (2xx). */
export function evaluateAll(
	assertions: readonly Assertion[],
	response: RunResponse
): AssertionResult[] {
	if (assertions.length === 0) {
		const ok = response.status >= 200 && response.status < 300;
		return [
			{
				assertion: { kind: 'status', equals: response.status },
				passed: ok,
				label: 'Status is a success (2xx)',
				message: ok ? '' : `Status was ${response.status}`
			}
		];
	}
	return assertions.map((a) => evaluateAssertion(a, response));
}
