/**
 * An endpoint's parameters as the path field's completion and the endpoint's details list them:
 * each with its type, whether it is required, a description and its allowed values where they
 * are known. The catalogue gives names, required or not, and how lists and files are sent; the
 * API's conventions add paging (every list takes `page` and `per_page`, the keyset lists their
 * ordering). What neither says is left out rather than guessed. No Svelte here.
 */
import { keysetResourceFor } from '../contract/endpoints';
import type { CatalogueEntry, EntryParam } from './catalogue';

export type ParamInfo = EntryParam;

const TYPES: Record<string, string> = {
	array: 'list (name[]=…)',
	csv: 'comma-separated list',
	file: 'file upload',
	lowercasestring: 'text, lower case'
};

/** What the API's conventions say of a parameter, wherever it appears. */
const KNOWN: Record<string, Omit<ParamInfo, 'name' | 'required' | 'where'>> = {
	page: { type: 'integer', description: 'Page number, from 1 (the default).' },
	per_page: { type: 'integer', description: 'Items per page: 20 unless given, at most 100.' },
	pagination: {
		description: 'keyset for keyset pagination (order_by and sort are then needed).',
		values: ['keyset']
	},
	sort: { description: 'Order of the list.', values: ['asc', 'desc'] },
	order_by: { description: 'Field the list is ordered by.' },
	sudo: { description: 'Act as another user (an administrator’s token): a user id or username.' },
	visibility: { values: ['private', 'internal', 'public'] }
};

/** A list endpoint: a GET whose path ends in a fixed word (`/projects`, not `/projects/:id`). */
function isList(entry: Pick<CatalogueEntry, 'method' | 'path'>): boolean {
	return entry.method === 'GET' && !/\/:[^/]+$/.test(entry.path);
}

/** Every parameter of an endpoint, required first, each once. */
export function endpointParams(entry: CatalogueEntry): ParamInfo[] {
	// An imported description says what it takes: nothing is added from GitLab's conventions.
	if (entry.params)
		return [...entry.params].sort((a, b) => Number(b.required) - Number(a.required));
	const out: ParamInfo[] = [];
	const add = (name: string, required: boolean, where: 'query' | 'body') => {
		if (out.some((p) => p.name === name)) return;
		const known = KNOWN[name] ?? {};
		const kind = entry.types[name];
		out.push({
			name,
			required,
			where,
			...known,
			...(kind ? { type: TYPES[kind] ?? kind } : {})
		});
	};
	for (const name of entry.required) add(name, true, entry.where);
	for (const name of entry.optional) add(name, false, entry.where);
	if (isList(entry)) {
		add('page', false, 'query');
		add('per_page', false, 'query');
		const keyset = keysetResourceFor(entry.path);
		if (keyset) {
			add('pagination', false, 'query');
			add('order_by', false, 'query');
			add('sort', false, 'query');
			// The keyset table names the orderings keyset pagination allows on this list.
			const order = out.find((p) => p.name === 'order_by');
			if (order)
				order.description =
					`${order.description ?? ''} With keyset pagination: ${keyset.orderBy.join(' or ')}${keyset.sort.length === 1 ? `, sort ${keyset.sort[0]!}` : ''}.`.trim();
		}
	}
	return out;
}

/** One line for a parameter: "per_page · integer · optional — Items per page… Allowed: a, b". */
export function paramSummary(p: ParamInfo): string {
	const head = [p.name, p.type, p.required ? 'required' : 'optional'].filter(Boolean).join(' · ');
	const tail = [p.description, p.values?.length ? `Allowed: ${p.values.join(', ')}` : '']
		.filter(Boolean)
		.join(' ');
	return tail ? `${head} — ${tail}` : head;
}

/**
 * The parameters to offer while a query is typed: the endpoint's, starting with the name being
 * typed (after the last `?` or `&`), less those the query already has.
 */
export function paramSuggestions(params: readonly ParamInfo[], query: string): ParamInfo[] {
	const parts = query.split('&');
	const typing = parts.at(-1) ?? '';
	if (typing.includes('=')) return [];
	const present = new Set(parts.slice(0, -1).map((p) => p.split('=')[0]!.replace(/\[.*$/, '')));
	const prefix = typing.toLowerCase();
	return params.filter((p) => !present.has(p.name) && p.name.toLowerCase().startsWith(prefix));
}
