import { get } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { relaxedStore, bibleCache, cacheDbNames } from '$lib/bible/offline/cache';
import type { BibleDetail } from '$lib/bible/schemas';
import { SearchEngine, type SearchRequest } from '$lib/bible/search/engine';
import { parseQuery } from '$lib/bible/search/query';
import { matchVerse } from '$lib/bible/search/verse-match';
import { TranslationIndex } from '$lib/bible/search/verse-index';
import { chapter, storeText } from './stored-text';

const TEXT: Record<string, string[][]> = {
	Gen: [
		[
			'In the beginning God created the heaven and the earth.',
			'And the earth was without form, and void.',
			'And God said, Let there be light: and there was light.'
		]
	],
	John: [
		[
			'In the beginning was the Word, and the Word was with God.',
			'The same was in the beginning with God.'
		]
	],
	'1John': [
		['That which was from the beginning.'],
		[],
		[],
		[
			'Beloved, let us love one another: for love is of God.',
			'He that loveth not knoweth not God; for God is love.'
		]
	]
};

const ES: Record<string, string[][]> = {
	John: [['Él era en el principio con Dios.', 'Y el Verbo era Dios.']]
};

function detailOf(ref: string, text: Record<string, string[][]>, extraBooks = 0): BibleDetail {
	const names: Record<string, string> = { Gen: 'Genesis', John: 'John', '1John': '1 John' };
	const order = ['Gen', 'John', '1John'];
	return {
		apiUrl: 'x',
		copytightInfo: '',
		langId: ref === 'RV' ? 'es' : 'en',
		language: ref === 'RV' ? 'Spanish' : 'English',
		name: ref === 'RV' ? 'Reina-Valera 1909' : 'King James Version (KJV)',
		publisher: '',
		ref,
		books: [
			...Object.keys(text).map((b) => ({
				apiUrl: 'x',
				chaptersCount: text[b]!.length,
				name: names[b]!,
				order: order.indexOf(b),
				ref: b
			})),
			...Array.from({ length: extraBooks }, (_, i) => ({
				apiUrl: 'x',
				chaptersCount: 10,
				name: `Extra ${i}`,
				order: 10 + i,
				ref: `X${i}`
			}))
		]
	};
}

let n = 0;
/** A fresh API root (its own databases), with the given chapters stored through the cache. */
async function storeAll(bibleRef: string, text: Record<string, string[][]>, extraBooks = 0) {
	const apiRoot = `https://test-${++n}.invalid/api`;
	await bibleCache(apiRoot).putDetail(detailOf(bibleRef, text, extraBooks));
	await storeText(apiRoot, bibleRef, text, 100);
	return apiRoot;
}

function request(q: string, more: Partial<SearchRequest> = {}): SearchRequest {
	const r = parseQuery(q);
	if (!r.ok) throw new Error(r.message);
	return { query: r.query, loose: false, limit: 50, ...r.query, ...more };
}

async function refs(engine: SearchEngine, q: string, more: Partial<SearchRequest> = {}) {
	const answer = await engine.search(request(q, more));
	if (!answer.ok) throw new Error(answer.message);
	return answer.hits.map((h) => `${h.bookName} ${h.chapter}:${h.verse}`);
}

describe('Bible search index', () => {
	it('finds a phrase only where its words follow each other, in book order, and marks the phrase', async () => {
		const engine = new SearchEngine(await storeAll('KJV', TEXT));
		expect(await refs(engine, '"in the beginning"')).toEqual([
			'Genesis 1:1',
			'John 1:1',
			'John 1:2'
		]);
		const answer = await engine.search(request('"in the beginning"'));
		if (!answer.ok) throw new Error();
		expect(answer.total).toBe(3);
		const first = answer.hits[0]!;
		expect(first.marks.map(([s, e]) => first.text.slice(s, e))).toEqual(['In the beginning']);
		// The words all there but apart do not make the phrase.
		expect(await refs(engine, '"the beginning in"')).toEqual([]);
	});

	it('matches whole words only, and every word of the query', async () => {
		const engine = new SearchEngine(await storeAll('KJV', TEXT));
		expect(await refs(engine, 'love')).toEqual(['1 John 4:1', '1 John 4:2']);
		expect(await refs(engine, 'lov')).toEqual([]);
		expect(await refs(engine, 'light god')).toEqual(['Genesis 1:3']);
	});

	it('finds words by their beginning and marks each whole word', async () => {
		const engine = new SearchEngine(await storeAll('KJV', TEXT));
		const answer = await engine.search(request('lov*'));
		if (!answer.ok) throw new Error();
		const hit = answer.hits.find((h) => h.verse === '2')!;
		expect(hit.marks.map(([s, e]) => hit.text.slice(s, e))).toEqual(['loveth', 'love']);
		// "Beloved" does not begin with "lov".
		const first = answer.hits.find((h) => h.verse === '1')!;
		expect(first.marks.map(([s, e]) => first.text.slice(s, e))).toEqual(['love', 'love']);
	});

	it('limits to a book (ref or name), a testament, a translation', async () => {
		const engine = new SearchEngine(await storeAll('KJV', TEXT));
		expect(await refs(engine, 'beginning', { book: '1 John' })).toEqual(['1 John 1:1']);
		expect(await refs(engine, 'beginning', { book: '1john' })).toEqual(['1 John 1:1']);
		expect(await refs(engine, 'beginning', { testament: 'OT' })).toEqual(['Genesis 1:1']);
		expect(await refs(engine, 'beginning', { testament: 'NT' })).toEqual([
			'John 1:1',
			'John 1:2',
			'1 John 1:1'
		]);
		expect(await refs(engine, 'beginning', { translation: 'WEB' })).toEqual([]);
		const missing = await engine.search(request('beginning', { book: 'Hezekiah' }));
		expect(missing).toEqual({
			ok: false,
			message:
				'No book called “Hezekiah” in the translations searched. Choose one from the Book list.'
		});
	});

	it('returns at most the limit of hits but counts them all', async () => {
		const engine = new SearchEngine(await storeAll('KJV', TEXT));
		const answer = await engine.search(request('the', { limit: 2 }));
		if (!answer.ok) throw new Error();
		expect(answer.hits).toHaveLength(2);
		expect(answer.total).toBe(5);
	});

	it('Spanish: "el" finds "él" only with loose matching (strict by default)', async () => {
		const engine = new SearchEngine(await storeAll('RV', ES));
		expect(await refs(engine, 'él')).toEqual(['John 1:1']);
		expect(await refs(engine, 'el')).toEqual(['John 1:1', 'John 1:2']); // "en el principio", "el Verbo"
		expect(await refs(engine, 'dios')).toEqual(['John 1:1', 'John 1:2']);
		expect(await refs(engine, '"el era"')).toEqual([]);
		expect(await refs(engine, '"el era"', { loose: true })).toEqual(['John 1:1']);
	});

	it('says how much of the translation it covered', async () => {
		const engine = new SearchEngine(await storeAll('KJV', TEXT, 2));
		const answer = await engine.search(request('light'));
		expect(answer.ok && answer.coverage).toEqual([
			{ bibleRef: 'KJV', name: 'King James Version (KJV)', chapters: 6, total: 26 }
		]);
	});

	it('indexes chapters as they are stored, and drops the index with its translation', async () => {
		const apiRoot = await storeAll('KJV', { Gen: TEXT.Gen! });
		const engine = new SearchEngine(apiRoot, { saveDelayMs: 0 });
		expect(await refs(engine, 'word')).toEqual([]);
		// Stored after the index was built: the cache tells the engine (as the worker client does).
		const cache = bibleCache(apiRoot);
		await cache.putMany('KJV', [
			{ bookRef: 'John', chapter: 1, data: chapter(TEXT.John![0]!, 1), bytes: 1 }
		]);
		await engine.chaptersStored('KJV', [['John', 1]]);
		expect(await refs(engine, 'word')).toEqual(['John 1:1']);
		// Stored again with other text: replaced, not doubled.
		await cache.put('KJV', 'John', 1, chapter(['No more words here.'], 1), 1);
		await engine.chaptersStored('KJV', [['John', 1]]);
		expect(await refs(engine, 'word')).toEqual([]);
		expect(await refs(engine, 'words')).toEqual(['John 1:1']);

		await engine.save();
		const indexes = relaxedStore(cacheDbNames(apiRoot).search, 'indexes');
		expect(await get('KJV', indexes)).toBeDefined();
		await cache.deleteTranslation('KJV');
		await engine.translationDeleted('KJV');
		expect(await get('KJV', indexes)).toBeUndefined();
		expect(await refs(engine, 'light')).toEqual([]);
	});

	it('a translation stored in this tab is searched at once; one stored by another tab from the next search', async () => {
		const apiRoot = await storeAll('KJV', { Gen: TEXT.Gen! });
		const engine = new SearchEngine(apiRoot, { saveDelayMs: 0 });
		const cache = bibleCache(apiRoot);
		const translations = async (q: string) => {
			const answer = await engine.search(request(q));
			if (!answer.ok) throw new Error(answer.message);
			return answer.coverage.map((c) => c.bibleRef);
		};
		expect(await translations('light')).toEqual(['KJV']);

		// Another tab stores a translation: this engine is not told.
		await cache.putDetail(detailOf('RV', ES));
		await cache.putMany('RV', [
			{ bookRef: 'John', chapter: 1, data: chapter(ES.John![0]!, 1), bytes: 1 }
		]);
		await translations('light'); // the keypress that notices it
		expect(await translations('Dios')).toEqual(['KJV', 'RV']);
		expect(await refs(engine, 'Dios')).toEqual(['John 1:1', 'John 1:2']);

		// This tab deletes it and tells the engine: gone from the very next search.
		await cache.deleteTranslation('RV');
		await engine.translationDeleted('RV');
		expect(await translations('Dios')).toEqual(['KJV']);
	});

	it('loads the saved index on a cold start, and rebuilds it when it is missing or stale', async () => {
		const apiRoot = await storeAll('KJV', TEXT);
		const first = new SearchEngine(apiRoot);
		await first.sync();
		await first.save();
		const indexes = relaxedStore(cacheDbNames(apiRoot).search, 'indexes');
		const saved = (await get<{ chapters: string[] }>('KJV', indexes))!;
		expect(saved.chapters).toHaveLength(6);

		// Cold start: the saved index answers (its words are not indexed again).
		expect(await refs(new SearchEngine(apiRoot), 'light')).toEqual(['Genesis 1:3']);

		// A chapter stored while no engine ran is found on the next start.
		await bibleCache(apiRoot).put(
			'KJV',
			'1John',
			5,
			chapter(['Brethren, I write no new commandment.'], 5),
			1
		);
		expect(await refs(new SearchEngine(apiRoot), 'commandment')).toEqual(['1 John 5:1']);

		// The saved index damaged: rebuilt from the stored chapters.
		const { set } = await import('idb-keyval');
		await set(
			'KJV',
			{ v: 2, chapters: [], verses: [], accents: false, index: '{not json' },
			indexes
		);
		expect(await refs(new SearchEngine(apiRoot), 'light')).toEqual(['Genesis 1:3']);

		// A chapter evicted behind the app's back: its words are not found any more.
		const engine = new SearchEngine(apiRoot);
		await engine.sync();
		await engine.save();
		const chapters = relaxedStore(cacheDbNames(apiRoot).chapters, 'chapters');
		const { del } = await import('idb-keyval');
		await del(['KJV', 'Gen', 1], chapters);
		expect(await refs(new SearchEngine(apiRoot), 'light')).toEqual([]);
		expect(await refs(new SearchEngine(apiRoot), 'word')).toEqual(['John 1:1']);
	});

	it('sync drops the saved index of a translation no longer stored', async () => {
		const apiRoot = await storeAll('KJV', TEXT);
		const engine = new SearchEngine(apiRoot);
		await engine.sync();
		await engine.save();
		const chapters = relaxedStore(cacheDbNames(apiRoot).chapters, 'chapters');
		await chapters('readwrite', (store) => {
			store.clear();
			return Promise.resolve();
		});
		await new SearchEngine(apiRoot).sync();
		expect(await get('KJV', relaxedStore(cacheDbNames(apiRoot).search, 'indexes'))).toBeUndefined();
	});
});

describe('matchVerse', () => {
	const q = (s: string) => {
		const r = parseQuery(s);
		if (!r.ok) throw new Error(r.message);
		return r.query;
	};
	it('marks every match, joins a phrase into one run', () => {
		const text = 'God is love, and love is of God.';
		const runs = matchVerse(text, q('love "of god"'), false)!;
		expect(runs.map(([s, e]) => text.slice(s, e))).toEqual(['love', 'love', 'of God']);
	});
	it('is null when a word is missing', () => {
		expect(matchVerse('God is love.', q('love hate'), false)).toBeNull();
	});
	it('never matches a word inside another', () => {
		expect(matchVerse('Beloved', q('love'), false)).toBeNull();
	});
});

describe('TranslationIndex', () => {
	it('removes a chapter and its words', async () => {
		const index = new TranslationIndex();
		index.addChapter('Gen', 1, [{ ref: '1', text: 'In the beginning' }]);
		index.addChapter('Gen', 2, [{ ref: '1', text: 'Thus the heavens' }]);
		const find = async (s: string) => {
			const r = parseQuery(s);
			if (!r.ok) throw new Error();
			return (
				await index.search(
					r.query,
					{ loose: false },
					() => 0,
					10,
					async () => []
				)
			).total;
		};
		expect(await find('the')).toBe(2);
		index.removeChapter('Gen', 1);
		expect(await find('the')).toBe(1);
		expect(await find('beginning')).toBe(0);
		expect(index.chapterCount).toBe(1);
	});

	it('a loaded index given the texts in bulk answers phrases without reading chapters again', async () => {
		const built = new TranslationIndex();
		built.addChapter('Gen', 1, [
			{ ref: '1', text: 'In the beginning God created the heaven and the earth.' },
			{ ref: '2', text: 'The beginning in the end.' }
		]);
		built.addChapter('John', 1, [{ ref: '1', text: 'In the beginning was the Word.' }]);
		const reads: string[] = [];
		const load = async (keys: readonly [string, number][]) => {
			reads.push(...keys.map(([b, c]) => `${b} ${c}`));
			return [];
		};
		const phrase = parseQuery('"in the beginning"');
		if (!phrase.ok) throw new Error(phrase.message);
		const loaded = TranslationIndex.load(built.snapshot());
		loaded.keepTexts([
			{
				book: 'Gen',
				chapter: 1,
				verses: [
					{ ref: '1', text: 'In the beginning God created the heaven and the earth.' },
					{ ref: '2', text: 'The beginning in the end.' }
				]
			},
			{ book: 'John', chapter: 1, verses: [{ ref: '1', text: 'In the beginning was the Word.' }] },
			// Not held by the index (evicted since the read): not kept, not found.
			{ book: 'Ruth', chapter: 1, verses: [{ ref: '1', text: 'In the beginning of Ruth.' }] }
		]);
		const bookOrder = (d: { book: string }) => (d.book === 'Gen' ? 0 : 1);
		const found = await loaded.search(phrase.query, { loose: false }, bookOrder, 10, load);
		expect(found.hits.map((h) => `${h.book} ${h.chapter}:${h.verse} ${h.text}`)).toEqual([
			'Gen 1:1 In the beginning God created the heaven and the earth.',
			'John 1:1 In the beginning was the Word.'
		]);
		expect(reads).toEqual([]);

		// Without the texts, the same search reads the candidates' chapters (and finds nothing here).
		const bare = TranslationIndex.load(built.snapshot());
		expect((await bare.search(phrase.query, { loose: false }, bookOrder, 10, load)).total).toBe(0);
		expect(reads.sort()).toEqual(['Gen 1', 'John 1']);
	});
});
