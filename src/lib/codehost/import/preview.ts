/**
 * What came in from another tool's file, whatever the tool: the collections with their requests in
 * this app's saved-request shape, the environments (secret values kept apart), counts, the scripts
 * kept as text, and what could not be carried and why. Every format's parser fills one
 * PreviewBuilder, so every import is counted, limited and told the same way. No Svelte, no DOM:
 * this runs in the import worker.
 */
import { FileRefused } from '$lib/ui/file-refused';
import {
	LIMITS,
	type Collection,
	type SavedRequest,
	type SavedRequestData
} from '../collections/collections';
import { newId, type Environment } from '../environments/environments';
import { isSecretVariable, withoutSecretValues, type SecretValues } from '../secrets/variables';
import { VARIABLE_NAME } from '../request/variables';
import type { ApiDescription } from '../catalogue/described';

/** The formats recognised by content (detect.ts). */
export type ImportFormat =
	| 'postman-collection-2.0'
	| 'postman-collection-2.1'
	| 'postman-environment'
	| 'insomnia-4'
	| 'insomnia-5'
	| 'bruno-json'
	| 'bruno-folder'
	| 'hoppscotch-collection'
	| 'hoppscotch-environment'
	| 'openapi-3.0'
	| 'openapi-3.1'
	| 'swagger-2.0'
	| 'har-1.2'
	| 'api-workbench';

/** Each format as a person knows it. */
export const FORMAT_NAMES: Readonly<Record<ImportFormat, string>> = {
	'postman-collection-2.0': 'Postman collection (v2.0)',
	'postman-collection-2.1': 'Postman collection (v2.1)',
	'postman-environment': 'Postman environment',
	'insomnia-4': 'Insomnia export (v4)',
	'insomnia-5': 'Insomnia collection (v5)',
	'bruno-json': 'Bruno collection (JSON export)',
	'bruno-folder': 'Bruno collection (folder)',
	'hoppscotch-collection': 'Hoppscotch collection',
	'hoppscotch-environment': 'Hoppscotch environment',
	'openapi-3.0': 'OpenAPI 3.0 description',
	'openapi-3.1': 'OpenAPI 3.1 description',
	'swagger-2.0': 'Swagger 2.0 description',
	'har-1.2': 'HAR recording (1.2)',
	'api-workbench': 'This explorer’s own collections file'
};

/** Past these a file is refused rather than read (the store's own limits, and room for a 20 MB file). */
export const IMPORT_LIMITS = {
	fileChars: 50_000_000,
	collections: LIMITS.collections,
	requests: LIMITS.requests,
	environments: 100,
	variables: 5_000,
	/** Folders inside folders: past this a file is built to hurt, not exported by a tool. */
	depth: 40
};

/** What an import needs to know besides the file. */
export interface ImportOptions {
	/** This explorer's API root (`https://gitlab.example.com/api/v4`): requests under it become paths. */
	apiRoot: string;
	/**
	 * Path templates under the API root (`/projects/:id/issues`), to encode an id holding a raw `/`;
	 * the endpoint catalogue's by default (GitLab's REST v4 and the explorer's own templates).
	 */
	knownPaths?: readonly string[];
	/** HAR: keep only requests to the API root. */
	onlyApiRoot?: boolean;
}

/** One kind of thing that could not be carried, where it was, and why, in plain words. */
export interface NotCarried {
	what: string;
	why: string;
	/** The requests, folders or environments it was found in (names as the file gives them). */
	where: string[];
}

/** A script of the file: kept as text to read, never run. */
export interface ImportedScript {
	/** “Issues / Get issue”, or the collection's or folder's name. */
	where: string;
	kind: 'pre-request' | 'test';
	text: string;
}

/** A parameter an API description names for a request (OpenAPI), for the form to show. */
export interface RequestField {
	name: string;
	in: 'path' | 'query' | 'header' | 'body';
	required: boolean;
}

export interface ImportPreview {
	format: ImportFormat;
	/** The format as a person knows it (FORMAT_NAMES). */
	formatName: string;
	counts: { requests: number; folders: number; environments: number; variables: number };
	collections: Collection[];
	/** Secret variables are listed in `secret` with an empty value; their values are in `secretValues`. */
	environments: Environment[];
	/** The values of secret variables by environment id: for this tab's secret store, never stored plain. */
	secretValues: SecretValues;
	notCarried: NotCarried[];
	/** How the file's shape was carried where it differs from this explorer's (folders, for one). */
	explained: string[];
	scripts: ImportedScript[];
	/** The parameters an API description gives each request (by request id), required ones marked. */
	fields: Record<string, RequestField[]>;
	/** An API description's operations, for the endpoint list if the person adds them (OpenAPI). */
	description?: ApiDescription;
}

/** An environment as a file gives it: names, values, and the file's own word on secrets. */
export interface VariableIn {
	name: string;
	value: string;
	/** The file marks it secret (Postman's secret type, Bruno's and Hoppscotch's secret flag). */
	secret?: boolean;
	enabled?: boolean;
}

/** “a”, “b” and “c”; past five names, “and N more”. */
export function listNames(names: readonly string[]): string {
	const quoted = names.slice(0, 5).map((n) => `“${n}”`);
	const more = names.length - quoted.length;
	if (more > 0) return `${quoted.join(', ')} and ${more} more`;
	if (quoted.length < 2) return quoted.join('');
	return `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)!}`;
}

/** What could not be carried, one sentence each, for a list on the page. */
export function notCarriedLines(preview: Pick<ImportPreview, 'notCarried'>): string[] {
	return preview.notCarried.map((n) =>
		n.where.length ? `${n.what} (${listNames(n.where)}): ${n.why}` : `${n.what}: ${n.why}`
	);
}

const cut = (text: string, max: number) =>
	text.length > max ? `${text.slice(0, max - 1)}…` : text;

/** A name as this app keeps it: trimmed, one line, at most LIMITS.nameChars characters. */
export function cleanName(value: unknown, fallback: string): string {
	const text = typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';
	return cut(text || fallback, LIMITS.nameChars);
}

/**
 * Collects one import. Requests are added to collections by name (a folder path such as
 * “Collection / Folder / Subfolder”), environments with their secret values set apart, and every
 * note grouped by what and why, so a file of 500 requests with descriptions gives one line.
 */
export class PreviewBuilder {
	readonly format: ImportFormat;
	#collections = new Map<string, Collection>();
	#environments: Environment[] = [];
	#secretValues: SecretValues = {};
	#notes = new Map<string, NotCarried>();
	#scripts: ImportedScript[] = [];
	#explained: string[] = [];
	#fields: Record<string, RequestField[]> = {};
	#requests = 0;
	#variables = 0;
	/** Variables a request uses where a credential goes: secret in every environment. */
	readonly credentialVariables = new Set<string>();
	folders = 0;

	constructor(format: ImportFormat) {
		this.format = format;
	}

	/** Notes that `what` could not be carried, in `where`, because `why`. */
	note(what: string, why: string, where?: string): void {
		const key = `${what}\u0000${why}`;
		let n = this.#notes.get(key);
		if (!n) {
			n = { what, why, where: [] };
			this.#notes.set(key, n);
		}
		if (where !== undefined && !n.where.includes(where) && n.where.length < 1_000)
			n.where.push(where);
	}

	/** Says once how something of the file was carried. */
	explain(text: string): void {
		if (!this.#explained.includes(text)) this.#explained.push(text);
	}

	script(where: string, kind: ImportedScript['kind'], text: string): void {
		if (!text.trim()) return;
		this.#scripts.push({ where, kind, text: cut(text, LIMITS.textChars) });
		this.note(
			kind === 'test' ? 'Test scripts' : 'Pre-request scripts',
			'kept as text with the import to read; this explorer never runs a script from a file.',
			where
		);
	}

	/** Counts a folder of the file (before its requests are read, so a hostile count stops early). */
	folder(): void {
		this.folders++;
		if (this.folders > IMPORT_LIMITS.collections * 10)
			throw new FileRefused(
				`The file holds more than ${IMPORT_LIMITS.collections * 10} folders; an export a person made is far smaller.`
			);
	}

	/** Refuses the whole file when it holds more requests than the explorer keeps. */
	countRequests(n: number): void {
		if (this.#requests + n > IMPORT_LIMITS.requests)
			throw new FileRefused(
				`The file holds more than ${IMPORT_LIMITS.requests} requests, more than the explorer keeps. Export a smaller part (one folder or tag) and import that.`
			);
	}

	/** Adds a request to the collection of that name (made on first use). */
	add(collectionName: string, request: SavedRequestData, fields?: RequestField[]): SavedRequest {
		this.countRequests(1);
		const name = cleanName(collectionName, 'Imported');
		let c = this.#collections.get(name);
		if (!c) {
			if (this.#collections.size >= IMPORT_LIMITS.collections)
				throw new FileRefused(
					`The file would make more than ${IMPORT_LIMITS.collections} collections (one per folder); export a smaller part and import that.`
				);
			c = { id: newId('col'), name, requests: [] };
			this.#collections.set(name, c);
		}
		const item: SavedRequest = { ...request, id: newId('req') };
		c.requests.push(item);
		this.#requests++;
		if (fields?.length) this.#fields[item.id] = fields;
		return item;
	}

	/**
	 * Adds an environment. Names this app cannot use as `{{variables}}` and switched-off variables
	 * are noted; secret ones (by the file's word, their name, or their use) get an empty value
	 * here and their value in secretValues when the preview is made.
	 */
	environment(name: string, variables: readonly VariableIn[]): Environment {
		if (this.#environments.length >= IMPORT_LIMITS.environments)
			throw new FileRefused(
				`The file holds more than ${IMPORT_LIMITS.environments} environments; an export a person made is far smaller.`
			);
		const envName = cleanName(name, 'Imported environment').slice(0, 100);
		const values: Record<string, string> = {};
		const secret: string[] = [];
		for (const v of variables) {
			if (v.enabled === false) {
				this.note(
					'Switched-off variables',
					'left out: an environment here has no switched-off variables.',
					`${envName}: ${cut(v.name, 60)}`
				);
				continue;
			}
			if (!VARIABLE_NAME.test(v.name) || v.name === '__proto__') {
				this.note(
					'Variables with names this explorer cannot use',
					'left out: a variable name here starts with a letter or _ and holds only letters, digits, _, . and -.',
					`${envName}: ${cut(v.name, 60)}`
				);
				continue;
			}
			if (++this.#variables > IMPORT_LIMITS.variables)
				throw new FileRefused(
					`The file holds more than ${IMPORT_LIMITS.variables} variables; an export a person made is far smaller.`
				);
			values[v.name] = cut(v.value, LIMITS.textChars);
			if (v.secret && !secret.includes(v.name)) secret.push(v.name);
		}
		const env: Environment = {
			id: newId('env'),
			name: envName,
			values,
			...(secret.length ? { secret } : {})
		};
		this.#environments.push(env);
		return env;
	}

	/** The preview: secret values moved out of every environment (a name used for a credential too). */
	build(): ImportPreview {
		const used = [...this.credentialVariables];
		const environments = this.#environments.map((e) => {
			const { env, secrets } = withoutSecretValues(e, used);
			const marked = Object.keys(env.values).filter((n) => isSecretVariable(e, n, used));
			if (Object.keys(secrets).length) this.#secretValues[e.id] = secrets;
			return { ...env, ...(marked.length ? { secret: marked } : {}) };
		});
		const collections = [...this.#collections.values()];
		return {
			format: this.format,
			formatName: FORMAT_NAMES[this.format],
			counts: {
				requests: this.#requests,
				folders: this.folders,
				environments: environments.length,
				variables: environments.reduce((n, e) => n + Object.keys(e.values).length, 0)
			},
			collections,
			environments,
			secretValues: this.#secretValues,
			notCarried: [...this.#notes.values()],
			explained: this.#explained,
			scripts: this.#scripts,
			fields: this.#fields
		};
	}
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What an import brought, in one sentence for the status. */
export function importedText(preview: ImportPreview, keptSecrets: boolean): string {
	const { requests, environments } = preview.counts;
	const collections = preview.collections.length;
	const parts = [
		...(requests ? [`${plural(requests, 'request')} in ${plural(collections, 'collection')}`] : []),
		...(environments ? [plural(environments, 'environment')] : [])
	];
	const secrets = Object.keys(preview.secretValues).length;
	const note = !secrets
		? ''
		: keptSecrets
			? ' Secret values were kept for this tab only, never stored in plain text.'
			: ' Secret values were left out: enter them under Variables.';
	return `Imported ${parts.join(' and ') || 'nothing'} from the ${preview.formatName}.${note}`;
}

/** Number of secret values in the preview's environments. */
export function secretCount(preview: ImportPreview): number {
	return Object.values(preview.secretValues).reduce((n, v) => n + Object.keys(v).length, 0);
}
