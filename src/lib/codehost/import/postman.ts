/**
 * Postman Collection v2.0 and v2.1 and Postman environment files. Folders at any depth become
 * collections named by their path (“Collection / Folder / Subfolder”), requests at the top stay in
 * one named after the collection. Auth is inherited as Postman does it (a request without auth, or
 * with “inherit”, takes its folder's, up to the collection's); tokens never come along. Collection
 * and folder variables become one environment. Switched-off headers, parameters and fields are
 * left out and listed. Scripts are kept as text, never run. No Svelte, no DOM.
 */
import { FileRefused } from '$lib/ui/file-refused';
import {
	savedRequest,
	type DraftAuth,
	type DraftBody,
	type Pair,
	type RequestDraft
} from './draft';
import {
	cleanName,
	IMPORT_LIMITS,
	PreviewBuilder,
	type ImportOptions,
	type ImportPreview,
	type VariableIn
} from './preview';
import { isObject, list, str } from './source';

type Json = Record<string, unknown>;

/** Postman's auth parameters: a list of `{key, value}` (v2.1) or an object (v2.0). */
function authParams(auth: Json, type: string): Map<string, string> {
	const raw = auth[type];
	const out = new Map<string, string>();
	if (Array.isArray(raw)) {
		for (const p of raw) if (isObject(p)) out.set(str(p.key), str(p.value));
	} else if (isObject(raw)) for (const [k, v] of Object.entries(raw)) out.set(k, str(v));
	return out;
}

const OTHER_AUTH: Record<string, string> = {
	digest: 'Digest',
	oauth1: 'OAuth 1.0',
	hawk: 'Hawk',
	awsv4: 'AWS Signature',
	ntlm: 'NTLM',
	akamai: 'Akamai EdgeGrid',
	edgegrid: 'Akamai EdgeGrid',
	jwt: 'JWT Bearer',
	asap: 'ASAP (Atlassian)'
};

/** One level's auth as a draft's, `inherit` where the level says nothing (or says inherit). */
export function postmanAuth(auth: unknown): DraftAuth {
	if (!isObject(auth)) return { type: 'inherit' };
	const type = str(auth.type);
	const p = authParams(auth, type);
	switch (type) {
		case 'inherit':
			return { type: 'inherit' };
		case 'noauth':
			return { type: 'none' };
		case 'bearer':
			return { type: 'bearer', token: p.get('token') ?? '' };
		case 'apikey':
			return {
				type: 'apikey',
				key: p.get('key') ?? '',
				value: p.get('value') ?? '',
				in: p.get('in') === 'query' ? 'query' : 'header'
			};
		case 'basic':
			return {
				type: 'basic',
				username: p.get('username') ?? '',
				password: p.get('password') ?? ''
			};
		case 'oauth2':
			return {
				type: 'oauth2',
				token: p.get('accessToken') ?? '',
				in: p.get('addTokenTo') === 'queryParams' ? 'query' : 'header'
			};
		default:
			return { type: 'other', name: OTHER_AUTH[type] ?? (type.slice(0, 30) || 'Unknown') };
	}
}

const inherit = (own: DraftAuth, parent: DraftAuth): DraftAuth =>
	own.type === 'inherit' ? parent : own;

/** A description as Postman writes it: text, or `{content, type}`. */
function description(v: unknown): string {
	return isObject(v) ? str(v.content) : str(v);
}

function pairs(v: unknown, nameKey = 'key'): Pair[] {
	return list(v)
		.filter(isObject)
		.map((p) => ({ name: str(p[nameKey]), value: str(p.value), enabled: p.disabled !== true }));
}

/** Headers: a list of `{key, value, disabled}`, or (older exports) `Name: value` lines. */
function headersOf(v: unknown): Pair[] {
	if (typeof v === 'string')
		return v
			.split('\n')
			.filter((l) => l.includes(':'))
			.map((l) => ({
				name: l.slice(0, l.indexOf(':')).trim(),
				value: l.slice(l.indexOf(':') + 1).trim()
			}));
	return pairs(v);
}

function urlOf(v: unknown): { url: string; query?: Pair[]; pathVariables: Pair[] } {
	if (!isObject(v)) return { url: str(v), pathVariables: [] };
	let url = str(v.raw);
	if (!url) {
		const host = Array.isArray(v.host) ? v.host.map(str).join('.') : str(v.host);
		const path = Array.isArray(v.path) ? v.path.map(str).join('/') : str(v.path);
		const protocol = str(v.protocol);
		url = `${protocol ? `${protocol}://` : ''}${host}${str(v.port) ? `:${str(v.port)}` : ''}${path ? `/${path.replace(/^\//, '')}` : ''}`;
	}
	return {
		url,
		...(Array.isArray(v.query) ? { query: pairs(v.query) } : {}),
		pathVariables: pairs(v.variable)
	};
}

function bodyOf(v: unknown): DraftBody {
	if (!isObject(v) || v.disabled === true) return { mode: 'none' };
	switch (str(v.mode)) {
		case 'raw': {
			const options = isObject(v.options) && isObject(v.options.raw) ? v.options.raw : {};
			return { mode: 'raw', text: str(v.raw), language: str(options.language) || undefined };
		}
		case 'urlencoded':
			return { mode: 'urlencoded', fields: pairs(v.urlencoded) };
		case 'formdata':
			return {
				mode: 'formdata',
				fields: list(v.formdata)
					.filter(isObject)
					.map((f) => ({
						name: str(f.key),
						value: str(f.value),
						enabled: f.disabled !== true,
						file: f.type === 'file'
					}))
			};
		case 'file':
			return { mode: 'file' };
		case 'graphql': {
			const g = isObject(v.graphql) ? v.graphql : {};
			return { mode: 'graphql', query: str(g.query), variables: str(g.variables) };
		}
		default:
			return { mode: 'none' };
	}
}

/** Scripts of one level (`event`): pre-request and test, kept as text. */
function scripts(b: PreviewBuilder, events: unknown, where: string): void {
	for (const e of list(events)) {
		if (!isObject(e) || !isObject(e.script)) continue;
		const exec = e.script.exec;
		const text = Array.isArray(exec) ? exec.map(str).join('\n') : str(exec);
		b.script(where, e.listen === 'test' ? 'test' : 'pre-request', text);
	}
}

function variablesOf(v: unknown): VariableIn[] {
	return list(v)
		.filter(isObject)
		.map((x) => ({
			name: str(x.key ?? x.id),
			value: str(x.value),
			secret: x.type === 'secret',
			enabled: x.disabled !== true && x.enabled !== false
		}));
}

interface Level {
	path: string[];
	auth: DraftAuth;
}

/** A Postman collection (v2.0 or v2.1). */
export function parsePostmanCollection(
	data: Json,
	format: 'postman-collection-2.0' | 'postman-collection-2.1',
	options: ImportOptions
): ImportPreview {
	const b = new PreviewBuilder(format);
	const info = isObject(data.info) ? data.info : {};
	const name = cleanName(info.name, 'Postman collection');
	if (!Array.isArray(data.item))
		throw new FileRefused('The Postman collection lists no requests (its “item” list is missing).');
	if (description(info.description).trim())
		b.note('Descriptions', 'left out: a collection here has no description.', name);

	const variables = new Map<string, VariableIn>();
	const addVariables = (list: VariableIn[], where: string) => {
		for (const v of list) {
			const known = variables.get(v.name);
			if (known && known.value !== v.value)
				b.note(
					'Folder variables that differ from the collection’s',
					`kept with the first value: this explorer has one value per variable in an environment.`,
					`${where}: ${v.name}`
				);
			else variables.set(v.name, v);
		}
	};
	addVariables(variablesOf(data.variable), name);
	scripts(b, data.event, name);

	// Read every folder's variables before any request, so a URL's {{baseUrl}} finds its value.
	const walkVariables = (items: unknown[], path: string[], depth: number) => {
		if (depth > IMPORT_LIMITS.depth)
			throw new FileRefused(
				`The collection nests folders more than ${IMPORT_LIMITS.depth} deep; an export a person made is far flatter.`
			);
		for (const it of items)
			if (isObject(it) && Array.isArray(it.item)) {
				const p = [...path, cleanName(it.name, 'Folder')];
				addVariables(variablesOf(it.variable), p.join(' / '));
				walkVariables(it.item, p, depth + 1);
			}
	};
	walkVariables(data.item, [name], 0);

	const ctx = {
		apiRoot: options.apiRoot,
		knownPaths: options.knownPaths,
		variables: Object.fromEntries([...variables.values()].map((v) => [v.name, v.value])),
		builder: b
	};
	const root: Level = { path: [name], auth: inherit(postmanAuth(data.auth), { type: 'none' }) };

	const walk = (items: unknown[], level: Level) => {
		for (const it of items) {
			if (!isObject(it)) continue;
			if (Array.isArray(it.item)) {
				b.folder();
				const path = [...level.path, cleanName(it.name, 'Folder')];
				const where = path.join(' / ');
				scripts(b, it.event, where);
				if (description(it.description).trim())
					b.note('Descriptions', 'left out: a folder here has no description.', where);
				walk(it.item, { path, auth: inherit(postmanAuth(it.auth), level.auth) });
				continue;
			}
			if (it.request === undefined) continue;
			b.countRequests(1);
			const req = isObject(it.request) ? it.request : { url: it.request };
			const requestName = cleanName(it.name, 'Request');
			const where = [...level.path, requestName].join(' / ');
			scripts(b, it.event, where);
			const { url, query, pathVariables } = urlOf(req.url);
			const draft: RequestDraft = {
				name: requestName,
				where,
				method: str(req.method) || 'GET',
				url,
				...(query ? { query } : {}),
				pathVariables,
				headers: headersOf(req.header),
				body: bodyOf(req.body),
				auth: inherit(postmanAuth(req.auth), level.auth),
				description: description(req.description) || description(it.description)
			};
			const saved = savedRequest(draft, ctx);
			if (saved) b.add(level.path.join(' / '), saved);
		}
	};
	walk(data.item, root);
	if (b.folders)
		b.explain(
			'Each folder became a collection named by its path, “Collection / Folder / Subfolder”; requests at the top are in the collection named after the file.'
		);
	if (variables.size) b.environment(`${name} variables`, [...variables.values()]);
	return b.build();
}

/** A Postman environment (or globals) file: one environment. */
export function parsePostmanEnvironment(data: Json): ImportPreview {
	const b = new PreviewBuilder('postman-environment');
	b.environment(cleanName(data.name, 'Postman environment'), variablesOf(data.values));
	return b.build();
}
