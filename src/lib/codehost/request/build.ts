/**
 * What the request form makes of its fields: the request without auth (build), and the warnings
 * and errors shown before sending (lint). Plain functions, so the form's state class only holds
 * fields.
 */
import type { AppliedAuth } from '../auth/auth';
import {
	decodeQuery,
	encodeForm,
	fillPath,
	encodeQuery,
	flattenParams,
	lintRequest,
	LONG_URL_CHARS,
	type ParamValue,
	type PathLint
} from './encoding';
import type { BodyKind } from '../contract/endpoints';
import { nullParams } from '../contract/rules';
import {
	badHeaderLine,
	badHeaderMessage,
	checkHeaderLines,
	variableProblems,
	type HeaderSource
} from './check';
import { resolve, unresolvedMessage } from './variables';
import type { BuiltRequest, FileSlot } from './request';

/** A path with its variables (each one segment, `/` as %2F) and `:params` filled. */
export function fillRequestPath(
	path: string,
	pathParams: Readonly<Record<string, string>>,
	variables: Readonly<Record<string, string>>
): string {
	const filled = Object.fromEntries(
		Object.entries(pathParams).map(([k, v]) => [k, resolve(v, variables, 'raw').text])
	);
	return fillPath(resolve(path, variables, 'path').text, filled);
}

/** The form's fields as the builder reads them, variables already resolved where it matters. */
export interface BuildInput {
	method: string;
	/** The path with variables and `:params` filled. */
	builtPath: string;
	/** The query with variables filled. */
	resolvedQuery: string;
	params: Record<string, ParamValue>;
	bodyKind: BodyKind;
	queryInBody: boolean;
	file: File | null;
	/** Where the chosen file goes (a form field, or the whole body); absent: the form's “file”. */
	fileSlot?: FileSlot | null;
	/** Header lines as typed. */
	headers: string;
	/** Typed in the form on this page, or held by a saved or imported request. */
	headersFrom: HeaderSource;
	variables: Readonly<Record<string, string>>;
}

/** The request the fields make, without auth. */
export function buildRequest(
	input: BuildInput,
	extraHeaders: Record<string, string> = {}
): BuiltRequest {
	const { params, queryInBody, bodyKind } = input;
	const query = input.resolvedQuery;
	const queryParts: string[] = [];
	if (query.trim() && !queryInBody) queryParts.push(query.trim().replace(/^\?/, ''));
	if (bodyKind === 'query' && Object.keys(params).length) queryParts.push(encodeQuery(params));
	// Only lines the request check lets through: each split before its variables are filled.
	const headers: Record<string, string> = {
		...checkHeaderLines(input.headers, input.variables, input.headersFrom).headers,
		...extraHeaders
	};
	let body: BodyInit | undefined;
	let bodyText: string | undefined;
	if (input.method !== 'GET') {
		if (bodyKind === 'json') {
			const merged = queryInBody
				? { ...Object.fromEntries(decodeQuery(query)), ...params }
				: params;
			bodyText = JSON.stringify(merged);
			body = bodyText;
			headers['Content-Type'] = 'application/json';
		} else if (bodyKind === 'form') {
			bodyText = [queryInBody ? query.trim() : '', encodeForm(params)].filter(Boolean).join('&');
			body = bodyText;
			headers['Content-Type'] = 'application/x-www-form-urlencoded';
		} else if (input.fileSlot && input.fileSlot.field === null) {
			// The chosen file is the whole body, as curl --upload-file sends it.
			if (input.file) {
				body = input.file;
				bodyText = `(the file ${input.file.name})`;
				headers['Content-Type'] ??= input.file.type || 'application/octet-stream';
			}
		} else if (bodyKind === 'multipart') {
			const field = input.fileSlot?.field ?? 'file';
			const form = new FormData();
			for (const [k, v] of flattenParams(params)) form.append(k, v);
			if (input.file) form.append(field, input.file, input.file.name);
			body = form;
			const parts = flattenParams(params).map(([k]) => k);
			bodyText = `(multipart form: ${[...parts, input.file ? `${field}=${input.file.name}` : 'no file'].join(', ')})`;
		} else if (queryInBody && query.trim()) {
			bodyText = query.trim();
			body = bodyText;
			headers['Content-Type'] = 'application/x-www-form-urlencoded';
		}
	}
	return {
		method: input.method,
		target: input.builtPath,
		query: queryParts.join('&'),
		headers,
		body,
		bodyText
	};
}

type ParsedParams = { ok: true; value: Record<string, ParamValue> } | { ok: false; error: string };

/** What lint reads: the fields and what the form made of them. */
export interface LintInput {
	method: string;
	builtPath: string;
	resolvedQuery: string;
	/** Raw query and header lines, for variable problems. */
	query: string;
	headers: string;
	bodyKind: BodyKind;
	queryInBody: boolean;
	unresolved: string[];
	parsedParams: ParsedParams;
	previewUrl: string;
}

/** Warnings and errors about the request, shown before it is sent. */
export function lintForm(
	f: LintInput,
	variables: Readonly<Record<string, string>>,
	applied: AppliedAuth
): PathLint[] {
	const out = lintRequest(f.builtPath, f.queryInBody ? '' : f.resolvedQuery);
	if (f.unresolved.length) out.push({ level: 'error', message: unresolvedMessage(f.unresolved) });
	for (const message of variableProblems(f.headers, f.query, variables))
		out.push({ level: 'error', message });
	const p = f.parsedParams;
	if (!p.ok) out.push({ level: 'error', message: p.error });
	else {
		const nulls = nullParams(p.value);
		if (nulls.length)
			out.push({
				level: 'warning',
				message: `${nulls.join(', ')}: null is sent empty; boolean arguments must be true or false, never null (CH-BOOL-2).`
			});
	}
	const bodied = ['json', 'form', 'multipart'].includes(f.bodyKind) || f.queryInBody;
	if (f.method === 'GET' && bodied)
		out.push({
			level: 'warning',
			message:
				'A browser cannot send a body with GET: the parameters will not be sent. Use the query string, or another method.'
		});
	if (f.previewUrl.length > LONG_URL_CHARS)
		out.push({
			level: 'warning',
			message: `The URL is ${f.previewUrl.length} characters long: servers answer 414 to long query strings (CH-PAY-3). Send the parameters as a body instead.`
		});
	const badHeader = badHeaderLine(f.headers);
	if (badHeader !== undefined) out.push({ level: 'error', message: badHeaderMessage(badHeader) });
	for (const w of applied.warnings) out.push({ level: 'warning', message: w });
	return out;
}

/**
 * Input the request cannot carry (parameters that are not a JSON object, a header line that is
 * not `Name: value`, a variable without a value) would otherwise be dropped silently; Send refuses
 * it and says what to do.
 */
export function inputError(
	f: Pick<LintInput, 'parsedParams' | 'headers' | 'query' | 'unresolved'> & {
		fileSlot?: FileSlot | null;
		file?: File | null;
		/** Path parameters (`:id`) left empty: sent as they are, the server answers 404. */
		missingPathParams?: readonly string[];
	},
	variables: Readonly<Record<string, string>>
): string | null {
	const missing = f.missingPathParams ?? [];
	if (missing.length) return missingPathParamsMessage(missing);
	if (f.fileSlot && !f.file) return fileNeededMessage(f.fileSlot);
	if (!f.parsedParams.ok) return f.parsedParams.error;
	const badHeader = badHeaderLine(f.headers);
	if (badHeader !== undefined) return badHeaderMessage(badHeader);
	if (f.unresolved.length) return unresolvedMessage(f.unresolved);
	return variableProblems(f.headers, f.query, variables)[0] ?? null;
}

/** Why a request that needs a file is not sent yet, and what to do. */
export function fileNeededMessage(slot: FileSlot): string {
	const where = slot.field === null ? 'as the whole body' : `as the field “${slot.field}”`;
	return `Choose the file to send ${where} under File first (“${slot.source}” where this request came from): a web page can read a file only when you choose it, so nothing is sent until you do.`;
}

/** Why a path with an empty `:param` is not sent, naming the fields to fill. */
export function missingPathParamsMessage(names: readonly string[]): string {
	const last = names.at(-1) ?? '';
	const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${last}` : last;
	return `Fill the path parameter${names.length > 1 ? 's' : ''} ${list} beside the path. Left empty, the server would read the path as written and answer 404.`;
}

/** Parameters typed as one JSON object, their variables filled; or why they are not one. */
export function parseParams(
	text: string,
	fill: (value: Record<string, ParamValue>) => Record<string, ParamValue>
): ParsedParams {
	if (!text.trim()) return { ok: true, value: {} };
	try {
		const value = JSON.parse(text) as unknown;
		if (!value || typeof value !== 'object' || Array.isArray(value))
			return {
				ok: false,
				error:
					'Parameters must be one JSON object, for example {"name": "value"}, not a list or a single value.'
			};
		return { ok: true, value: fill(value as Record<string, ParamValue>) };
	} catch (e) {
		return {
			ok: false,
			error: `Parameters are not valid JSON (${(e as Error).message}). Write one JSON object, for example {"name": "value"}, or clear the field.`
		};
	}
}

/** Pagination parameters the keyset helper replaces. */
const PAGING_KEYS = [
	'pagination',
	'order_by',
	'sort',
	'page',
	'per_page',
	'id_after',
	'id_before',
	'cursor'
];

/** The query with its paging parameters replaced by the keyset helper's. */
export function withKeysetQuery(query: string, keyset: string): string {
	const keep = decodeQuery(query).filter(([k]) => !PAGING_KEYS.includes(k));
	return [encodeQuery(Object.fromEntries(keep)), keyset].filter(Boolean).join('&');
}
