/**
 * A catalogue entry's path parameters as fields, their encoding, filling a template, and the
 * required attributes a request leaves out. No Svelte here.
 */
import { encodePathParam, encodeProjectRef } from '../request/encoding';
import type { CatalogueEntry } from './catalogue';

export interface PathParam {
	name: string;
	/** `project` takes a number or `namespace/project`; a `segment` is one encoded path segment. */
	kind: 'project' | 'segment';
	/** A hint for the field, for people. */
	hint: string;
}

const PARAM = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/** The `:name`s of a path template, in order, each once. */
export function pathParams(template: string): PathParam[] {
	const out: PathParam[] = [];
	for (const m of template.matchAll(PARAM)) {
		const name = m[1]!;
		if (out.some((p) => p.name === name)) continue;
		const first = template.split('/')[2] === `:${name}`;
		const project = first && /^\/(projects|groups)\//.test(template);
		out.push({
			name,
			kind: project ? 'project' : 'segment',
			hint: project
				? 'A number, or a path such as group/project'
				: /iid|_id$|^id$/.test(name)
					? 'A number'
					: 'Slashes are sent encoded (%2F)'
		});
	}
	return out;
}

/**
 * One parameter's value as it goes in the path: a number as it is, anything else one segment with
 * every `/` as `%2F` (`group/project` → `group%2Fproject`). A `{{variable}}` is kept for later.
 */
export function encodeParamValue(param: PathParam, value: string): string {
	const text = value.trim();
	if (/^\{\{\s*[A-Za-z_][\w.-]*\s*\}\}$/.test(text)) return text;
	return param.kind === 'project' ? encodeProjectRef(text) : encodePathParam(text);
}

/** The template with each given value encoded in place; an empty value is left as `:name`. */
export function fillPath(
	template: string,
	values: Readonly<Record<string, string>>
): { path: string; missing: string[] } {
	const params = pathParams(template);
	const missing: string[] = [];
	const path = template.replace(PARAM, (whole, name: string) => {
		const value = Object.hasOwn(values, name) ? values[name]!.trim() : '';
		if (!value) {
			if (!missing.includes(name)) missing.push(name);
			return whole;
		}
		return encodeParamValue(
			params.find((p) => p.name === name)!,
			value
		);
	});
	return { path, missing };
}

/**
 * The values a concrete path gives a template's parameters (decoded), or undefined when the path
 * is not of that template: `/projects/group%2Fapp/issues/5` → { id: 'group/app', issue_iid: '5' }.
 */
export function matchPath(template: string, path: string): Record<string, string> | undefined {
	const want = template.split('/').filter(Boolean);
	const got = path
		.replace(/[?#].*$/, '')
		.split('/')
		.filter(Boolean);
	if (want.length !== got.length) return undefined;
	const values: Record<string, string> = {};
	for (let i = 0; i < want.length; i++) {
		const w = want[i]!;
		const g = got[i]!;
		if (w.startsWith(':')) {
			try {
				values[w.slice(1)] = decodeURIComponent(g);
			} catch {
				values[w.slice(1)] = g;
			}
		} else if (w !== g) return undefined;
	}
	return values;
}

/** `variables[0][key]` and `labels[]` name the attributes `variables` and `labels`. */
function baseName(name: string): string {
	const at = name.indexOf('[');
	return at < 0 ? name : name.slice(0, at);
}

function queryNames(
	query: string | URLSearchParams | Readonly<Record<string, unknown>>
): Set<string> {
	const names = new Set<string>();
	if (typeof query === 'string' || query instanceof URLSearchParams) {
		const params =
			typeof query === 'string' ? new URLSearchParams(query.replace(/^\?/, '')) : query;
		for (const [name, value] of params) if (value !== '') names.add(baseName(name));
	} else {
		for (const [name, value] of Object.entries(query))
			if (value !== undefined && value !== '') names.add(baseName(name));
	}
	return names;
}

/** The top-level keys of a JSON object body (text or parsed) or the names of a form body. */
function bodyNames(body: unknown): Set<string> {
	let value = body;
	if (typeof body === 'string') {
		if (!body.trim()) return new Set();
		try {
			value = JSON.parse(body);
		} catch {
			return queryNames(body); // a form body: a=1&b=2
		}
	}
	if (!value || typeof value !== 'object' || Array.isArray(value)) return new Set();
	return new Set(
		Object.entries(value as Record<string, unknown>)
			.filter(([, v]) => v !== undefined)
			.map(([k]) => baseName(k))
	);
}

/**
 * The entry's required attributes this request leaves out, in the entry's order. GitLab reads an
 * attribute from the query string or the body alike, so either counts.
 */
export function missingRequired(
	entry: Pick<CatalogueEntry, 'required'>,
	request: {
		query?: string | URLSearchParams | Readonly<Record<string, unknown>>;
		body?: unknown;
	}
): string[] {
	const present = queryNames(request.query ?? '');
	for (const name of bodyNames(request.body)) present.add(name);
	return entry.required.filter((name) => !present.has(name));
}
