// The study lookups over the split data, as the browser reads it: Strong's by chapter and number,
// every verse with a number, commentary by chapter, topics; and that each reads only what it needs.
import { beforeAll, describe, expect, it } from 'vitest';
import { commentaryChapter, listCommentaries } from '$lib/bible/study/commentary';
import { normalizeStrongs, parseStrongsVerse } from '$lib/bible/study/format';
import { decodeVerseList, encodeVerseList, type KjvIndex } from '$lib/bible/study/split';
import {
	findEveryVerse,
	hasStrongsBook,
	lookupStrongs,
	strongsChapter,
	versesAt
} from '$lib/bible/study/strongs';
import { parsePassageRef, passageVerses, readTopic, searchTopics } from '$lib/bible/study/topics';
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

describe('Commentary', () => {
	it("lists Matthew Henry's Concise first, then Scofield, then the Treasury of David", async () => {
		const works = await listCommentaries(memorySource());
		expect(works.map(({ id, name }) => ({ id, name }))).toEqual([
			{ id: 'mhcc', name: "Matthew Henry's Concise Commentary" },
			{ id: 'scofield', name: 'Scofield Reference Notes (1917)' },
			{ id: 'tdavid', name: "Spurgeon's Treasury of David" }
		]);
		// Each says which books it comments on, so a book is offered only the works that cover it.
		expect(works[0]!.books).toContain('John');
		expect(works[2]!.books).toEqual(['Ps']);
	});

	it("Psalm 23 in the Treasury of David reads that psalm's file only, not the whole of Psalms", async () => {
		const reads: string[] = [];
		const comments = await commentaryChapter(memorySource(reads), 'tdavid', 'Ps', 23);
		expect(reads).toEqual(['commentary/tdavid/Ps/23.json']);
		expect(comments.map((c) => [c.from, c.to])).toEqual([[1, 6]]);
		expect(comments[0]!.paragraphs[1]).toContain('Heavenly Pastoral');
		expect(await commentaryChapter(memorySource(), 'tdavid', 'John', 3)).toEqual([]);
	});

	it("John 3 in Matthew Henry: verses 1–21 and 22–36, read from John's file only", async () => {
		const reads: string[] = [];
		const comments = await commentaryChapter(memorySource(reads), 'mhcc', 'John', 3);
		expect(reads).toEqual(['commentary/mhcc/John.json']);
		expect(comments.map((c) => [c.from, c.to])).toEqual([
			[1, 21],
			[22, 36]
		]);
		expect(comments[0]!.paragraphs.join(' ')).toContain('Nicodemus');
	});

	it('a chapter or book with no comment gives an empty list', async () => {
		const source = memorySource();
		expect(await commentaryChapter(source, 'mhcc', 'Lev', 19)).toEqual([]);
		expect(await commentaryChapter(source, 'mhcc', 'Tob', 1)).toEqual([]);
		expect(await commentaryChapter(source, 'nothing', 'John', 3)).toEqual([]);
	});
});

describe('Topics', () => {
	it('"faith" finds FAITH first, then the topics that contain the word', async () => {
		const reads: string[] = [];
		const { names, total } = await searchTopics(memorySource(reads), 'faith');
		expect(reads).toEqual(['topics/names.json']);
		expect(names[0]).toBe('FAITH');
		expect(names.every((n) => n.includes('FAITH'))).toBe(true);
		expect(total).toBeGreaterThanOrEqual(names.length);
		expect((await searchTopics(memorySource(), '   ')).names).toEqual([]);
		expect((await searchTopics(memorySource(), 'zzzzqq')).total).toBe(0);
	});

	it('a topic reads its letter only, and its references become verses of the KJV', async () => {
		const reads: string[] = [];
		const source = memorySource(reads);
		const faith = (await readTopic(source, 'FAITH'))!;
		expect(reads).toEqual(['topics/F.json']);
		expect(faith.entries[0]!.label).toBe('General scriptures concerning');
		const eph = faith.entries[0]!.refs.find((r) => r.osis === 'Eph.2.8')!;
		const verses = await passageVerses(source, eph);
		expect(verses).toEqual([
			{
				verse: { bookRef: 'Eph', chapter: 2, verse: 8 },
				text: 'For by grace are ye saved through faith; and that not of yourselves: [it is] the gift of God:'
			}
		]);
		expect(await readTopic(source, 'NO SUCH TOPIC')).toBeUndefined();
	});

	it('reads verse, range and chapter references', () => {
		expect(parsePassageRef('Ps.5.11')).toEqual({
			osis: 'Ps.5.11',
			bookRef: 'Ps',
			chapter: 5,
			from: 11,
			to: 11
		});
		expect(parsePassageRef('Exod.6.16-Exod.6.20')).toMatchObject({ chapter: 6, from: 16, to: 20 });
		expect(parsePassageRef('1Chr.6.50-1Chr.6.53')).toMatchObject({
			bookRef: '1Chr',
			from: 50,
			to: 53
		});
		expect(parsePassageRef('Num.17')).toEqual({ osis: 'Num.17', bookRef: 'Num', chapter: 17 });
		expect(parsePassageRef('nonsense')).toBeUndefined();
	});

	it('a whole-chapter reference gives the chapter, up to the limit', async () => {
		const verses = await passageVerses(memorySource(), parsePassageRef('Num.17')!);
		expect(verses).toHaveLength(13);
		const capped = await passageVerses(memorySource(), parsePassageRef('Ps.119')!, 40);
		expect(capped).toHaveLength(40);
	});
});
