// The page's reader (SearchEngine with `reader: true`): it answers from the indexes the worker
// saved, never builds, scans, saves or deletes one, and leaves to the worker what it cannot take.
import { get, keys, set } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { relaxedStore, bibleCache, cacheDbNames } from '$lib/bible/offline/cache';
import { SearchEngine, type SearchRequest } from '$lib/bible/search/engine';
import { parseQuery } from '$lib/bible/search/query';
import { storeText, type Text } from './stored-text';

const KJV: Text = {
	Gen: [
		['In the beginning God created the heaven and the earth.'],
		['Thus the heavens and the earth were finished.']
	],
	John: [['In the beginning was the Word.', 'The light shineth in darkness.']]
};

let n = 0;
async function storedRoot(text: Text = KJV): Promise<string> {
	const apiRoot = `https://page-reader-${++n}.invalid/api`;
	await storeText(apiRoot, 'KJV', text);
	return apiRoot;
}

const indexes = (apiRoot: string) => relaxedStore(cacheDbNames(apiRoot).search, 'indexes');

function request(q: string): SearchRequest {
	const r = parseQuery(q);
	if (!r.ok) throw new Error(r.message);
	return { query: r.query, loose: false, limit: 50 };
}

/** The worker's side: builds the index of what is stored and saves it. */
async function workerSaves(apiRoot: string): Promise<SearchEngine> {
	const worker = new SearchEngine(apiRoot, { saveDelayMs: 60_000 });
	await worker.sync();
	await worker.save();
	return worker;
}

const refs = (answer: Awaited<ReturnType<SearchEngine['searchLoaded']>>) =>
	answer?.ok ? answer.hits.map((h) => `${h.book} ${h.chapter}:${h.verse}`) : answer;

describe('the search reader in the page', () => {
	it('answers nothing until the worker has saved an index, and writes none itself', async () => {
		const apiRoot = await storedRoot();
		const reader = new SearchEngine(apiRoot, { reader: true });
		await reader.sync();
		expect(await reader.searchLoaded(request('beginning'))).toBeUndefined();
		expect(await keys(indexes(apiRoot))).toEqual([]);
	});

	it('once the worker saved, answers as the worker does', async () => {
		const apiRoot = await storedRoot();
		const worker = await workerSaves(apiRoot);
		const reader = new SearchEngine(apiRoot, { reader: true });
		await reader.sync();
		for (const q of ['beginning', '"the earth"', 'heaven*', 'light -word']) {
			const here = await reader.searchLoaded(request(q));
			expect(here, q).toEqual(await worker.search(request(q)));
		}
		expect(refs(await reader.searchLoaded(request('beginning')))).toEqual(['Gen 1:1', 'John 1:1']);
	});

	it('takes a saved index a few chapters behind and reads those chapters itself', async () => {
		const apiRoot = await storedRoot();
		await workerSaves(apiRoot);
		await storeText(apiRoot, 'KJV', { Exod: [['Now these are the names of the children.']] });
		const reader = new SearchEngine(apiRoot, { reader: true });
		await reader.sync();
		expect(refs(await reader.searchLoaded(request('names')))).toEqual(['Exod 1:1']);
	});

	it('leaves a saved index far behind what is stored to the worker, rather than build in the page', async () => {
		const apiRoot = await storedRoot();
		await workerSaves(apiRoot);
		const many: Text = { Ps: Array.from({ length: 30 }, (_, i) => [`Psalm number ${i + 1}.`]) };
		await storeText(apiRoot, 'KJV', many);
		const reader = new SearchEngine(apiRoot, { reader: true });
		await reader.sync();
		expect(await reader.searchLoaded(request('psalm'))).toBeUndefined();
	});

	it('follows chapters stored after it loaded, without saving the index', async () => {
		const apiRoot = await storedRoot();
		await workerSaves(apiRoot);
		const saved = await get('KJV', indexes(apiRoot));
		const reader = new SearchEngine(apiRoot, { reader: true, saveDelayMs: 0 });
		await reader.sync();
		await storeText(apiRoot, 'KJV', { Rev: [['Behold, he cometh with clouds.']] });
		await reader.chaptersStored('KJV', [['Rev', 1]]);
		expect(refs(await reader.searchLoaded(request('clouds')))).toEqual(['Rev 1:1']);
		await reader.save();
		await new Promise((resolve) => setTimeout(resolve, 10));
		expect(await get('KJV', indexes(apiRoot))).toEqual(saved);
	});

	it('a chapter stored before it loaded anything does not make it load (it loads when idle)', async () => {
		const apiRoot = await storedRoot();
		await workerSaves(apiRoot);
		const reader = new SearchEngine(apiRoot, { reader: true });
		await reader.chaptersStored('KJV', [['Gen', 1]]);
		expect(reader.loadedCount).toBe(0);
		expect(await reader.searchLoaded(request('beginning'))).toBeUndefined();
	});

	it('on a deleted translation drops its copy and leaves the saved index to the worker', async () => {
		const apiRoot = await storedRoot();
		await workerSaves(apiRoot);
		const reader = new SearchEngine(apiRoot, { reader: true });
		await reader.sync();
		await bibleCache(apiRoot).deleteTranslation('KJV');
		await reader.translationDeleted('KJV');
		expect(await keys(indexes(apiRoot))).toEqual(['KJV']);
		const answer = await reader.searchLoaded(request('beginning'));
		expect(answer).toMatchObject({ ok: true, hits: [], total: 0 });
	});

	it('a saved index the worker wrote after the reader loaded shows a new translation', async () => {
		const apiRoot = await storedRoot();
		await workerSaves(apiRoot);
		const reader = new SearchEngine(apiRoot, { reader: true });
		await reader.sync();
		await storeText(apiRoot, 'WEB', { Gen: [['In the beginning, God created the heavens.']] });
		expect(await reader.searchLoaded(request('beginning'))).toBeUndefined();
		await workerSaves(apiRoot);
		await reader.sync();
		const answer = await reader.searchLoaded(request('beginning'));
		expect(answer?.ok && answer.hits.map((h) => h.bibleRef).sort()).toEqual(['KJV', 'KJV', 'WEB']);
	});

	it('is asked through searchLoaded only: its search would scan or build in the page', async () => {
		const apiRoot = await storedRoot();
		const reader = new SearchEngine(apiRoot, { reader: true });
		await expect(reader.search(request('beginning'))).rejects.toThrow(/searchLoaded/);
	});

	it('a saved index that does not load is left to the worker', async () => {
		const apiRoot = await storedRoot();
		await workerSaves(apiRoot);
		const saved = (await get('KJV', indexes(apiRoot))) as { docs: Uint32Array };
		await set('KJV', { ...saved, docs: new Uint32Array([9, 1, 99999]) }, indexes(apiRoot));
		const reader = new SearchEngine(apiRoot, { reader: true });
		await reader.sync();
		expect(await reader.searchLoaded(request('beginning'))).toBeUndefined();
	});
});
