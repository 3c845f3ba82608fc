// The search box (SearchState): what is asked of the search worker, which answer is shown, and
// what is said when a query cannot be searched. The worker is a stand-in here whose answers the
// test releases one by one (its own behaviour is in client.test.ts and search.worker.test.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchAnswer, SearchRequest } from '$lib/bible/search/engine';
import { bibleCache } from '$lib/bible/offline/cache';
import { queryEcho, SearchState } from '$lib/bible/search/search.svelte';
import { createClient } from '$lib/http/client';
import { AreaSession } from '$lib/settings/area-session.svelte';
import { storeText } from './stored-text';

interface Asked {
	apiRoot: string;
	request: SearchRequest;
	answer: (answer: SearchAnswer) => void;
}

const worker = vi.hoisted(() => ({ asked: [] as Asked[] }));
vi.mock('$lib/bible/search/client', () => ({
	searchWorker: {
		search: (apiRoot: string, request: SearchRequest) =>
			new Promise<SearchAnswer>((answer) => worker.asked.push({ apiRoot, request, answer })),
		sync: () => undefined
	}
}));

const API_ROOT = 'https://bible-search-state.test/api/v1';

function searchBox() {
	const client = createClient({
		baseUrl: API_ROOT,
		transport: () => Promise.reject(new Error('The search box sends nothing to the server.')),
		env: { online: () => true, pageOrigin: () => undefined }
	});
	const session = new AreaSession({
		service: 'bible',
		mode: 'demo',
		apiRoot: API_ROOT,
		secret: '',
		client: () => client
	});
	return { search: new SearchState(session), session };
}

const hits = (...texts: string[]): SearchAnswer => ({
	ok: true,
	hits: texts.map((text, i) => ({
		bibleRef: 'KJV',
		book: 'John',
		bookName: 'John',
		chapter: 3,
		verse: String(16 + i),
		text,
		marks: []
	})),
	total: texts.length,
	coverage: [{ bibleRef: 'KJV', name: 'King James Version', chapters: 1189, total: 1189 }]
});

/** Lets the promises in flight run (the worker's answer reaching the search box). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
	worker.asked.length = 0;
});

describe('the search box', () => {
	it('a query that cannot be searched is explained when asked for, and left alone while typed', async () => {
		const { search } = searchBox();
		search.text = 'l*';
		await search.run(true);
		expect(search.message).toBe('');
		await search.run();
		expect(search.message).toMatch(/^Write at least \d letters before \* \(for example lov\*\)\.$/);
		expect(worker.asked).toHaveLength(0);
		expect(search.searched).toBe(false);
	});

	it('shows the answer with its count, for what was asked, on this server', async () => {
		const { search } = searchBox();
		search.text = ' love ';
		search.translation = 'KJV';
		const running = search.run();
		expect(search.busy).toBe(true);
		await settle();
		expect(worker.asked).toHaveLength(1);
		expect(worker.asked[0]!.apiRoot).toBe(API_ROOT);
		expect(worker.asked[0]!.request).toMatchObject({ translation: 'KJV', limit: 30 });
		worker.asked[0]!.answer(hits('For God so loved the world'));
		await running;
		expect(search.busy).toBe(false);
		expect(search.searched).toBe(true);
		expect(search.hits.map((h) => h.text)).toEqual(['For God so loved the world']);
		expect(search.summary).toBe('1 verse found for “love”.');
	});

	it('one search at a time: of those asked for while one runs, only the newest is sent, and its answer is the one shown', async () => {
		const { search } = searchBox();
		search.text = 'love';
		const first = search.run(true);
		await settle();
		expect(worker.asked).toHaveLength(1);
		search.text = 'loved';
		const second = search.run(true);
		search.text = 'loved the';
		const third = search.run(true);
		await second;
		expect(worker.asked).toHaveLength(1);
		worker.asked[0]!.answer(hits('an answer for “love”, overtaken'));
		await first;
		await settle();
		expect(search.searched).toBe(false);
		expect(worker.asked).toHaveLength(2);
		expect(worker.asked[1]!.request.query.words).toEqual(['loved', 'the']);
		worker.asked[1]!.answer(hits('For God so loved the world'));
		await third;
		expect(search.hits.map((h) => h.text)).toEqual(['For God so loved the world']);
		expect(search.summary).toBe('1 verse found for “loved the”.');
	});

	it('a search the index refuses says why, and the results shown before stay', async () => {
		const { search } = searchBox();
		search.text = 'love';
		const shown = search.run();
		await settle();
		worker.asked[0]!.answer(hits('For God so loved the world'));
		await shown;
		search.text = 'love book:Xyz';
		const refused = search.run();
		await settle();
		worker.asked[1]!.answer({ ok: false, message: 'There is no book “Xyz” in this translation.' });
		await refused;
		expect(search.message).toBe('There is no book “Xyz” in this translation.');
		expect(search.hits.map((h) => h.text)).toEqual(['For God so loved the world']);
		expect(search.busy).toBe(false);
		search.text = 'world';
		const next = search.run();
		await settle();
		worker.asked[2]!.answer(hits('that he gave his only begotten Son'));
		await next;
		expect(search.message).toBe('');
	});

	it('an answer that arrives after the area closed is not shown', async () => {
		const { search, session } = searchBox();
		search.text = 'love';
		const running = search.run();
		await settle();
		session.close();
		worker.asked[0]!.answer(hits('For God so loved the world'));
		await running;
		expect(search.searched).toBe(false);
		expect(search.busy).toBe(false);
	});
});

describe('what the results are said to be for', () => {
	it('a phrase typed in quotes is echoed with its own quotes, not a second pair', async () => {
		expect(queryEcho(' love ')).toBe('“love”');
		expect(queryEcho('"born again"')).toBe('“born again”');
		expect(queryEcho('“born again”')).toBe('“born again”');
		expect(queryEcho('"born again" water')).toBe('“born again” water');
		const { search } = searchBox();
		search.text = '"in the beginning"';
		const running = search.run();
		await settle();
		worker.asked[0]!.answer(hits('In the beginning God created the heaven and the earth.'));
		await running;
		expect(search.summary).toBe('1 verse found for “in the beginning”.');
	});
});

describe('what a search will cover', () => {
	const waitFor = async (check: () => boolean) => {
		for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
	};

	it('is read from this server’s storage before any search, and again once chapters are stored', async () => {
		const { search, session } = searchBox();
		await search.readScope();
		expect(search.scope.value).toEqual([]);
		await storeText(API_ROOT, 'KJV', { John: [['In the beginning was the Word.']] });
		await waitFor(() => (search.scope.value?.length ?? 0) > 0);
		expect(search.scope.value).toEqual([
			{ bibleRef: 'KJV', name: 'KJV', chapters: 1, total: undefined }
		]);
		// Another server's chapters are not this one's.
		await storeText('https://elsewhere.invalid/api', 'WEB', { John: [['In the beginning.']] });
		await bibleCache(API_ROOT).deleteTranslation('KJV');
		await waitFor(() => search.scope.value?.length === 0);
		expect(search.scope.value).toEqual([]);
		// Closed with its area: storage changes are no longer followed.
		session.close();
		await storeText(API_ROOT, 'KJV', { John: [['In the beginning was the Word.']] });
		await new Promise((r) => setTimeout(r, 500));
		expect(search.scope.value).toEqual([]);
		expect(worker.asked).toHaveLength(0);
	});
});
