import { get, del, set } from 'idb-keyval';
import { describe, expect, it, afterEach, vi } from 'vitest';
import { relaxedStore, bibleCache, cacheDbNames } from '$lib/bible/offline/cache';
import type { BibleDetail } from '$lib/bible/schemas';
import { SearchEngine, type SearchRequest } from '$lib/bible/search/engine';
import { parseQuery } from '$lib/bible/search/query';
import { matchVerse } from '$lib/bible/search/verse-match';
import { TranslationIndex, type Snapshot } from '$lib/bible/search/verse-index';
import { chapter, storeText, type Text } from './stored-text';

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

// The search engine beyond the happy path: the saved index's life (what is loaded, rebuilt,
// saved and when), stored records it must skip, and the book/testament/translation limits and
// coverage on translations whose book lists are unusual or missing.
describe('the saved index and the limits', () => {
	type BookInfo = { ref: string; name: string; chapters?: number };

	const KJV: Text = {
		Gen: [
			['In the beginning God created the heaven and the earth.'],
			['Thus the heavens and the earth were finished.']
		],
		Matt: [['The book of the generation of Jesus Christ.']],
		John: [['In the beginning was the Word.', 'The light shineth in darkness.']]
	};

	const KJV_BOOKS: BookInfo[] = [
		{ ref: 'Gen', name: 'Genesis' },
		{ ref: 'Matt', name: 'Matthew' },
		{ ref: 'John', name: 'John' }
	];

	function detail(ref: string, name: string, books: BookInfo[], text: Text): BibleDetail {
		return {
			apiUrl: 'x',
			copytightInfo: '',
			langId: 'en',
			language: 'English',
			name,
			publisher: '',
			ref,
			books: books.map((b, i) => ({
				apiUrl: 'x',
				chaptersCount: b.chapters ?? text[b.ref]?.length ?? 1,
				name: b.name,
				order: i,
				ref: b.ref
			}))
		};
	}

	let n = 0;
	const newRoot = () => `https://engine-more-${++n}.invalid/api`;

	/** A fresh API root with one translation stored (its book list too, unless `books` is null). */
	async function stored(
		bibleRef = 'KJV',
		text: Text = KJV,
		books: BookInfo[] | null = KJV_BOOKS,
		name = 'King James Version'
	): Promise<string> {
		const apiRoot = newRoot();
		if (books) await bibleCache(apiRoot).putDetail(detail(bibleRef, name, books, text));
		await storeText(apiRoot, bibleRef, text);
		return apiRoot;
	}

	const stores = (apiRoot: string) => ({
		chapters: relaxedStore(cacheDbNames(apiRoot).chapters, 'chapters'),
		indexes: relaxedStore(cacheDbNames(apiRoot).search, 'indexes')
	});

	function request(q: string, more: Partial<SearchRequest> = {}): SearchRequest {
		const r = parseQuery(q);
		if (!r.ok) throw new Error(r.message);
		return { query: r.query, loose: false, limit: 50, ...more };
	}

	async function found(engine: SearchEngine, q: string, more: Partial<SearchRequest> = {}) {
		const answer = await engine.search(request(q, more));
		if (!answer.ok) throw new Error(answer.message);
		return answer.hits.map((h) => `${h.bibleRef} ${h.bookName} ${h.chapter}:${h.verse}`);
	}

	/** An engine whose index was built, saved, and is then started again cold. */
	async function savedIndex(apiRoot: string): Promise<void> {
		const first = new SearchEngine(apiRoot);
		await first.sync();
		await first.save();
	}

	const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

	afterEach(() => {
		vi.useRealTimers();
	});

	describe('the saved search index', () => {
		it('is loaded by the first search of a cold start, which answers from it', async () => {
			const apiRoot = await stored();
			await savedIndex(apiRoot);
			const engine = new SearchEngine(apiRoot);
			const loads: number[] = [];
			engine.onIndexed = (_ref, _chapters, _ms, phases) => loads.push(phases!.fromSnapshot!);
			expect(await found(engine, 'light')).toEqual(['KJV John 1:2']);
			expect(loads).toEqual([1]);
			// Without a saved index the first search does not wait for the index to be built.
			await del('KJV', stores(apiRoot).indexes);
			const unsaved = new SearchEngine(apiRoot);
			const built: number[] = [];
			unsaved.onIndexed = () => built.push(1);
			expect(await found(unsaved, 'light')).toEqual(['KJV John 1:2']);
			expect(built).toEqual([]);
		});

		it('once loaded, is given the stored texts, so phrases need no further reads', async () => {
			const apiRoot = await stored();
			await savedIndex(apiRoot);
			const engine = new SearchEngine(apiRoot);
			await engine.sync();
			await sleep(100); // the texts are read a book at a time, after the index loads
			// Chapters gone behind the engine's back (Genesis 2 kept, so the translation is still
			// stored): only the texts it kept can answer.
			for (const key of [
				['KJV', 'Gen', 1],
				['KJV', 'Matt', 1],
				['KJV', 'John', 1]
			])
				await del(key, stores(apiRoot).chapters);
			expect(await found(engine, '"the light shineth"')).toEqual(['KJV John 1:2']);
			expect(await found(engine, '"in the beginning"')).toEqual([
				'KJV Genesis 1:1',
				'KJV John 1:1'
			]);
		});

		it('is loaded, not rebuilt, on a cold start; rebuilt when it names a chapter no longer stored', async () => {
			const apiRoot = await stored();
			await savedIndex(apiRoot);
			const fromSnapshot: number[] = [];
			const cold = new SearchEngine(apiRoot);
			cold.onIndexed = (_ref, _chapters, _ms, phases) => fromSnapshot.push(phases!.fromSnapshot!);
			await cold.sync();
			expect(fromSnapshot).toEqual([1]);
			expect(await found(cold, 'light')).toEqual(['KJV John 1:2']);

			// Genesis 1 evicted behind the app's back: the saved index is out of date.
			await del(['KJV', 'Gen', 1], stores(apiRoot).chapters);
			const after = new SearchEngine(apiRoot);
			after.onIndexed = (_ref, _chapters, _ms, phases) => fromSnapshot.push(phases!.fromSnapshot!);
			await after.sync();
			expect(fromSnapshot).toEqual([1, 0]);
			expect(await found(after, 'created')).toEqual([]);
			expect(await found(after, 'heavens')).toEqual(['KJV Genesis 2:1']);
		});

		it('adds, with their text, the chapters stored since it was saved (and skips broken records)', async () => {
			const apiRoot = await stored();
			await savedIndex(apiRoot);
			await bibleCache(apiRoot).put(
				'KJV',
				'Gen',
				3,
				chapter(['Now the serpent was more subtil than any beast of the field.'], 3),
				1
			);
			// A record the cache would not write: skipped, not a failure.
			await set(
				['KJV', 'Gen', 4],
				{ bookRef: 'Gen', chapter: 4, data: { verses: [{ ref: '1' }] } },
				stores(apiRoot).chapters
			);
			const engine = new SearchEngine(apiRoot);
			const counts: number[] = [];
			engine.onIndexed = (_ref, chapters) => counts.push(chapters);
			await engine.sync();
			expect(counts).toEqual([5]); // the 4 saved and Genesis 3
			const answer = await engine.search(request('"the serpent"'));
			expect(answer.ok && answer.hits.map((h) => [h.chapter, h.text])).toEqual([
				[3, 'Now the serpent was more subtil than any beast of the field.']
			]);
			expect(answer.ok && answer.coverage[0]!.chapters).toBe(5);
		});

		it('reports how long indexing took, split into its phases', async () => {
			const apiRoot = await stored();
			await savedIndex(apiRoot);
			const engine = new SearchEngine(apiRoot, { saveDelayMs: 60_000 });
			const reports: { ms: number; phases?: Record<string, number> }[] = [];
			engine.onIndexed = (_ref, _chapters, ms, phases) => reports.push({ ms, phases });
			const t0 = performance.now();
			await engine.sync();
			await storeText(apiRoot, 'KJV', { Ruth: [['And it came to pass.']] });
			await engine.chaptersStored('KJV', [['Ruth', 1]]);
			const elapsed = performance.now() - t0;
			await engine.save();
			expect(reports).toHaveLength(2);
			const [load, add] = reports;
			expect(Object.keys(load!.phases!).sort()).toEqual([
				'add',
				'fromSnapshot',
				'keys',
				'snapshot'
			]);
			for (const ms of [load!.ms, load!.phases!.keys!, load!.phases!.snapshot!, load!.phases!.add!])
				expect(ms).toBeGreaterThanOrEqual(0);
			expect(load!.ms).toBeLessThanOrEqual(elapsed);
			expect(
				load!.phases!.keys! + load!.phases!.snapshot! + load!.phases!.add!
			).toBeLessThanOrEqual(load!.ms + 0.001);
			expect(add!.ms).toBeGreaterThanOrEqual(0);
			expect(add!.ms).toBeLessThanOrEqual(elapsed);
		});

		it('is built once per translation: later searches reuse it', async () => {
			const engine = new SearchEngine(await stored());
			const indexed: string[] = [];
			engine.onIndexed = (ref) => indexed.push(ref);
			await engine.sync();
			expect(await found(engine, 'beginning')).toEqual(['KJV Genesis 1:1', 'KJV John 1:1']);
			expect(await found(engine, 'light')).toEqual(['KJV John 1:2']);
			expect(indexed).toEqual(['KJV']);
		});

		it('is not written again when it loaded unchanged', async () => {
			const apiRoot = await stored();
			await savedIndex(apiRoot);
			const { indexes } = stores(apiRoot);
			const saved = (await get<Record<string, unknown>>('KJV', indexes))!;
			// A mark on the saved index: a rewrite would drop it.
			await set('KJV', { ...saved, mark: 'as saved' }, indexes);
			const engine = new SearchEngine(apiRoot, { saveDelayMs: 0 });
			await engine.sync();
			expect(await found(engine, 'light')).toEqual(['KJV John 1:2']);
			await sleep(50);
			await engine.save();
			expect(await get('KJV', indexes)).toMatchObject({ mark: 'as saved' });
		});

		it('sync keeps the saved index of a translation still stored', async () => {
			const apiRoot = await stored();
			await savedIndex(apiRoot);
			await new SearchEngine(apiRoot).sync();
			expect(await get('KJV', stores(apiRoot).indexes)).toMatchObject({ v: 3 });
		});

		it('says how many bytes each saved index takes, skipping anything that is not an index', async () => {
			const apiRoot = await stored();
			await savedIndex(apiRoot);
			const { indexes } = stores(apiRoot);
			const saved = (await get<Snapshot>('KJV', indexes))!;
			const good = {
				v: 3,
				chapters: ['Gen\u00011'],
				verses: ['1'],
				accents: false,
				terms: 'in',
				offsets: Uint32Array.of(0, 1),
				docs: Uint32Array.of(0)
			};
			const broken: Record<string, unknown> = {
				none: null,
				v2: { ...good, v: 2 },
				chapterNumbers: { ...good, chapters: ['Gen\u00011', 2], verses: ['1', '1'] },
				noVerses: { ...good, verses: undefined },
				versesShort: { ...good, verses: [] },
				verseNumbers: { ...good, verses: [1] },
				accentsText: { ...good, accents: 'no' },
				termsList: { ...good, terms: ['in'] },
				offsetsArray: { ...good, offsets: [0, 1] },
				docsBytes: { ...good, docs: Uint8Array.of(0) }
			};
			await set('small', good, indexes);
			for (const [key, value] of Object.entries(broken)) await set(key, value, indexes);
			const engine = new SearchEngine(apiRoot);
			const size = (s: Snapshot) =>
				s.terms.length +
				s.offsets.byteLength +
				s.docs.byteLength +
				JSON.stringify(s.chapters).length;
			expect(await engine.storedIndexBytes()).toEqual({
				KJV: size(saved),
				small: 2 + 8 + 4 + JSON.stringify(['Gen\u00011']).length
			});
		});

		it('a damaged saved index is rebuilt on a cold start and saved again on its own', async () => {
			const apiRoot = await stored();
			await savedIndex(apiRoot);
			const { indexes } = stores(apiRoot);
			const saved = (await get<Record<string, unknown>>('KJV', indexes))!;
			await set('KJV', { ...saved, accents: 'yes' }, indexes);
			const engine = new SearchEngine(apiRoot, { saveDelayMs: 0 });
			const fromSnapshot: number[] = [];
			engine.onIndexed = (_ref, _chapters, _ms, phases) => fromSnapshot.push(phases!.fromSnapshot!);
			await engine.sync();
			expect(fromSnapshot).toEqual([0]);
			expect(await found(engine, 'light')).toEqual(['KJV John 1:2']);
			await sleep(50);
			await engine.storedIndexBytes(); // waits for the save in line
			expect(await get('KJV', indexes)).toMatchObject({ v: 3, accents: false });
		});
	});

	describe('saving the index while chapters arrive', () => {
		it('waits for chapters to stop arriving (1.5 s by default) unless told to save now', async () => {
			const apiRoot = await stored();
			const { indexes } = stores(apiRoot);
			const engine = new SearchEngine(apiRoot);
			await engine.sync();
			await sleep(150);
			expect(await get('KJV', indexes)).toBeUndefined();
			await engine.save();
			expect(await get('KJV', indexes)).toMatchObject({ v: 3 });
		});

		it('saves on its own once the delay has passed', async () => {
			const apiRoot = await stored();
			const { indexes } = stores(apiRoot);
			const engine = new SearchEngine(apiRoot, { saveDelayMs: 20 });
			await engine.sync();
			await sleep(200);
			await engine.storedIndexBytes();
			expect(await get('KJV', indexes)).toMatchObject({ v: 3 });
		});

		it('during a long download saves at least every 15 s, however fast chapters come', async () => {
			vi.useFakeTimers({ toFake: ['Date'] });
			vi.setSystemTime(new Date('2024-01-01T00:00:00Z'));
			const apiRoot = await stored();
			const { indexes } = stores(apiRoot);
			const engine = new SearchEngine(apiRoot, { saveDelayMs: 10_000 });
			await engine.sync(); // changed: a save is due in 10 s
			vi.setSystemTime(new Date('2024-01-01T00:00:09Z'));
			await storeText(apiRoot, 'KJV', { Ruth: [['And it came to pass.']] });
			await engine.chaptersStored('KJV', [['Ruth', 1]]); // still within 15 s of the first change
			await sleep(100);
			expect(await get('KJV', indexes)).toBeUndefined();
			vi.setSystemTime(new Date('2024-01-01T00:00:15Z'));
			await storeText(apiRoot, 'KJV', { Ruth: [[], ['Whither thou goest, I will go.']] });
			await engine.chaptersStored('KJV', [['Ruth', 2]]); // 15 s after the first change: save now
			await sleep(100);
			await engine.storedIndexBytes();
			const saved = await get<{ chapters: string[] }>('KJV', indexes);
			expect(saved?.chapters).toContain('Ruth\u00012');
			await engine.save();
		});
	});

	describe('stored records the index cannot use', () => {
		const broken: [string, number, unknown][] = [
			['Gen', 10, null],
			['Gen', 11, { bookRef: 7, chapter: 11, data: { verses: [{ ref: '1', text: 'zebra' }] } }],
			[
				'Gen',
				12,
				{ bookRef: 'Gen', chapter: '12', data: { verses: [{ ref: '1', text: 'zebra' }] } }
			],
			['Gen', 13, { bookRef: 'Gen', chapter: 13 }],
			['Gen', 14, { bookRef: 'Gen', chapter: 14, data: { verses: 'zebra' } }],
			['Gen', 15, { bookRef: 'Gen', chapter: 15, data: { verses: [null] } }],
			['Gen', 16, { bookRef: 'Gen', chapter: 16, data: { verses: [{ ref: '1' }] } }],
			['Gen', 17, { bookRef: 'Gen', chapter: 17, data: { verses: [{ text: 'zebra' }] } }],
			[
				'Gen',
				18,
				{
					bookRef: 'Gen',
					chapter: 18,
					data: {
						verses: [
							{ ref: '1', text: 'zebra' },
							{ ref: 2, text: 'zebra' }
						]
					}
				}
			]
		];

		async function withBroken(): Promise<string> {
			const apiRoot = await stored();
			const { chapters } = stores(apiRoot);
			for (const [book, c, value] of broken) await set(['KJV', book, c], value, chapters);
			return apiRoot;
		}

		it('are skipped by the first searches of a cold start', async () => {
			const engine = new SearchEngine(await withBroken());
			const answer = await engine.search(request('zebra'));
			expect(answer).toMatchObject({ ok: true, hits: [], total: 0 });
			expect(answer.ok && answer.coverage[0]!.chapters).toBe(4);
			expect(await found(engine, 'light')).toEqual(['KJV John 1:2']);
		});

		it('are skipped when the index is built', async () => {
			const engine = new SearchEngine(await withBroken());
			await engine.sync();
			const answer = await engine.search(request('zebra'));
			expect(answer).toMatchObject({ ok: true, hits: [], total: 0 });
			expect(answer.ok && answer.coverage[0]!.chapters).toBe(4);
		});

		it('are skipped when they are reported as stored, or are missing', async () => {
			const apiRoot = await stored();
			const engine = new SearchEngine(apiRoot);
			await engine.sync();
			const { chapters } = stores(apiRoot);
			for (const [book, c, value] of broken) await set(['KJV', book, c], value, chapters);
			await storeText(apiRoot, 'KJV', { Exod: [['Now these are the names of the zebra.']] });
			await engine.chaptersStored('KJV', [
				...broken.map(([book, c]) => [book, c] as [string, number]),
				['Lev', 1],
				['Exod', 1]
			]);
			expect(await found(engine, 'zebra')).toEqual(['KJV Exod 1:1']);
			await engine.save();
		});
	});

	describe('searching several translations', () => {
		const RV: Text = {
			John: [['En el principio era el Verbo, y el Verbo era con Dios.', 'Jesus dijo: Yo soy.']]
		};
		const RV_BOOKS: BookInfo[] = [{ ref: 'John', name: 'Juan' }];

		async function both(): Promise<string> {
			const apiRoot = await stored();
			await bibleCache(apiRoot).putDetail(detail('RV', 'Reina-Valera', RV_BOOKS, RV));
			await storeText(apiRoot, 'RV', RV);
			return apiRoot;
		}

		it('each translation is searched only in its own text, warm or cold', async () => {
			const apiRoot = await both();
			for (const warm of [false, true]) {
				const engine = new SearchEngine(apiRoot);
				if (warm) await engine.sync();
				expect(await found(engine, 'verbo')).toEqual(['RV Juan 1:1']);
				expect(await found(engine, 'light')).toEqual(['KJV John 1:2']);
				const answer = await engine.search(request('beginning'));
				expect(answer.ok && answer.coverage).toEqual([
					{ bibleRef: 'KJV', name: 'King James Version', chapters: 4, total: 4 },
					{ bibleRef: 'RV', name: 'Reina-Valera', chapters: 1, total: 1 }
				]);
				await engine.save();
			}
		});

		it("while one translation has no saved index, a cold start's first search scans them all and builds none", async () => {
			const apiRoot = await both();
			await savedIndex(apiRoot);
			await del('RV', stores(apiRoot).indexes);
			const engine = new SearchEngine(apiRoot);
			const indexed: string[] = [];
			engine.onIndexed = (ref) => indexed.push(ref);
			expect(await found(engine, 'verbo')).toEqual(['RV Juan 1:1']);
			expect(await found(engine, 'light')).toEqual(['KJV John 1:2']);
			expect(indexed).toEqual([]);
		});

		it('a translation limit ignores case and leaves the others out', async () => {
			const engine = new SearchEngine(await both());
			await engine.sync();
			const answer = await engine.search(request('beginning', { translation: 'kjv' }));
			expect(
				answer.ok && answer.hits.map((h) => `${h.bibleRef} ${h.book} ${h.chapter}:${h.verse}`)
			).toEqual(['KJV Gen 1:1', 'KJV John 1:1']);
			expect(answer.ok && answer.coverage.map((c) => c.bibleRef)).toEqual(['KJV']);
			expect(await found(engine, 'el', { translation: 'rv' })).toEqual(['RV Juan 1:1']);
		});

		it('the limit of hits is shared by all translations, in their order', async () => {
			const engine = new SearchEngine(await both());
			await engine.sync();
			const answer = await engine.search(request('in', { limit: 2 }));
			expect(
				answer.ok && answer.hits.map((h) => `${h.bibleRef} ${h.book} ${h.chapter}:${h.verse}`)
			).toEqual(['KJV Gen 1:1', 'KJV John 1:1']);
			expect(answer.ok && answer.total).toBe(3);
			// "Jesus" is in both: the one hit allowed goes to the first, both are counted.
			const one = await engine.search(request('jesus', { limit: 1 }));
			expect(one.ok && one.hits.map((h) => `${h.bibleRef} ${h.book}`)).toEqual(['KJV Matt']);
			expect(one.ok && one.total).toBe(2);
			expect(await found(engine, 'jesus', { limit: 2 })).toEqual([
				'KJV Matthew 1:1',
				'RV Juan 1:2'
			]);
		});

		it('a translation asked for but not stored reports no chapters of its own, with its name and size when known', async () => {
			const apiRoot = await both();
			await bibleCache(apiRoot).putDetail(
				detail(
					'WEB',
					'World English Bible',
					[
						{ ref: 'Gen', name: 'Genesis', chapters: 50 },
						{ ref: 'Exod', name: 'Exodus', chapters: 40 }
					],
					{}
				)
			);
			const engine = new SearchEngine(apiRoot);
			expect(await engine.search(request('light', { translation: 'WEB' }))).toEqual({
				ok: true,
				hits: [],
				total: 0,
				coverage: [{ bibleRef: 'WEB', name: 'World English Bible', chapters: 0, total: 90 }]
			});
			expect(await engine.search(request('light', { translation: 'ASV' }))).toEqual({
				ok: true,
				hits: [],
				total: 0,
				coverage: [{ bibleRef: 'ASV', name: 'ASV', chapters: 0, total: undefined }]
			});
		});
	});

	describe('limits to a book or a testament', () => {
		it('a book is found by its name, or by its ref written with spaces or dots', async () => {
			const text: Text = { '1John': [['God is love.']], John: [['God so loved the world.']] };
			const books = [
				{ ref: 'John', name: 'Gospel of John' },
				{ ref: '1John', name: 'First John' }
			];
			const engine = new SearchEngine(await stored('KJV', text, books));
			expect(await found(engine, 'god', { book: 'first john' })).toEqual(['KJV First John 1:1']);
			expect(await found(engine, 'god', { book: '1 John' })).toEqual(['KJV First John 1:1']);
			expect(await found(engine, 'god', { book: '1. john' })).toEqual(['KJV First John 1:1']);
			expect(await found(engine, 'god', { book: 'Gospel  of John.' })).toEqual([
				'KJV Gospel of John 1:1'
			]);
		});

		it('a book and a testament together: only the book, and nothing when it is in the other testament', async () => {
			const engine = new SearchEngine(await stored());
			await engine.sync();
			expect(await found(engine, 'beginning', { book: 'John', testament: 'NT' })).toEqual([
				'KJV John 1:1'
			]);
			expect(await found(engine, 'beginning', { book: 'Genesis', testament: 'NT' })).toEqual([]);
			expect(await found(engine, 'beginning', { book: 'Genesis', testament: 'OT' })).toEqual([
				'KJV Genesis 1:1'
			]);
		});

		it('books with other refs are in the New Testament from Matthew on', async () => {
			const text: Text = {
				GEN: [['In the beginning God created the heaven.']],
				MAT: [['The beginning of the book of the generation.']],
				JHN: [['In the beginning was the Word.']]
			};
			const books = [
				{ ref: 'GEN', name: 'Genesis' },
				{ ref: 'MAT', name: 'Matthew' },
				{ ref: 'JHN', name: 'John' }
			];
			const engine = new SearchEngine(await stored('BSB', text, books));
			expect(await found(engine, 'beginning', { testament: 'NT' })).toEqual([
				'BSB Matthew 1:1',
				'BSB John 1:1'
			]);
			expect(await found(engine, 'beginning', { testament: 'OT' })).toEqual(['BSB Genesis 1:1']);
		});

		it('a New Testament alone, with other refs, is all New Testament', async () => {
			const text: Text = { MAT: [['Jesus wept not here.']], MRK: [['Jesus came into Galilee.']] };
			const books = [
				{ ref: 'MAT', name: 'Matthew' },
				{ ref: 'MRK', name: 'Mark' }
			];
			const engine = new SearchEngine(await stored('NTX', text, books));
			expect(await found(engine, 'jesus', { testament: 'NT' })).toEqual([
				'NTX Matthew 1:1',
				'NTX Mark 1:1'
			]);
			expect(await found(engine, 'jesus', { testament: 'OT' })).toEqual([]);
		});

		it('Matthew is found by its ref when its name is in another language', async () => {
			const text: Text = {
				Gen: [['En el principio creó Dios los cielos.']],
				Matt: [['Libro de la generación de Jesucristo, principio.']],
				JUAN: [['En el principio era el Verbo.']]
			};
			const books = [
				{ ref: 'Gen', name: 'Génesis' },
				{ ref: 'Matt', name: 'Mateo' },
				{ ref: 'JUAN', name: 'Juan' }
			];
			const engine = new SearchEngine(await stored('RVX', text, books));
			expect(await found(engine, 'principio', { testament: 'NT' })).toEqual([
				'RVX Mateo 1:1',
				'RVX Juan 1:1'
			]);
		});

		it('without a stored book list: hits show the book ref, a book cannot be chosen, coverage has no total', async () => {
			const engine = new SearchEngine(await stored('KJV', KJV, null));
			const answer = await engine.search(request('beginning'));
			expect(answer.ok && answer.hits.map((h) => `${h.bookName} ${h.chapter}:${h.verse}`)).toEqual(
				expect.arrayContaining(['Gen 1:1', 'John 1:1'])
			);
			expect(answer.ok && answer.coverage).toEqual([
				{ bibleRef: 'KJV', name: 'KJV', chapters: 4, total: undefined }
			]);
			expect(await engine.search(request('beginning', { book: 'Gen' }))).toEqual({
				ok: false,
				message: 'No book called “Gen” in the translations searched. Choose one from the Book list.'
			});
		});
	});

	describe('the warm index', () => {
		it('folds accents only when asked (the saved index and the text agree)', async () => {
			const text: Text = { John: [['Él era en el principio con Dios.', 'Y el Verbo era Dios.']] };
			const apiRoot = await stored('RV', text, [{ ref: 'John', name: 'Juan' }]);
			// Built from the text, then loaded from what it saved.
			for (const engine of [new SearchEngine(apiRoot), new SearchEngine(apiRoot)]) {
				await engine.sync();
				await engine.save();
				expect(await found(engine, 'él')).toEqual(['RV Juan 1:1']);
				expect(await found(engine, 'ÉL')).toEqual(['RV Juan 1:1']);
				expect(await found(engine, 'el era')).toEqual(['RV Juan 1:1', 'RV Juan 1:2']);
				expect(await found(engine, '"el era"')).toEqual([]);
				expect(await found(engine, '"el era"', { loose: true })).toEqual(['RV Juan 1:1']);
			}
		});
	});
});
