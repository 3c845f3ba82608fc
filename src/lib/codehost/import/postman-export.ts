/**
 * A collection (and an environment) as a Postman Collection v2.1 file, for going back to Postman
 * or a tool that reads Postman's format. Paths under the API root are written `{{baseUrl}}/path`,
 * `:params` stay Postman's path variables, bodies keep their kind (raw JSON, urlencoded, form
 * data), and the auth method becomes Postman's auth with a `{{token}}` variable: no token and no
 * secret value is ever written (secret variables are listed with an empty value). No Svelte, no DOM.
 */
import type { AuthMethod, AuthWay } from '../auth/auth';
import { withoutSecrets, type Collection, type SavedRequestData } from '../collections/collections';
import { encodePathParam, encodeQuery, flattenParams, type ParamValue } from '../request/encoding';
import type { Environment } from '../environments/environments';
import { isSecretVariable } from '../secrets/variables';
import { variableNames } from '../request/variables';

export const POSTMAN_SCHEMA =
	'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

export interface PostmanExportOptions {
	/** The value written for `{{baseUrl}}`: this explorer's API root. */
	apiRoot?: string;
}

interface KeyValue {
	key: string;
	value: string;
	type?: string;
}

/** The variable that stands for the token of each auth method: never its value. */
const TOKEN_VARIABLE: Record<AuthMethod, string> = {
	none: '',
	session: '',
	personal: 'token',
	impersonation: 'token',
	oauth: 'oauth_token',
	job: 'job_token'
};

const API_KEY: Partial<Record<AuthWay, { key: string; in: 'header' | 'query' }>> = {
	'private-token-header': { key: 'PRIVATE-TOKEN', in: 'header' },
	'private-token-query': { key: 'private_token', in: 'query' },
	'access-token-query': { key: 'access_token', in: 'query' },
	'job-token-header': { key: 'JOB-TOKEN', in: 'header' },
	'job-token-query': { key: 'job_token', in: 'query' }
};

const param = (key: string, value: string): KeyValue => ({ key, value, type: 'string' });

/** The request's auth as Postman's; `none` and the browser's session cookie are “No auth”. */
function authOf(auth: SavedRequestData['auth']): object {
	const variable = TOKEN_VARIABLE[auth.method];
	if (!variable) return { type: 'noauth' };
	if (auth.way === 'bearer') return { type: 'bearer', bearer: [param('token', `{{${variable}}}`)] };
	const key = API_KEY[auth.way];
	if (!key) return { type: 'noauth' };
	return {
		type: 'apikey',
		apikey: [param('key', key.key), param('value', `{{${variable}}}`), param('in', key.in)]
	};
}

function parsedParams(text: string): Record<string, ParamValue> | undefined {
	try {
		const v = JSON.parse(text) as unknown;
		return v && typeof v === 'object' && !Array.isArray(v)
			? (v as Record<string, ParamValue>)
			: undefined;
	} catch {
		return undefined;
	}
}

/** `a=1&b` as Postman's query entries, each written as the explorer sends it. */
function queryEntries(query: string): { key: string; value: string | null }[] {
	return query
		.split('&')
		.filter(Boolean)
		.map((part) => {
			const eq = part.indexOf('=');
			return eq === -1
				? { key: part, value: null }
				: { key: part.slice(0, eq), value: part.slice(eq + 1) };
		});
}

function urlOf(r: SavedRequestData) {
	const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(r.path);
	const params = r.bodyKind === 'query' ? parsedParams(r.params) : undefined;
	const query = [r.query, params ? encodeQuery(params) : ''].filter(Boolean).join('&');
	const base = absolute ? r.path : `{{baseUrl}}${r.path}`;
	const match = /^([a-z][a-z0-9+.-]*):\/\/([^/]*)(.*)$/i.exec(base);
	const [host, path] = absolute && match ? [match[2]!, match[3]!] : ['{{baseUrl}}', r.path];
	return {
		raw: query ? `${base}?${query}` : base,
		...(absolute && match ? { protocol: match[1]! } : {}),
		host: absolute ? host.split('.') : [host],
		path: path.split('/').filter(Boolean),
		...(query ? { query: queryEntries(query) } : {}),
		...(Object.keys(r.pathParams).length
			? {
					// Postman sends a path variable as written: encoded here as the code host needs it
					// (`group%2Fproject`), as the explorer sends it.
					variable: Object.entries(r.pathParams).map(([key, value]) => ({
						key,
						value: variableNames(value).length ? value : encodePathParam(value)
					}))
				}
			: {})
	};
}

function bodyOf(r: SavedRequestData): { body?: object; contentType?: string } {
	if (r.method === 'GET' || !r.params.trim()) return {};
	const params = parsedParams(r.params);
	switch (r.bodyKind) {
		case 'json':
			return {
				body: { mode: 'raw', raw: r.params, options: { raw: { language: 'json' } } },
				contentType: 'application/json'
			};
		case 'form':
			return {
				body: {
					mode: 'urlencoded',
					urlencoded: flattenParams(params ?? {}).map(([key, value]) => ({
						key,
						value,
						type: 'text'
					}))
				},
				contentType: 'application/x-www-form-urlencoded'
			};
		case 'multipart':
			return {
				body: {
					mode: 'formdata',
					formdata: flattenParams(params ?? {}).map(([key, value]) => ({
						key,
						value,
						type: 'text'
					}))
				}
			};
		case 'none':
		case 'query':
			return {};
	}
}

function headerEntries(text: string, contentType?: string): KeyValue[] {
	const out: KeyValue[] = [];
	for (const line of text.split('\n')) {
		const at = line.indexOf(':');
		if (at <= 0) continue;
		out.push({ key: line.slice(0, at).trim(), value: line.slice(at + 1).trim() });
	}
	// The explorer sets the body's content type itself; Postman needs it written.
	if (contentType && !out.some((h) => h.key.toLowerCase() === 'content-type'))
		out.push({ key: 'Content-Type', value: contentType });
	return out;
}

function itemOf(r: SavedRequestData) {
	const { body, contentType } = bodyOf(r);
	return {
		name: r.name,
		request: {
			auth: authOf(r.auth),
			method: r.method,
			header: headerEntries(r.headers, contentType),
			...(body ? { body } : {}),
			url: urlOf(r)
		},
		response: []
	};
}

/** Variables for the file: the API root, the token variables (empty), the environment's values. */
function variablesOf(
	collection: Collection,
	environment: Environment | undefined,
	apiRoot: string
) {
	const out = new Map<string, { key: string; value: string; type: string }>();
	out.set('baseUrl', { key: 'baseUrl', value: apiRoot, type: 'string' });
	for (const r of collection.requests) {
		const v = TOKEN_VARIABLE[r.auth.method];
		if (v) out.set(v, { key: v, value: '', type: 'secret' });
	}
	if (environment)
		for (const [key, value] of Object.entries(environment.values)) {
			const secret = isSecretVariable(environment, key);
			out.set(key, { key, value: secret ? '' : value, type: secret ? 'secret' : 'string' });
		}
	return [...out.values()];
}

/** A stable id for Postman (`_postman_id`), made from the collection's own id. */
function postmanId(id: string): string {
	let h = 0x811c9dc5;
	const hex: string[] = [];
	for (let round = 0; round < 4; round++) {
		for (const c of `${round}${id}`) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
		hex.push(h.toString(16).padStart(8, '0'));
	}
	const s = hex.join('');
	return `${s.slice(0, 8)}-${s.slice(8, 12)}-4${s.slice(13, 16)}-8${s.slice(17, 20)}-${s.slice(20, 32)}`;
}

/** The collection as a Postman Collection v2.1 file (JSON text). */
export function exportPostman(
	collection: Collection,
	environment?: Environment,
	options: PostmanExportOptions = {}
): string {
	return JSON.stringify(
		{
			info: {
				_postman_id: postmanId(collection.id),
				name: collection.name,
				schema: POSTMAN_SCHEMA
			},
			// A saved request holds no credential already; the export makes sure of it.
			item: collection.requests.map((r) => itemOf(withoutSecrets(r).request)),
			variable: variablesOf(collection, environment, options.apiRoot ?? '')
		},
		null,
		2
	);
}

/**
 * Every collection in one Postman Collection v2.1 file, each a folder of it (a single collection
 * is the file itself, as exportPostman writes it), with the environment's values as variables.
 */
export function exportPostmanCollections(
	collections: readonly Collection[],
	environment?: Environment,
	options: PostmanExportOptions = {}
): string {
	if (collections.length === 1) return exportPostman(collections[0]!, environment, options);
	const all: Collection = {
		id: collections.map((c) => c.id).join(' '),
		name: 'API Workbench collections',
		requests: collections.flatMap((c) => c.requests)
	};
	return JSON.stringify(
		{
			info: { _postman_id: postmanId(all.id), name: all.name, schema: POSTMAN_SCHEMA },
			item: collections.map((c) => ({
				name: c.name,
				item: c.requests.map((r) => itemOf(withoutSecrets(r).request))
			})),
			variable: variablesOf(all, environment, options.apiRoot ?? '')
		},
		null,
		2
	);
}

/** An environment as a Postman environment file: secret variables listed with an empty value. */
export function exportPostmanEnvironment(environment: Environment): string {
	return JSON.stringify(
		{
			id: postmanId(environment.id),
			name: environment.name,
			values: Object.entries(environment.values).map(([key, value]) => {
				const secret = isSecretVariable(environment, key);
				return {
					key,
					value: secret ? '' : value,
					type: secret ? 'secret' : 'default',
					enabled: true
				};
			}),
			_postman_variable_scope: 'environment'
		},
		null,
		2
	);
}
