import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bibleCache } from '$lib/bible/offline/cache';
import type { BibleDetail } from '$lib/bible/schemas';
import { SearchEngine, type SearchRequest } from '$lib/bible/search/engine';
import type { FromWorker, ToWorker } from '$lib/bible/search/protocol';

/** The worker's global scope: what it posts to the page, and its message handler. */
const scope = {
	postMessage: vi.fn<(message: FromWorker) => void>(),
	onmessage: undefined as ((event: { data: ToWorker }) => Promise<void>) | undefined
};

beforeAll(async () => {
	vi.stubGlobal('self', scope);
	await import('$lib/bible/search/search.worker');
});
afterEach(() => {
	scope.postMessage.mockClear();
	vi.restoreAllMocks();
});

/** The page posts a message; resolves once the worker has handled it. */
async function send(data: ToWorker): Promise<FromWorker[]> {
	scope.postMessage.mockClear();
	await scope.onmessage!({ data });
	return scope.postMessage.mock.calls.map(([m]) => m);
}

const JOHN = [
	'In the beginning was the Word, and the Word was with God, and the Word was God.',
	'The same was in the beginning with God.'
];

let n = 0;
/** A fresh API root with John 1 of the KJV stored through the chapter cache. */
async function stored(): Promise<string> {
	const apiRoot = `https://worker-${++n}.invalid/api`;
	const detail: BibleDetail = {
		apiUrl: 'x',
		copytightInfo: '',
		langId: 'en',
		language: 'English',
		name: 'King James Version',
		publisher: '',
		ref: 'KJV',
		books: [{ apiUrl: 'x', chaptersCount: 21, name: 'John', order: 0, ref: 'John' }]
	};
	const cache = bibleCache(apiRoot);
	await cache.putDetail(detail);
	await cache.putMany('KJV', [
		{
			bookRef: 'John',
			chapter: 1,
			data: { apiUrl: 'x', ref: 1, verses: JOHN.map((text, i) => ({ ref: String(i + 1), text })) },
			bytes: 100
		}
	]);
	return apiRoot;
}

const WORD: SearchRequest = {
	query: { words: ['word'], prefixes: [], phrases: [] },
	loose: false,
	limit: 10
};

describe('search worker', () => {
	it('sync: indexes the stored translations, reports it, then says it is synced', async () => {
		const apiRoot = await stored();
		const posted = await send({ type: 'sync', apiRoot });
		expect(posted).toEqual([
			{
				type: 'indexed',
				apiRoot,
				bibleRef: 'KJV',
				chapters: 1,
				ms: expect.any(Number),
				phases: expect.any(Object)
			},
			{ type: 'synced', apiRoot }
		]);
	});

	it('sync: says it is synced even when the index could not be loaded', async () => {
		vi.spyOn(SearchEngine.prototype, 'sync').mockRejectedValueOnce(new Error('quota'));
		expect(await send({ type: 'sync', apiRoot: 'https://empty.invalid/api' })).toEqual([
			{ type: 'synced', apiRoot: 'https://empty.invalid/api' }
		]);
	});

	it('search: answers with the hits under the id of the request', async () => {
		const apiRoot = await stored();
		await send({ type: 'sync', apiRoot });
		const posted = await send({ type: 'search', id: 7, apiRoot, request: WORD });
		expect(posted).toHaveLength(1);
		const reply = posted[0]!;
		if (reply.type !== 'answer' || !reply.answer.ok) throw new Error(JSON.stringify(reply));
		expect(reply.id).toBe(7);
		expect(reply.answer.total).toBe(1);
		expect(reply.answer.hits.map((h) => `${h.bookName} ${h.chapter}:${h.verse}`)).toEqual([
			'John 1:1'
		]);
	});

	it('search: a failing search is answered with a message saying why', async () => {
		const search = vi.spyOn(SearchEngine.prototype, 'search');
		search.mockRejectedValueOnce(new Error('The index is damaged'));
		expect(
			await send({ type: 'search', id: 3, apiRoot: 'https://a.invalid/api', request: WORD })
		).toEqual([
			{
				type: 'answer',
				id: 3,
				answer: {
					ok: false,
					message: 'The search could not run: The index is damaged. Reload the page and try again.'
				}
			}
		]);
		search.mockRejectedValueOnce('out of memory');
		expect(
			await send({ type: 'search', id: 4, apiRoot: 'https://a.invalid/api', request: WORD })
		).toEqual([
			{
				type: 'answer',
				id: 4,
				answer: {
					ok: false,
					message: 'The search could not run: out of memory. Reload the page and try again.'
				}
			}
		]);
	});

	it('change: indexes stored chapters (reporting it), which a save then writes and bytes counts', async () => {
		const apiRoot = await stored();
		expect(
			await send({ type: 'change', apiRoot, change: { bibleRef: 'KJV', stored: [['John', 1]] } })
		).toEqual([
			{
				type: 'indexed',
				apiRoot,
				bibleRef: 'KJV',
				chapters: 1,
				ms: expect.any(Number),
				phases: expect.any(Object)
			}
		]);
		expect(await send({ type: 'bytes', id: 1, apiRoot })).toEqual([
			{ type: 'bytes', id: 1, bytes: {} }
		]);
		// The page's reader is told it can load the index, then the save is answered.
		expect(await send({ type: 'save', id: 2, apiRoot })).toEqual([
			{ type: 'index-saved', apiRoot, bibleRef: 'KJV' },
			{ type: 'saved', id: 2 }
		]);
		const [reply] = await send({ type: 'bytes', id: 3, apiRoot });
		if (reply?.type !== 'bytes') throw new Error(JSON.stringify(reply));
		expect(reply.id).toBe(3);
		expect(Object.keys(reply.bytes)).toEqual(['KJV']);
		expect(reply.bytes.KJV).toBeGreaterThan(0);
	});

	it('change: a deleted translation loses its index (reported as 0 chapters)', async () => {
		const apiRoot = await stored();
		await send({ type: 'sync', apiRoot });
		await send({ type: 'save', id: 1, apiRoot });
		expect((await send({ type: 'bytes', id: 2, apiRoot }))[0]).toMatchObject({
			bytes: { KJV: expect.any(Number) }
		});
		expect(
			await send({ type: 'change', apiRoot, change: { bibleRef: 'KJV', deleted: true } })
		).toEqual([{ type: 'indexed', apiRoot, bibleRef: 'KJV', chapters: 0, ms: 0 }]);
		expect(await send({ type: 'bytes', id: 3, apiRoot })).toEqual([
			{ type: 'bytes', id: 3, bytes: {} }
		]);
	});

	it('change: one naming neither stored nor deleted chapters does nothing', async () => {
		const apiRoot = await stored();
		const stored_ = vi.spyOn(SearchEngine.prototype, 'chaptersStored');
		const deleted = vi.spyOn(SearchEngine.prototype, 'translationDeleted');
		expect(await send({ type: 'change', apiRoot, change: { bibleRef: 'KJV' } })).toEqual([]);
		expect(stored_).not.toHaveBeenCalled();
		expect(deleted).not.toHaveBeenCalled();
	});

	it('change: a failure to follow the cache posts nothing and does not break the worker', async () => {
		const apiRoot = await stored();
		vi.spyOn(SearchEngine.prototype, 'chaptersStored').mockRejectedValueOnce(new Error('x'));
		vi.spyOn(SearchEngine.prototype, 'translationDeleted').mockRejectedValueOnce(new Error('y'));
		expect(
			await send({ type: 'change', apiRoot, change: { bibleRef: 'KJV', stored: [['John', 1]] } })
		).toEqual([]);
		expect(
			await send({ type: 'change', apiRoot, change: { bibleRef: 'KJV', deleted: true } })
		).toEqual([]);
		expect(await send({ type: 'save', id: 9, apiRoot })).toEqual([{ type: 'saved', id: 9 }]);
	});

	it('bytes and save: answered even when IndexedDB fails', async () => {
		vi.spyOn(SearchEngine.prototype, 'storedIndexBytes').mockRejectedValueOnce(new Error('gone'));
		vi.spyOn(SearchEngine.prototype, 'save').mockRejectedValueOnce(new Error('full'));
		const apiRoot = 'https://broken.invalid/api';
		expect(await send({ type: 'bytes', id: 5, apiRoot })).toEqual([
			{ type: 'bytes', id: 5, bytes: {} }
		]);
		expect(await send({ type: 'save', id: 6, apiRoot })).toEqual([{ type: 'saved', id: 6 }]);
	});

	it('keeps one engine per API root, so each root has its own indexes', async () => {
		const a = await stored();
		const b = await stored();
		await send({ type: 'change', apiRoot: a, change: { bibleRef: 'KJV', stored: [['John', 1]] } });
		await send({ type: 'save', id: 1, apiRoot: b });
		expect(await send({ type: 'bytes', id: 2, apiRoot: a })).toEqual([
			{ type: 'bytes', id: 2, bytes: {} }
		]);
		await send({ type: 'save', id: 3, apiRoot: a });
		expect((await send({ type: 'bytes', id: 4, apiRoot: a }))[0]).toMatchObject({
			bytes: { KJV: expect.any(Number) }
		});
		expect(await send({ type: 'bytes', id: 5, apiRoot: b })).toEqual([
			{ type: 'bytes', id: 5, bytes: {} }
		]);
	});
});
