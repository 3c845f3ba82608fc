/**
 * A Bruno collection folder (`bruno.json`, `collection.bru`, `folder.bru` in each folder,
 * `environments/*.bru`, one `.bru` file a request), read with Bruno's own parser
 * (@usebruno/lang) into the shape of Bruno's JSON export, then carried as that is (bruno.ts):
 * nested folders, inherited auth and headers, every body mode, switched-off entries, variables.
 * A file the parser cannot read is left out and named. The parser is loaded only here, in the
 * import worker, for a folder import. No Svelte, no DOM.
 */
import { FileRefused } from '$lib/ui/file-refused';
import bruToJson from '@usebruno/lang/v2/src/bruToJson';
import collectionBruToJson from '@usebruno/lang/v2/src/collectionBruToJson';
import envToJson from '@usebruno/lang/v2/src/envToJson';
import { parseBruno } from './bruno';
import { IMPORT_LIMITS, type ImportOptions, type ImportPreview } from './preview';
import { isObject, list, str } from './source';

type Json = Record<string, unknown>;

export interface FolderText {
	/** Path inside the collection folder, `/`-separated. */
	path: string;
	text: string;
}

interface Folder {
	type: 'folder';
	name: string;
	seq: number;
	root: { request: Json };
	items: Json[];
}

const seqOf = (meta: unknown) => {
	const n = Number(isObject(meta) ? meta.seq : undefined);
	return Number.isFinite(n) ? n : 0;
};

/** A collection's or folder's settings, as Bruno's export writes them (`root.request`). */
function settingsOf(parsed: Json): Json {
	const pick = (k: string) => (parsed[k] !== undefined ? { [k]: parsed[k] } : {});
	return {
		...pick('headers'),
		...pick('auth'),
		...pick('script'),
		...pick('vars'),
		...pick('tests')
	};
}

/** One request file as an item of Bruno's export (`http.body` and `http.auth` name the modes). */
function requestItem(parsed: Json, fileName: string): Json {
	const meta = isObject(parsed.meta) ? parsed.meta : {};
	const http = isObject(parsed.http) ? parsed.http : {};
	const type = str(meta.type) || 'http';
	return {
		type: type === 'http' ? 'http-request' : type === 'graphql' ? 'graphql-request' : type,
		name: str(meta.name) || fileName.replace(/\.bru$/, ''),
		seq: seqOf(meta),
		request: {
			method: str(http.method).toUpperCase(),
			url: str(http.url),
			params: list(parsed.params),
			headers: list(parsed.headers),
			auth: { ...(isObject(parsed.auth) ? parsed.auth : {}), mode: str(http.auth) || 'none' },
			body: { ...(isObject(parsed.body) ? parsed.body : {}), mode: str(http.body) || 'none' },
			script: isObject(parsed.script) ? parsed.script : {},
			vars: isObject(parsed.vars) ? parsed.vars : {},
			assertions: list(parsed.assertions),
			tests: str(parsed.tests),
			docs: str(parsed.docs)
		}
	};
}

/** The folder's files as Bruno's JSON export of the collection, and the files not read. */
export function brunoFolderExport(files: readonly FolderText[]): { data: Json; unread: string[] } {
	const config = files.find((f) => f.path === 'bruno.json');
	if (!config)
		throw new FileRefused('The folder holds no bruno.json: it is not a Bruno collection.');
	let about: unknown;
	try {
		about = JSON.parse(config.text);
	} catch {
		throw new FileRefused('The folder’s bruno.json is not JSON: Bruno cannot open it either.');
	}
	if (!isObject(about) || (about.type !== undefined && about.type !== 'collection'))
		throw new FileRefused('The folder’s bruno.json does not describe a Bruno collection.');
	const ignored = list(about.ignore).map(str).filter(Boolean);
	const unread: string[] = [];
	const read = (f: FolderText, parse: (text: string) => unknown): Json | undefined => {
		try {
			const v = parse(f.text.replace(/^\uFEFF/, ''));
			if (isObject(v)) return v;
		} catch {
			// Named below: Bruno's parser could not read it.
		}
		unread.push(f.path);
		return undefined;
	};

	const top: Folder = { type: 'folder', name: '', seq: 0, root: { request: {} }, items: [] };
	const folders = new Map<string, Folder>([['', top]]);
	const folderAt = (parts: string[]): Folder => {
		const key = parts.join('/');
		let f = folders.get(key);
		if (f) return f;
		if (parts.length > IMPORT_LIMITS.depth)
			throw new FileRefused(
				`The collection nests folders more than ${IMPORT_LIMITS.depth} deep; a collection a person keeps is far flatter.`
			);
		f = { type: 'folder', name: parts.at(-1)!, seq: 0, root: { request: {} }, items: [] };
		folders.set(key, f);
		folderAt(parts.slice(0, -1)).items.push(f as unknown as Json);
		return f;
	};
	const environments: Json[] = [];
	let docs = '';
	// Shorter paths first, so a folder's own folder.bru is read before its requests need it.
	const sorted = [...files].sort((a, b) => a.path.localeCompare(b.path));
	for (const f of sorted) {
		const parts = f.path.split('/');
		const fileName = parts.at(-1)!;
		if (f.path === 'bruno.json' || !fileName.endsWith('.bru')) continue;
		if (ignored.some((i) => parts.includes(i))) continue;
		if (parts.length === 2 && parts[0] === 'environments') {
			const env = read(f, envToJson);
			if (env)
				environments.push({ name: fileName.replace(/\.bru$/, ''), variables: list(env.variables) });
			continue;
		}
		if (f.path === 'collection.bru') {
			const c = read(f, collectionBruToJson);
			if (c) {
				top.root.request = settingsOf(c);
				docs = str(c.docs);
			}
			continue;
		}
		const dir = parts.slice(0, -1);
		if (fileName === 'folder.bru') {
			const c = read(f, collectionBruToJson);
			if (!c) continue;
			const folder = folderAt(dir);
			const meta = isObject(c.meta) ? c.meta : {};
			if (str(meta.name)) folder.name = str(meta.name);
			folder.seq = seqOf(meta);
			folder.root.request = settingsOf(c);
			continue;
		}
		const r = read(f, bruToJson);
		if (r) folderAt(dir).items.push(requestItem(r, fileName));
	}
	const data: Json = {
		name: str(about.name) || 'Bruno collection',
		version: str(about.version) || '1',
		items: top.items,
		environments,
		root: { request: top.root.request, ...(docs ? { docs } : {}) },
		brunoConfig: about
	};
	return { data, unread };
}

/** A Bruno collection folder as a preview; files Bruno's parser cannot read are named. */
export function parseBrunoFolder(
	files: readonly FolderText[],
	options: ImportOptions
): ImportPreview {
	const { data, unread } = brunoFolderExport(files);
	const preview = parseBruno(data, options, 'bruno-folder');
	if (unread.length)
		preview.notCarried.push({
			what: 'Files Bruno’s parser could not read',
			why: 'left out: open them in Bruno to see what is wrong, then import the folder again.',
			where: unread.slice(0, 1_000)
		});
	return preview;
}
