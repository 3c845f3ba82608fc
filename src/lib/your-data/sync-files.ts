/**
 * Your data as readable files in a repository folder, and back: one file per saved request, one
 * per environment (names and non-secret values only), the Bible notes and the reading plans. Keys
 * in a stable order, two spaces, a line at the end, so a diff shows what changed and an unchanged
 * item writes the same bytes. No Svelte here.
 */
import { FileRefused } from '$lib/ui/file-refused';
import {
	readName,
	readRequest,
	withoutSecrets,
	type Collection
} from '$lib/codehost/collections/collections';
import { cleanEnvironment, newId, type Environment } from '$lib/codehost/environments/environments';
import { withoutSecretValues } from '$lib/codehost/secrets/variables';
import { exportNotes, parseNotesFile, refKey, type VerseNote } from '$lib/bible/notes/format';
import { mergeNote } from '$lib/bible/notes/merge';
import { mergePlans, readPlans } from '$lib/bible/plans/file';
import type { PlanProgress } from '$lib/bible/plans/schedule';

/** What a repository holds of your data. */
export interface SyncedData {
	collections: Collection[];
	environments: Environment[];
	notes: VerseNote[];
	plans: PlanProgress[];
}

/** Paths under the folder, to their text. */
export type FileMap = Map<string, string>;

export const REQUEST_FORMAT = 'api-workbench-saved-request';
export const ENVIRONMENT_FORMAT = 'api-workbench-environment';
export const PLANS_FORMAT = 'api-workbench-reading-plans';
export const SYNC_FILE_VERSION = 1;
export const NOTES_PATH = 'bible/notes.json';
export const PLANS_PATH = 'bible/plans.json';

const isObject = (v: unknown): v is Record<string, unknown> =>
	!!v && typeof v === 'object' && !Array.isArray(v);

/** A value with every object's keys in order, so the same data writes the same text. */
function sorted(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(sorted);
	if (isObject(value))
		return Object.fromEntries(
			Object.keys(value)
				.filter((k) => value[k] !== undefined)
				.sort()
				.map((k) => [k, sorted(value[k])])
		);
	return value;
}

export const stableJson = (value: unknown): string => JSON.stringify(sorted(value), null, 2) + '\n';

/** A name as a file name: lower case letters, digits and dashes. */
export function slug(name: string): string {
	const s = name
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-+|-+$/g, '')
		.slice(0, 60)
		.replace(/-+$/, '');
	return s || 'untitled';
}

/** A path not yet taken: `name.json`, then `name-2.json`, … */
function freePath(taken: Set<string>, dir: string, name: string): string {
	let path = `${dir}/${slug(name)}.json`;
	for (let n = 2; taken.has(path); n++) path = `${dir}/${slug(name)}-${n}.json`;
	taken.add(path);
	return path;
}

/** Where an item stands in its list (collections, their requests, environments): files have no order. */
interface Position {
	collection?: number;
	request?: number;
	environment?: number;
}

function requestFile(
	collection: string,
	request: Collection['requests'][number],
	position: Position
): string {
	const { id: _id, ...data } = request;
	return stableJson({
		format: REQUEST_FORMAT,
		version: SYNC_FILE_VERSION,
		collection,
		position,
		request: withoutSecrets(data).request
	});
}

function environmentFile(env: Environment, position: Position): string {
	const { env: clean } = withoutSecretValues(env);
	return stableJson({
		format: ENVIRONMENT_FORMAT,
		version: SYNC_FILE_VERSION,
		position,
		name: clean.name,
		values: clean.values,
		...(clean.secret?.length ? { secret: clean.secret } : {}),
		...(clean.auth ? { auth: clean.auth } : {})
	});
}

/** The notes file: the Bible area's own export, dated by its latest change (same notes, same text). */
function notesFile(notes: readonly VerseNote[]): string {
	const latest = notes.reduce((m, n) => Math.max(m, n.updated), 0);
	return exportNotes(notes, latest);
}

/** Every file the data makes, by path under the folder. */
export function filesOf(data: SyncedData): FileMap {
	const files: FileMap = new Map();
	const taken = new Set<string>();
	data.collections.forEach((c, collection) => {
		const dir = `requests/${slug(c.name)}`;
		c.requests.forEach((r, request) =>
			files.set(freePath(taken, dir, r.name), requestFile(c.name, r, { collection, request }))
		);
	});
	// An environment without variables (a new browser's Default) has nothing to keep: it is not
	// written, so it never stands against the same environment's variables in the repository.
	data.environments.forEach((e, environment) => {
		if (Object.keys(e.values).length)
			files.set(freePath(taken, 'environments', e.name), environmentFile(e, { environment }));
	});
	if (data.notes.length) files.set(NOTES_PATH, notesFile(data.notes));
	if (data.plans.length)
		files.set(
			PLANS_PATH,
			stableJson({ format: PLANS_FORMAT, version: SYNC_FILE_VERSION, plans: data.plans })
		);
	return files;
}

/** Whether a path is one of the files this app writes (others in the folder are left alone). */
export const isDataPath = (path: string) =>
	/^requests\/[^/]+\/[^/]+\.json$/.test(path) ||
	/^environments\/[^/]+\.json$/.test(path) ||
	path === NOTES_PATH ||
	path === PLANS_PATH;

function parse(path: string, text: string): Record<string, unknown> {
	let data: unknown;
	try {
		data = JSON.parse(text, (key, value: unknown) => {
			if (key === '__proto__' || key === 'constructor' || key === 'prototype')
				throw new FileRefused(`${path} has a field called “${key}”.`, { file: path });
			return value;
		});
	} catch (error) {
		if (error instanceof FileRefused) throw error;
		throw new FileRefused(`${path} in the repository is not JSON.`, { file: path });
	}
	if (!isObject(data))
		throw new FileRefused(`${path} in the repository is not an object.`, { file: path });
	return data;
}

function checkFormat(path: string, data: Record<string, unknown>, format: string): void {
	if (data.format !== format)
		throw new FileRefused(`${path} in the repository is not a file this app wrote.`, {
			file: path
		});
	if (data.version !== SYNC_FILE_VERSION)
		throw new FileRefused(
			`${path} in the repository is of version ${String(data.version).slice(0, 10)}; this app reads version ${SYNC_FILE_VERSION}.`,
			{ file: path }
		);
}

/** The id an item has here, found by its name (undefined: a new item). */
export interface ItemIds {
	collection(name: string): string | undefined;
	request(collection: string, name: string): string | undefined;
	environment(name: string): string | undefined;
}

const NO_IDS: ItemIds = {
	collection: () => undefined,
	request: () => undefined,
	environment: () => undefined
};

/** The ids of the items in `data`, to give the same items the same ids when read back. */
export function idsOf(data: Pick<SyncedData, 'collections' | 'environments'>): ItemIds {
	return {
		collection: (name) => data.collections.find((c) => c.name === name)?.id,
		request: (collection, name) =>
			data.collections.find((c) => c.name === collection)?.requests.find((r) => r.name === name)
				?.id,
		environment: (name) => data.environments.find((e) => e.name === name)?.id
	};
}

/** What was read, with the environments here that have no variables (never written) kept. */
export function withUnwritten(read: SyncedData, here: SyncedData): SyncedData {
	// Environments without variables were never written: they stay as they are here.
	const unwritten = here.environments.filter(
		(e) => !Object.keys(e.values).length && !read.environments.some((r) => r.name === e.name)
	);
	return { ...read, environments: [...unwritten, ...read.environments] };
}

/**
 * Reads the files back into data. Each is checked by its area's reader; one that cannot be read
 * refuses the whole pull, naming the file. `ids` gives the id an item had here (so the explorer's
 * selection and this tab's secret values stay with it).
 */
export function readFiles(files: FileMap, ids: ItemIds = NO_IDS): SyncedData {
	const collections: Collection[] = [];
	const environments: Environment[] = [];
	let notes: VerseNote[] = [];
	let plans: PlanProgress[] = [];
	const at = new WeakMap<object, number>();
	const place = (raw: unknown, key: keyof Position): number => {
		const n = isObject(raw) ? raw[key] : undefined;
		return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : Number.MAX_SAFE_INTEGER;
	};
	for (const [path, text] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) {
		if (!isDataPath(path)) continue;
		const data = parse(path, text);
		try {
			if (path.startsWith('requests/')) {
				checkFormat(path, data, REQUEST_FORMAT);
				const name = readName(data.collection, `The collection of ${path}`);
				const request = withoutSecrets(readRequest(data.request, path)).request;
				let c = collections.find((x) => x.name === name);
				if (!c)
					collections.push((c = { id: ids.collection(name) ?? newId('col'), name, requests: [] }));
				const item = { ...request, id: ids.request(name, request.name) ?? newId('req') };
				c.requests.push(item);
				at.set(item, place(data.position, 'request'));
				at.set(c, Math.min(at.get(c) ?? Infinity, place(data.position, 'collection')));
			} else if (path.startsWith('environments/')) {
				checkFormat(path, data, ENVIRONMENT_FORMAT);
				const env = cleanEnvironment({ ...data, id: 'pulled' });
				if (!env) throw new FileRefused(`${path} in the repository has no name.`, { file: path });
				const item = withoutSecretValues({
					...env,
					id: ids.environment(env.name) ?? newId('env')
				}).env;
				environments.push(item);
				at.set(item, place(data.position, 'environment'));
			} else if (path === NOTES_PATH) notes = parseNotesFile(text);
			else {
				checkFormat(path, data, PLANS_FORMAT);
				plans = readPlans(data.plans);
			}
		} catch (error) {
			// Refused by this file's own checks: said already. By an area's reader: named here.
			if (error instanceof FileRefused && error.file === path) throw error;
			throw new FileRefused(
				`${path} in the repository cannot be read: ${(error as Error).message}`,
				{ file: path }
			);
		}
	}
	const byPlace = (a: object, b: object) => (at.get(a) ?? 0) - (at.get(b) ?? 0);
	for (const c of collections) c.requests.sort(byPlace);
	return {
		collections: collections.sort(byPlace),
		environments: environments.sort(byPlace),
		notes,
		plans
	};
}

/** Both versions of one file kept: a second request or environment, or the two merged. */
export function keepBoth(path: string, mine: string, theirs: string, files: FileMap): void {
	files.set(path, mine);
	if (path === NOTES_PATH) {
		const here = new Map(parseNotesFile(mine).map((n) => [refKey(n), n]));
		for (const t of parseNotesFile(theirs)) {
			const outcome = mergeNote(here.get(refKey(t)), t);
			if (outcome.kind !== 'unchanged') here.set(refKey(t), outcome.write);
		}
		files.set(path, notesFile([...here.values()]));
		return;
	}
	if (path === PLANS_PATH) {
		const a = readPlans(parse(path, mine).plans);
		const b = readPlans(parse(path, theirs).plans);
		files.set(
			path,
			stableJson({ format: PLANS_FORMAT, version: SYNC_FILE_VERSION, plans: mergePlans(a, b) })
		);
		return;
	}
	const data = parse(path, theirs);
	const renamed = (name: unknown) => `${String(name)} (from the repository)`;
	if (isObject(data.request)) data.request = { ...data.request, name: renamed(data.request.name) };
	else data.name = renamed(data.name);
	let other = path.replace(/\.json$/, '-from-repository.json');
	for (let n = 2; files.has(other); n++)
		other = path.replace(/\.json$/, `-from-repository-${n}.json`);
	files.set(other, stableJson(data));
}

/** A person-readable name of the item a path holds. */
export function itemName(path: string, text: string | undefined): string {
	if (path === NOTES_PATH) return 'Bible notes, bookmarks and highlights';
	if (path === PLANS_PATH) return 'Reading plans';
	try {
		const data = text ? (JSON.parse(text) as Record<string, unknown>) : {};
		if (isObject(data.request)) return `${String(data.collection)} › ${String(data.request.name)}`;
		if (typeof data.name === 'string') return `Environment “${data.name}”`;
	} catch {
		// Not readable: the path says it.
	}
	return path;
}
