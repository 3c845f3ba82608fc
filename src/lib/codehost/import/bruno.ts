/**
 * Bruno collections exported as JSON (“Export as Bruno collection”): folders at any depth, the
 * collection's and each folder's auth, headers and variables inherited by their requests, every
 * body mode, `:name` path parameters, and the collection's environments. A collection folder of
 * `.bru` files is read by Bruno's own parser into this same shape first (bruno-folder.ts).
 * No Svelte, no DOM.
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

const OTHER_AUTH: Record<string, string> = {
	digest: 'Digest',
	awsv4: 'AWS Signature',
	ntlm: 'NTLM',
	wsse: 'WSSE'
};

export function brunoAuth(v: unknown): DraftAuth {
	if (!isObject(v)) return { type: 'inherit' };
	const mode = str(v.mode);
	const part = (k: string) => (isObject(v[k]) ? v[k] : {});
	switch (mode) {
		case 'inherit':
		case '':
			return { type: 'inherit' };
		case 'none':
			return { type: 'none' };
		case 'bearer':
			return { type: 'bearer', token: str(part('bearer').token) };
		case 'apikey': {
			const a = part('apikey');
			return {
				type: 'apikey',
				key: str(a.key),
				value: str(a.value),
				in: a.placement === 'queryparams' ? 'query' : 'header'
			};
		}
		case 'basic':
			return {
				type: 'basic',
				username: str(part('basic').username),
				password: str(part('basic').password)
			};
		case 'oauth2': {
			const o = part('oauth2');
			return {
				type: 'oauth2',
				in: o.tokenPlacement === 'url' ? 'query' : 'header',
				token: str(o.accessToken)
			};
		}
		default:
			return { type: 'other', name: OTHER_AUTH[mode] ?? mode.slice(0, 30) };
	}
}

const pairs = (v: unknown): Pair[] =>
	list(v)
		.filter(isObject)
		.map((p) => ({ name: str(p.name), value: str(p.value), enabled: p.enabled !== false }));

function bodyOf(v: unknown): DraftBody {
	if (!isObject(v)) return { mode: 'none' };
	switch (str(v.mode)) {
		case 'json':
			return { mode: 'raw', text: str(v.json), language: 'json' };
		case 'text':
			return { mode: 'raw', text: str(v.text), language: 'text/plain' };
		case 'xml':
			return { mode: 'raw', text: str(v.xml), language: 'xml' };
		case 'sparql':
			return { mode: 'raw', text: str(v.sparql), language: 'sparql' };
		case 'formUrlEncoded':
			return { mode: 'urlencoded', fields: pairs(v.formUrlEncoded) };
		case 'multipartForm':
			return {
				mode: 'formdata',
				fields: list(v.multipartForm)
					.filter(isObject)
					.map((f) => ({
						name: str(f.name),
						value: f.type === 'file' ? '' : str(f.value),
						enabled: f.enabled !== false,
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

/** A folder's or the collection's own settings (`root.request`). */
function rootOf(v: Json): Json {
	return isObject(v.root) && isObject(v.root.request) ? v.root.request : {};
}

const requestVars = (r: Json): VariableIn[] =>
	isObject(r.vars)
		? pairs(r.vars.req).map((p) => ({ name: p.name, value: p.value, enabled: p.enabled }))
		: [];

/** A Bruno collection exported as JSON (or a folder read into that shape). */
export function parseBruno(
	data: Json,
	options: ImportOptions,
	format: 'bruno-json' | 'bruno-folder' = 'bruno-json'
): ImportPreview {
	const b = new PreviewBuilder(format);
	const name = cleanName(data.name, 'Bruno collection');
	const root = rootOf(data);
	const variables: VariableIn[] = [...requestVars(root)];
	const collect = (items: unknown[], depth: number) => {
		if (depth > IMPORT_LIMITS.depth)
			throw new FileRefused(
				`The collection nests folders more than ${IMPORT_LIMITS.depth} deep; an export a person made is far flatter.`
			);
		for (const it of items.filter(isObject)) {
			variables.push(
				...requestVars(it.type === 'folder' ? rootOf(it) : isObject(it.request) ? it.request : {})
			);
			if (it.type === 'folder') collect(list(it.items), depth + 1);
		}
	};
	collect(list(data.items), 0);
	const environments = list(data.environments).filter(isObject);
	const firstEnv = environments[0];
	const ctx = {
		apiRoot: options.apiRoot,
		knownPaths: options.knownPaths,
		variables: Object.fromEntries(
			[...variables, ...(firstEnv ? pairs(firstEnv.variables) : [])].map((v) => [v.name, v.value])
		),
		builder: b
	};
	const scripts = (where: string, r: Json) => {
		const s = isObject(r.script) ? r.script : {};
		b.script(where, 'pre-request', str(s.req));
		b.script(where, 'test', [str(s.res), str(r.tests)].filter((t) => t.trim()).join('\n\n'));
		if (list(r.assertions).length)
			b.note('Assertions', 'left out: add them again as checks of the saved request.', where);
	};
	scripts(name, root);
	const walk = (items: unknown[], path: string[], auth: DraftAuth, headers: Pair[]) => {
		const sorted = items.filter(isObject).sort((x, y) => Number(x.seq ?? 0) - Number(y.seq ?? 0));
		for (const it of sorted) {
			const itemName = cleanName(it.name, it.type === 'folder' ? 'Folder' : 'Request');
			const where = [...path, itemName].join(' / ');
			if (it.type === 'folder') {
				b.folder();
				const r = rootOf(it);
				scripts(where, r);
				const own = brunoAuth(r.auth);
				walk(list(it.items), [...path, itemName], own.type === 'inherit' ? auth : own, [
					...headers,
					...pairs(r.headers)
				]);
				continue;
			}
			if (it.type !== 'http-request' && it.type !== 'graphql-request') {
				b.note(
					`${str(it.type).slice(0, 30) || 'Unknown'} items`,
					'left out: this explorer sends HTTP requests.',
					where
				);
				continue;
			}
			const r = isObject(it.request) ? it.request : {};
			scripts(where, r);
			const params = list(r.params).filter(isObject);
			const own = pairs(r.headers);
			const names = new Set(own.map((h) => h.name.toLowerCase()));
			const requestAuth = brunoAuth(r.auth);
			const draft: RequestDraft = {
				name: itemName,
				where,
				method: str(r.method) || 'GET',
				url: str(r.url),
				query: pairs(params.filter((p) => p.type !== 'path')),
				pathVariables: pairs(params.filter((p) => p.type === 'path')),
				headers: [...headers.filter((h) => !names.has(h.name.toLowerCase())), ...own],
				body: bodyOf(r.body),
				auth: requestAuth.type === 'inherit' ? auth : requestAuth,
				description: str(r.docs)
			};
			if (/\{\{\s*process\.env\./.test(JSON.stringify(draft)))
				b.note(
					'Variables from process.env',
					'kept as written: this explorer has no process environment, so give them a value in an environment here.',
					where
				);
			b.countRequests(1);
			const saved = savedRequest(draft, ctx);
			if (saved) b.add(path.join(' / '), saved);
		}
	};
	const rootAuth = brunoAuth(root.auth);
	walk(
		list(data.items),
		[name],
		rootAuth.type === 'inherit' ? { type: 'none' } : rootAuth,
		pairs(root.headers)
	);
	if (b.folders)
		b.explain(
			'Each folder became a collection named by its path, “Collection / Folder / Subfolder”.'
		);
	if (variables.length) b.environment(`${name} variables`, variables);
	for (const e of environments)
		b.environment(
			cleanName(e.name, 'Environment'),
			list(e.variables)
				.filter(isObject)
				.map((v) => ({
					name: str(v.name),
					value: str(v.value),
					secret: v.secret === true,
					enabled: v.enabled !== false
				}))
		);
	return b.build();
}
