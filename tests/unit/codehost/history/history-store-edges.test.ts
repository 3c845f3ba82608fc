import { set } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
	entryFromExchange,
	entryTarget,
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
import { clearHistory, historyDb, historyRecords, storedEntries } from './stored-history';

const root = 'https://h/api/v4';

const exchange = (over: Partial<Exchange> = {}): Exchange => ({
	id: 1,
	startedAt: '2026-01-01T00:00:00.000Z',
	method: 'GET',
	url: `${root}/projects`,
	requestHeaders: {},
	status: 200,
	responseHeaders: {},
	responseBody: '[]',
	durationMs: 5,
	sizeBytes: 2,
	retries: 0,
	...over
});

const entry = (id: string, at: string, over: Partial<HistoryEntry> = {}): HistoryEntry => ({
	id,
	at,
	method: 'GET',
	path: '/projects',
	url: `${root}/projects`,
	status: 200,
	durationMs: 1,
	sizeBytes: 1,
	requestHeaders: {},
	responseHeaders: {},
	...over
});

describe('entryFromExchange', () => {
	it('a request to the API root itself is recorded with the path /', () => {
		expect(entryFromExchange(exchange({ url: root }), root).path).toBe('/');
		expect(entryFromExchange(exchange({ url: `${root}?page=2` }), root).path).toBe('/');
	});

	it('an API root typed with trailing slashes still gives the path under it', () => {
		expect(entryFromExchange(exchange(), `${root}/`).path).toBe('/projects');
		expect(entryFromExchange(exchange(), `${root}//`).path).toBe('/projects');
	});

	it('a body of exactly the kept length is kept whole; one character more is cut and marked', () => {
		const whole = 'x'.repeat(HISTORY_BODY_CHARS);
		const kept = entryFromExchange(exchange({ responseBody: whole, requestBody: whole }), root);
		expect(kept.responseBody).toBe(whole);
		expect(kept.requestBody).toBe(whole);
		expect(kept.responseBodyCut).toBeUndefined();
		const cut = entryFromExchange(
			exchange({ responseBody: `${whole}yz`, requestBody: `${whole}y` }),
			root
		);
		expect(cut.responseBody).toBe(`${whole}…`);
		expect(cut.requestBody).toBe(`${whole}…`);
		expect(cut.responseBodyCut).toBe(true);
	});

	it('each entry gets its own id', () => {
		const ids = [0, 1, 2].map(() => entryFromExchange(exchange(), root).id);
		expect(new Set(ids).size).toBe(3);
		for (const id of ids) expect(id).toMatch(/^[0-9a-z]+-[0-9a-z]+$/);
	});

	it('keeps what is needed to send the request again, with the secrets hidden', () => {
		const e = entryFromExchange(
			exchange(),
			root,
			{
				method: 'POST',
				path: '/snippets',
				query: 'per_page=5&private_token=glpat-abc',
				params: '{"title":"made with glpat-abc"}',
				bodyKind: 'json'
			},
			['glpat-abc']
		);
		expect(e.request).toEqual({
			method: 'POST',
			path: '/snippets',
			query: 'per_page=5&private_token=[redacted]',
			params: '{"title":"made with [redacted]"}',
			bodyKind: 'json'
		});
		expect(entryFromExchange(exchange(), root).request).toBeUndefined();
	});
});

describe('searchHistory', () => {
	const entries = [
		entryFromExchange(exchange({ url: `${root}/projects/42/issues` }), root),
		entryFromExchange(
			exchange({ method: 'POST', url: 'https://gitlab.example.com/api/v4/snippets', status: 201 }),
			'https://gitlab.example.com/api/v4'
		)
	];
	const paths = (query: string) => searchHistory(entries, query).map((e) => e.path);

	it('a term of digits and letters or slashes is looked for in the path', () => {
		expect(paths('42/issues')).toEqual(['/projects/42/issues']);
		expect(paths('projects/42')).toEqual(['/projects/42/issues']);
	});

	it('a term found only in the host matches', () => {
		expect(paths('example')).toEqual(['/snippets']);
	});

	it('every term must match', () => {
		expect(paths('post projects')).toEqual([]);
		expect(paths('POST   20')).toEqual(['/snippets']);
	});

	it('a status term never matches an entry that got no answer', () => {
		const failed = entry('f', '2026-01-01T00:00:00.000Z', { status: undefined });
		expect(searchHistory([failed], '4')).toEqual([]);
		expect(searchHistory([failed], 'get')).toEqual([failed]);
	});
});

describe('groupHistory and entryTarget', () => {
	it('a row is keyed by its run, or by its entry when it stands alone', () => {
		const a = entry('a', '3', { run: 'run-1' });
		const b = entry('b', '2');
		const c = entry('c', '1', { run: 'run-1' });
		expect(groupHistory([a, b, c])).toStrictEqual([
			{ key: 'run-1', entry: c, last: a, pages: 2, run: 'run-1' },
			{ key: 'b', entry: b, last: b, pages: 1 }
		]);
	});

	it('an entry whose URL cannot be read shows it as it is, with no host', () => {
		expect(entryTarget(entry('x', '1', { url: 'not a url', path: 'not a url' }))).toEqual({
			host: '',
			target: 'not a url'
		});
	});
});

describe('parseHistoryExport', () => {
	const exported = (entries: unknown, format = 'codehost-explorer-history') =>
		JSON.stringify({ format, version: 1, entries });

	it('refuses a file of another kind, or without a list of entries', () => {
		const refused = /^This file is not an explorer history export\.$/;
		expect(() => parseHistoryExport(exported([], 'api-workbench-collections'))).toThrow(refused);
		expect(() => parseHistoryExport(exported({}))).toThrow(refused);
		expect(() => parseHistoryExport('null')).toThrow(refused);
	});

	it('leaves out what is not an entry', () => {
		const good = entry('ok', '1');
		const { id: _id, ...noId } = good;
		const { method: _m, ...noMethod } = good;
		const { path: _p, ...noPath } = good;
		const { url: _u, ...noUrl } = good;
		const read = parseHistoryExport(
			exported([null, 'x', noId, noMethod, noPath, noUrl, { ...good, url: 5 }, good])
		);
		expect(read.map((e) => e.id)).toEqual(['ok']);
	});

	it('keeps the response headers, with tokens in their URLs hidden', () => {
		const [e] = parseHistoryExport(
			exported([
				entry('a', '1', {
					responseHeaders: {
						link: '<https://h/api/v4/projects?page=2&private_token=glpat-x>; rel="next"',
						'x-total': '3'
					}
				})
			])
		);
		expect(e!.responseHeaders).toEqual({
			link: '<https://h/api/v4/projects?page=2&private_token=[redacted]>; rel="next"',
			'x-total': '3'
		});
	});

	it('keeps the saved request, redacted, and adds none where there was none', () => {
		const [withRequest, without] = parseHistoryExport(
			exported([
				entry('a', '1', {
					request: {
						method: 'GET',
						path: '/projects',
						query: 'access_token=abc&page=2',
						params: '{"password":"p"}',
						bodyKind: 'query'
					}
				}),
				entry('b', '1')
			])
		);
		expect(withRequest!.request).toEqual({
			method: 'GET',
			path: '/projects',
			query: 'access_token=[redacted]&page=2',
			params: '{"password":"[redacted]"}',
			bodyKind: 'query'
		});
		expect(without!.request).toBeUndefined();
	});
});

describe('mergeHistory', () => {
	it('puts the newest first whichever list it came from', () => {
		const merged = mergeHistory(
			[entry('b', '2026-01-02'), entry('d', '2026-01-04')],
			[entry('a', '2026-01-01'), entry('e', '2026-01-05'), entry('c', '2026-01-03')]
		);
		expect(merged.map((e) => e.id)).toEqual(['e', 'd', 'c', 'b', 'a']);
	});

	it('entries of the same instant keep their order, newer list first', () => {
		const at = '2026-01-01T00:00:00.000Z';
		const merged = mergeHistory(
			[entry('n1', at), entry('n2', at)],
			[entry('o1', at), entry('o2', at), entry('o3', at)]
		);
		expect(merged.map((e) => e.id)).toEqual(['n1', 'n2', 'o1', 'o2', 'o3']);
	});

	it('keeps at most the limit', () => {
		const many = Array.from({ length: HISTORY_LIMIT + 1 }, (_, i) =>
			entry(`e${i}`, new Date(1_700_000_000_000 + i).toISOString())
		);
		const merged = mergeHistory(many, []);
		expect(merged).toHaveLength(HISTORY_LIMIT);
		expect(merged.at(-1)!.id).toBe('e1');
	});
});

describe('HistoryStore', () => {
	const stored = storedEntries;

	beforeEach(async () => {
		await clearHistory();
	});

	afterEach(() => {
		vi.useRealTimers();
		vi.unstubAllGlobals();
	});

	it('an empty store lists nothing', async () => {
		expect(await new HistoryStore(0).list()).toEqual([]);
	});

	it('writes added entries under its own store, newest first, batch after batch', async () => {
		const store = new HistoryStore(0);
		const a = entry('a', '2026-01-01');
		const b = entry('b', '2026-01-02');
		await store.add(a);
		expect(await store.list()).toEqual([a]);
		await store.add(b);
		expect(await store.list()).toEqual([b, a]);
		expect(await stored()).toEqual([b, a]);
	});

	it('adds made together are written in one batch, after the delay', async () => {
		vi.useFakeTimers({ toFake: ['setTimeout'] });
		const store = new HistoryStore(1_000);
		expect(store.delayMs).toBe(1_000);
		const a = entry('a', '2026-01-01');
		const b = entry('b', '2026-01-02');
		let written = false;
		const first = store.add(a);
		const second = store.add(b);
		void first.then(() => (written = true));
		vi.advanceTimersByTime(999);
		await new Promise((resolve) => setImmediate(resolve));
		expect(written).toBe(false);
		vi.advanceTimersByTime(1);
		await Promise.all([first, second]);
		expect(await stored()).toEqual([b, a]);
	});

	it('adds that keep coming (a walk) are written once they pause, or at most 8 delays after the first', async () => {
		vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
		const store = new HistoryStore(100);
		const writes: string[][] = [];
		const added: Promise<void>[] = [];
		let written = 0;
		const flushed = () => new Promise((resolve) => setImmediate(resolve));
		// One page every 50 ms for 2 s: the batch is due at 800 ms, not at the first 100 ms pause.
		for (let i = 0; i < 40; i++) {
			const p = store.add(entry(`p${i}`, new Date(1_700_000_000_000 + i).toISOString()));
			void p.then(() => written++);
			added.push(p);
			vi.advanceTimersByTime(50);
			await flushed();
			if (i === 10) expect(written).toBe(0);
			if (i === 16) {
				await added[0];
				writes.push((await stored()).map((e) => e.id));
			}
		}
		vi.advanceTimersByTime(100);
		await Promise.all(added);
		expect(writes[0]).toHaveLength(16);
		expect((await stored()).map((e) => e.id)).toEqual(
			Array.from({ length: 40 }, (_, i) => `p${39 - i}`)
		);
	});

	it('the default delay is a quarter of a second', () => {
		expect(new HistoryStore().delayMs).toBe(250);
	});

	it('imports are merged with what is kept', async () => {
		const store = new HistoryStore(0);
		const a = entry('a', '2026-01-01');
		const b = entry('b', '2026-01-02');
		await store.importEntries([a]);
		await store.importEntries([b, a]);
		expect(await store.list()).toEqual([b, a]);
	});

	it('clearing empties the store and drops an entry not yet written', async () => {
		const store = new HistoryStore(0);
		await store.add(entry('a', '2026-01-01'));
		await store.clear();
		expect(await stored()).toEqual([]);
		await store.add(entry('a', '2026-01-01'));
		const pending = store.add(entry('b', '2026-01-02'));
		await store.clear();
		await pending;
		expect(await store.list()).toEqual([]);
		await store.add(entry('c', '2026-01-03'));
		expect((await store.list()).map((e) => e.id)).toEqual(['c']);
	});

	it('lists at most the limit, the newest, even if more were stored', async () => {
		const at = (i: number) => new Date(1_800_000_000_000 - i * 1000).toISOString();
		const many = Array.from({ length: HISTORY_LIMIT + 3 }, (_, i) => entry(`e${i}`, at(i)));
		for (const [i, e] of many.entries())
			await set(
				`entry ${e.at} ${String(i).padStart(16, '0')} ${e.id}`,
				{ ...e, format: 2 },
				historyDb()
			);
		const listed = await new HistoryStore(0).list();
		expect(listed).toHaveLength(HISTORY_LIMIT);
		expect(listed[0]!.id).toBe('e0');
		expect(listed.at(-1)!.id).toBe(`e${HISTORY_LIMIT - 1}`);
	});

	it('an add writes its entry and deletes the oldest past the limit, and nothing else', async () => {
		const at = (i: number) => new Date(1_800_000_000_000 + i * 1000).toISOString();
		const store = new HistoryStore(0);
		await store.importEntries(
			Array.from({ length: HISTORY_LIMIT }, (_, i) => entry(`e${i}`, at(i))).reverse()
		);
		const before = await historyRecords();
		const put = vi.spyOn(IDBObjectStore.prototype, 'put');
		await store.add(entry('new', at(HISTORY_LIMIT)));
		expect(put.mock.calls.map(([value]) => (value as HistoryEntry).id)).toEqual(['new']);
		put.mockRestore();
		const after = await historyRecords();
		const gone = Object.keys(before).filter((k) => !(k in after));
		const added = Object.keys(after).filter((k) => !(k in before));
		expect(gone.map((k) => (before[k] as HistoryEntry).id)).toEqual(['e0']);
		expect(added.map((k) => (after[k] as HistoryEntry).id)).toEqual(['new']);
		const listed = (await store.list()).map((e) => e.id);
		expect(listed).toHaveLength(HISTORY_LIMIT);
		expect(listed.slice(0, 2)).toEqual(['new', `e${HISTORY_LIMIT - 1}`]);
	});

	it('without IndexedDB, adding does not throw and the history is kept for the page', async () => {
		vi.stubGlobal('indexedDB', undefined);
		const store = new HistoryStore(0);
		await expect(store.add(entry('a', '1'))).resolves.toBeUndefined();
		await store.importEntries([entry('b', '2')]);
		expect((await store.list()).map((e) => e.id)).toEqual(['b', 'a']);
		expect((await new HistoryStore(0).list()).map((e) => e.id)).toEqual([]);
	});
});
