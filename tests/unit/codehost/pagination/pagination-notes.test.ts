import { describe, expect, it } from 'vitest';
import {
	EXPOSED_BY_CODEHOST,
	inspectPagination,
	isCrossOrigin,
	keepBaseUrl,
	retargeted,
	type InspectContext
} from '$lib/codehost/pagination/pagination';
import { CODEHOST_EXPOSED_HEADERS } from '$lib/contracts/codehost-cors';

const ROOT = 'https://h.example/api/v4';
const ctx = (extra: Partial<InspectContext> = {}): InspectContext => ({
	apiRoot: ROOT,
	requestUrl: `${ROOT}/projects`,
	crossOrigin: false,
	isList: true,
	listLength: 20,
	...extra
});

const KEYSET_NOTE =
	'Keyset pagination: only the Link header is returned (CH-KEY-4); follow rel="next" as given (CH-KEY-2).';
const LAST_PAGE_NOTE = 'No rel="next": this is the last page (CH-KEY-3).';
const NO_RECORDS_NOTE = 'No Link header and an empty array: no records remain (CH-KEY-3).';
const NO_LAST_NOTE =
	'No rel="last": the totals were left out (more than 10,000 records), so the last page is unknown. Next still works.';
const OVER_10000 =
	'Left out: more than 10,000 records match, so the server omits x-total, x-total-pages and rel="last" (CH-OFF-4). The hosted offering may also omit them (CH-OFF-5).';
const EXPOSED_NOT_SENT =
	'Not sent (the code host exposes this header cross-origin, so a missing value means the server left it out; a server that does not expose it would look the same).';
const FOREIGN_NOTE =
	'A Link URL points at another host than the base URL (the server’s configured host, e.g. behind a proxy). Your credentials belong to the base URL: links are followed there unless you untick the option below.';

const FULL = {
	link: `<${ROOT}/projects?page=1>; rel="first", <${ROOT}/projects?page=3>; rel="last"`,
	'x-page': '2',
	'x-per-page': '20',
	'x-next-page': '3',
	'x-prev-page': '1',
	'x-total': '60',
	'x-total-pages': '3'
};

const rowOf = (r: ReturnType<typeof inspectPagination>, name: string) =>
	r.rows.find((x) => x.name === name)!;

describe('pagination inspector: rows', () => {
	it('CH-OFF-2: every header shows its value, its meaning, and no note when it arrived with a value', () => {
		const r = inspectPagination(FULL, ctx());
		expect(r.rows).toEqual([
			{
				name: 'link',
				value: FULL.link,
				meaning: 'URLs of other pages by rel (prev, next, first, last); use them as given.',
				note: undefined
			},
			{ name: 'x-next-page', value: '3', meaning: 'Index of the next page.', note: undefined },
			{
				name: 'x-page',
				value: '2',
				meaning: 'Index of the current page, starting at 1.',
				note: undefined
			},
			{
				name: 'x-per-page',
				value: '20',
				meaning: 'Items per page (what the server used; at most 100).',
				note: undefined
			},
			{ name: 'x-prev-page', value: '1', meaning: 'Index of the previous page.', note: undefined },
			{ name: 'x-total', value: '60', meaning: 'Total items.', note: undefined },
			{ name: 'x-total-pages', value: '3', meaning: 'Total pages.', note: undefined }
		]);
		expect(r.notes).toEqual([]);
	});

	it('CH-OFF-2: an empty x-next-page marks the last page, an empty x-prev-page the first, any other empty header is "Sent empty."', () => {
		const r = inspectPagination(
			{ ...FULL, 'x-next-page': '', 'x-prev-page': '', 'x-page': '' },
			ctx()
		);
		expect(rowOf(r, 'x-next-page')).toMatchObject({
			value: '',
			note: 'Empty: this is the last page, there is no next page.'
		});
		expect(rowOf(r, 'x-prev-page').note).toBe(
			'Empty: this is the first page, there is no previous page.'
		);
		expect(rowOf(r, 'x-page').note).toBe('Sent empty.');
		expect(rowOf(r, 'x-total').note).toBeUndefined();
	});

	it('a missing Link row has a null value (not an empty string) and says it was not sent', () => {
		const r = inspectPagination({ 'x-page': '1' }, ctx());
		expect(r.rows[0]).toEqual({
			name: 'link',
			value: null,
			meaning: 'URLs of other pages by rel (prev, next, first, last); use them as given.',
			note: 'Not sent.'
		});
	});

	it('CH-OFF-4: the 10,000-record note is only for totals, and only when both totals are missing', () => {
		const none = inspectPagination({ 'x-next-page': '2' }, ctx());
		expect(rowOf(none, 'x-total').note).toBe(OVER_10000);
		expect(rowOf(none, 'x-total-pages').note).toBe(OVER_10000);
		expect(rowOf(none, 'x-page')).toMatchObject({ value: null, note: 'Not sent.' });
		expect(rowOf(none, 'x-per-page').note).toBe('Not sent.');
		expect(rowOf(none, 'x-prev-page').note).toBe('Not sent.');

		const onlyPages = inspectPagination({ 'x-page': '1', 'x-total-pages': '3' }, ctx());
		expect(rowOf(onlyPages, 'x-total').note).toBe('Not sent.');
		const onlyTotal = inspectPagination({ 'x-page': '1', 'x-total': '60' }, ctx());
		expect(rowOf(onlyTotal, 'x-total-pages').note).toBe('Not sent.');
	});

	it('cross-origin, a missing header the code host exposes is said to be left out by the server', () => {
		// Each pagination header missing in turn: the code host exposes all of them.
		for (const name of Object.keys(FULL)) {
			const headers: Record<string, string> = { ...FULL };
			delete headers[name];
			const r = inspectPagination(headers, ctx({ crossOrigin: true }));
			expect(rowOf(r, name).note, name).toBe(EXPOSED_NOT_SENT);
		}
	});
});

describe('pagination inspector: notes', () => {
	it('CH-KEY-2, CH-KEY-4: keyset with rel="next" gets only the keyset note', () => {
		const r = inspectPagination(
			{ link: `<${ROOT}/projects?id_after=5&pagination=keyset>; rel="next"` },
			ctx()
		);
		expect(r.kind).toBe('keyset');
		expect(r.notes).toEqual([KEYSET_NOTE]);
		expect(r.rows).toHaveLength(1);
	});

	it('CH-KEY-3: keyset without rel="next" is the last page unless the list came back empty', () => {
		const link = { link: `<${ROOT}/projects?pagination=keyset>; rel="first"` };
		expect(inspectPagination(link, ctx()).notes).toEqual([KEYSET_NOTE, LAST_PAGE_NOTE]);
		const keysetUrl = `${ROOT}/projects?pagination=keyset`;
		expect(
			inspectPagination({}, ctx({ requestUrl: keysetUrl, isList: true, listLength: 3 })).notes
		).toEqual([KEYSET_NOTE, LAST_PAGE_NOTE]);
		expect(
			inspectPagination({}, ctx({ requestUrl: keysetUrl, isList: false, listLength: 0 })).notes
		).toEqual([KEYSET_NOTE, LAST_PAGE_NOTE]);
		expect(
			inspectPagination({}, ctx({ requestUrl: keysetUrl, isList: true, listLength: 0 })).notes
		).toEqual([KEYSET_NOTE, NO_RECORDS_NOTE]);
	});

	it('CH-OFF-4: the missing rel="last" note needs both no rel="last" and no x-total', () => {
		const { link: _link, ...noLink } = FULL;
		// x-total present, no rel="last": totals were sent, nothing to explain.
		expect(inspectPagination(noLink, ctx()).notes).toEqual([]);
		// rel="last" present, no x-total.
		const { 'x-total': _t, ...noTotal } = FULL;
		expect(inspectPagination(noTotal, ctx()).notes).toEqual([]);
		const { 'x-total': _t2, 'x-total-pages': _p, ...neither } = noLink;
		expect(inspectPagination(neither, ctx()).notes).toEqual([NO_LAST_NOTE]);
	});

	it('CH-OFF-1: per_page asked and per_page served are compared only when both are known', () => {
		const note = (requestUrl: string, headers: Record<string, string> = FULL) =>
			inspectPagination(headers, ctx({ requestUrl })).notes;
		expect(note(`${ROOT}/projects?page=2&per_page=250`)).toEqual([
			'Asked for per_page=250; the server used 20 (maximum 100).'
		]);
		expect(note(`${ROOT}/projects?page=2`)).toEqual([]);
		expect(note(`${ROOT}/projects?per_page=20`)).toEqual([]);
		const { 'x-per-page': _pp, ...noPerPage } = FULL;
		expect(note(`${ROOT}/projects?per_page=50`, noPerPage)).toEqual([]);
	});

	it('a list without pagination headers is noted, with the cross-origin caveat when live', () => {
		const same = inspectPagination({}, ctx());
		expect(same.kind).toBe('none');
		expect(same.notes).toEqual(['A list without pagination headers.']);
		expect(same.rows).toHaveLength(1);
		expect(inspectPagination({}, ctx({ crossOrigin: true })).notes).toEqual([
			'A list without pagination headers: either a single page, or the server did not expose the headers to this origin.'
		]);
		expect(inspectPagination({}, ctx({ isList: false })).notes).toEqual([]);
	});

	it('CH-KEY-5: only a header named Links gets the Links note', () => {
		expect(inspectPagination({ Links: 'x' }, ctx({ isList: false })).notes).toEqual([
			'A header named “Links” arrived: it no longer exists in this API; Link is the one to read (CH-KEY-5).'
		]);
		expect(
			inspectPagination({ Link: `<${ROOT}/projects?page=2>; rel="next"` }, ctx({ isList: false }))
				.notes
		).toEqual([KEYSET_NOTE]);
	});
});

describe('pagination inspector: links', () => {
	it('each rel gets its meaning; an unknown rel is named', () => {
		const r = inspectPagination(
			{
				link: ['first', 'prev', 'next', 'last', 'alternate']
					.map((rel) => `<${ROOT}/projects?x=${rel}>; rel="${rel}"`)
					.join(', '),
				'x-page': '2'
			},
			ctx()
		);
		expect(r.links.map((l) => [l.rel, l.meaning])).toEqual([
			['first', 'The first page.'],
			['prev', 'The previous page.'],
			['next', 'The next page.'],
			['last', 'The last page (left out above 10,000 records).'],
			['alternate', 'Link relation alternate.']
		]);
	});

	it('CH-OFF-3: only a Link on another origin is foreign; relative links and an unreadable base are not', () => {
		const foreignOf = (link: string, apiRoot = ROOT) =>
			inspectPagination({ link, 'x-page': '1' }, ctx({ apiRoot })).links.map((l) => l.foreign);
		expect(foreignOf(`<${ROOT}/projects?page=2>; rel="next"`)).toEqual([false]);
		expect(foreignOf('</api/v4/projects?page=2>; rel="next"')).toEqual([false]);
		expect(foreignOf('<https://other.example/api/v4/projects?page=2>; rel="next"', '')).toEqual([
			false
		]);
		expect(
			foreignOf(
				`<${ROOT}/projects?page=2>; rel="next", <https://other.example/api/v4/projects?page=9>; rel="last"`
			)
		).toEqual([false, true]);
	});

	it('CH-OFF-3: the foreign-host note appears when any Link is foreign, and only then', () => {
		const mixed = inspectPagination(
			{
				link: `<${ROOT}/projects?page=2>; rel="next", <https://other.example/api/v4/projects?page=9>; rel="last"`,
				'x-page': '1',
				'x-total': '9'
			},
			ctx()
		);
		expect(mixed.notes).toEqual([FOREIGN_NOTE]);
		const own = inspectPagination(
			{ link: `<${ROOT}/projects?page=2>; rel="next"`, 'x-page': '1', 'x-total': '9' },
			ctx()
		);
		expect(own.notes).toEqual([]);
	});
});

describe('following Links on the base URL', () => {
	it('CH-OFF-3: a Link path without /api/v4 is kept whole under the API root', () => {
		expect(keepBaseUrl('https://internal.host/projects?page=2', 'https://proxy.example/gl')).toBe(
			'https://proxy.example/gl/projects?page=2'
		);
	});

	it('CH-OFF-3: trailing slashes of the API root are dropped, however many', () => {
		expect(
			keepBaseUrl(
				'https://internal.host/api/v4/projects?page=2',
				'https://proxy.example/gl/api/v4/'
			)
		).toBe('https://proxy.example/gl/api/v4/projects?page=2');
		expect(
			keepBaseUrl(
				'https://internal.host/api/v4/projects?page=2',
				'https://proxy.example/gl/api/v4//'
			)
		).toBe('https://proxy.example/gl/api/v4/projects?page=2');
	});

	it('retargeted gives the path under the API root and the query without "?"', () => {
		expect(
			retargeted('https://internal.host/api/v4/projects?page=2&per_page=5', ROOT + '/')
		).toEqual({ path: '/projects', query: 'page=2&per_page=5' });
		expect(
			retargeted(
				'https://internal.host/api/v4/projects?page=2',
				'https://proxy.example/gl/api/v4//'
			)
		).toEqual({ path: '/projects', query: 'page=2' });
		expect(retargeted('https://internal.host/api/v4', ROOT)).toEqual({ path: '/', query: '' });
	});
});

describe('cross-origin detection', () => {
	it('no page origin (server side) is never cross-origin; same origin is not; another origin is', () => {
		expect(isCrossOrigin(ROOT, undefined)).toBe(false);
		expect(isCrossOrigin(ROOT, '')).toBe(false);
		expect(isCrossOrigin(ROOT, 'https://h.example')).toBe(false);
		expect(isCrossOrigin(ROOT, 'http://localhost:5173')).toBe(true);
	});

	it('the explorer’s list of readable headers is what the code host exposes; the inspector reads only those', () => {
		// One list, the contract's: the demo server sends it too (tests/unit/fakes/cors.test.ts).
		expect(CODEHOST_EXPOSED_HEADERS).toEqual([
			'Link',
			'X-Total',
			'X-Total-Pages',
			'X-Per-Page',
			'X-Page',
			'X-Next-Page',
			'X-Prev-Page',
			'X-Request-Id',
			'ETag',
			'X-Gitlab-Blob-Id',
			'X-Gitlab-Commit-Id',
			'X-Gitlab-Content-Sha256',
			'X-Gitlab-Encoding',
			'X-Gitlab-File-Name',
			'X-Gitlab-File-Path',
			'X-Gitlab-Last-Commit-Id',
			'X-Gitlab-Ref',
			'X-Gitlab-Size'
		]);
		// One list: what the inspector calls exposed is the contract's list.
		expect([...EXPOSED_BY_CODEHOST].sort()).toEqual(
			CODEHOST_EXPOSED_HEADERS.map((h) => h.toLowerCase()).sort()
		);
	});
});
