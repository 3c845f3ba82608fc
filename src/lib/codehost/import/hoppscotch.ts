/**
 * Hoppscotch collections (one, or a list, with folders at any depth) and environments (one, or a
 * list). Hoppscotch writes variables `<<name>>`: they become `{{name}}`. Auth and headers set on a
 * collection or folder are inherited by its requests, as Hoppscotch sends them. Tokens never come
 * along; secret variables keep their values apart. No Svelte, no DOM.
 */
import { FileRefused } from '$lib/ui/file-refused';
import {
	savedRequest,
	urlQueryPairs,
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

/** `<<baseUrl>>` as this explorer writes it: `{{baseUrl}}`. */
export function hoppscotchText(text: string): string {
	return text.replace(/<<\s*([A-Za-z_][\w.-]*)\s*>>/g, '{{$1}}');
}

const OTHER_AUTH: Record<string, string> = {
	'aws-signature': 'AWS Signature',
	digest: 'Digest',
	hawk: 'Hawk',
	'akamai-eg': 'Akamai EdgeGrid',
	jwt: 'JWT',
	asap: 'ASAP (Atlassian)',
	ntlm: 'NTLM'
};

export function hoppscotchAuth(v: unknown): DraftAuth {
	if (!isObject(v)) return { type: 'inherit' };
	const type = str(v.authType);
	if (type === 'inherit' || !type) return { type: 'inherit' };
	if (v.authActive === false || type === 'none') return { type: 'none' };
	const inQuery = v.addTo === 'QUERY_PARAMS' || v.addTo === 'Query params';
	switch (type) {
		case 'bearer':
			return { type: 'bearer', token: hoppscotchText(str(v.token)) };
		case 'api-key':
			return {
				type: 'apikey',
				key: str(v.key),
				value: hoppscotchText(str(v.value)),
				in: inQuery ? 'query' : 'header'
			};
		case 'basic':
			return {
				type: 'basic',
				username: hoppscotchText(str(v.username)),
				password: hoppscotchText(str(v.password))
			};
		case 'oauth-2': {
			const info = isObject(v.grantTypeInfo) ? v.grantTypeInfo : {};
			return {
				type: 'oauth2',
				in: inQuery ? 'query' : 'header',
				token: hoppscotchText(str(info.token ?? v.token))
			};
		}
		default:
			return { type: 'other', name: OTHER_AUTH[type] ?? type.slice(0, 30) };
	}
}

const pairs = (v: unknown): Pair[] =>
	list(v)
		.filter(isObject)
		.map((p) => ({
			name: hoppscotchText(str(p.key)),
			value: hoppscotchText(str(p.value)),
			enabled: p.active !== false
		}));

/** Hoppscotch keeps a urlencoded body as `key: value` lines; a line starting with `#` is off. */
function formLines(text: string): Pair[] {
	return text
		.split('\n')
		.filter((l) => l.trim() && l.includes(':'))
		.map((l) => {
			const off = /^\s*#/.test(l);
			const line = l.replace(/^\s*#\s*/, '');
			const at = line.indexOf(':');
			return {
				name: hoppscotchText(line.slice(0, at).trim()),
				value: hoppscotchText(line.slice(at + 1).trim()),
				enabled: !off
			};
		});
}

function bodyOf(v: unknown): DraftBody {
	if (!isObject(v) || v.contentType === null || v.contentType === undefined)
		return { mode: 'none' };
	const type = str(v.contentType).toLowerCase();
	if (type === 'multipart/form-data')
		return {
			mode: 'formdata',
			fields: list(v.body)
				.filter(isObject)
				.map((f) => ({
					name: hoppscotchText(str(f.key)),
					value: f.isFile ? '' : hoppscotchText(str(f.value)),
					enabled: f.active !== false,
					file: f.isFile === true
				}))
		};
	if (type === 'application/x-www-form-urlencoded')
		return { mode: 'urlencoded', fields: formLines(str(v.body)) };
	if (type === 'application/octet-stream') return { mode: 'file' };
	return { mode: 'raw', text: hoppscotchText(str(v.body)), language: type };
}

function variablesOf(v: unknown): VariableIn[] {
	return list(v)
		.filter(isObject)
		.map((x) => ({
			name: str(x.key),
			value: hoppscotchText(str(x.currentValue ?? x.initialValue ?? x.value)),
			secret: x.secret === true
		}));
}

/** A Hoppscotch collection file: one collection or a list of them. */
export function parseHoppscotchCollection(data: unknown, options: ImportOptions): ImportPreview {
	const b = new PreviewBuilder('hoppscotch-collection');
	const roots = (Array.isArray(data) ? data : [data]).filter(isObject);
	const variables: VariableIn[] = [];
	const collectVariables = (c: Json, depth: number) => {
		if (depth > IMPORT_LIMITS.depth)
			throw new FileRefused(
				`The collection nests folders more than ${IMPORT_LIMITS.depth} deep; an export a person made is far flatter.`
			);
		variables.push(...variablesOf(c.variables));
		for (const r of list(c.requests))
			if (isObject(r)) variables.push(...variablesOf(r.requestVariables));
		for (const f of list(c.folders)) if (isObject(f)) collectVariables(f, depth + 1);
	};
	for (const c of roots) collectVariables(c, 0);
	const ctx = {
		apiRoot: options.apiRoot,
		knownPaths: options.knownPaths,
		variables: Object.fromEntries(variables.map((v) => [v.name, v.value])),
		builder: b
	};
	const walk = (c: Json, path: string[], auth: DraftAuth, headers: Pair[]) => {
		const own = hoppscotchAuth(c.auth);
		const level = own.type === 'inherit' ? auth : own;
		const levelHeaders = [...headers, ...pairs(c.headers)];
		const collection = path.join(' / ');
		for (const r of list(c.requests)) {
			if (!isObject(r)) continue;
			const name = cleanName(r.name, 'Request');
			const where = `${collection} / ${name}`;
			b.script(where, 'pre-request', str(r.preRequestScript));
			b.script(where, 'test', str(r.testScript));
			const ownHeaders = pairs(r.headers);
			const names = new Set(ownHeaders.map((h) => h.name.toLowerCase()));
			const requestAuth = hoppscotchAuth(r.auth);
			const draft: RequestDraft = {
				name,
				where,
				method: str(r.method) || 'GET',
				url: hoppscotchText(str(r.endpoint)),
				query: [...urlQueryPairs(hoppscotchText(str(r.endpoint))), ...pairs(r.params)],
				headers: [...levelHeaders.filter((h) => !names.has(h.name.toLowerCase())), ...ownHeaders],
				body: bodyOf(r.body),
				auth: requestAuth.type === 'inherit' ? level : requestAuth
			};
			b.countRequests(1);
			const saved = savedRequest(draft, ctx);
			if (saved) b.add(collection, saved);
		}
		for (const f of list(c.folders))
			if (isObject(f)) {
				b.folder();
				walk(f, [...path, cleanName(f.name, 'Folder')], level, levelHeaders);
			}
	};
	for (const c of roots) walk(c, [cleanName(c.name, 'Hoppscotch')], { type: 'none' }, []);
	if (b.folders)
		b.explain(
			'Each folder became a collection named by its path, “Collection / Folder / Subfolder”.'
		);
	if (variables.length) {
		b.explain(
			'The collection’s variables and its requests’ own variables became one environment: here a variable has one value per environment.'
		);
		b.environment(`${cleanName(roots[0]?.name, 'Hoppscotch')} variables`, variables);
	}
	return b.build();
}

/** A Hoppscotch environment file: one environment or a list of them. */
export function parseHoppscotchEnvironment(data: unknown): ImportPreview {
	const b = new PreviewBuilder('hoppscotch-environment');
	for (const e of (Array.isArray(data) ? data : [data]).filter(isObject))
		b.environment(cleanName(e.name, 'Hoppscotch environment'), variablesOf(e.variables));
	return b.build();
}
