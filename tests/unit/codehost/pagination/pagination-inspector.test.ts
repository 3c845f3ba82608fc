import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
	inspectPagination,
	keepBaseUrl,
	readPagination
} from '$lib/codehost/pagination/pagination';
import { parseLinkHeader } from '$lib/http/link-header';

const ROOT = 'https://h.example/api/v4';
const ctx = (extra: Partial<Parameters<typeof inspectPagination>[1]> = {}) => ({
	apiRoot: ROOT,
	requestUrl: `${ROOT}/projects`,
	crossOrigin: false,
	isList: true,
	listLength: 20,
	...extra
});

describe('pagination inspector', () => {
	it('CH-OFF-2: lists every x-* header with its meaning and value', () => {
		const r = inspectPagination(
			{
				link: `<${ROOT}/projects?page=2>; rel="next"`,
				'x-page': '1',
				'x-per-page': '20',
				'x-next-page': '2',
				'x-prev-page': '',
				'x-total': '40',
				'x-total-pages': '2'
			},
			ctx()
		);
		expect(r.kind).toBe('offset');
		expect(r.rows.map((x) => x.name)).toEqual([
			'link',
			'x-next-page',
			'x-page',
			'x-per-page',
			'x-prev-page',
			'x-total',
			'x-total-pages'
		]);
		expect(r.rows.find((x) => x.name === 'x-prev-page')!.note).toMatch(/first page/);
	});

	it('CH-OFF-4, CH-OFF-5: missing totals are explained by the 10,000-record rule', () => {
		const r = inspectPagination(
			{ 'x-page': '1', 'x-per-page': '20', 'x-next-page': '2', 'x-prev-page': '' },
			ctx()
		);
		expect(r.rows.find((x) => x.name === 'x-total')!.note).toMatch(/10,000/);
		expect(r.notes.join()).toMatch(/rel="last"/);
	});

	it('a header not exposed cross-origin differs from one not sent', () => {
		const live = inspectPagination({}, ctx({ crossOrigin: true }));
		expect(live.rows[0]!.note).toMatch(/exposes this header/);
		const demo = inspectPagination({}, ctx());
		expect(demo.rows[0]!.note).toBe('Not sent.');
	});

	it('CH-KEY-4, CH-KEY-3: keyset has only Link; no Link and an empty list means no records remain', () => {
		const r = inspectPagination(
			{},
			ctx({ requestUrl: `${ROOT}/projects?pagination=keyset`, listLength: 0 })
		);
		expect(r.kind).toBe('keyset');
		expect(r.notes.join()).toMatch(/no records remain/);
	});

	it('CH-KEY-5: a header named Links is called out', () => {
		expect(inspectPagination({ links: 'x' }, ctx()).notes.join()).toMatch(/no longer exists/);
	});

	it('CH-OFF-3: a Link on another host is flagged, and can be kept on the base URL', () => {
		const r = inspectPagination(
			{ link: '<https://internal.host/api/v4/projects?page=2>; rel="next"', 'x-page': '1' },
			ctx()
		);
		expect(r.links[0]!.foreign).toBe(true);
		expect(
			keepBaseUrl(
				'https://internal.host/api/v4/projects?page=2&per_page=5',
				'https://proxy.example/gl/api/v4'
			)
		).toBe('https://proxy.example/gl/api/v4/projects?page=2&per_page=5');
	});

	it('CH-OFF-1: per_page above 100 is noted as served at 100', () => {
		const r = inspectPagination(
			{ 'x-per-page': '100' },
			ctx({ requestUrl: `${ROOT}/projects?per_page=500` })
		);
		expect(r.notes.join()).toMatch(/maximum 100/);
	});

	it('readPagination tells offset from keyset', () => {
		expect(readPagination({ link: '<u>; rel="next"' }).kind).toBe('keyset');
		expect(readPagination({ 'X-Page': '1' }).kind).toBe('offset');
		expect(readPagination({}).kind).toBe('none');
	});

	it('the Link parser survives any order and spacing (property)', () => {
		const rels = ['prev', 'next', 'first', 'last'];
		fc.assert(
			fc.property(fc.shuffledSubarray(rels), fc.constantFrom(',', ', ', ' ,  '), (order, sep) => {
				const header = order.map((rel) => `<https://h/x?page=${rel}&a=1,2>;rel="${rel}"`).join(sep);
				const parsed = parseLinkHeader(header);
				expect(parsed.map((p) => p.rel)).toEqual(order);
				for (const p of parsed) expect(p.url).toBe(`https://h/x?page=${p.rel}&a=1,2`);
			})
		);
	});
});
