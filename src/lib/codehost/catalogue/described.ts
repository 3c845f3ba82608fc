/**
 * An imported API description (OpenAPI) kept as part of the endpoint catalogue: its operations
 * with their parameters as the description gives them (type, required, description, allowed
 * values), made into catalogue entries for path completion and the endpoint's details. Which
 * saved request each operation made is kept too, so a newer version of the same description can
 * update them. No Svelte, no DOM.
 */
import { shapeOf, type CatalogueEntry, type CatalogueMethod, type EntryParam } from './catalogue';

/** Where a described parameter goes; path and header ones are listed for the diff only. */
export type DescribedIn = 'path' | 'query' | 'header' | 'body';

export interface DescribedParam {
	name: string;
	in: DescribedIn;
	required: boolean;
	type?: string;
	description?: string;
	values?: string[];
}

export interface DescribedOperation {
	method: CatalogueMethod;
	/** Path template, parameters as `:name` (`/projects/:id/issues`). */
	path: string;
	summary: string;
	params: DescribedParam[];
	/** The media type of the body sent, if any. */
	bodyType?: string;
	/** The operation's own documentation page, if the description names one. */
	docsUrl?: string;
	/** The saved request the import made of it, while it is kept. */
	requestId?: string;
}

export interface ApiDescription {
	id: string;
	title: string;
	/** `info.version` of the description. */
	version: string;
	/** Its server URLs, variables filled with their defaults. */
	servers: string[];
	operations: DescribedOperation[];
	/** When it was imported (ISO 8601). */
	imported: string;
}

/** An operation's identity across versions: its method and path shape (parameter names left out). */
export const operationKey = (op: Pick<DescribedOperation, 'method' | 'path'>): string =>
	shapeOf(op.method, op.path);

/** The saved description that a newly read one is a version of: same title, or a server in common. */
export function sameDescription(
	saved: readonly ApiDescription[],
	next: Pick<ApiDescription, 'title' | 'servers'>
): ApiDescription | undefined {
	const title = next.title.trim().toLowerCase();
	const servers = next.servers.filter((s) => /^https?:\/\//i.test(s));
	return (
		saved.find((d) => d.title.trim().toLowerCase() === title) ??
		saved.find((d) => d.servers.some((s) => servers.includes(s)))
	);
}

const wordsOf = (op: DescribedOperation, title: string) =>
	[op.summary, title].join(' ').replace(/\s+/g, ' ').trim().slice(0, 200);

/** One description's operations as catalogue entries (its query and body parameters, as given). */
export function describedEntries(description: ApiDescription): CatalogueEntry[] {
	return description.operations.map((op) => {
		const params: EntryParam[] = op.params
			.filter((p) => p.in === 'query' || p.in === 'body')
			.map((p) => ({
				name: p.name,
				required: p.required,
				where: p.in === 'body' ? 'body' : 'query',
				...(p.type ? { type: p.type } : {}),
				...(p.description ? { description: p.description } : {}),
				...(p.values?.length ? { values: p.values } : {})
			}));
		return {
			method: op.method,
			path: op.path,
			label: `${op.method} ${op.path}`,
			docsUrl: op.docsUrl ?? '',
			words: wordsOf(op, description.title),
			required: params.filter((p) => p.required).map((p) => p.name),
			optional: params.filter((p) => !p.required).map((p) => p.name),
			where: op.method === 'GET' || op.method === 'DELETE' ? 'query' : 'body',
			types: {},
			sources: [],
			templates: [],
			from: description.title,
			params,
			...(op.summary ? { summary: op.summary } : {})
		};
	});
}

/**
 * The catalogue with the descriptions' entries: theirs first, and an endpoint GitLab's list also
 * has is given once, as the description tells it (the person chose to import it).
 */
export function withDescribed(
	base: readonly CatalogueEntry[],
	descriptions: readonly ApiDescription[]
): CatalogueEntry[] {
	const known = new Map(base.map((e) => [shapeOf(e.method, e.path), e]));
	const out: CatalogueEntry[] = [];
	const seen = new Set<string>();
	for (const d of descriptions)
		for (const entry of describedEntries(d)) {
			const shape = shapeOf(entry.method, entry.path);
			if (seen.has(shape)) continue;
			seen.add(shape);
			// The explorer's templates for it stay known.
			out.push({ ...entry, templates: known.get(shape)?.templates ?? [] });
		}
	for (const entry of base) if (!seen.has(shapeOf(entry.method, entry.path))) out.push(entry);
	return out;
}
