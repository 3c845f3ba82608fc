/** The list envelope of the energy API: a Laravel length-aware paginator (EN-LIST-2). */
export interface PageEnvelope<T> {
	current_page: number;
	data: T[];
	first_page_url: string;
	from: number | null;
	last_page: number;
	last_page_url: string;
	links: { url: string | null; label: string; active: boolean }[];
	next_page_url: string | null;
	path: string;
	per_page: number;
	prev_page_url: string | null;
	to: number | null;
	total: number;
	draw: null;
	status: 'ok';
}

export function pageEnvelope<T>(
	all: readonly T[],
	path: string,
	page: number,
	perPage: number
): PageEnvelope<T> {
	const total = all.length;
	const lastPage = Math.max(1, Math.ceil(total / perPage));
	const start = (page - 1) * perPage;
	const data = all.slice(start, start + perPage);
	const url = (p: number) => `${path}?page=${p}`;
	const links: PageEnvelope<T>['links'] = [
		{ url: page > 1 ? url(page - 1) : null, label: '&laquo; Previous', active: false }
	];
	for (let p = 1; p <= lastPage; p++)
		links.push({ url: url(p), label: String(p), active: p === page });
	links.push({ url: page < lastPage ? url(page + 1) : null, label: 'Next &raquo;', active: false });
	return {
		current_page: page,
		data,
		first_page_url: url(1),
		from: data.length ? start + 1 : null,
		last_page: lastPage,
		last_page_url: url(lastPage),
		links,
		next_page_url: page < lastPage ? url(page + 1) : null,
		path,
		per_page: perPage,
		prev_page_url: page > 1 ? url(page - 1) : null,
		to: data.length ? start + data.length : null,
		total,
		draw: null,
		status: 'ok'
	};
}
