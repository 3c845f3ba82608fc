/**
 * The seed's encoding rules as pure functions (CH-PATH-1..3, CH-PAY-4..7). No Svelte here.
 */

/** A parameter value the explorer can encode: scalars, arrays, hashes and arrays of hashes. */
export type ParamValue =
	| string
	| number
	| boolean
	| null
	| undefined
	| readonly ParamValue[]
	| { readonly [key: string]: ParamValue };

/**
 * Percent-encodes one query or form component. Stricter than encodeURIComponent: a literal `+`
 * becomes `%2B` (CH-PAY-7) since a bare `+` reads as a space, and `!'()*` are encoded too.
 */
export function encodeComponent(value: string): string {
	return encodeURIComponent(value).replace(
		/[!'()*]/g,
		(c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`
	);
}

/** Encodes one path parameter: every `/` becomes `%2F` (CH-PATH-1, CH-PATH-2). */
export function encodePathParam(value: string): string {
	return encodeComponent(value);
}

/** A project reference: a numeric id as it is, or `namespace/project` with `/` as `%2F` (CH-PATH-1). */
export function encodeProjectRef(value: string | number): string {
	const text = String(value).trim();
	return /^\d+$/.test(text) ? text : encodePathParam(text);
}

function isHash(value: ParamValue): value is { readonly [key: string]: ParamValue } {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Flattens parameters into name/value pairs in the seed's bracket style:
 * arrays `name[]=v` repeated (CH-PAY-4), hashes `name[key]=v` (CH-PAY-5), arrays of hashes
 * `name[0][key]=v` (CH-PAY-6). `undefined` is left out; `null` is sent empty.
 */
export function flattenParams(params: Record<string, ParamValue>): [string, string][] {
	const out: [string, string][] = [];
	const walk = (name: string, value: ParamValue) => {
		if (value === undefined) return;
		if (Array.isArray(value)) {
			const list = value as readonly ParamValue[];
			list.forEach((item, i) => {
				if (isHash(item)) walk(`${name}[${i}]`, item);
				else walk(`${name}[]`, item);
			});
			return;
		}
		if (isHash(value)) {
			for (const [key, inner] of Object.entries(value)) walk(`${name}[${key}]`, inner);
			return;
		}
		out.push([name, value === null ? '' : String(value)]);
	};
	for (const [name, value] of Object.entries(params)) walk(name, value);
	return out;
}

/** `a=1&b[]=x&c[k]=y`, with names' brackets kept readable and every value strictly encoded. */
export function encodeQuery(params: Record<string, ParamValue>): string {
	return flattenParams(params)
		.map(([name, value]) => `${encodeName(name)}=${encodeComponent(value)}`)
		.join('&');
}

/** A form body has the same shape as a query string (application/x-www-form-urlencoded). */
export const encodeForm = encodeQuery;

function encodeName(name: string): string {
	return name
		.split(/(\[|\])/)
		.map((part) => (part === '[' || part === ']' ? part : encodeComponent(part)))
		.join('');
}

/** Parses a query string back to pairs (`+` read as a space, as servers do). */
export function decodeQuery(query: string): [string, string][] {
	return query
		.replace(/^\?/, '')
		.split('&')
		.filter(Boolean)
		.map((part) => {
			const eq = part.indexOf('=');
			const rawName = eq === -1 ? part : part.slice(0, eq);
			const rawValue = eq === -1 ? '' : part.slice(eq + 1);
			const d = (s: string) => {
				try {
					return decodeURIComponent(s.replace(/\+/g, ' '));
				} catch {
					return s;
				}
			};
			return [d(rawName), d(rawValue)];
		});
}

/** Path parameter names of a template such as `/projects/:id/issues/:iid`, in order. */
export function pathParamNames(template: string): string[] {
	return [...template.matchAll(/:([a-z_]+)/gi)].map((m) => m[1]!);
}

/** Fills a template; `id` is a project reference, everything else one encoded segment. */
export function fillPath(template: string, values: Record<string, string>): string {
	return template.replace(/:([a-z_]+)/gi, (whole, name: string) => {
		const value = values[name];
		if (value === undefined || value === '') return whole;
		return name === 'id' ? encodeProjectRef(value) : encodePathParam(value);
	});
}

export interface PathLint {
	level: 'warning' | 'error';
	message: string;
}

/**
 * Warnings before sending: a raw path that would not match any endpoint (CH-PATH-3), a
 * `.json` suffix, an API root in the path, a bare `+` in the query (CH-PAY-7), unfilled `:params`.
 */
export function lintRequest(path: string, query = ''): PathLint[] {
	const out: PathLint[] = [];
	const unfilled = pathParamNames(path);
	if (unfilled.length)
		out.push({
			level: 'error',
			message: `Fill the path parameter${unfilled.length > 1 ? 's' : ''} ${unfilled.map((n) => `:${n}`).join(', ')}; the colon is not sent.`
		});
	if (/^\/?api\/v\d+/.test(path))
		out.push({
			level: 'warning',
			message: 'The path repeats the API root (/api/v4); it is already in the base URL.'
		});
	const segments = path.split('?')[0]!.split('/');
	const project = segments[1] === 'projects' ? segments[2] : undefined;
	const nextSegment = segments[3];
	if (
		project &&
		!/^\d+$/.test(project) &&
		!project.includes('%2F') &&
		nextSegment &&
		!PROJECT_SUBRESOURCES.has(nextSegment) &&
		!/^:/.test(project)
	)
		out.push({
			level: 'warning',
			message: `“${project}/${nextSegment}” looks like a namespaced project path with a raw “/”: write it ${project}%2F${nextSegment}, or it matches no endpoint (404).`
		});
	const fileAt = segments.indexOf('files');
	if (segments[fileAt - 1] === 'repository' && fileAt > 0 && segments.length > fileAt + 2)
		out.push({
			level: 'warning',
			message:
				'The file path contains a raw “/”: encode it as %2F, or it matches no endpoint (404).'
		});
	const tagAt = segments.indexOf('tags');
	if (segments[tagAt - 1] === 'repository' && tagAt > 0 && segments.length > tagAt + 2)
		out.push({
			level: 'warning',
			message: 'The tag name contains a raw “/”: encode it as %2F, or it matches no endpoint (404).'
		});
	const branchAt = segments.indexOf('branches');
	if (
		branchAt > 0 &&
		segments.length > branchAt + 2 &&
		segments[segments.length - 1] === 'commits' &&
		segments.length > branchAt + 3
	)
		out.push({
			level: 'warning',
			message:
				'The branch name contains a raw “/”: encode it as %2F, or it matches no endpoint (404).'
		});
	// A repository file's own name may end in .json: that is the file, not a format suffix.
	const inFilePath = fileAt > 0 && segments[fileAt - 1] === 'repository';
	if (/\.json$/.test(path.split('?')[0]!) && !inFilePath)
		out.push({ level: 'warning', message: 'The .json suffix is not needed.' });
	const asked = new URLSearchParams(query);
	if (asked.get('pagination') === 'keyset') {
		const lacking = ['order_by', 'sort'].filter((name) => !asked.get(name));
		if (lacking.length)
			out.push({
				level: 'warning',
				message: `Keyset pagination needs ${lacking.join(' and ')} as well (the server answers 400 without ${lacking.length > 1 ? 'them' : 'it'}). The keyset helper fills them in (CH-KEY-1).`
			});
	}
	if (query.includes('+'))
		out.push({
			level: 'warning',
			message:
				'The query contains a bare “+”, which the server reads as a space. A literal plus is written %2B.'
		});
	return out;
}

/** Path segments that follow a project reference in the seed's endpoint table. */
const PROJECT_SUBRESOURCES = new Set([
	'share',
	'pipeline',
	'issues',
	'repository',
	'branches',
	'jobs',
	'releases',
	'import'
]);

/** Replaces bare `+` in a raw query by `%2B` (the fix the lint offers). */
export function fixPlus(query: string): string {
	return query.replace(/\+/g, '%2B');
}

/** Past this many characters a URL risks 414 on common servers and proxies (CH-PAY-3). */
export const LONG_URL_CHARS = 4000;

/** The API root, a path and an encoded query string joined into one URL. */
export function joinUrl(apiRoot: string, path: string, query = ''): string {
	return `${apiRoot.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}${query ? `?${query}` : ''}`;
}
