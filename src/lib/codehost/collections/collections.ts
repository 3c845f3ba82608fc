/**
 * Saved requests in named collections, kept in IndexedDB and exported as one JSON file
 * (its format in docs/data-and-sync.md). A saved request never holds a secret: no token, no
 * credential header or parameter; the auth method and how it travels are kept by name only.
 * No Svelte here.
 */
import { FileRefused } from '$lib/ui/file-refused';
import { CREDENTIAL_HEADERS, CREDENTIAL_PARAMS } from '$lib/http/credentials';
import { decodedParamName, SECRET_PARAMS } from '$lib/http/redact';
import { AUTH_METHODS } from '../auth/auth';
import type { BodyKind } from '../contract/endpoints';
import {
	cleanEnvironment,
	newId,
	type Environment,
	type TokenReference
} from '../environments/environments';
import { ChecksRefused, readChecks, type RequestChecks } from '../runner/checks';
import { EXPLORER_METHODS, type CodehostRequest } from '../request/request';

const BODY_KINDS: readonly BodyKind[] = ['none', 'query', 'json', 'form', 'multipart'];

/**
 * A saved request before a collection gives it its id (a collections file's entry, an import's
 * request, an export): the request, its name, and its checks.
 */
export interface SavedRequestData extends CodehostRequest, Partial<RequestChecks> {
	name: string;
}

/** A saved request in a collection: the same, with the id the collection knows it by. */
export interface SavedRequest extends SavedRequestData {
	id: string;
}

export interface Collection {
	id: string;
	name: string;
	requests: SavedRequest[];
}

export const FILE_FORMAT = 'api-workbench-collections';
export const FILE_VERSION = 1;
/**
 * Past these a file is refused rather than read: nobody keeps that many by hand. The size is that
 * of another tool's file (import/preview.ts), so what came in from one goes out as this
 * explorer's export and comes back.
 */
export const LIMITS = {
	fileChars: 50_000_000,
	collections: 200,
	requests: 2_000,
	nameChars: 200,
	textChars: 100_000
};

/** Credential header lines and query parameters taken out, with what was taken. */
export function withoutSecrets<T extends CodehostRequest>(
	request: T
): {
	request: T;
	dropped: string[];
} {
	const dropped: string[] = [];
	const headers = request.headers
		.split('\n')
		.filter((line) => {
			const name = line.slice(0, Math.max(0, line.indexOf(':'))).trim();
			if (name && CREDENTIAL_HEADERS.has(name.toLowerCase())) {
				dropped.push(`the ${name} header`);
				return false;
			}
			return true;
		})
		.join('\n');
	const query = request.query
		.split('&')
		.filter((part) => {
			const name = decodedParamName(part);
			if (part && CREDENTIAL_PARAMS.has(name)) {
				dropped.push(`the ${name} parameter`);
				return false;
			}
			return true;
		})
		.join('&');
	let params = request.params;
	try {
		const parsed = JSON.parse(params) as unknown;
		if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
			const kept = Object.entries(parsed).filter(([k]) => {
				if (!SECRET_PARAMS.has(k.toLowerCase())) return true;
				dropped.push(`the ${k} parameter`);
				return false;
			});
			if (kept.length !== Object.keys(parsed).length)
				params = JSON.stringify(Object.fromEntries(kept), null, 2);
		}
	} catch {
		// Not JSON: kept as typed (the form says what is wrong with it).
	}
	return { request: { ...request, headers, query, params }, dropped };
}

export interface CollectionsFile {
	format: typeof FILE_FORMAT;
	version: typeof FILE_VERSION;
	exportedAt: string;
	collections: { name: string; requests: SavedRequestData[] }[];
	/** `auth` names the auth method an environment uses (a token reference), never a token. */
	environments: {
		name: string;
		values: Record<string, string>;
		secret?: string[];
		auth?: TokenReference;
	}[];
}

export function exportCollections(
	collections: readonly Collection[],
	environments: readonly Environment[]
): string {
	const file: CollectionsFile = {
		format: FILE_FORMAT,
		version: FILE_VERSION,
		exportedAt: new Date().toISOString(),
		collections: collections.map((c) => ({
			name: c.name,
			requests: c.requests.map(({ id: _id, assertions, extractions, ...request }) => ({
				...withoutSecrets(request).request,
				...checksOf({ assertions, extractions })
			}))
		})),
		environments: environments.map((e) => ({
			name: e.name,
			values: { ...e.values },
			// Which variables are secret (their values are empty here), so an import keeps them so.
			...(e.secret?.length ? { secret: [...e.secret] } : {}),
			...(e.auth ? { auth: { method: e.auth.method, way: e.auth.way } } : {})
		}))
	};
	return JSON.stringify(file, null, 2);
}

const isObject = (v: unknown): v is Record<string, unknown> =>
	!!v && typeof v === 'object' && !Array.isArray(v);

function text(v: unknown, what: string, max = LIMITS.textChars, fallback?: string): string {
	if (v === undefined && fallback !== undefined) return fallback;
	if (typeof v !== 'string') throw new FileRefused(`${what} is not text.`);
	if (v.length > max) throw new FileRefused(`${what} is longer than ${max} characters.`);
	return v;
}

export function readName(v: unknown, what: string): string {
	const name = text(v, what, LIMITS.nameChars).trim();
	if (!name) throw new FileRefused(`${what} is empty.`);
	return name;
}

/** One request of a file, checked field by field; a path must stay under the API root. */
export function readRequest(v: unknown, where: string): SavedRequestData {
	if (!isObject(v)) throw new FileRefused(`${where} is not a request.`);
	const name = readName(v.name, `The name of ${where}`);
	const at = `${where} (“${name}”)`;
	const method = text(v.method, `The method of ${at}`, 10).toUpperCase();
	if (!(EXPLORER_METHODS as readonly string[]).includes(method))
		throw new FileRefused(`${at} uses the method ${method}, which the explorer does not send.`);
	const path = text(v.path, `The path of ${at}`, 2_000);
	if (!path.startsWith('/') || path.startsWith('//') || /[\s\\]/.test(path))
		throw new FileRefused(
			`${at} has the path “${path.slice(0, 80)}”: a saved path starts with one “/” and stays under the base URL (no other server, no spaces).`
		);
	const pathParams: Record<string, string> = {};
	if (v.pathParams !== undefined) {
		if (!isObject(v.pathParams))
			throw new FileRefused(`The path parameters of ${at} are not a list of names and values.`);
		for (const [k, value] of Object.entries(v.pathParams)) {
			if (!/^[a-z][a-z_]*$/i.test(k))
				throw new FileRefused(
					`${at} has a path parameter called “${k.slice(0, 40)}”, which no path uses.`
				);
			pathParams[k] = text(value, `The path parameter ${k} of ${at}`, 2_000);
		}
	}
	const bodyKind = text(v.bodyKind, `How ${at} sends its parameters`, 20, 'query') as BodyKind;
	if (!BODY_KINDS.includes(bodyKind))
		throw new FileRefused(
			`${at} sends its parameters as “${bodyKind}”, which the explorer does not know.`
		);
	const auth = isObject(v.auth) ? v.auth : {};
	const info = AUTH_METHODS.find((m) => m.id === auth.method) ?? AUTH_METHODS[0]!;
	const way = info.ways.find((w) => w === auth.way) ?? info.ways[0]!;
	return {
		name,
		method: method as CodehostRequest['method'],
		path,
		pathParams,
		query: text(v.query, `The query of ${at}`, LIMITS.textChars, ''),
		params: text(v.params, `The parameters of ${at}`, LIMITS.textChars, ''),
		bodyKind,
		headers: text(v.headers, `The headers of ${at}`, LIMITS.textChars, ''),
		auth: { method: info.id, way },
		...readFileSlot(v.fileSlot, at),
		...checksOf(readRequestChecks(v, at))
	};
}

/** The file a request needs chosen before sending (a form field, or the whole body), if any. */
function readFileSlot(v: unknown, at: string): Pick<CodehostRequest, 'fileSlot'> {
	if (v === undefined) return {};
	if (!isObject(v) || (v.field !== null && typeof v.field !== 'string'))
		throw new FileRefused(`The file ${at} sends is neither a form field nor the whole body.`);
	const field = v.field === null ? null : text(v.field, `The file field of ${at}`, 200).trim();
	if (field === '') throw new FileRefused(`The file field of ${at} has no name.`);
	return { fileSlot: { field, source: text(v.source, `The file name of ${at}`, 2_000, '') } };
}

function readRequestChecks(v: Record<string, unknown>, at: string): RequestChecks {
	try {
		return readChecks(v, at);
	} catch (error) {
		if (error instanceof ChecksRefused) throw new FileRefused(`${error.message}.`);
		throw error;
	}
}

/** A request's checks, only the lists that hold something (older files have none). */
export function checksOf(r: Partial<RequestChecks>): Partial<RequestChecks> {
	return {
		...(r.assertions?.length ? { assertions: r.assertions } : {}),
		...(r.extractions?.length ? { extractions: r.extractions } : {})
	};
}

export interface ImportedFile {
	collections: Collection[];
	environments: Environment[];
	/** Secrets found in the file and not taken, one line each. */
	dropped: string[];
}

const TOKEN_KEYS = ['token', 'secret', 'password', 'refreshToken', 'tokens'];
const holdsToken = (v: unknown) => isObject(v) && TOKEN_KEYS.some((k) => k in v);

/**
 * Reads an exported file. Anything malformed or hostile refuses the whole file with the reason;
 * secrets in it (tokens in the auth part, credential headers and parameters) are dropped.
 */
export function parseCollectionsFile(input: string): ImportedFile {
	if (input.length > LIMITS.fileChars)
		throw new FileRefused(
			`The file is larger than ${LIMITS.fileChars / 1_000_000} MB; an export is far smaller.`
		);
	let data: unknown;
	try {
		data = JSON.parse(input);
	} catch {
		throw new FileRefused('The file is not JSON. Choose a file made by “Export collections”.');
	}
	if (!isObject(data) || data.format !== FILE_FORMAT)
		throw new FileRefused(
			'This file is not a collections export. Choose a file made by “Export collections”.'
		);
	if (data.version !== FILE_VERSION)
		throw new FileRefused(
			`The file is of version ${String(data.version).slice(0, 20)}; this explorer reads version ${FILE_VERSION}.`
		);
	if (!Array.isArray(data.collections)) throw new FileRefused('The file lists no collections.');
	if (data.collections.length > LIMITS.collections)
		throw new FileRefused(`The file holds more than ${LIMITS.collections} collections.`);
	const dropped: string[] = [];
	let count = 0;
	const collections = data.collections.map((c, i): Collection => {
		if (!isObject(c) || !Array.isArray(c.requests))
			throw new FileRefused(`Collection ${i + 1} is not a collection of requests.`);
		const name = readName(c.name, `The name of collection ${i + 1}`);
		count += c.requests.length;
		if (count > LIMITS.requests)
			throw new FileRefused(`The file holds more than ${LIMITS.requests} requests.`);
		return {
			id: newId('col'),
			name,
			requests: c.requests.map((r, j) => {
				const read = readRequest(r, `request ${j + 1} of “${name}”`);
				if (isObject(r) && holdsToken(r.auth))
					dropped.push(`“${read.name}”: a token in its auth part`);
				const clean = withoutSecrets(read);
				for (const d of clean.dropped) dropped.push(`“${read.name}”: ${d}`);
				return { ...clean.request, name: read.name, id: newId('req') };
			})
		};
	});
	const environments: Environment[] = [];
	if (data.environments !== undefined) {
		if (!Array.isArray(data.environments))
			throw new FileRefused('The environments of the file are not a list.');
		for (const [i, e] of data.environments.entries()) {
			const env = cleanEnvironment(isObject(e) ? { ...e, id: `import-${i}` } : e);
			if (!env) throw new FileRefused(`Environment ${i + 1} of the file has no name.`);
			if (holdsToken(e) || holdsToken((e as Record<string, unknown>).auth))
				dropped.push(`environment “${env.name}”: a token (only which auth method to use is kept)`);
			for (const k of Object.keys(env.values))
				if (SECRET_PARAMS.has(k.toLowerCase())) {
					delete env.values[k];
					dropped.push(`environment “${env.name}”: the variable ${k}`);
				}
			environments.push(env);
		}
	}
	return { collections, environments, dropped };
}

/** Requests whose name, path or collection name holds every word of the search. */
export function searchCollections(collections: readonly Collection[], query: string): Collection[] {
	const terms = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
	if (!terms.length) return [...collections];
	return collections
		.map((c) => ({
			...c,
			requests: c.requests.filter((r) => {
				const hay = `${c.name} ${r.name} ${r.method} ${r.path} ${r.query}`.toLowerCase();
				return terms.every((t) => hay.includes(t));
			})
		}))
		.filter((c) => c.requests.length);
}

/** The first `max` requests and how many are left out: 1,000 drawn at once hold the page 0.3 s. */
export function firstRequests(
	collections: readonly Collection[],
	max: number
): { collections: Collection[]; more: number } {
	let room = max;
	let more = 0;
	const out: Collection[] = [];
	for (const c of collections) {
		more += Math.max(0, c.requests.length - room);
		if (room > 0)
			out.push(c.requests.length <= room ? c : { ...c, requests: c.requests.slice(0, room) });
		room = Math.max(0, room - c.requests.length);
	}
	return { collections: out, more };
}
