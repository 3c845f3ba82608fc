/** The energy API's list envelope, a Laravel length-aware paginator, as the demo service writes it. */
import { describe, expect, it } from 'vitest';
import { pageEnvelope } from '$lib/fakes/energy/page-envelope';

const rows = Array.from({ length: 7 }, (_, i) => ({ guid: i + 1 }));

describe('pageEnvelope', () => {
	it('EN-LIST-2: a middle page has every field, its rows, from and to, and links both ways by relative paths', () => {
		const page = pageEnvelope(rows, '/api/v1/private/order/list', 2, 3);
		expect(page).toEqual({
			current_page: 2,
			data: [{ guid: 4 }, { guid: 5 }, { guid: 6 }],
			first_page_url: '/api/v1/private/order/list?page=1',
			from: 4,
			last_page: 3,
			last_page_url: '/api/v1/private/order/list?page=3',
			links: [
				{ url: '/api/v1/private/order/list?page=1', label: '&laquo; Previous', active: false },
				{ url: '/api/v1/private/order/list?page=1', label: '1', active: false },
				{ url: '/api/v1/private/order/list?page=2', label: '2', active: true },
				{ url: '/api/v1/private/order/list?page=3', label: '3', active: false },
				{ url: '/api/v1/private/order/list?page=3', label: 'Next &raquo;', active: false }
			],
			next_page_url: '/api/v1/private/order/list?page=3',
			path: '/api/v1/private/order/list',
			per_page: 3,
			prev_page_url: '/api/v1/private/order/list?page=1',
			to: 6,
			total: 7,
			draw: null,
			status: 'ok'
		});
	});

	it('EN-LIST-2: the first and last pages have no link past their end; a page past the end is empty, from and to null', () => {
		const first = pageEnvelope(rows, '/l', 1, 3);
		expect(first.prev_page_url).toBeNull();
		expect(first.links[0]!.url).toBeNull();
		const last = pageEnvelope(rows, '/l', 3, 3);
		expect(last.data).toEqual([{ guid: 7 }]);
		expect(last.next_page_url).toBeNull();
		expect(last.links.at(-1)!.url).toBeNull();
		const past = pageEnvelope(rows, '/l', 9, 3);
		expect(past).toMatchObject({ data: [], from: null, to: null, total: 7, last_page: 3 });
	});

	it('an empty list is one page', () => {
		expect(pageEnvelope([], '/l', 1, 15)).toMatchObject({
			last_page: 1,
			total: 0,
			from: null,
			next_page_url: null
		});
	});
});
