import { CODEHOST_EXPOSED_HEADERS } from '$lib/contracts/codehost-cors';
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

export type OffsetHeader = (typeof OFFSET_HEADERS)[number];

export interface PaginationInfo {
	kind: PaginationKind;
	links: LinkEntry[];
	/** The x-* pagination headers that arrived, by lower-case name; '' means sent empty. */
	values: Partial<Record<OffsetHeader, string>>;
}

function lowerKeys(headers: Record<string, string>): Record<string, string> {
	const lower: Record<string, string> = {};
	for (const [k, v] of Object.entries(headers)) lower[k.toLowerCase()] = v;
	return lower;
}

/** Tells offset from keyset by what the answer carries (CH-OFF-2, CH-KEY-4). */
export function readPagination(
	headers: Record<string, string>,
	requestUrl?: string
): PaginationInfo {
	const lower = lowerKeys(headers);
	const links = parseLinkHeader(lower['link'], requestUrl);
	const values: PaginationInfo['values'] = {};
	for (const name of OFFSET_HEADERS) if (name in lower) values[name] = lower[name]!;
	const hasOffset = Object.keys(values).length > 0;
	const askedKeyset = requestUrl ? /[?&]pagination=keyset(&|$)/.test(requestUrl) : false;
	const kind: PaginationKind = hasOffset
		? 'offset'
		: links.length || askedKeyset
			? 'keyset'
			: 'none';
	return { kind, links, values };
}

export const HEADER_MEANINGS: Record<string, string> = {
	link: 'URLs of other pages by rel (prev, next, first, last); use them as given.',
	'x-next-page': 'Index of the next page.',
	'x-page': 'Index of the current page, starting at 1.',
	'x-per-page': 'Items per page (what the server used; at most 100).',
	'x-prev-page': 'Index of the previous page.',
	'x-total': 'Total items.',
	'x-total-pages': 'Total pages.'
};

export const REL_MEANINGS: Record<string, string> = {
	first: 'The first page.',
	prev: 'The previous page.',
	next: 'The next page.',
	last: 'The last page (left out above 10,000 records).'
};

/**
 * Headers the real code host lets another origin read (Access-Control-Expose-Headers), lower
 * case: the contract's one list. A header outside it may have been sent, but the browser hides it.
 */
export const EXPOSED_BY_CODEHOST: ReadonlySet<string> = new Set(
	CODEHOST_EXPOSED_HEADERS.map((h) => h.toLowerCase())
);

export interface InspectorRow {
	name: string;
	/** null when the header did not reach the page. */
	value: string | null;
	meaning: string;
	note?: string;
}

export interface InspectorLink extends LinkEntry {
	meaning: string;
	/** The URL as shown, secrets redacted; `url` is what is followed, exactly as given. */
	shown?: string;
	/** The Link's host differs from the base URL's (behind a proxy, or a misconfigured host). */
	foreign: boolean;
}

export interface PaginationReport {
	kind: PaginationKind;
	rows: InspectorRow[];
	links: InspectorLink[];
	notes: string[];
}

export interface InspectContext {
	/** The API root the request went to. */
	apiRoot: string;
	requestUrl: string;
	/** Live mode, page and API on different origins. */
	crossOrigin: boolean;
	/** Body was a JSON array (a listing). */
	isList: boolean;
	listLength?: number;
}

function originOf(url: string): string | undefined {
	try {
		return new URL(url).origin;
	} catch {
		return undefined;
	}
}

/** Everything the Pagination region shows: values, meanings, what is missing and why. */
export function inspectPagination(
	headers: Record<string, string>,
	context: InspectContext
): PaginationReport {
	const lower = lowerKeys(headers);
	const info = readPagination(headers, context.requestUrl);
	const notes: string[] = [];
	const rows: InspectorRow[] = [];
	const base = originOf(context.apiRoot);
	const links: InspectorLink[] = info.links.map((l) => ({
		...l,
		meaning: REL_MEANINGS[l.rel] ?? `Link relation ${l.rel}.`,
		foreign: base !== undefined && originOf(l.url) !== undefined && originOf(l.url) !== base
	}));

	const absent = (name: string): string =>
		context.crossOrigin && !EXPOSED_BY_CODEHOST.has(name)
			? 'Not readable: the browser hides headers the server does not list in Access-Control-Expose-Headers.'
			: context.crossOrigin
				? 'Not sent (the code host exposes this header cross-origin, so a missing value means the server left it out; a server that does not expose it would look the same).'
				: 'Not sent.';

	rows.push({
		name: 'link',
		value: lower['link'] ?? null,
		meaning: HEADER_MEANINGS.link!,
		note: lower['link'] === undefined ? absent('link') : undefined
	});

	if (info.kind === 'keyset') {
		notes.push(
			'Keyset pagination: only the Link header is returned (CH-KEY-4); follow rel="next" as given (CH-KEY-2).'
		);
		if (!info.links.some((l) => l.rel === 'next'))
			notes.push(
				context.isList && context.listLength === 0
					? 'No Link header and an empty array: no records remain (CH-KEY-3).'
					: 'No rel="next": this is the last page (CH-KEY-3).'
			);
	} else if (info.kind === 'offset') {
		for (const name of OFFSET_HEADERS) {
			const value = lower[name];
			let note: string | undefined;
			if (value === undefined) {
				if (
					(name === 'x-total' || name === 'x-total-pages') &&
					!('x-total' in lower) &&
					!('x-total-pages' in lower)
				)
					note =
						'Left out: more than 10,000 records match, so the server omits x-total, x-total-pages and rel="last" (CH-OFF-4). The hosted offering may also omit them (CH-OFF-5).';
				else note = absent(name);
			} else if (value === '') {
				if (name === 'x-prev-page')
					note = 'Empty: this is the first page, there is no previous page.';
				else if (name === 'x-next-page')
					note = 'Empty: this is the last page, there is no next page.';
				else note = 'Sent empty.';
			}
			rows.push({ name, value: value ?? null, meaning: HEADER_MEANINGS[name]!, note });
		}
		if (!info.links.some((l) => l.rel === 'last') && !('x-total' in lower))
			notes.push(
				'No rel="last": the totals were left out (more than 10,000 records), so the last page is unknown. Next still works.'
			);
		const perPage = Number(lower['x-per-page']);
		const asked = /[?&]per_page=(\d+)/.exec(context.requestUrl)?.[1];
		if (asked && perPage && Number(asked) !== perPage)
			notes.push(`Asked for per_page=${asked}; the server used ${perPage} (maximum 100).`);
	} else if (context.isList) {
		notes.push(
			context.crossOrigin
				? 'A list without pagination headers: either a single page, or the server did not expose the headers to this origin.'
				: 'A list without pagination headers.'
		);
	}
	if ('links' in lower)
		notes.push(
			'A header named “Links” arrived: it no longer exists in this API; Link is the one to read (CH-KEY-5).'
		);
	if (links.some((l) => l.foreign))
		notes.push(
			'A Link URL points at another host than the base URL (the server’s configured host, e.g. behind a proxy). Your credentials belong to the base URL: links are followed there unless you untick the option below.'
		);
	return { kind: info.kind, rows, links, notes };
}

/** A Link URL rewritten onto the base URL's origin and API root, for servers behind a proxy. */
export function keepBaseUrl(linkUrl: string, apiRoot: string): string {
	const link = new URL(linkUrl, apiRoot);
	const root = new URL(apiRoot);
	const at = link.pathname.indexOf('/api/v4');
	const rest = at === -1 ? link.pathname : link.pathname.slice(at + '/api/v4'.length);
	return `${root.origin}${root.pathname.replace(/\/+$/, '')}${rest}${link.search}`;
}

/** A URL from elsewhere as a path and query under the API root (for sending it there instead). */
export function retargeted(url: string, apiRoot: string): { path: string; query: string } {
	const at = new URL(keepBaseUrl(url, apiRoot));
	const root = new URL(apiRoot).pathname.replace(/\/+$/, '');
	return { path: at.pathname.slice(root.length) || '/', query: at.search.replace(/^\?/, '') };
}

/** Whether the API root lies on another origin than the page (then CORS decides what is readable). */
export function isCrossOrigin(apiRoot: string, pageOrigin: string | undefined): boolean {
	if (!pageOrigin) return false;
	return originOf(apiRoot) !== pageOrigin;
}
