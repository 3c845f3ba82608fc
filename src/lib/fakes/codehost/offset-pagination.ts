/** Offset pagination as the real code host answers it (CH-OFF-1, CH-OFF-2, CH-OFF-4). */
export const MAX_PER_PAGE = 100;
export const DEFAULT_PER_PAGE = 20;
/** Above this many matching records the totals and rel="last" are left out. */
export const TOTALS_LIMIT = 10_000;

/** Anything with a length and slice: an array, or a lazily generated listing. */
export interface Listing<T> {
	readonly length: number;
	slice(start: number, end: number): T[];
}

export interface OffsetPage<T> {
	items: T[];
	headers: Headers;
}

function positiveInt(value: string | null, fallback: number): number {
	const n = Number(value);
	return Number.isInteger(n) && n >= 1 ? n : fallback;
}

/** A Link URL: the server's host, the same path, the query sorted by name (as the real server does). */
function pageUrl(url: URL, page: number, perPage: number): string {
	const params = new URLSearchParams(url.search);
	params.set('page', String(page));
	params.set('per_page', String(perPage));
	params.sort();
	return `${url.origin}${url.pathname}?${params.toString()}`;
}

export function offsetPage<T>(all: Listing<T>, url: URL, total = all.length): OffsetPage<T> {
	const perPage = Math.min(
		positiveInt(url.searchParams.get('per_page'), DEFAULT_PER_PAGE),
		MAX_PER_PAGE
	);
	const page = positiveInt(url.searchParams.get('page'), 1);
	const start = (page - 1) * perPage;
	const items = all.slice(start, start + perPage);
	const totalPages = Math.max(1, Math.ceil(total / perPage));
	const hasNext = page < totalPages;
	const hasPrev = page > 1;
	const showTotals = total <= TOTALS_LIMIT;

	const links: string[] = [];
	if (hasPrev) links.push(`<${pageUrl(url, page - 1, perPage)}>; rel="prev"`);
	if (hasNext) links.push(`<${pageUrl(url, page + 1, perPage)}>; rel="next"`);
	links.push(`<${pageUrl(url, 1, perPage)}>; rel="first"`);
	if (showTotals) links.push(`<${pageUrl(url, totalPages, perPage)}>; rel="last"`);

	const headers = new Headers({
		'content-type': 'application/json',
		link: links.join(', '),
		'x-next-page': hasNext ? String(page + 1) : '',
		'x-page': String(page),
		'x-per-page': String(perPage),
		'x-prev-page': hasPrev ? String(page - 1) : ''
	});
	if (showTotals) {
		headers.set('x-total', String(total));
		headers.set('x-total-pages', String(totalPages));
	}
	return { items, headers };
}
