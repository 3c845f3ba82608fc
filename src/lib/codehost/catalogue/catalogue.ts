/**
 * GitLab's REST v4 endpoints as catalogue entries, loaded on first use (the data is its own chunk,
 * never on first paint). The explorer's own templates (endpoints.ts) are entries too: those GitLab's
 * sources also describe carry their template ids, the rest are added from the templates.
 */
import { ENDPOINTS, type EndpointTemplate } from '../contract/endpoints';

export type CatalogueMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type CatalogueSource = 'python-gitlab' | 'GitLab::API::v4' | 'explorer';

/** One parameter as an endpoint's details list it (param-info.ts fills these for GitLab's). */
export interface EntryParam {
	name: string;
	required: boolean;
	/** Where it goes: the query string, or the body (GitLab reads a body's from the query too). */
	where: 'query' | 'body';
	/** "integer", "list (name[]=…)": only where it is known. */
	type?: string;
	description?: string;
	/** The values the server accepts, where they are a short fixed list. */
	values?: readonly string[];
}

export interface CatalogueEntry {
	method: CatalogueMethod;
	/** Path template below the API root, parameters as `:name`. */
	path: string;
	/** "GET /projects/:id/merge_requests": the option's name in the path field. */
	label: string;
	/** GitLab's documentation page for the endpoint. */
	docsUrl: string;
	/** Words a person may search by besides the path's own (verbs, resource names). */
	words: string;
	/** Attributes: query parameters for GET and DELETE, body attributes otherwise. */
	required: readonly string[];
	optional: readonly string[];
	where: 'query' | 'body';
	/** How some attributes are sent: `array` (name[]=…), `csv` (a,b), `file` (an upload). */
	types: Readonly<Record<string, string>>;
	sources: readonly CatalogueSource[];
	/** Ids of the explorer's templates (endpoints.ts) for this endpoint. */
	templates: readonly string[];
	/** An imported API description's: its title (the docs link is then its own, if any). */
	from?: string;
	/** An imported description's parameters, as it gives them: these, and nothing guessed. */
	params?: readonly EntryParam[];
	/** An imported description's summary of the operation. */
	summary?: string;
}

export interface CatalogueData {
	about: string;
	docsBase: string;
	entries: readonly (readonly unknown[])[];
}

const SOURCES: Record<number, CatalogueSource[]> = {
	1: ['python-gitlab'],
	2: ['GitLab::API::v4'],
	3: ['python-gitlab', 'GitLab::API::v4']
};

/** Method and path with parameter names left out: two spellings of one endpoint share it. */
export function shapeOf(method: string, path: string): string {
	return `${method.toUpperCase()} ${path.replace(/:[^/]+/g, ':')}`;
}

const METHODS = new Set<string>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

function whereFor(method: string): 'query' | 'body' {
	return method === 'GET' || method === 'DELETE' ? 'query' : 'body';
}

function fromRow(row: readonly unknown[], docsBase: string): CatalogueEntry | undefined {
	const [method, path, docs, words, required, optional, types, sources] = row as [
		string,
		string,
		string,
		string,
		string[],
		string[],
		string[],
		number
	];
	if (!METHODS.has(method)) return undefined;
	return {
		method: method as CatalogueMethod,
		path,
		label: `${method} ${path}`,
		docsUrl: docsBase + docs,
		words,
		required,
		optional,
		where: whereFor(method),
		types: Object.fromEntries(
			types.map((t) => [t.slice(0, t.lastIndexOf(':')), t.slice(t.lastIndexOf(':') + 1)])
		),
		sources: SOURCES[sources] ?? [],
		templates: []
	};
}

/** The docs page of the entry sharing the longest path prefix; GitLab's REST index otherwise. */
function nearestDocs(path: string, entries: readonly CatalogueEntry[], docsBase: string): string {
	let best = `${docsBase}rest/`;
	let bestLength = 0;
	for (const entry of entries) {
		const a = entry.path.split('/');
		const b = path.split('/');
		let n = 0;
		while (
			n < a.length &&
			n < b.length &&
			(a[n] === b[n] || (a[n]![0] === ':' && b[n]![0] === ':'))
		)
			n++;
		if (n > bestLength && n >= 3) {
			bestLength = n;
			best = entry.docsUrl.split('#')[0]!;
		}
	}
	return best;
}

/** The catalogue from the extracted data and the explorer's templates. */
export function buildCatalogue(
	data: CatalogueData,
	templates: readonly EndpointTemplate[] = ENDPOINTS
): CatalogueEntry[] {
	const entries: CatalogueEntry[] = [];
	const byShape = new Map<string, CatalogueEntry>();
	for (const row of data.entries) {
		const entry = fromRow(row, data.docsBase);
		if (!entry) continue;
		entries.push(entry);
		byShape.set(shapeOf(entry.method, entry.path), entry);
	}
	for (const template of templates) {
		const shape = shapeOf(template.method, template.path);
		const known = byShape.get(shape);
		if (known) {
			byShape.set(shape, { ...known, templates: [...known.templates, template.id] });
			continue;
		}
		const added: CatalogueEntry = {
			method: template.method,
			path: template.path,
			label: `${template.method} ${template.path}`,
			docsUrl: nearestDocs(template.path, entries, data.docsBase),
			words: template.id.replaceAll('-', ' '),
			required: [],
			optional: Object.keys(template.params ?? {}),
			where: whereFor(template.method),
			types: {},
			sources: ['explorer'],
			templates: [template.id]
		};
		entries.push(added);
		byShape.set(shape, added);
	}
	return entries.map((entry) => byShape.get(shapeOf(entry.method, entry.path)) ?? entry);
}

let loading: Promise<readonly CatalogueEntry[]> | undefined;

/** Loads the catalogue once (a separate chunk of about 14 KB gzip); later calls share it. */
export function loadCatalogue(): Promise<readonly CatalogueEntry[]> {
	loading ??= import('./gitlab-endpoints.json').then(
		(module) => buildCatalogue(module.default as CatalogueData),
		(error: unknown) => {
			loading = undefined; // a failed chunk load (offline) may be tried again
			throw error;
		}
	);
	return loading;
}
