import { describe, expect, it } from 'vitest';
import {
	formatSize,
	hasPagination,
	responseFromEntry,
	toExplorerResponse,
	type ResponseContext
} from '$lib/codehost/response/explorer-response';
import type { HistoryEntry } from '$lib/codehost/history/history';
import { answered } from '../send-outcome';

const ROOT = 'https://h.example/api/v4';
const TOKEN = 'glpat-secret-1234';
const context: ResponseContext = { apiRoot: ROOT, crossOrigin: false, secrets: [TOKEN] };

const outcome = (body: string, headers: Record<string, string>, url = `${ROOT}/projects?page=1`) =>
	answered(body, { url, headers, bodyInResponse: true });

function entry(extra: Partial<HistoryEntry> = {}): HistoryEntry {
	return {
		id: 'h1',
		at: '2026-01-01T10:00:00.000Z',
		method: 'GET',
		path: '/projects',
		url: `${ROOT}/projects`,
		status: 200,
		durationMs: 30,
		sizeBytes: 2,
		requestHeaders: {},
		responseHeaders: { 'content-type': 'application/json' },
		responseBody: '[]',
		...extra
	};
}

describe('toExplorerResponse', () => {
	it('shows pagination values with secrets hidden, but follows Link URLs exactly as sent', () => {
		const next = `${ROOT}/projects?page=2&private_token=${TOKEN}`;
		const r = toExplorerResponse(
			outcome('[{"id":1}]', {
				'content-type': 'application/json',
				link: `<${next}>; rel="next"`,
				'x-page': '1',
				'x-next-page': '2'
			}),
			'GET',
			context
		);
		const link = r.pagination.rows.find((row) => row.name === 'link')!;
		expect(link).toMatchObject({
			value: `<${ROOT}/projects?page=2&private_token=[redacted]>; rel="next"`,
			meaning: 'URLs of other pages by rel (prev, next, first, last); use them as given.'
		});
		expect(r.pagination.rows.find((row) => row.name === 'x-page')).toMatchObject({
			name: 'x-page',
			value: '1',
			note: undefined
		});
		expect(r.pagination.rows.find((row) => row.name === 'x-total')!.value).toBeNull();
		expect(r.pagination.links[0]).toMatchObject({
			url: next,
			shown: `${ROOT}/projects?page=2&private_token=[redacted]`
		});
		expect(JSON.stringify(r.pagination.rows)).not.toContain(TOKEN);
	});

	it('hides a known secret that a header value echoes outside a URL', () => {
		const r = toExplorerResponse(
			outcome('[]', { 'x-page': '1', 'x-next-page': `${TOKEN}` }),
			'GET',
			context
		);
		expect(r.pagination.rows.find((row) => row.name === 'x-next-page')!.value).toBe('[redacted]');
	});
});

describe('responseFromEntry', () => {
	it('reads a stored answer like a fresh one: no status text, no hops, not refreshed', () => {
		const r = responseFromEntry(entry(), context);
		expect(r).toMatchObject({
			method: 'GET',
			status: 200,
			statusText: '',
			url: `${ROOT}/projects`,
			bodyText: '[]',
			json: [],
			isJson: true,
			hops: [],
			refreshed: false,
			shape: null,
			stored: { at: '2026-01-01T10:00:00.000Z', cut: false }
		});
	});

	it('reads the pagination of the stored request (a list without headers is noted)', () => {
		const r = responseFromEntry(entry({ responseBody: '[1,2]' }), context);
		expect(r.pagination.kind).toBe('none');
		expect(r.pagination.notes).toEqual(['A list without pagination headers.']);
		const asked = responseFromEntry(
			entry({
				url: `${ROOT}/projects?per_page=500`,
				responseHeaders: { 'x-page': '1', 'x-per-page': '100', 'x-total': '3' }
			}),
			context
		);
		expect(asked.pagination.notes).toEqual([
			'Asked for per_page=500; the server used 100 (maximum 100).'
		]);
	});

	it('an entry stored without a body has an empty body', () => {
		const r = responseFromEntry(entry({ responseBody: undefined, status: 204 }), context);
		expect(r.bodyText).toBe('');
		expect(r.isJson).toBe(false);
	});

	it('a body cut for storage is not called malformed JSON; an uncut malformed body is', () => {
		const cut = responseFromEntry(
			entry({ responseBody: '[{"id":1},{"id', responseBodyCut: true }),
			context
		);
		expect(cut.shape).toBeNull();
		expect(cut.stored).toEqual({ at: '2026-01-01T10:00:00.000Z', cut: true });
		const broken = responseFromEntry(entry({ responseBody: '[{"id":1},{"id' }), context);
		expect(broken.shape?.id).toBe('malformed-json');
	});

	it('a cut body that still parses is classified as usual', () => {
		const r = responseFromEntry(
			entry({ status: 404, responseBody: '{"error":"404 Not Found"}', responseBodyCut: true }),
			context
		);
		expect(r.shape?.id).toBe('unknown-route');
	});
});

describe('hasPagination', () => {
	it('is true for a paginated answer, a list, or a maximum-offset error; false otherwise', () => {
		expect(hasPagination(responseFromEntry(entry(), context))).toBe(true);
		expect(
			hasPagination(
				responseFromEntry(
					entry({ responseBody: '{"id":1}', responseHeaders: { 'x-page': '1' } }),
					context
				)
			)
		).toBe(true);
		expect(hasPagination(responseFromEntry(entry({ responseBody: '{"id":1}' }), context))).toBe(
			false
		);
		const maxOffset = responseFromEntry(
			entry({
				status: 405,
				responseBody:
					'{"error":"Offset pagination has a maximum allowed offset of 50000 for requests that return objects of type Project. Remaining records can be retrieved using keyset pagination."}'
			}),
			context
		);
		expect(maxOffset.shape?.id).toBe('max-offset');
		expect(hasPagination(maxOffset)).toBe(true);
		const otherError = responseFromEntry(
			entry({ status: 404, responseBody: '{"message":"404 Project Not Found"}' }),
			context
		);
		expect(hasPagination(otherError)).toBe(false);
	});
});

describe('formatSize', () => {
	it('bytes below 1,000, then kB, then MB, with one decimal', () => {
		expect(formatSize(0)).toBe('0 bytes');
		expect(formatSize(999)).toBe('999 bytes');
		expect(formatSize(1000)).toBe('1.0 kB');
		expect(formatSize(1536)).toBe('1.5 kB');
		expect(formatSize(999_499)).toBe('999.5 kB');
		expect(formatSize(1_000_000)).toBe('1.0 MB');
		expect(formatSize(2_560_000)).toBe('2.6 MB');
	});
});
