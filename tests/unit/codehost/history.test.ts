import { describe, expect, it } from 'vitest';
import { toCurl } from '../../../src/lib/codehost/curl';
import {
	entryFromExchange,
	exportHistory,
	HISTORY_LIMIT,
	HistoryStore,
	mergeHistory,
	parseHistoryExport,
	searchHistory,
	type HistoryEntry
} from '../../../src/lib/codehost/history';
import type { Exchange } from '../../../src/lib/http/exchange';

const exchange = (over: Partial<Exchange> = {}): Exchange => ({
	id: 1,
	startedAt: new Date().toISOString(),
	method: 'GET',
	url: 'https://h/api/v4/projects?private_token=secret-123&per_page=5',
	requestHeaders: { 'private-token': 'secret-123', accept: 'application/json' },
	status: 200,
	responseHeaders: {},
	responseBody: 'says secret-123',
	durationMs: 5,
	sizeBytes: 10,
	retries: 0,
	...over
});

describe('history', () => {
	it('tokens are redacted in saved entries', () => {
		const e = entryFromExchange(exchange(), 'https://h/api/v4', undefined, ['secret-123']);
		expect(JSON.stringify(e)).not.toContain('secret-123');
		expect(e.path).toBe('/projects');
	});

	it('searches by method, path and status', () => {
		const entries = [
			entryFromExchange(exchange(), 'https://h/api/v4'),
			entryFromExchange(
				exchange({ method: 'POST', url: 'https://h/api/v4/snippets', status: 409 }),
				'https://h/api/v4'
			)
		];
		expect(searchHistory(entries, 'post').map((e) => e.path)).toEqual(['/snippets']);
		expect(searchHistory(entries, '40')).toHaveLength(1);
		expect(searchHistory(entries, 'get proj')).toHaveLength(1);
		expect(searchHistory(entries, '')).toHaveLength(2);
	});

	it('keeps the newest 500 in IndexedDB, and exports and imports them', async () => {
		const store = new HistoryStore();
		await store.clear();
		const many: HistoryEntry[] = Array.from({ length: HISTORY_LIMIT + 5 }, (_, i) => ({
			...entryFromExchange(
				exchange({ startedAt: new Date(1_700_000_000_000 + i * 1000).toISOString() }),
				'https://h/api/v4'
			),
			id: `e${i}`
		}));
		await store.importEntries(many);
		const listed = await store.list();
		expect(listed).toHaveLength(HISTORY_LIMIT);
		expect(listed[0]!.id).toBe(`e${HISTORY_LIMIT + 4}`);
		const again = parseHistoryExport(exportHistory(listed.slice(0, 3)));
		expect(again.map((e) => e.id)).toEqual(listed.slice(0, 3).map((e) => e.id));
		expect(() => parseHistoryExport('{"x":1}')).toThrow(/not an explorer history/);
		expect(mergeHistory(again, again)).toHaveLength(3);
	});

	it('an imported file is redacted again', () => {
		const text = JSON.stringify({
			format: 'codehost-explorer-history',
			version: 1,
			entries: [
				{
					id: 'x',
					at: '',
					method: 'GET',
					path: '/p',
					url: 'https://h/p?access_token=abc',
					requestHeaders: { authorization: 'Bearer abc' }
				}
			]
		});
		const [e] = parseHistoryExport(text);
		expect(e!.url).toBe('https://h/p?access_token=[redacted]');
		expect(e!.requestHeaders.authorization).toBe('[redacted]');
	});
});

describe('Copy as cURL', () => {
	const input = {
		method: 'POST',
		url: 'https://h/api/v4/snippets?private_token=tok',
		headers: { 'PRIVATE-TOKEN': 'tok', 'content-type': 'application/json' },
		body: `{"title":"it's"}`
	};

	it('is redacted unless secrets are asked for', () => {
		const redacted = toCurl(input);
		expect(redacted).not.toContain("tok'");
		expect(redacted).toContain('PRIVATE-TOKEN: [redacted]');
		expect(redacted).toContain('private_token=[redacted]');
		const full = toCurl(input, { includeSecrets: true });
		expect(full).toContain("'PRIVATE-TOKEN: tok'");
		expect(full).toContain(`--data-raw '{"title":"it'\\''s"}'`);
		expect(full.startsWith('curl -X POST')).toBe(true);
	});
});
