import { describe, expect, it } from 'vitest';
import { readPagination } from '$lib/codehost/pagination/pagination';
import { createCodehostApp } from '$lib/fakes/codehost/app';

const BASE = 'https://gitlab.example.com/api/v4/projects';

describe('readPagination', () => {
	it('CH-OFF-2: x-* headers mean offset pagination, whatever the header case', () => {
		const info = readPagination({
			Link: `<${BASE}?page=1&per_page=20>; rel="first", <${BASE}?page=3&per_page=20>; rel="next"`,
			'X-Page': '2',
			'X-Per-Page': '20',
			'X-Next-Page': '3',
			'X-Prev-Page': '1',
			'X-Total': '137',
			'X-Total-Pages': '7',
			'Content-Type': 'application/json'
		});
		expect(info.kind).toBe('offset');
		expect(info.values).toEqual({
			'x-page': '2',
			'x-per-page': '20',
			'x-next-page': '3',
			'x-prev-page': '1',
			'x-total': '137',
			'x-total-pages': '7'
		});
		expect(info.links.map((l) => l.rel)).toEqual(['first', 'next']);
	});

	it('CH-OFF-2: keeps headers sent empty as "", distinct from absent', () => {
		const info = readPagination({ 'x-page': '1', 'x-prev-page': '', 'x-next-page': '2' });
		expect(info.kind).toBe('offset');
		expect(info.values['x-prev-page']).toBe('');
		expect('x-total' in info.values).toBe(false);
	});

	it('CH-OFF-4: offset without totals (over 10,000 records) is still offset', () => {
		const info = readPagination({
			link: `<${BASE}?page=3>; rel="next", <${BASE}?page=1>; rel="first"`,
			'x-page': '2',
			'x-next-page': '3',
			'x-prev-page': '1',
			'x-per-page': '20'
		});
		expect(info.kind).toBe('offset');
		expect(info.values['x-total']).toBeUndefined();
		expect(info.links.some((l) => l.rel === 'last')).toBe(false);
	});

	it('CH-KEY-2, CH-KEY-4: only a Link header means keyset pagination', () => {
		const next = `${BASE}?id_after=42&order_by=id&pagination=keyset&per_page=20&sort=asc`;
		const info = readPagination({
			link: `<${next}>; rel="next"`,
			'content-type': 'application/json'
		});
		expect(info.kind).toBe('keyset');
		expect(info.values).toEqual({});
		expect(info.links).toEqual([{ url: next, rel: 'next', params: { rel: 'next' } }]);
	});

	it('CH-KEY-3: no Link and no x-* headers means no pagination', () => {
		expect(readPagination({ 'content-type': 'application/json' })).toEqual({
			kind: 'none',
			links: [],
			values: {}
		});
		expect(readPagination({}).kind).toBe('none');
	});

	it('CH-OFF-4: reads the demo code host answer as offset; over 10,000 projects there is no rel="last"', async () => {
		const response = await createCodehostApp().fetch(
			new Request('https://codehost.demo/api/v4/projects?page=2')
		);
		const info = readPagination(Object.fromEntries(response.headers.entries()));
		expect(info.kind).toBe('offset');
		expect(info.values['x-page']).toBe('2');
		expect(info.links.map((l) => l.rel)).toEqual(['prev', 'next', 'first']);
	});
});
