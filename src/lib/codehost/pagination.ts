import { parseLinkHeader, type LinkEntry } from '$lib/http/link-header';

export type PaginationKind = 'offset' | 'keyset' | 'none';

export const OFFSET_HEADERS = [
	'x-next-page',
	'x-page',
	'x-per-page',
	'x-prev-page',
	'x-total',
	'x-total-pages'
] as const;

export interface PaginationInfo {
	kind: PaginationKind;
	links: LinkEntry[];
	/** The x-* pagination headers that arrived, by lower-case name; '' means sent empty. */
	values: Partial<Record<(typeof OFFSET_HEADERS)[number], string>>;
}

/** Tells offset from keyset by what the answer carries (CH-OFF-2, CH-KEY-4). */
export function readPagination(headers: Record<string, string>): PaginationInfo {
	const lower: Record<string, string> = {};
	for (const [k, v] of Object.entries(headers)) lower[k.toLowerCase()] = v;
	const links = parseLinkHeader(lower['link']);
	const values: PaginationInfo['values'] = {};
	for (const name of OFFSET_HEADERS) if (name in lower) values[name] = lower[name]!;
	const hasOffset = Object.keys(values).length > 0;
	const kind: PaginationKind = hasOffset ? 'offset' : links.length ? 'keyset' : 'none';
	return { kind, links, values };
}
