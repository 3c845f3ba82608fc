/**
 * Insomnia exports: format 4 (JSON or YAML, a flat list of resources tied by parentId) and
 * collection files of version 5 (YAML, a tree). Both are read into one tree: workspaces, request
 * groups (folders, with their own auth, headers and variables) and requests; the base environment
 * and its sub-environments. Each sub-environment becomes an environment holding the base values
 * with its own on top (only one environment is active here at a time). Insomnia's template
 * variables `{{ _.name }}` become `{{name}}`; template tags (`{% … %}`) cannot be carried.
 * No Svelte, no DOM.
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

interface Folder {
	kind: 'folder';
	name: string;
	children: Node[];
	auth: DraftAuth;
	headers: Pair[];
	variables: VariableIn[];
	scripts: { pre: string; after: string };
}

interface Request {
	kind: 'request';
	name: string;
	raw: Json;
	scripts: { pre: string; after: string };
}

type Node = Folder | Request;

interface EnvironmentIn {
	name: string;
	data: unknown;
}

interface Workspace {
	name: string;
	children: Node[];
	base?: EnvironmentIn;
	subs: EnvironmentIn[];
}

/** `{{ _.baseUrl }}` and `{{ baseUrl }}` as this explorer writes them: `{{baseUrl}}`. */
export function insomniaText(text: string): string {
	return text.replace(/\{\{\s*(?:_\.)?([A-Za-z_][\w.-]*)\s*\}\}/g, '{{$1}}');
}

/** An environment's data (nested objects as `a.b` names) as variables. */
function variablesOf(data: unknown, prefix = '', out: VariableIn[] = [], depth = 0): VariableIn[] {
	if (!isObject(data) || depth > 8) return out;
	for (const [k, v] of Object.entries(data)) {
		const name = prefix ? `${prefix}.${k}` : k;
		if (isObject(v)) variablesOf(v, name, out, depth + 1);
		else out.push({ name, value: typeof v === 'string' ? insomniaText(v) : JSON.stringify(v) });
	}
	return out;
}

const OTHER_AUTH: Record<string, string> = {
	digest: 'Digest',
	ntlm: 'NTLM',
	hawk: 'Hawk',
	iam: 'AWS IAM',
	asap: 'ASAP (Atlassian)',
	netrc: 'Netrc file'
};

/** Insomnia's auth: `{}` (or none given) inherits from the folder; `disabled` is no auth. */
export function insomniaAuth(v: unknown): DraftAuth {
	if (!isObject(v) || !str(v.type)) return { type: 'inherit' };
	if (v.disabled === true) return { type: 'none' };
	const type = str(v.type);
	switch (type) {
		case 'none':
			return { type: 'none' };
		case 'bearer':
			return { type: 'bearer', token: insomniaText(str(v.token)) };
		case 'apikey':
			return {
				type: 'apikey',
				key: str(v.key),
				value: insomniaText(str(v.value)),
				in: v.addTo === 'queryParams' ? 'query' : 'header'
			};
		case 'basic':
			return { type: 'basic', username: str(v.username), password: insomniaText(str(v.password)) };
		case 'oauth2':
			return { type: 'oauth2', in: 'header', token: insomniaText(str(v.accessToken)) };
		default:
			return { type: 'other', name: OTHER_AUTH[type] ?? type.slice(0, 30) };
	}
}

const pairs = (v: unknown): Pair[] =>
	list(v)
		.filter(isObject)
		.map((p) => ({
			name: insomniaText(str(p.name)),
			value: insomniaText(str(p.value)),
			enabled: p.disabled !== true
		}));

function bodyOf(v: unknown): DraftBody {
	if (!isObject(v)) return { mode: 'none' };
	const type = str(v.mimeType).toLowerCase();
	if (/multipart\/form-data/.test(type))
		return {
			mode: 'formdata',
			fields: list(v.params)
				.filter(isObject)
				.map((p) => ({
					name: insomniaText(str(p.name)),
					value: insomniaText(str(p.value)),
					enabled: p.disabled !== true,
					file: p.type === 'file'
				}))
		};
	if (/x-www-form-urlencoded/.test(type)) return { mode: 'urlencoded', fields: pairs(v.params) };
	if (type === 'application/graphql') {
		try {
			const g = JSON.parse(str(v.text)) as unknown;
			if (isObject(g))
				return {
					mode: 'graphql',
					query: str(g.query),
					variables: g.variables === undefined ? '' : JSON.stringify(g.variables)
				};
		} catch {
			// Not the JSON Insomnia writes: read as text below.
		}
	}
	if (type === 'application/octet-stream' || str(v.fileName)) return { mode: 'file' };
	const text = insomniaText(str(v.text));
	if (!text.trim()) return { mode: 'none' };
	return { mode: 'raw', text, language: type || undefined };
}

const scriptsOf = (v: Json) => {
	const s = isObject(v.scripts) ? v.scripts : {};
	return {
		pre: str(v.preRequestScript) || str(s.preRequest),
		after: str(v.afterResponseScript) || str(s.afterResponse)
	};
};

function folderOf(v: Json, children: Node[]): Folder {
	return {
		kind: 'folder',
		name: cleanName(v.name, 'Folder'),
		children,
		auth: insomniaAuth(v.authentication),
		headers: pairs(v.headers),
		variables: variablesOf(v.environment),
		scripts: scriptsOf(v)
	};
}

const requestOf = (v: Json): Request => ({
	kind: 'request',
	name: cleanName(v.name, 'Request'),
	raw: v,
	scripts: scriptsOf(v)
});

/** Format 4: resources by parentId, read into workspaces. */
function fromV4(data: Json, b: PreviewBuilder): Workspace[] {
	const resources = list(data.resources).filter(isObject);
	const byParent = new Map<string, Json[]>();
	for (const r of resources) {
		const parent = str(r.parentId);
		byParent.set(parent, [...(byParent.get(parent) ?? []), r]);
	}
	const skipped = new Set<string>();
	const children = (id: string, depth: number): Node[] => {
		if (depth > IMPORT_LIMITS.depth)
			throw new FileRefused(
				`The export nests folders more than ${IMPORT_LIMITS.depth} deep; an export a person made is far flatter.`
			);
		const out: Node[] = [];
		for (const r of byParent.get(id) ?? []) {
			if (r._type === 'request_group') out.push(folderOf(r, children(str(r._id), depth + 1)));
			else if (r._type === 'request') out.push(requestOf(r));
			else if (/request$/.test(str(r._type))) skipped.add(str(r._type));
		}
		return out;
	};
	const workspaces = resources.filter((r) => r._type === 'workspace');
	const read = workspaces.map((w) => {
		const base = resources.find((r) => r._type === 'environment' && r.parentId === w._id);
		const subs = base
			? resources.filter((r) => r._type === 'environment' && r.parentId === base._id)
			: [];
		return {
			name: cleanName(w.name, 'Insomnia'),
			children: children(str(w._id), 0),
			...(base ? { base: { name: str(base.name), data: base.data } } : {}),
			subs: subs.map((s) => ({ name: str(s.name), data: s.data }))
		};
	});
	for (const t of skipped)
		b.note(
			`${t === 'grpc_request' ? 'gRPC' : t === 'websocket_request' ? 'WebSocket' : t} requests`,
			'left out: this explorer sends HTTP requests to the code host’s REST API.'
		);
	return read;
}

/** Version 5: one collection file, a tree under `collection`. */
function fromV5(data: Json): Workspace[] {
	const walk = (items: unknown[], depth: number): Node[] => {
		if (depth > IMPORT_LIMITS.depth)
			throw new FileRefused(
				`The collection nests folders more than ${IMPORT_LIMITS.depth} deep; an export a person made is far flatter.`
			);
		return items
			.filter(isObject)
			.map((v) =>
				Array.isArray(v.children) ? folderOf(v, walk(v.children, depth + 1)) : requestOf(v)
			);
	};
	const env = isObject(data.environments) ? data.environments : undefined;
	return [
		{
			name: cleanName(data.name, 'Insomnia'),
			children: walk(list(data.collection), 0),
			...(env ? { base: { name: str(env.name), data: env.data } } : {}),
			subs: list(env?.subEnvironments)
				.filter(isObject)
				.map((s) => ({ name: str(s.name), data: s.data }))
		}
	];
}

/** An Insomnia export (format 4) or collection (version 5). */
export function parseInsomnia(
	data: Json,
	format: 'insomnia-4' | 'insomnia-5',
	options: ImportOptions
): ImportPreview {
	const b = new PreviewBuilder(format);
	const workspaces = format === 'insomnia-4' ? fromV4(data, b) : fromV5(data);
	for (const w of workspaces) {
		const baseVars = variablesOf(w.base?.data);
		const firstSub = variablesOf(w.subs[0]?.data);
		const folderVars = new Map<string, VariableIn>();
		const collectFolderVars = (nodes: Node[], path: string) => {
			for (const n of nodes)
				if (n.kind === 'folder') {
					for (const v of n.variables) if (!folderVars.has(v.name)) folderVars.set(v.name, v);
					if (n.variables.length)
						b.note(
							'Folder environments',
							'their variables were added to the workspace’s environments: here a variable has one value per environment.',
							`${path} / ${n.name}`
						);
					collectFolderVars(n.children, `${path} / ${n.name}`);
				}
		};
		collectFolderVars(w.children, w.name);
		const ctx = {
			apiRoot: options.apiRoot,
			knownPaths: options.knownPaths,
			variables: Object.fromEntries(
				[...folderVars.values(), ...baseVars, ...firstSub].map((v) => [v.name, v.value])
			),
			builder: b
		};
		const walk = (nodes: Node[], path: string[], auth: DraftAuth, headers: Pair[]) => {
			for (const n of nodes) {
				const where = [...path, n.name].join(' / ');
				if (n.scripts.pre.trim()) b.script(where, 'pre-request', n.scripts.pre);
				if (n.scripts.after.trim()) b.script(where, 'test', n.scripts.after);
				if (n.kind === 'folder') {
					b.folder();
					const own = n.auth.type === 'inherit' ? auth : n.auth;
					walk(n.children, [...path, n.name], own, [...headers, ...n.headers]);
					continue;
				}
				const r = n.raw;
				const ownHeaders = pairs(r.headers);
				const names = new Set(ownHeaders.map((h) => h.name.toLowerCase()));
				const draft: RequestDraft = {
					name: n.name,
					where,
					method: str(r.method) || 'GET',
					url: insomniaText(str(r.url)),
					// Insomnia adds the URL's own query to its parameters list when it sends.
					query: pairs(r.parameters),
					pathVariables: pairs(r.pathParameters),
					headers: [...headers.filter((h) => !names.has(h.name.toLowerCase())), ...ownHeaders],
					body: bodyOf(r.body),
					auth: (() => {
						const own = insomniaAuth(r.authentication);
						return own.type === 'inherit' ? auth : own;
					})(),
					description: str(r.description)
				};
				draft.query = [...urlQueryPairs(draft.url), ...(draft.query ?? [])];
				if (/\{%/.test(JSON.stringify([draft.url, draft.headers, draft.body])))
					b.note(
						'Template tags ({% … %}: responses, timestamps, prompts)',
						'kept as written, but this explorer does not run them, so they would be sent as they are: replace them before sending.',
						where
					);
				b.countRequests(1);
				const saved = savedRequest(draft, ctx);
				if (saved) b.add(path.join(' / '), saved);
			}
		};
		walk(w.children, [w.name], { type: 'none' }, []);
		const extra = [...folderVars.values()];
		if (w.subs.length)
			for (const s of w.subs)
				b.environment(
					`${w.name} – ${cleanName(s.name, 'Environment')}`,
					[...extra, ...baseVars, ...variablesOf(s.data)].filter(
						(v, i, all) => all.findLastIndex((x) => x.name === v.name) === i
					)
				);
		else if (baseVars.length || extra.length)
			b.environment(`${w.name} – ${cleanName(w.base?.name, 'Base Environment')}`, [
				...extra,
				...baseVars
			]);
	}
	if (b.folders)
		b.explain(
			'Each request group became a collection named by its path, “Workspace / Folder / Subfolder”; requests at the top are in the collection named after the workspace.'
		);
	return b.build();
}
