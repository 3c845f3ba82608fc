import { createStore, delMany, get, set, type UseStore } from 'idb-keyval';
import { describe, expect, it, afterEach } from 'vitest';
import {
	ChapterCache,
	isQuotaError,
	relaxedStore,
	expectedChapters,
	missingChapters,
	bibleCache,
	cacheDbNames
} from '$lib/bible/offline/cache';
import { downloadChapters, findEvicted, type FetchChapter } from '$lib/bible/offline/downloader';
import { type Book, type Chapter, type BibleDetail } from '$lib/bible/schemas';
import { ApiProblem } from '$lib/http/problem';
import { onChapterChange, type ChapterChange } from '$lib/bible/search/changes';

let n = 0;
function freshCache(wrap?: (store: UseStore) => UseStore) {
	n++;
	const chapters = createStore(`test-chapters-${n}`, 'chapters');
	return new ChapterCache({
		chapters: wrap ? wrap(chapters) : chapters,
		meta: createStore(`test-meta-${n}`, 'meta')
	});
}

const books: Book[] = [
	{ apiUrl: 'x', chaptersCount: 3, name: 'Ruth', order: 0, ref: 'Ruth' },
	{ apiUrl: 'x', chaptersCount: 4, name: 'Jonah', order: 1, ref: 'Jonah' },
	{ apiUrl: 'x', chaptersCount: 1, name: 'Jude', order: 2, ref: 'Jude' }
];

const chapterOf = (bookRef: string, c: number): Chapter => ({
	apiUrl: `https://bible.demo/api/v1/bibles/T/books/${bookRef}/chapters/${c}`,
	ref: c,
	verses: [
		{ ref: '1', text: `${bookRef} ${c}:1 [text] # as sent` },
		{ ref: '2', text: `${bookRef} ${c}:2` }
	]
});

/** A fake server: counts calls and in-flight requests. */
function server(options: { fail?: (bookRef: string, c: number, call: number) => unknown } = {}) {
	const calls: string[] = [];
	let inFlight = 0;
	let maxInFlight = 0;
	const fetchChapter: FetchChapter = async (bookRef, c, signal) => {
		calls.push(`${bookRef}:${c}`);
		inFlight++;
		maxInFlight = Math.max(maxInFlight, inFlight);
		try {
			await new Promise((r) => setTimeout(r, 2));
			if (signal.aborted) throw new ApiProblem({ kind: 'aborted', message: 'aborted', hint: '' });
			const failure = options.fail?.(
				bookRef,
				c,
				calls.filter((x) => x === `${bookRef}:${c}`).length
			);
			if (failure) throw failure;
			const chapter = chapterOf(bookRef, c);
			return () => ({ chapter, bytes: 100 });
		} finally {
			inFlight--;
		}
	};
	return { fetchChapter, calls, max: () => maxInFlight };
}

const noSleep = async () => {};

describe('chapter cache', () => {
	it('a database that exists without its store is repaired, so chapters are still kept offline', async () => {
		const name = 'test-storeless';
		// What a bare indexedDB.open(name) (a debugging tool, an extension) leaves behind.
		const bare = indexedDB.open(name);
		await new Promise((resolve) => (bare.onsuccess = resolve));
		bare.result.close();

		const cache = new ChapterCache({
			chapters: relaxedStore(name, 'chapters'),
			meta: createStore('test-storeless-meta', 'meta')
		});
		await cache.put('T', 'Ruth', 1, chapterOf('Ruth', 1), 10);
		expect((await cache.get('T', 'Ruth', 1))?.data).toEqual(chapterOf('Ruth', 1));
		// A second opener finds the store in place and reads the same record.
		expect(
			(await get<{ bytes: number }>(['T', 'Ruth', 1], relaxedStore(name, 'chapters')))?.bytes
		).toBe(10);
	});

	it('lists each translation with a stored chapter once, and forgets a deleted one', async () => {
		const cache = freshCache();
		expect(await cache.translations()).toEqual([]);
		for (const [t, book, c] of [
			['WEB', 'Ruth', 2],
			['KJV', 'Jude', 1],
			['KJV', 'Ruth', 1],
			['KJV', 'Ruth', 3],
			['kjv', 'Ruth', 1],
			['RV1909', 'Jonah', 4]
		] as const)
			await cache.put(t, book, c, chapterOf(book, c), 1);
		expect(await cache.translations()).toEqual(['KJV', 'RV1909', 'WEB', 'kjv']);
		await cache.deleteTranslation('RV1909');
		expect(await cache.translations()).toEqual(['KJV', 'WEB', 'kjv']);
	});

	it('counts every chapter of a whole translation and its size, and only that translation', async () => {
		const cache = freshCache();
		const many = Array.from({ length: 250 }, (_, i) => ({
			bookRef: i < 150 ? 'Ps' : 'Prov',
			chapter: i < 150 ? i + 1 : i - 149,
			data: chapterOf('Ps', 1),
			bytes: i + 1
		}));
		await cache.putMany('KJV', many);
		await cache.putMany('WEB', many.slice(0, 3));
		expect(await cache.usage('KJV')).toEqual({ chapters: 250, bytes: (250 * 251) / 2 });
		expect(await cache.usage('WEB')).toEqual({ chapters: 3, bytes: 6 });
		expect(await cache.usage('RV1909')).toEqual({ chapters: 0, bytes: 0 });
	});

	it('stores a chapter as one record and reads it back exactly', async () => {
		const cache = freshCache();
		const chapter = chapterOf('Ruth', 1);
		await cache.put('T', 'Ruth', 1, chapter, 123);
		const stored = await cache.get('T', 'Ruth', 1);
		expect(stored?.data).toEqual(chapter);
		expect(stored?.bytes).toBe(123);
		expect(await cache.get('T', 'ruth', 1)).toBeUndefined();
		expect(await cache.usage('T')).toEqual({ chapters: 1, bytes: 123 });
	});

	it('a chapter read ahead is given from memory once, without asking the database', async () => {
		let reads = 0;
		const cache = freshCache((store) => (mode, work) => {
			if (mode === 'readonly') reads++;
			return store(mode, work);
		});
		await cache.putMany('T', [
			{ bookRef: 'Ruth', chapter: 2, data: chapterOf('Ruth', 2), bytes: 2 },
			{ bookRef: 'Ruth', chapter: 4, data: chapterOf('Ruth', 4), bytes: 4 }
		]);
		// The next chapter and the one before; a chapter not stored is not kept.
		await cache.readAhead('T', [
			{ bookRef: 'Ruth', chapter: 2 },
			{ bookRef: 'Ruth', chapter: 3 }
		]);
		const before = reads;
		expect((await cache.get('T', 'Ruth', 2))?.data).toEqual(chapterOf('Ruth', 2));
		expect(reads).toBe(before);
		// Taken: the next read asks the database again.
		expect((await cache.get('T', 'Ruth', 2))?.data).toEqual(chapterOf('Ruth', 2));
		expect(await cache.get('T', 'Ruth', 3)).toBeUndefined();
		expect(reads).toBe(before + 2);
	});

	it('a write drops what was read ahead: the chapter stored since, or none after a delete, is read', async () => {
		const cache = freshCache();
		await cache.put('T', 'Ruth', 1, chapterOf('Ruth', 1), 1);
		await cache.readAhead('T', [{ bookRef: 'Ruth', chapter: 1 }]);
		const newer = { ...chapterOf('Ruth', 1), verses: [{ ref: '1', text: 'Newer text.' }] };
		await cache.put('T', 'Ruth', 1, newer, 1);
		expect((await cache.get('T', 'Ruth', 1))?.data).toEqual(newer);

		await cache.readAhead('T', [{ bookRef: 'Ruth', chapter: 1 }]);
		await cache.deleteTranslation('T');
		expect(await cache.get('T', 'Ruth', 1)).toBeUndefined();

		// A write while the read ahead is under way: what it found is not kept.
		await cache.put('T', 'Ruth', 1, chapterOf('Ruth', 1), 1);
		const reading = cache.readAhead('T', [{ bookRef: 'Ruth', chapter: 1 }]);
		const writing = cache.put('T', 'Ruth', 1, newer, 1);
		await Promise.all([reading, writing]);
		expect((await cache.get('T', 'Ruth', 1))?.data).toEqual(newer);
	});

	it('no partial record: an invalid chapter is refused before anything is written', async () => {
		const cache = freshCache();
		const broken = { apiUrl: 'x', ref: 1, verses: [{ ref: '1' }] } as unknown as Chapter;
		await expect(cache.put('T', 'Ruth', 1, broken, 10)).rejects.toThrow();
		expect(await cache.keys('T')).toEqual([]);
	});

	it('no partial record: a damaged record counts as missing and is removed', async () => {
		n++;
		const chapters = createStore(`test-chapters-${n}`, 'chapters');
		const cache = new ChapterCache({ chapters, meta: createStore(`test-meta-${n}`, 'meta') });
		await set(
			['T', 'Ruth', 1],
			{ v: 1, bibleRef: 'T', bookRef: 'Ruth', chapter: 1, bytes: 5 },
			chapters
		);
		expect(await cache.get('T', 'Ruth', 1)).toBeUndefined();
		expect(await cache.keys('T')).toEqual([]);
	});

	it('no partial record: a write that fails (quota) leaves nothing behind', async () => {
		const cache = freshCache(
			(store) => (mode, callback) =>
				mode === 'readwrite'
					? store(mode, (s) => {
							s.put({ half: true }, ['T', 'Ruth', 1]);
							s.transaction.abort();
							return Promise.reject(
								new DOMException('The quota has been exceeded.', 'QuotaExceededError')
							);
						})
					: store(mode, callback)
		);
		const error = await cache
			.put('T', 'Ruth', 1, chapterOf('Ruth', 1), 10)
			.catch((e: unknown) => e);
		expect(isQuotaError(error)).toBe(true);
		expect(await cache.get('T', 'Ruth', 1)).toBeUndefined();
		expect(await cache.keys('T')).toEqual([]);
	});

	it('deletes a translation and its marks', async () => {
		const cache = freshCache();
		await cache.put('T', 'Ruth', 1, chapterOf('Ruth', 1), 10);
		await cache.put('U', 'Ruth', 1, chapterOf('Ruth', 1), 10);
		await cache.setMarks('T', { books: ['Ruth'], translation: false });
		await cache.deleteTranslation('T');
		expect(await cache.keys('T')).toEqual([]);
		expect(await cache.keys('U')).toHaveLength(1);
		expect(await cache.marks('T')).toEqual({ books: [], translation: false });
	});
});

describe('offline downloader', () => {
	it('downloads a translation with at most six requests at a time and marks it complete', async () => {
		const cache = freshCache();
		const s = server();
		const progress: number[] = [];
		const outcome = await downloadChapters({
			cache,
			fetchChapter: s.fetchChapter,
			bibleRef: 'T',
			books,
			wholeTranslation: true,
			onProgress: (p) => progress.push(p.done)
		});
		expect(outcome.status).toBe('complete');
		expect(outcome.progress).toMatchObject({ done: 8, total: 8, bytes: 800, failed: 0 });
		expect(s.calls).toHaveLength(8);
		expect(s.max()).toBeLessThanOrEqual(6);
		expect(s.max()).toBeGreaterThan(1);
		expect(progress.at(-1)).toBe(8);
		const marks = await cache.marks('T');
		expect(marks).toMatchObject({ books: ['Ruth', 'Jonah', 'Jude'], translation: true });
		// When it was downloaded is kept, for "Downloaded <date>".
		expect(Math.abs(marks.translationDate! - Date.now())).toBeLessThan(10_000);
		expect(marks.bookDates).toEqual({
			Ruth: marks.translationDate,
			Jonah: marks.translationDate,
			Jude: marks.translationDate
		});
	});

	it('Check for changes fetches every chapter again and writes only those that changed', async () => {
		const cache = freshCache();
		const ruth = [books[0]!];
		await downloadChapters({
			cache,
			fetchChapter: server().fetchChapter,
			bibleRef: 'T',
			books: ruth,
			wholeTranslation: false
		});
		const before = await cache.get('T', 'Ruth', 1);
		// The server now sends a different chapter 2.
		const s = server();
		const fetchChapter: FetchChapter = async (bookRef, c, signal) => {
			const read = await s.fetchChapter(bookRef, c, signal);
			if (c !== 2) return read;
			return () => {
				const { chapter, bytes } = read();
				return { chapter: { ...chapter, verses: [{ ref: '1', text: 'changed' }] }, bytes };
			};
		};
		const outcome = await downloadChapters({
			cache,
			fetchChapter,
			bibleRef: 'T',
			books: ruth,
			wholeTranslation: false,
			refresh: true
		});
		expect(outcome).toMatchObject({ status: 'complete', changed: 1 });
		expect(s.calls).toEqual(expect.arrayContaining(['Ruth:1', 'Ruth:2', 'Ruth:3']));
		expect((await cache.get('T', 'Ruth', 2))!.data.verses).toEqual([{ ref: '1', text: 'changed' }]);
		// An unchanged chapter is not written again.
		expect((await cache.get('T', 'Ruth', 1))!.storedAt).toBe(before!.storedAt);
	});

	it('resumes after an interruption, fetching only what is missing', async () => {
		const cache = freshCache();
		const abort = new AbortController();
		const first = server();
		const outcome = await downloadChapters({
			cache,
			fetchChapter: async (b, c, signal) => {
				const read = await first.fetchChapter(b, c, signal);
				if (first.calls.length === 3) abort.abort();
				return read;
			},
			bibleRef: 'T',
			books,
			wholeTranslation: true,
			concurrency: 1,
			signal: abort.signal
		});
		expect(outcome.status).toBe('cancelled');
		const kept = (await cache.keys('T')).length;
		expect(kept).toBeGreaterThanOrEqual(2);
		expect(await cache.marks('T')).toEqual({ books: [], translation: false });

		const second = server();
		const resumed = await downloadChapters({
			cache,
			fetchChapter: second.fetchChapter,
			bibleRef: 'T',
			books,
			wholeTranslation: true
		});
		expect(resumed.status).toBe('complete');
		expect(second.calls).toHaveLength(8 - kept);
	});

	it('retries failures with growing backoff, then succeeds', async () => {
		const cache = freshCache();
		const delays: number[] = [];
		const s = server({
			fail: (b, c, call) =>
				b === 'Jude' && call <= 2
					? new ApiProblem({ kind: 'http', status: 503, message: '503', hint: '' })
					: undefined
		});
		const outcome = await downloadChapters({
			cache,
			fetchChapter: s.fetchChapter,
			bibleRef: 'T',
			books: [books[2]!],
			wholeTranslation: false,
			sleep: async (ms) => {
				delays.push(ms);
			}
		});
		expect(outcome.status).toBe('complete');
		expect(delays).toHaveLength(2);
		expect(delays[1]!).toBeGreaterThan(delays[0]!);
	});

	it('completeness check: a chapter that never arrives leaves the scope unmarked', async () => {
		const cache = freshCache();
		const s = server({
			fail: (b, c) =>
				b === 'Jonah' && c === 2
					? new ApiProblem({ kind: 'http', status: 404, message: '404', hint: '' })
					: undefined
		});
		const outcome = await downloadChapters({
			cache,
			fetchChapter: s.fetchChapter,
			bibleRef: 'T',
			books,
			wholeTranslation: true,
			sleep: noSleep
		});
		expect(outcome.status).toBe('incomplete');
		if (outcome.status === 'incomplete') expect(outcome.missing).toBe(1);
		expect(s.calls.filter((c) => c === 'Jonah:2')).toHaveLength(1);
		expect(await cache.marks('T')).toEqual({ books: [], translation: false });
	});

	it('completeness check: a write that silently went missing is caught before marking', async () => {
		const cache = freshCache();
		const realPutMany = cache.putMany.bind(cache);
		cache.putMany = async (bible, chapters) =>
			// "Stored", yet Ruth 3 is not there.
			realPutMany(
				bible,
				chapters.filter((c) => !(c.bookRef === 'Ruth' && c.chapter === 3))
			);
		const outcome = await downloadChapters({
			cache,
			fetchChapter: server().fetchChapter,
			bibleRef: 'T',
			books: [books[0]!],
			wholeTranslation: false
		});
		expect(outcome.status).toBe('incomplete');
		expect((await cache.marks('T')).books).toEqual([]);
	});

	it('nothing waits forever: going offline stops the download at once, keeping what is stored', async () => {
		const cache = freshCache();
		let online = true;
		const s = server({
			fail: (b) => {
				if (b !== 'Jonah') return undefined;
				online = false;
				return new ApiProblem({ kind: 'network', message: 'could not reach', hint: '' });
			}
		});
		const outcome = await downloadChapters({
			cache,
			fetchChapter: s.fetchChapter,
			bibleRef: 'T',
			books,
			wholeTranslation: true,
			concurrency: 1,
			isOnline: () => online
		});
		expect(outcome.status).toBe('incomplete');
		if (outcome.status === 'incomplete') expect(outcome.reason).toBe('you are offline');
		expect(s.calls).toEqual(['Ruth:1', 'Ruth:2', 'Ruth:3', 'Jonah:1']);
		expect(await cache.keys('T')).toHaveLength(3);
	});

	it('a server failing again and again stops the download instead of trying every chapter', async () => {
		const cache = freshCache();
		const many: Book[] = [{ apiUrl: 'x', chaptersCount: 50, name: 'Ps', order: 0, ref: 'Ps' }];
		const s = server({
			fail: () => new ApiProblem({ kind: 'http', status: 500, message: '500', hint: '' })
		});
		const outcome = await downloadChapters({
			cache,
			fetchChapter: s.fetchChapter,
			bibleRef: 'T',
			books: many,
			wholeTranslation: false,
			sleep: noSleep,
			concurrency: 2
		});
		expect(outcome.status).toBe('incomplete');
		if (outcome.status === 'incomplete') expect(outcome.reason).toContain('failed in a row');
		expect(s.calls.length).toBeLessThan(50);
	});

	it('quota error: stops cleanly, keeps what is stored, says how much more is needed', async () => {
		let writes = 0;
		const cache = freshCache((store) => (mode, callback) => {
			// The first write (the first chapter to arrive, alone) fits; every later one does not.
			// Counting writes rather than time keeps this independent of how batches form under load.
			if (mode === 'readwrite' && ++writes > 1)
				return Promise.reject(
					new DOMException('The quota has been exceeded.', 'QuotaExceededError')
				);
			return store(mode, callback);
		});
		const s = server();
		const outcome = await downloadChapters({
			cache,
			fetchChapter: s.fetchChapter,
			bibleRef: 'T',
			books,
			wholeTranslation: true,
			concurrency: 2
		});
		expect(outcome.status).toBe('quota');
		const kept = (await cache.keys('T')).length;
		expect(kept).toBe(1);
		if (outcome.status === 'quota') {
			expect(outcome.progress.done).toBe(1);
			expect(outcome.neededBytes).toBe(7 * 100);
		}
		// No chapter is fetched twice and nothing is retried after the quota error.
		expect(new Set(s.calls).size).toBe(s.calls.length);
		expect(await cache.marks('T')).toEqual({ books: [], translation: false });
	});

	it('eviction: marked complete but chapters gone is found', async () => {
		n++;
		const chapters = createStore(`test-chapters-${n}`, 'chapters');
		const cache = new ChapterCache({ chapters, meta: createStore(`test-meta-${n}`, 'meta') });
		await downloadChapters({
			cache,
			fetchChapter: server().fetchChapter,
			bibleRef: 'T',
			books: [books[1]!],
			wholeTranslation: false
		});
		expect((await findEvicted(cache, 'T', books)).books).toEqual([]);
		// The browser clears records behind the app's back.
		await delMany(
			[
				['T', 'Jonah', 2],
				['T', 'Jonah', 3]
			],
			chapters
		);
		const evicted = await findEvicted(cache, 'T', books);
		expect(evicted.books.map((e) => [e.book.ref, e.missing])).toEqual([['Jonah', 2]]);
		// Downloading again fetches only the two missing chapters.
		const s = server();
		const again = await downloadChapters({
			cache,
			fetchChapter: s.fetchChapter,
			bibleRef: 'T',
			books: [books[1]!],
			wholeTranslation: false
		});
		expect(again.status).toBe('complete');
		expect(s.calls.sort()).toEqual(['Jonah:2', 'Jonah:3']);
		expect((await findEvicted(cache, 'T', books)).books).toEqual([]);
	});
});

describe('what is kept, and how much', () => {
	let n = 0;
	function freshCache(onChange?: (change: ChapterChange) => void) {
		n++;
		const chapters = createStore(`usage-chapters-${n}`, 'chapters');
		const meta = createStore(`usage-meta-${n}`, 'meta');
		return { cache: new ChapterCache({ chapters, meta, onChange }), chapters, meta };
	}

	const chapterOf = (bookRef: string, c: number): Chapter => ({
		apiUrl: `https://bible.demo/api/v1/bibles/T/books/${bookRef}/chapters/${c}`,
		ref: c,
		verses: [{ ref: '1', text: `${bookRef} ${c}:1` }]
	});

	const recordOf = (bibleRef: string, bookRef: string, chapter: number, bytes: number) => ({
		v: 1,
		bibleRef,
		bookRef,
		chapter,
		bytes,
		storedAt: 1,
		data: chapterOf(bookRef, chapter)
	});

	/** The object stores a database has, as another page (or an older version of the app) sees it. */
	async function storeNames(dbName: string): Promise<string[]> {
		const request = indexedDB.open(dbName);
		const db = await new Promise<IDBDatabase>((resolve, reject) => {
			request.onsuccess = () => resolve(request.result);
			request.onerror = () => reject(request.error);
		});
		const names = [...db.objectStoreNames];
		db.close();
		return names;
	}

	const removers: (() => void)[] = [];
	afterEach(() => {
		for (const remove of removers.splice(0)) remove();
	});

	describe('quota errors', () => {
		const quota = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
		const selfCaused = new Error('loop');
		(selfCaused as { cause?: unknown }).cause = selfCaused;

		it.each([
			['QuotaExceededError (Chrome, Safari)', true, quota],
			['NS_ERROR_DOM_QUOTA_REACHED (older Firefox)', true, { name: 'NS_ERROR_DOM_QUOTA_REACHED' }],
			['an error caused by a full disk', true, new Error('write failed', { cause: quota })],
			['a wrapper with the full disk as `inner` (idb wrappers)', true, { inner: quota }],
			[
				'a full disk two causes deep',
				true,
				new Error('a', { cause: new Error('b', { cause: quota }) })
			],
			['another error', false, new Error('disk broken')],
			['an error caused by another error', false, new Error('a', { cause: new Error('b') })],
			['an error that is its own cause (no endless loop)', false, selfCaused],
			['null', false, null],
			['undefined', false, undefined],
			['a string', false, 'QuotaExceededError'],
			['a function named like the error', false, function QuotaExceededError() {}]
		])('%s: a full disk = %s', (_label, expected, error) => {
			expect(isQuotaError(error)).toBe(expected);
		});
	});

	describe('which chapters a scope has', () => {
		it('lists every chapter of each book, in order, from chapter 1', () => {
			expect(
				expectedChapters([
					{ ref: 'Ruth', chaptersCount: 2 },
					{ ref: 'Jude', chaptersCount: 1 },
					{ ref: 'None', chaptersCount: 0 }
				])
			).toEqual(['Ruth:1', 'Ruth:2', 'Jude:1']);
		});

		it('missing chapters are those of the scope without a stored key, whatever else is stored', () => {
			expect(
				missingChapters(
					[{ ref: 'Ruth', chaptersCount: 3 }],
					[
						['T', 'Ruth', 2],
						['T', 'Jonah', 1]
					]
				)
			).toEqual([
				{ bookRef: 'Ruth', chapter: 1 },
				{ bookRef: 'Ruth', chapter: 3 }
			]);
		});
	});

	describe('chapter cache records', () => {
		it('the keys of one book are only that book’s, not those of books or translations sorting before it', async () => {
			const { cache } = freshCache();
			await cache.put('A', 'Ruth', 1, chapterOf('Ruth', 1), 1);
			await cache.putMany('T', [
				{ bookRef: 'Jonah', chapter: 1, data: chapterOf('Jonah', 1), bytes: 1 },
				{ bookRef: 'Ruth', chapter: 2, data: chapterOf('Ruth', 2), bytes: 1 },
				{ bookRef: 'Ruth', chapter: 1, data: chapterOf('Ruth', 1), bytes: 1 },
				{ bookRef: 'Sirach', chapter: 1, data: chapterOf('Sirach', 1), bytes: 1 }
			]);
			await cache.put('U', 'Ruth', 1, chapterOf('Ruth', 1), 1);
			expect(await cache.keys('T', 'Ruth')).toEqual([
				['T', 'Ruth', 1],
				['T', 'Ruth', 2]
			]);
			expect(await cache.keys('T')).toHaveLength(4);
		});

		it.each([
			['another translation', recordOf('U', 'Ruth', 1, 10)],
			['another book', recordOf('T', 'Jonah', 1, 10)],
			['another chapter', recordOf('T', 'Ruth', 2, 10)]
		])(
			'a record of %s filed under this chapter’s key is not shown, and is removed',
			async (_label, record) => {
				const { cache, chapters } = freshCache();
				await set(['T', 'Ruth', 1], record, chapters);
				expect(await cache.get('T', 'Ruth', 1)).toBeUndefined();
				expect(await cache.keys('T')).toEqual([]);
			}
		);

		it('a record without a size counts as a chapter of no bytes in the storage figures', async () => {
			const { cache, chapters } = freshCache();
			await cache.put('T', 'Ruth', 1, chapterOf('Ruth', 1), 40);
			const { bytes: _bytes, ...sizeless } = recordOf('T', 'Ruth', 2, 0);
			await set(['T', 'Ruth', 2], sizeless, chapters);
			expect(await cache.usage('T')).toEqual({ chapters: 2, bytes: 40 });
		});

		it('storage figures add up across pages of chapters, for each translation apart', async () => {
			const { cache } = freshCache();
			const chaptersOf = (count: number, bytes: number) =>
				Array.from({ length: count }, (_, i) => ({
					bookRef: 'Ps',
					chapter: i + 1,
					data: chapterOf('Ps', i + 1),
					bytes
				}));
			await cache.putMany('A', chaptersOf(7, 1));
			await cache.putMany('T', chaptersOf(26, 10));
			await cache.putMany('U', chaptersOf(51, 100));
			expect(await cache.usage('A')).toEqual({ chapters: 7, bytes: 7 });
			expect(await cache.usage('T')).toEqual({ chapters: 26, bytes: 260 });
			expect(await cache.usage('U')).toEqual({ chapters: 51, bytes: 5100 });
		});

		it('tells the search index which chapters were stored, and when a translation is deleted', async () => {
			const changes: ChapterChange[] = [];
			const { cache } = freshCache((change) => changes.push(change));
			await cache.put('T', 'Ruth', 1, chapterOf('Ruth', 1), 1);
			await cache.putMany('T', [
				{ bookRef: 'Ruth', chapter: 2, data: chapterOf('Ruth', 2), bytes: 1 },
				{ bookRef: 'Jude', chapter: 1, data: chapterOf('Jude', 1), bytes: 1 }
			]);
			await cache.deleteTranslation('T');
			expect(changes).toEqual([
				{ bibleRef: 'T', stored: [['Ruth', 1]] },
				{
					bibleRef: 'T',
					stored: [
						['Ruth', 2],
						['Jude', 1]
					]
				},
				{ bibleRef: 'T', deleted: true }
			]);
		});

		it('deleting a translation also forgets its saved detail, and only its own', async () => {
			const { cache } = freshCache();
			const detail = (ref: string): BibleDetail => ({
				apiUrl: `x/${ref}`,
				copytightInfo: '',
				langId: 'en',
				language: 'English',
				name: ref,
				publisher: '',
				ref,
				books: [{ apiUrl: 'x', chaptersCount: 4, name: 'Ruth', order: 0, ref: 'Ruth' }]
			});
			await cache.putDetail(detail('T'));
			await cache.putDetail(detail('U'));
			expect(await cache.detail('T')).toEqual(detail('T'));
			await cache.deleteTranslation('T');
			expect(await cache.detail('T')).toBeUndefined();
			expect(await cache.detail('U')).toEqual(detail('U'));
		});

		it('marks without dates are stored without dates', async () => {
			const { cache } = freshCache();
			await cache.setMarks('T', { books: ['Ruth', 'Ruth'], translation: false });
			expect(await cache.marks('T')).toStrictEqual({ books: ['Ruth'], translation: false });
			await cache.setMarks('T', {
				books: [],
				translation: true,
				bookDates: { Ruth: 5 },
				translationDate: 0
			});
			expect(await cache.marks('T')).toStrictEqual({
				books: [],
				translation: true,
				bookDates: { Ruth: 5 },
				translationDate: 0
			});
		});

		it('other saved values are read back by their name, apart from the marks', async () => {
			const { cache, meta } = freshCache();
			expect(await cache.getMeta('bibles')).toBeUndefined();
			await cache.setMeta('bibles', [{ ref: 'T' }]);
			await cache.setMeta('T', 'not marks');
			await cache.setMarks('T', { books: ['Ruth'], translation: false });
			expect(await cache.getMeta('bibles')).toEqual([{ ref: 'T' }]);
			expect(await cache.getMeta('T')).toBe('not marks');
			expect(await cache.marks('T')).toEqual({ books: ['Ruth'], translation: false });
			// Where earlier versions of the app look for them.
			expect(await get(['misc', 'bibles'], meta)).toEqual([{ ref: 'T' }]);
		});

		it('a failing read of the stored translations is reported, not left hanging', async () => {
			const failingCursor = (error: DOMException | null): UseStore => {
				const store = {
					openKeyCursor() {
						const request = { error, result: null, onerror: () => {}, onsuccess: () => {} };
						queueMicrotask(() => request.onerror());
						return request;
					}
				};
				return (_mode, callback) => Promise.resolve(callback(store as unknown as IDBObjectStore));
			};
			const meta = createStore('usage-meta-cursor', 'meta');
			const broken = new DOMException('The database is gone.', 'UnknownError');
			await expect(
				new ChapterCache({ chapters: failingCursor(broken), meta }).translations()
			).rejects.toBe(broken);
			await expect(
				new ChapterCache({ chapters: failingCursor(null), meta }).translations()
			).rejects.toThrow('Reading the stored translations failed');
		});
	});

	describe('where chapters are kept', () => {
		it('a relaxed store commits without waiting for the disk', async () => {
			const durability = await relaxedStore('usage-relaxed', 'chapters')(
				'readwrite',
				async (store) => store.transaction.durability
			);
			expect(durability).toBe('relaxed');
		});

		it('a cache made without stores keeps chapters and marks in the default databases', async () => {
			const cache = new ChapterCache();
			await cache.put('T', 'Ruth', 1, chapterOf('Ruth', 1), 12);
			await cache.setMarks('T', { books: ['Ruth'], translation: false });
			expect(await storeNames('bible-chapters')).toEqual(['chapters']);
			expect(await storeNames('bible-offline')).toEqual(['meta']);
			expect((await cache.get('T', 'Ruth', 1))?.bytes).toBe(12);
			expect(await get(['marks', 'T'], createStore('bible-offline', 'meta'))).toEqual({
				books: ['Ruth'],
				translation: false
			});
		});

		it('each API root has its own named databases, for chapters, marks and the search index', () => {
			expect(cacheDbNames('https://bible.example/api/v1')).toEqual({
				chapters: 'bible-chapters https://bible.example/api/v1',
				meta: 'bible-offline https://bible.example/api/v1',
				search: 'bible-search https://bible.example/api/v1'
			});
		});

		it('one cache per API root: the same one each time, another for another root', () => {
			const root = 'https://one.example/api/v1';
			expect(bibleCache(root)).toBe(bibleCache(root));
			expect(bibleCache('https://two.example/api/v1')).not.toBe(bibleCache(root));
		});

		it('an API root’s cache keeps its chapters and marks in its own databases', async () => {
			const root = 'https://stores.example/api/v1';
			const cache = bibleCache(root);
			await cache.put('T', 'Ruth', 1, chapterOf('Ruth', 1), 12);
			await cache.setMarks('T', { books: ['Ruth'], translation: false });
			expect(await storeNames(cacheDbNames(root).chapters)).toEqual(['chapters']);
			expect(await storeNames(cacheDbNames(root).meta)).toEqual(['meta']);
		});

		it('storing a chapter in an API root’s cache tells the search index of that root', async () => {
			const root = 'https://search.example/api/v1';
			const heard: [string, ChapterChange][] = [];
			removers.push(onChapterChange((apiRoot, change) => heard.push([apiRoot, change])));
			await bibleCache(root).put('T', 'Jude', 1, chapterOf('Jude', 1), 1);
			expect(heard).toEqual([[root, { bibleRef: 'T', stored: [['Jude', 1]] }]]);
		});
	});
});
