import { createStore, get, set, type UseStore } from 'idb-keyval';
import { afterEach, describe, expect, it } from 'vitest';
import {
	ChapterCache,
	expectedChapters,
	isQuotaError,
	missingChapters,
	relaxedStore,
	bibleCache,
	cacheDbNames
} from '$lib/bible/offline/cache';
import type { BibleDetail, Chapter } from '$lib/bible/schemas';
import { onChapterChange, type ChapterChange } from '$lib/bible/search/changes';

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
