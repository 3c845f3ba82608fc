// The study lookups over the split data, as the browser reads it: Strong's by chapter and number,
// every verse with a number, commentary by chapter, topics; and that each reads only what it needs.
import { beforeAll, describe, expect, it } from 'vitest';
import { normalizeStrongs, parseStrongsVerse } from '$lib/bible/study/format';
import { decodeVerseList, encodeVerseList, type KjvIndex } from '$lib/bible/study/split';
import {
	findEveryVerse,
	hasStrongsBook,
	lookupStrongs,
	strongsChapter,
	versesAt
} from '$lib/bible/study/strongs';
import { memorySource, studyFiles } from './memory-source';

// Reading and splitting the whole data takes a few seconds on a busy machine: once, before the tests.
beforeAll(() => void studyFiles(), 60_000);

describe("Strong's lookups", () => {
	it("a chapter reads one book's file and gives each verse's words with their numbers", async () => {
		const reads: string[] = [];
		const verses = (await strongsChapter(memorySource(reads), 'John', 3))!;
		expect(reads).toEqual(['kjv/John.json']);
		expect(verses).toHaveLength(36);
		expect(verses[15]!.find((p) => p.text === 'loved')).toEqual({
			text: 'loved',
			strongs: ['G25']
		});
	});

	it('a book or chapter the KJV lacks gives undefined, not a failure', async () => {
		const source = memorySource();
		expect(hasStrongsBook(source, 'Tob')).toBe(false);
		expect(await strongsChapter(source, 'Tob', 1)).toBeUndefined();
		expect(await strongsChapter(source, 'John', 22)).toBeUndefined();
	});

	it('looks a number up however it is written: G25, g0025, G0025', async () => {
		const source = memorySource();
		for (const raw of ['G25', 'g0025', ' G0025 ']) {
			const entry = await lookupStrongs(source, raw);
			expect(entry).toMatchObject({
				id: 'G25',
				language: 'Greek',
				lemma: 'ἀγαπάω',
				transliteration: 'agapáō',
				pronunciation: "ag-ap-ah'-o"
			});
		}
		expect(await lookupStrongs(source, 'H430')).toMatchObject({
			id: 'H430',
			language: 'Hebrew',
			lemma: 'אלהים'
		});
	});

	it('a number with no dictionary entry, or no number at all, gives undefined', async () => {
		const source = memorySource();
		expect(await lookupStrongs(source, 'G9999')).toBeUndefined();
		expect(await lookupStrongs(source, 'G5625')).toBeUndefined();
		expect(await lookupStrongs(source, 'H99999')).toBeUndefined();
		expect(await lookupStrongs(source, 'X25')).toBeUndefined();
		expect(await lookupStrongs(source, 'G0')).toBeUndefined();
		expect(normalizeStrongs('__proto__')).toBeUndefined();
		expect(normalizeStrongs('G0')).toBeUndefined();
		expect(normalizeStrongs('h0430')).toBe('H430');
	});

	it('"Find every verse" finds G25 in John 3:16, counted per book in Bible order', async () => {
		const reads: string[] = [];
		const result = await findEveryVerse(memorySource(reads), 'G0025');
		expect(reads.sort()).toEqual(['kjv/index.json', 'strongs-verses/G-0.json']);
		expect(result.id).toBe('G25');
		expect(result.verses).toContainEqual({ bookRef: 'John', chapter: 3, verse: 16 });
		expect(result.books[0]!.bookRef).toBe('Matt');
		const total = result.books.reduce((n, b) => n + b.count, 0);
		expect(total).toBe(result.verses.length);
		// Every verse found has the number in its text, and no other verse has.
		const kjv = studyFiles();
		let expected = 0;
		for (const [file, value] of kjv)
			if (/^kjv\/(?!index)/.test(file))
				for (const chapter of (value as { chapters: string[][] }).chapters)
					for (const v of chapter)
						if (parseStrongsVerse(v).some((p) => p.strongs?.includes('G25'))) expected++;
		expect(result.verses).toHaveLength(expected);
		expect(expected).toBeGreaterThan(100);
	});

	it('H430 (God) is in over 2,000 verses, the first Genesis 1:1', async () => {
		const result = await findEveryVerse(memorySource(), 'H430');
		expect(result.verses[0]).toEqual({ bookRef: 'Gen', chapter: 1, verse: 1 });
		expect(result.verses.length).toBeGreaterThan(2000);
	});

	it('a number no verse has finds nothing', async () => {
		expect((await findEveryVerse(memorySource(), 'G99999')).verses).toEqual([]);
		expect((await findEveryVerse(memorySource(), 'nonsense')).verses).toEqual([]);
	});

	it('verse numbers round-trip through their stored form and land on the right verse', () => {
		const list = [0, 1, 2, 35, 1000, 31101];
		expect(decodeVerseList(encodeVerseList(list))).toEqual(list);
		expect(decodeVerseList('')).toEqual([]);
		const index = studyFiles().get('kjv/index.json') as KjvIndex;
		const { verses, books } = versesAt(index, [0, 30, 31, 1533, 31101]);
		expect(verses).toEqual([
			{ bookRef: 'Gen', chapter: 1, verse: 1 },
			{ bookRef: 'Gen', chapter: 1, verse: 31 },
			{ bookRef: 'Gen', chapter: 2, verse: 1 },
			{ bookRef: 'Exod', chapter: 1, verse: 1 },
			{ bookRef: 'Rev', chapter: 22, verse: 21 }
		]);
		expect(books).toEqual([
			{ bookRef: 'Gen', count: 3 },
			{ bookRef: 'Exod', count: 1 },
			{ bookRef: 'Rev', count: 1 }
		]);
	});
});
