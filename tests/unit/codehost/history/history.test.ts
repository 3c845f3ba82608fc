import { describe, expect, it } from 'vitest';
import { toCurl } from '$lib/codehost/codegen/curl';
import {
	entryFromExchange,
	entryTarget,
	exportHistory,
	groupHistory,
	HISTORY_BODY_CHARS,
	HISTORY_LIMIT,
	HistoryStore,
	mergeHistory,
	parseHistoryExport,
	searchHistory,
	type HistoryEntry
} from '$lib/codehost/history/history';
import type { Exchange } from '$lib/http/exchange';

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

	it('a secret variable in the path, the query, a header or a JSON body is kept in no form', () => {
		const secret = 'p@ss w/rd+1!"é';
		const pathForm = encodeURIComponent(secret).replace(
			/[!'()*]/g,
			(c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`
		);
		const e = entryFromExchange(
			exchange({
				url: `https://h/api/v4/projects/${pathForm}?q=${encodeURIComponent(secret).replace(/%20/g, '+')}`,
				requestHeaders: { 'x-api-key': secret, accept: 'application/json' },
				requestBody: JSON.stringify({ key: secret })
			}),
			'https://h/api/v4',
			{
				method: 'GET',
				path: `/projects/${pathForm}`,
				query: `q=${encodeURIComponent(secret)}`,
				params: JSON.stringify({ key: secret }),
				bodyKind: 'json'
			},
			[secret]
		);
		const stored = JSON.stringify(e);
		for (const form of [
			secret,
			pathForm,
			JSON.stringify(secret).slice(1, -1),
			encodeURIComponent(secret)
		])
			expect(stored).not.toContain(form);
		expect(e.request!.path).toBe('/projects/[redacted]');
		expect(e.path).toBe('/projects/[redacted]');
		expect(exportHistory([e])).not.toContain(pathForm);
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

describe('History rows', () => {
	const root = 'https://h/api/v4';
	const at = (url: string, run?: string, status = 200) =>
		entryFromExchange(exchange({ url, status }), root, undefined, [], run);

	it('a row names the host and the path with its query (tokens redacted)', () => {
		expect(
			entryTarget(at('https://h/api/v4/projects?private_token=secret-123&per_page=5'))
		).toEqual({
			host: 'h',
			target: '/projects?private_token=[redacted]&per_page=5'
		});
		expect(entryTarget(at('https://other:8443/x/y?a=1'))).toEqual({
			host: 'other:8443',
			target: '/x/y?a=1'
		});
	});

	it('the pages of one Fetch all pages run make one row: named by the first page, opening the last', () => {
		// Newest first, as History keeps them; a Send went out while the run was going.
		const entries = [
			at(`${root}/projects?page=3`, 'run-1', 429),
			at(`${root}/user`),
			at(`${root}/projects?page=2`, 'run-1'),
			at(`${root}/projects?page=1`, 'run-1'),
			at(`${root}/groups`)
		];
		const rows = groupHistory(entries);
		expect(rows.map((r) => [entryTarget(r.entry).target, r.pages])).toEqual([
			['/projects?page=1', 3],
			['/user', 1],
			['/groups', 1]
		]);
		expect(rows[0]!.last.status).toBe(429);
		expect(rows[0]!.run).toBe('run-1');
	});

	it('a cancelled run counts the pages answered, opens the last of them, and says it was cancelled', () => {
		const cancelled = {
			...at(`${root}/projects?page=3`, 'run-2'),
			status: undefined,
			problemKind: 'aborted'
		};
		const rows = groupHistory([
			cancelled,
			at(`${root}/projects?page=2`, 'run-2'),
			at(`${root}/projects?page=1`, 'run-2')
		]);
		expect(rows).toHaveLength(1);
		expect(rows[0]).toMatchObject({ pages: 2, stopped: 'aborted' });
		expect(entryTarget(rows[0]!.last).target).toBe('/projects?page=2');
		expect(entryTarget(rows[0]!.entry).target).toBe('/projects?page=1');
	});

	it('a body longer than kept is marked as cut', () => {
		const long = entryFromExchange(
			exchange({ responseBody: 'x'.repeat(HISTORY_BODY_CHARS + 1) }),
			root
		);
		expect(long.responseBodyCut).toBe(true);
		expect(entryFromExchange(exchange(), root).responseBodyCut).toBeUndefined();
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
