import { describe, expect, it } from 'vitest';
import { createCodehostApp } from '$lib/fakes/codehost/app';
import { USER_COUNT } from '$lib/fakes/codehost/data';
import { offsetPage } from '$lib/fakes/codehost/offset-pagination';
import { linksByRel, parseLinkHeader } from '$lib/http/link-header';

const ORIGIN = 'https://codehost.demo';
const TOTAL = USER_COUNT;

async function get(path: string, headers: Record<string, string> = {}) {
	const response = await createCodehostApp().fetch(new Request(`${ORIGIN}${path}`, { headers }));
	const text = await response.text();
	return { response, headers: response.headers, text, body: JSON.parse(text) as unknown };
}

const ids = (body: unknown) => (body as { id: number }[]).map((p) => p.id);
const range = (from: number, to: number) =>
	Array.from({ length: to - from + 1 }, (_, i) => from + i);

// Users: 120 records, few enough that the totals are sent (projects are over 10,000: CH-OFF-4).
describe('code host fake: offset pagination', () => {
	it('CH-OFF-2: an offset answer carries Link and every x-* header with the right values', async () => {
		const { response, headers, body } = await get('/api/v4/users?per_page=20&page=2');
		expect(response.status).toBe(200);
		expect(headers.get('content-type')).toMatch(/application\/json/);
		expect(headers.get('x-page')).toBe('2');
		expect(headers.get('x-per-page')).toBe('20');
		expect(headers.get('x-prev-page')).toBe('1');
		expect(headers.get('x-next-page')).toBe('3');
		expect(headers.get('x-total')).toBe(String(TOTAL));
		expect(headers.get('x-total-pages')).toBe(String(Math.ceil(TOTAL / 20)));
		expect(ids(body)).toEqual(range(21, 40));
		expect(linksByRel(headers.get('link'))).toEqual({
			prev: `${ORIGIN}/api/v4/users?page=1&per_page=20`,
			next: `${ORIGIN}/api/v4/users?page=3&per_page=20`,
			first: `${ORIGIN}/api/v4/users?page=1&per_page=20`,
			last: `${ORIGIN}/api/v4/users?page=${Math.ceil(TOTAL / 20)}&per_page=20`
		});
	});

	it('CH-OFF-2: Link entries come in the real order prev, next, first, last, joined by ", "', async () => {
		const { headers } = await get('/api/v4/users?page=3');
		const link = headers.get('link')!;
		expect(parseLinkHeader(link).map((e) => e.rel)).toEqual(['prev', 'next', 'first', 'last']);
		expect(link.split(', ')).toHaveLength(4);
		expect(link).toMatch(/^<[^>]+>; rel="prev", <[^>]+>; rel="next", <[^>]+>; rel="first"/);
	});

	it('CH-OFF-2: the query inside Link URLs is sorted alphabetically and keeps other params', async () => {
		const { headers } = await get('/api/v4/users?sort=asc&per_page=10&order_by=id&page=2');
		for (const { url } of parseLinkHeader(headers.get('link'))) {
			const keys = [...new URL(url).searchParams.keys()];
			expect(keys).toEqual(['order_by', 'page', 'per_page', 'sort']);
			expect(url.startsWith(`${ORIGIN}/api/v4/users?`)).toBe(true);
		}
		expect(linksByRel(headers.get('link')).next).toBe(
			`${ORIGIN}/api/v4/users?order_by=id&page=3&per_page=10&sort=asc`
		);
	});

	it('CH-OFF-1: page defaults to 1 and per_page to 20', async () => {
		const { headers, body } = await get('/api/v4/users');
		expect(headers.get('x-page')).toBe('1');
		expect(headers.get('x-per-page')).toBe('20');
		expect(ids(body)).toEqual(range(1, 20));
	});

	it('CH-OFF-1: per_page above 100 is served as 100', async () => {
		const { headers, body } = await get('/api/v4/users?per_page=500');
		expect(headers.get('x-per-page')).toBe('100');
		expect(ids(body)).toEqual(range(1, 100));
		expect(linksByRel(headers.get('link')).next).toContain('per_page=100');
	});

	it('CH-OFF-1: unreadable page and per_page values fall back to the defaults', async () => {
		const { headers } = await get('/api/v4/users?per_page=abc&page=-3');
		expect(headers.get('x-page')).toBe('1');
		expect(headers.get('x-per-page')).toBe('20');
	});

	it('CH-OFF-2: the first page sends x-prev-page empty and no rel="prev"', async () => {
		const { headers } = await get('/api/v4/users?page=1');
		expect(headers.has('x-prev-page')).toBe(true);
		expect(headers.get('x-prev-page')).toBe('');
		expect(headers.get('x-next-page')).toBe('2');
		expect(Object.keys(linksByRel(headers.get('link'))).sort()).toEqual(['first', 'last', 'next']);
	});

	it('CH-OFF-2: the last page sends x-next-page empty and no rel="next"', async () => {
		const lastPage = Math.ceil(TOTAL / 20);
		const { headers, body } = await get(`/api/v4/users?page=${lastPage}`);
		expect(headers.has('x-next-page')).toBe(true);
		expect(headers.get('x-next-page')).toBe('');
		expect(headers.get('x-prev-page')).toBe(String(lastPage - 1));
		expect(ids(body)).toEqual(range((lastPage - 1) * 20 + 1, TOTAL));
		expect(Object.keys(linksByRel(headers.get('link'))).sort()).toEqual(['first', 'last', 'prev']);
	});

	it('CH-OFF-1: a page beyond the end is an empty list', async () => {
		const { response, body, headers } = await get('/api/v4/users?page=99');
		expect(response.status).toBe(200);
		expect(body).toEqual([]);
		expect(headers.get('x-next-page')).toBe('');
		expect(headers.get('x-total')).toBe(String(TOTAL));
	});
});

describe('offsetPage', () => {
	it('CH-OFF-4: above 10,000 records leaves out x-total, x-total-pages and rel="last"', () => {
		const url = new URL(`${ORIGIN}/api/v4/projects?page=2`);
		const { headers, items } = offsetPage(range(1, 60), url, 10_001);
		expect(items).toEqual(range(21, 40));
		expect(headers.has('x-total')).toBe(false);
		expect(headers.has('x-total-pages')).toBe(false);
		expect(Object.keys(linksByRel(headers.get('link'))).sort()).toEqual(['first', 'next', 'prev']);
		expect(headers.get('x-next-page')).toBe('3');
	});

	it('CH-OFF-4: exactly 10,000 records still carries the totals', () => {
		const { headers } = offsetPage([], new URL(`${ORIGIN}/x`), 10_000);
		expect(headers.get('x-total')).toBe('10000');
		expect(headers.get('x-total-pages')).toBe('500');
	});

	it('an empty collection answers x-total 0 and x-total-pages 1', () => {
		const { headers, items } = offsetPage([], new URL(`${ORIGIN}/x`));
		expect(items).toEqual([]);
		expect(headers.get('x-total')).toBe('0');
		expect(headers.get('x-total-pages')).toBe('1');
		expect(headers.get('x-next-page')).toBe('');
		expect(headers.get('x-prev-page')).toBe('');
	});
});
