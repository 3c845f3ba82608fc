/**
 * One request as any tool's file describes it (a RequestDraft), made into this explorer's saved
 * request: method, path under the API root (or the full URL), `:path` parameters, query, body as
 * parameters of a kind, header lines, and the auth method by name. Tokens never come along: the
 * token is entered under Auth; a variable holding one is marked secret. What does not fit is
 * noted on the builder with why. Each format's parser makes drafts (its variables already
 * written `{{name}}`) and inheritance already applied. No Svelte, no DOM.
 */
import { decodedParamName } from '$lib/http/redact';
import type { AuthMethod, AuthWay } from '../auth/auth';
import { LIMITS, withoutSecrets, type SavedRequestData } from '../collections/collections';
import { EXPLORER_METHODS } from '../request/request';
import { encodePathParam } from '../request/encoding';
import type { BodyKind } from '../contract/endpoints';
import { HEADER_NAME, OWNED_HEADERS } from '../request/check';
import { VARIABLE_NAME, variableNames } from '../request/variables';
import { unflatten } from './form-fields';
import type { PreviewBuilder } from './preview';
import { splitTarget, type TargetContext } from './target';

/** A name and value as tools keep them; `enabled: false` is a switched-off entry. */
export interface Pair {
	name: string;
	value: string;
	enabled?: boolean;
}

export type DraftBody =
	| { mode: 'none' }
	/** Text as typed; `language` is the tool's word for it (json, text, xml) or a content type. */
	| { mode: 'raw'; text: string; language?: string }
	| { mode: 'urlencoded'; fields: Pair[] }
	| { mode: 'formdata'; fields: (Pair & { file?: boolean })[] }
	| { mode: 'file' }
	| { mode: 'graphql'; query: string; variables?: string };

export type DraftAuth =
	| { type: 'none' }
	| { type: 'inherit' }
	| { type: 'bearer'; token: string }
	| { type: 'apikey'; key: string; value: string; in: 'header' | 'query' }
	| { type: 'oauth2'; in: 'header' | 'query'; token: string }
	| { type: 'basic'; username: string; password: string }
	/** An auth type this explorer does not have: the tool's own name for it. */
	| { type: 'other'; name: string };

/**
 * A request as another tool's file wrote it (Postman, Insomnia, Bruno, Hoppscotch, HAR, OpenAPI):
 * a full URL, pairs that may be switched off, the tool's own body and auth kinds, credentials
 * included. Not this explorer's request: `savedRequest` reads it into one, saying what it left out.
 */
export interface RequestDraft {
	name: string;
	/** Where it is in the file, for notes: “Collection / Folder / Request”. */
	where: string;
	method: string;
	url: string;
	/** The query as entries (with switched-off ones); when given, the URL's own query is not read. */
	query?: Pair[];
	/** Values of `:name` path segments. */
	pathVariables?: Pair[];
	headers: Pair[];
	body: DraftBody;
	/** Inheritance already resolved by the format's parser: never `inherit` here, or read as none. */
	auth: DraftAuth;
	description?: string;
	/** Recorded by a browser (HAR): headers the browser added are left out too. */
	recorded?: boolean;
}

/** The query a URL writes (`…?a=1&b`), as entries: tools send it along with their parameter list. */
export function urlQueryPairs(url: string): Pair[] {
	const q = /\?([^#]*)/.exec(url)?.[1];
	if (!q) return [];
	return q
		.split('&')
		.filter(Boolean)
		.map((part) => {
			const eq = part.indexOf('=');
			return eq === -1
				? { name: part, value: '' }
				: { name: part.slice(0, eq), value: part.slice(eq + 1) };
		});
}

export interface DraftContext extends TargetContext {
	builder: PreviewBuilder;
}

const TOKEN_WHY =
	'not imported: the token is entered under Auth in this explorer and kept only as you choose there.';

/** Headers a browser sets itself (fetch may not set them): not a saved request's to carry. */
const BROWSER_HEADERS =
	/^(sec-|proxy-|accept-charset$|accept-encoding$|user-agent$|referer$|origin$|connection$|content-length$|keep-alive$|te$|trailer$|transfer-encoding$|upgrade$|via$|dnt$|expect$|date$|postman-token$)/i;

/** Headers a browser added to a recorded request (HAR) that nobody typed. */
const RECORDED_HEADERS =
	/^(accept-language$|cache-control$|pragma$|priority$|if-none-match$|if-modified-since$|x-requested-with$)/i;

/** A path parameter name the explorer's `:name` can hold. */
const PARAM_NAME = /^[a-z][a-z_]*$/i;

/** A query component as typed in a tool: what would break the query string is encoded, the rest kept. */
function looseEncode(text: string, name = false): string {
	return text.replace(name ? /[\s&#=%]/g : /[\s&#%]/g, (c, at: number) => {
		if (c === '%' && /^%[0-9a-f]{2}/i.test(text.slice(at, at + 3))) return c;
		return encodeURIComponent(c);
	});
}

interface AuthChoice {
	method: AuthMethod;
	way: AuthWay;
}

const NO_AUTH: AuthChoice = { method: 'none', way: 'none' };

/** A bearer token's auth method: an OAuth token when its variable says so, else an access token. */
function bearerMethod(token: string): AuthMethod {
	const vars = variableNames(token);
	if (vars.length) return vars.some((v) => /oauth|access/i.test(v)) ? 'oauth' : 'personal';
	return 'personal';
}

const API_KEYS: Record<string, AuthChoice> = {
	'header:private-token': { method: 'personal', way: 'private-token-header' },
	'query:private_token': { method: 'personal', way: 'private-token-query' },
	'header:job-token': { method: 'job', way: 'job-token-header' },
	'query:job_token': { method: 'job', way: 'job-token-query' },
	'query:access_token': { method: 'oauth', way: 'access-token-query' }
};

/** The draft's auth as this explorer's method and way; the token is only looked at, never kept. */
function authChoice(draft: RequestDraft, ctx: DraftContext): AuthChoice {
	const b = ctx.builder;
	const a = draft.auth;
	const secretIn = (text: string) => {
		const vars = variableNames(text);
		for (const v of vars) b.credentialVariables.add(v);
		if (!vars.length && text.trim()) b.note('Tokens in the file', TOKEN_WHY, draft.where);
	};
	switch (a.type) {
		case 'none':
		case 'inherit':
			return NO_AUTH;
		case 'bearer':
			secretIn(a.token);
			return { method: bearerMethod(a.token), way: 'bearer' };
		case 'oauth2':
			secretIn(a.token);
			b.note(
				'OAuth 2.0 settings (grant type, URLs, client)',
				'not carried: the request uses this explorer’s OAuth 2.0 token method; get or paste a token under Auth.',
				draft.where
			);
			return { method: 'oauth', way: a.in === 'query' ? 'access-token-query' : 'bearer' };
		case 'apikey': {
			secretIn(a.value);
			const known = API_KEYS[`${a.in}:${a.key.trim().toLowerCase()}`];
			if (known) return known;
			b.note(
				`API key auth sending ${a.key || 'a key'} in the ${a.in === 'query' ? 'query' : 'headers'}`,
				'not carried: this explorer’s auth methods are the code host’s tokens (PRIVATE-TOKEN, Bearer, JOB-TOKEN). Add the key yourself as a header or parameter with a secret variable.',
				draft.where
			);
			return NO_AUTH;
		}
		case 'basic':
			secretIn(a.password);
			for (const v of variableNames(a.username)) b.credentialVariables.add(v);
			b.note(
				'Basic auth (user name and password)',
				'not carried: the API takes tokens, not passwords. Choose a token under Auth.',
				draft.where
			);
			return NO_AUTH;
		case 'other':
			b.note(
				`${a.name} auth`,
				'not carried: this explorer has no such auth method; the request is sent with the auth chosen under Auth.',
				draft.where
			);
			return NO_AUTH;
	}
}

/** A header that names the auth method (a token header): the method it names, the token left out. */
function authFromHeader(name: string, value: string): AuthChoice | undefined {
	const lower = name.toLowerCase();
	if (lower === 'private-token') return { method: 'personal', way: 'private-token-header' };
	if (lower === 'job-token') return { method: 'job', way: 'job-token-header' };
	if (lower === 'authorization' && /^bearer\s/i.test(value.trim()))
		return { method: bearerMethod(value), way: 'bearer' };
	return undefined;
}

function authFromQuery(name: string): AuthChoice | undefined {
	return API_KEYS[`query:${name}`];
}

interface Body {
	bodyKind: BodyKind;
	params: string;
	/** The content types this body kind sends itself. */
	owns: RegExp;
}

function jsonParams(text: string, draft: RequestDraft, ctx: DraftContext): string {
	try {
		const value = JSON.parse(text) as unknown;
		if (value && typeof value === 'object' && !Array.isArray(value))
			return JSON.stringify(value, null, 2);
		ctx.builder.note(
			'JSON bodies that are not one object',
			'kept as text under Parameters: this explorer sends a JSON object; change it to one before sending.',
			draft.where
		);
	} catch {
		ctx.builder.note(
			'JSON bodies that are not valid JSON as written',
			'kept as text under Parameters (a variable outside quotes, or a comment, is not JSON); fix it before sending.',
			draft.where
		);
	}
	return text;
}

function fieldsParams(fields: readonly Pair[], draft: RequestDraft, ctx: DraftContext): string {
	const on = fields.filter((f) => f.enabled !== false);
	for (const f of fields)
		if (f.enabled === false)
			ctx.builder.note(
				'Switched-off body fields',
				'left out: a request here has no switched-off fields.',
				`${draft.where}: ${f.name}`
			);
	return on.length ? JSON.stringify(unflatten(on.map((f) => [f.name, f.value])), null, 2) : '';
}

function bodyOf(draft: RequestDraft, ctx: DraftContext): Body {
	const b = ctx.builder;
	const none: Body = {
		bodyKind: draft.method.toUpperCase() === 'GET' ? 'query' : 'none',
		params: '',
		owns: /^$/
	};
	const body = draft.body;
	if (body.mode === 'none') return none;
	if (draft.method.toUpperCase() === 'GET') {
		b.note(
			'Bodies of GET requests',
			'left out: a browser cannot send a body with GET.',
			draft.where
		);
		return none;
	}
	switch (body.mode) {
		case 'raw': {
			const lang = (body.language ?? '').toLowerCase();
			const looksJson =
				/json/.test(lang) ||
				(!lang && /^\s*[{[]/.test(body.text)) ||
				(lang === 'text' && /^\s*\{/.test(body.text));
			if (!body.text.trim()) return none;
			if (looksJson)
				return {
					bodyKind: 'json',
					params: jsonParams(body.text, draft, ctx),
					owns: /^application\/json\b/i
				};
			b.note(
				`${/xml/.test(lang) ? 'XML' : 'Text'} bodies`,
				'left out: this explorer sends JSON, form or multipart bodies. Copy the text from the file if the endpoint takes it.',
				draft.where
			);
			return none;
		}
		case 'urlencoded':
			return {
				bodyKind: 'form',
				params: fieldsParams(body.fields, draft, ctx),
				owns: /^application\/x-www-form-urlencoded\b/i
			};
		case 'formdata': {
			const files = body.fields.filter((f) => f.file && f.enabled !== false);
			for (const f of files)
				b.note(
					'File fields of multipart bodies',
					'left out: a page cannot read a file from your disk by its name; choose the file under File before sending (it is sent as the field “file”).',
					`${draft.where}: ${f.name}`
				);
			return {
				bodyKind: 'multipart',
				params: fieldsParams(
					body.fields.filter((f) => !f.file),
					draft,
					ctx
				),
				owns: /^multipart\/form-data\b/i
			};
		}
		case 'file':
			b.note(
				'File bodies',
				'left out: a page cannot read a file from your disk by its name; this explorer sends a file only inside a multipart form.',
				draft.where
			);
			return none;
		case 'graphql': {
			let variables: unknown;
			if (body.variables?.trim())
				try {
					variables = JSON.parse(body.variables);
				} catch {
					b.note(
						'GraphQL variables that are not valid JSON',
						'left out; the query is kept. Add the variables under Parameters.',
						draft.where
					);
				}
			// GraphQL over HTTP is a JSON object of the query and its variables: that is what goes out.
			return {
				bodyKind: 'json',
				params: JSON.stringify(
					{ query: body.query, ...(variables !== undefined && { variables }) },
					null,
					2
				),
				owns: /^application\/json\b/i
			};
		}
	}
}

function decodedValue(value: string): string {
	if (!/%[0-9a-f]{2}/i.test(value)) return value;
	try {
		return decodeURIComponent(value);
	} catch {
		return value;
	}
}

/** The path with its `:name` segments as this explorer's path parameters. */
function pathWithParams(
	path: string,
	values: readonly Pair[],
	draft: RequestDraft,
	ctx: DraftContext
): { path: string; pathParams: Record<string, string> } {
	const pathParams: Record<string, string> = {};
	// A value written encoded for the tool to send as it is (`group%2Fproject`) is read back
	// decoded: this explorer encodes a path parameter when it sends it.
	const given = new Map(values.map((p) => [p.name, decodedValue(p.value)]));
	// After the scheme and host: a port (`:8080`) is no parameter.
	const start = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(path)?.[0].length ?? 0;
	const tail = path
		.slice(start)
		.replace(/(^|\/):([A-Za-z_][\w-]*)(?=\/|$)/g, (_m, slash: string, name: string) => {
			const value = given.get(name) ?? '';
			if (PARAM_NAME.test(name) && name !== '__proto__') {
				pathParams[name] = value;
				return `${slash}:${name}`;
			}
			ctx.builder.note(
				'Path parameters with names this explorer cannot use',
				'their value is written into the path (a name here holds only letters and _).',
				`${draft.where}: ${name}`
			);
			if (!value) return `${slash}{{${name.replace(/[^\w.-]/g, '_')}}}`;
			return slash + (variableNames(value).length ? value : encodePathParam(value));
		});
	return { path: path.slice(0, start) + tail, pathParams };
}

/**
 * The draft as a saved request, or undefined (noted) when it cannot be one: a method this
 * explorer does not send, or fields longer than a saved request holds.
 */
export function savedRequest(draft: RequestDraft, ctx: DraftContext): SavedRequestData | undefined {
	const b = ctx.builder;
	const method = draft.method.trim().toUpperCase() || 'GET';
	if (!(EXPLORER_METHODS as readonly string[]).includes(method)) {
		b.note(
			`Requests with the method ${method.slice(0, 20)}`,
			'left out: this explorer sends GET, POST, PUT, PATCH and DELETE.',
			draft.where
		);
		return undefined;
	}
	const target = splitTarget(draft.query ? draft.url.replace(/\?.*$/s, '') : draft.url, ctx);
	for (const n of target.notes) b.note(n.what, n.why, draft.where);
	const { path, pathParams } = pathWithParams(target.path, draft.pathVariables ?? [], draft, ctx);

	let auth = authChoice(draft, ctx);
	const explicitAuth = draft.auth.type !== 'none' && draft.auth.type !== 'inherit';

	const query: string[] = [];
	const parts = draft.query
		? draft.query.map((p) => ({
				part:
					p.value === ''
						? `${looseEncode(p.name, true)}=`
						: `${looseEncode(p.name, true)}=${looseEncode(p.value)}`,
				label: p.name,
				enabled: p.enabled !== false
			}))
		: target.query
				.split('&')
				.filter(Boolean)
				.map((part) => ({ part, label: decodedParamName(part), enabled: true }));
	for (const { part, label, enabled } of parts) {
		if (!enabled) {
			b.note(
				'Switched-off query parameters',
				'left out: a request here has no switched-off parameters.',
				`${draft.where}: ${label}`
			);
			continue;
		}
		const named = authFromQuery(decodedParamName(part));
		if (named) {
			if (!explicitAuth) auth = named;
			const value = part.slice(part.indexOf('=') + 1);
			for (const v of variableNames(value)) b.credentialVariables.add(v);
			if (!variableNames(value).length && value)
				b.note('Tokens in the file', TOKEN_WHY, draft.where);
		}
		query.push(part);
	}

	const body = bodyOf(draft, ctx);
	const headers: string[] = [];
	for (const h of draft.headers) {
		const name = h.name.trim();
		if (!name) continue;
		if (h.enabled === false) {
			b.note(
				'Switched-off headers',
				'left out: a request here has no switched-off headers.',
				`${draft.where}: ${name}`
			);
			continue;
		}
		const lower = name.toLowerCase();
		const named = authFromHeader(name, h.value);
		if (named || lower === 'authorization') {
			if (named && !explicitAuth) auth = named;
			const token = h.value.replace(/^\s*bearer\s+/i, '');
			for (const v of variableNames(token)) b.credentialVariables.add(v);
			if (!variableNames(token).length && token.trim())
				b.note('Tokens in the file', TOKEN_WHY, draft.where);
			if (!named)
				b.note(
					'Authorization headers that are not a Bearer token',
					'left out: the API takes tokens, not passwords.',
					draft.where
				);
			continue;
		}
		if (lower === 'content-type') {
			if (body.bodyKind === 'none' || body.bodyKind === 'query' || body.owns.test(h.value.trim()))
				continue;
			b.note(
				`Content-Type: ${h.value.slice(0, 60)}`,
				'left out: this explorer sets the content type of the body it sends.',
				draft.where
			);
			continue;
		}
		if (lower === 'cookie') {
			b.note('Cookies', 'left out: the browser sends its own cookies.', draft.where);
			continue;
		}
		if (
			BROWSER_HEADERS.test(name) ||
			lower === 'host' ||
			(draft.recorded && RECORDED_HEADERS.test(name))
		) {
			b.note(
				'Headers the browser sets itself',
				'left out: the browser sends them.',
				`${draft.where}: ${name}`
			);
			continue;
		}
		if (!HEADER_NAME.test(name) || /[\r\n]/.test(h.value)) {
			b.note(
				'Headers that are not a header name and a one-line value',
				'left out.',
				`${draft.where}: ${name.slice(0, 60)}`
			);
			continue;
		}
		if (OWNED_HEADERS.has(lower)) {
			for (const v of variableNames(h.value)) b.credentialVariables.add(v);
			// withoutSecrets below says what it takes out.
		}
		headers.push(`${name}: ${h.value.trim()}`);
	}

	const saved: SavedRequestData = {
		name: draft.name,
		method: method as SavedRequestData['method'],
		path,
		pathParams,
		query: query.join('&'),
		params: body.params,
		bodyKind: body.bodyKind,
		headers: headers.join('\n'),
		auth
	};
	const clean = withoutSecrets(saved);
	for (const d of clean.dropped)
		b.note(
			`Credentials in requests (${d.replace(/^the /, '')})`,
			TOKEN_WHY.replace('the token is', 'credentials are'),
			draft.where
		);
	const written = [
		clean.request.path,
		clean.request.query,
		clean.request.headers,
		clean.request.params,
		...Object.values(pathParams)
	].join('\n');
	for (const m of written.matchAll(/\{\{([^{}]*)\}\}/g))
		if (!VARIABLE_NAME.test(m[1]!.trim()))
			b.note(
				m[1]!.trim().startsWith('$')
					? `Dynamic variables such as {{${m[1]!.trim().slice(0, 30)}}}`
					: `Variables written {{${m[1]!.trim().slice(0, 30)}}}`,
				'kept as written, but this explorer has no such variable, so the braces would be sent as they are: replace them before sending.',
				draft.where
			);
	if (draft.description?.trim())
		b.note('Descriptions', 'left out: a saved request here has no description.', draft.where);
	const s = clean.request;
	if (
		s.path.length > 2_000 ||
		s.query.length > LIMITS.textChars ||
		s.params.length > LIMITS.textChars ||
		s.headers.length > LIMITS.textChars
	) {
		b.note(
			'Requests too large to save',
			`left out: a saved request holds at most ${LIMITS.textChars} characters of parameters, query or headers.`,
			draft.where
		);
		return undefined;
	}
	return s;
}
