// The word index of one translation beyond what the engine tests reach: how highlight runs are
// joined, accents in strict searches, a saved index loaded back, texts kept or read on demand,
// and which chapters a search must read to decide a phrase.
import { describe, expect, it } from 'vitest';
import { parseQuery, type ParsedQuery } from '$lib/bible/search/query';
import { TranslationIndex } from '$lib/bible/search/verse-index';
import { matchVerse, mergeRuns, type ChapterText } from '$lib/bible/search/verse-match';
import { scanChapters } from '$lib/bible/search/text-scan';

function q(s: string): ParsedQuery {
	const r = parseQuery(s);
	if (!r.ok) throw new Error(r.message);
	return r.query;
}

const verses = (...texts: string[]) => texts.map((text, i) => ({ ref: String(i + 1), text }));
const byPlace = (d: { book: string; chapter: number; verse: string }) =>
	(d.book === 'Gen' ? 0 : 1) * 1e6 + d.chapter * 1e3 + Number(d.verse);
const noRead = async () => [];

async function search(
	index: TranslationIndex,
	s: string,
	loose = false,
	load: Parameters<TranslationIndex['search']>[4] = noRead
) {
	const found = await index.search(q(s), { loose }, byPlace, 50, load);
	return found.hits.map((h) => `${h.book} ${h.chapter}:${h.verse}`);
}

describe('highlight runs', () => {
	it('are sorted by where they start, overlapping or touching ones joined', () => {
		expect(
			mergeRuns([
				[10, 14],
				[0, 3],
				[14, 16],
				[2, 5],
				[20, 22]
			])
		).toEqual([
			[0, 5],
			[10, 16],
			[20, 22]
		]);
	});

	it('a run inside a longer one that starts before it is swallowed, not cut short', () => {
		expect(
			mergeRuns([
				[2, 3],
				[0, 10],
				[12, 13]
			])
		).toEqual([
			[0, 10],
			[12, 13]
		]);
		expect(mergeRuns([])).toEqual([]);
	});

	it('come out in text order whatever the order of the query words', () => {
		const text = 'God is love, and he that dwelleth in love dwelleth in God.';
		const runs = matchVerse(text, q('love god'), false)!;
		expect(runs.map(([s, e]) => text.slice(s, e))).toEqual(['God', 'love', 'love', 'God']);
	});

	it('a phrase at the very end of a verse is found and marked', () => {
		const text = 'and the Word was God';
		const runs = matchVerse(text, q('"was god"'), false)!;
		expect(runs.map(([s, e]) => text.slice(s, e))).toEqual(['was God']);
		expect(matchVerse('was', q('"was god"'), false)).toBeNull();
	});
});

describe('strict searches in an accented text', () => {
	it('"el" does not find "Él", in a verse of that one word too', async () => {
		const index = new TranslationIndex();
		index.addChapter('John', 1, verses('Él.', 'Y el Verbo era.'));
		expect(await search(index, 'el')).toEqual(['John 1:2']);
		expect(await search(index, 'él')).toEqual(['John 1:1']);
		expect(await search(index, 'el', true)).toEqual(['John 1:1', 'John 1:2']);
	});

	it('a later verse with quotes but no accents does not make the text count as unaccented', async () => {
		const index = new TranslationIndex();
		index.addChapter('John', 1, verses('Él era.', '“Amen.”', 'Y el Verbo era.'));
		expect(await search(index, 'el')).toEqual(['John 1:3']);
	});

	it('a loaded index remembers the text has accents', async () => {
		const built = new TranslationIndex();
		built.addChapter('John', 1, verses('Él era en el principio.', 'Y él vino.'));
		built.addChapter('John', 2, verses('Y el Verbo era Dios.'));
		const loaded = TranslationIndex.load(built.snapshot());
		const load = async () => [
			{ book: 'John', chapter: 1, verses: verses('Él era en el principio.', 'Y él vino.') },
			{ book: 'John', chapter: 2, verses: verses('Y el Verbo era Dios.') }
		];
		expect(await search(loaded, 'él', false, load)).toEqual(['John 1:1', 'John 1:2']);
		expect(await search(loaded, 'el', false, load)).toEqual(['John 1:1', 'John 2:1']);
		expect(await search(loaded, 'ÉL vino', false, load)).toEqual(['John 1:2']);
	});
});

describe('the chapters an index holds', () => {
	it('knows which chapters it holds, and keeps the first of a verse ref given twice', async () => {
		const index = new TranslationIndex();
		index.addChapter('Gen', 1, [
			{ ref: '1', text: 'In the beginning' },
			{ ref: '1', text: 'A second verse one' },
			{ ref: '2', text: 'And the earth' }
		]);
		expect(index.hasChapter('Gen', 1)).toBe(true);
		expect(index.hasChapter('Gen', 2)).toBe(false);
		expect(index.hasChapter('Exod', 1)).toBe(false);
		expect(await search(index, 'beginning')).toEqual(['Gen 1:1']);
		expect(await search(index, 'second')).toEqual([]);
		expect(index.snapshot().verses).toEqual(['1\u00012']);
	});

	it('lists its chapters, and removing one it does not hold changes nothing', async () => {
		const index = new TranslationIndex();
		index.addChapter('Gen', 1, verses('In the beginning'));
		index.addChapter('John', 3, verses('For God so loved the world'));
		index.removeChapter('Ruth', 1);
		expect(index.chapterKeys()).toEqual(['Gen\u00011', 'John\u00013']);
		expect(index.chapterCount).toBe(2);
		expect(await search(index, 'world')).toEqual(['John 3:1']);
	});

	it('a saved index loads back the same, an empty chapter included, and can still drop a chapter', async () => {
		const built = new TranslationIndex();
		built.addChapter('Gen', 1, verses('In the beginning', 'And the earth'));
		built.addChapter('Gen', 2, []);
		built.addChapter('John', 1, verses('In the beginning was the Word'));
		const snapshot = built.snapshot();
		expect(snapshot).toMatchObject({
			v: 3,
			chapters: ['Gen\u00011', 'Gen\u00012', 'John\u00011'],
			verses: ['1\u00012', '', '1'],
			accents: false
		});
		const loaded = TranslationIndex.load(snapshot);
		expect(loaded.snapshot()).toEqual(snapshot);
		loaded.removeChapter('Gen', 1);
		expect(loaded.chapterKeys()).toEqual(['Gen\u00012', 'John\u00011']);
		const load = async () => [
			{ book: 'John', chapter: 1, verses: verses('In the beginning was the Word') }
		];
		expect(await search(loaded, 'beginning', false, load)).toEqual(['John 1:1']);
	});
});

describe('texts of a loaded index', () => {
	it('texts kept for a chapter it does not hold yet do not hide that chapter once added', async () => {
		const loaded = TranslationIndex.load(new TranslationIndex().snapshot());
		loaded.keepTexts([{ book: 'Ruth', chapter: 1, verses: verses('Whither thou goest') }]);
		loaded.addChapter('Ruth', 1, verses('Whither thou goest'));
		expect(await search(loaded, 'goest')).toEqual(['Ruth 1:1']);
	});

	it('texts kept from an older read never replace a chapter stored since', async () => {
		const built = new TranslationIndex();
		built.addChapter('Gen', 1, verses('Old words here.'));
		const loaded = TranslationIndex.load(built.snapshot());
		loaded.addChapter('Gen', 1, verses('New words in the beginning.'));
		const older: ChapterText[] = [{ book: 'Gen', chapter: 1, verses: verses('Old words here.') }];
		loaded.keepTexts(older);
		const found = await loaded.search(q('"new words"'), { loose: false }, byPlace, 10, noRead);
		expect(found.hits.map((h) => h.text)).toEqual(['New words in the beginning.']);
	});

	it('a hit whose chapter cannot be read is still counted, shown without text or marks', async () => {
		const built = new TranslationIndex();
		built.addChapter('Gen', 1, verses('In the beginning'));
		const loaded = TranslationIndex.load(built.snapshot());
		const found = await loaded.search(q('beginning'), { loose: false }, byPlace, 10, noRead);
		expect(found).toEqual({
			hits: [{ book: 'Gen', chapter: 1, verse: '1', text: '', marks: [] }],
			total: 1
		});
	});

	it('a phrase is decided by reading only the chapters whose verses hold all its words', async () => {
		const text: ChapterText[] = [
			{ book: 'Gen', chapter: 1, verses: verses('In the beginning the earth.') },
			{ book: 'Gen', chapter: 2, verses: verses('The shepherd of the flock.') },
			{ book: 'Gen', chapter: 3, verses: verses('And the sheep of the fold.') },
			{ book: 'Gen', chapter: 4, verses: verses('Of the flock.') }
		];
		const built = new TranslationIndex();
		for (const c of text) built.addChapter(c.book, c.chapter, c.verses);
		const reads: number[][] = [];
		const load = async (keys: readonly [string, number][]) => {
			reads.push(keys.map(([, c]) => c).sort());
			return text.filter((c) => keys.some(([b, n]) => b === c.book && n === c.chapter));
		};
		const cases: [string, number[]][] = [
			['shepherd "of the"', [2]],
			['"the flock" of', [2, 4]],
			['"of the" and', [3]], // "of" and "the" alone are in every chapter
			['"of the" floc*', [2, 4]], // a prefix narrows too
			['she* "of the"', [2, 3]], // shepherd, sheep
			['"the earth"', [1]]
		];
		for (const [query, chapters] of cases) {
			const loaded = TranslationIndex.load(built.snapshot());
			reads.length = 0;
			const found = await loaded.search(q(query), { loose: false }, byPlace, 10, load);
			expect(reads[0], query).toEqual(chapters);
			expect(found.total, query).toBeGreaterThan(0);
		}
	});
});

describe('the cold-start scan', () => {
	it('needs every word in a verse, not any', () => {
		const chapters: ChapterText[] = [
			{ book: 'Gen', chapter: 1, verses: verses('light and darkness', 'light alone', 'dark') }
		];
		const found = scanChapters(chapters, q('light darkness'), { loose: false }, byPlace, 10);
		expect(found.hits.map((h) => h.verse)).toEqual(['1']);
		expect(found.total).toBe(1);
	});
});

describe('a chapter stored again with more verses', () => {
	it('indexes every verse, also one whose text a search had already read', async () => {
		const index = new TranslationIndex();
		index.addChapter('Gen', 1, verses('In the beginning.', 'And the earth was void.'));
		// Another tab stored Gen 1 with a third verse; a search read that text before this tab heard.
		index.keepTexts([
			{
				book: 'Gen',
				chapter: 1,
				verses: verses('In the beginning.', 'And the earth was void.', 'Let there be light.')
			}
		]);
		index.addChapter(
			'Gen',
			1,
			verses('In the beginning.', 'And the earth was void.', 'Let there be light.')
		);
		expect(await search(index, 'light')).toEqual(['Gen 1:3']);
		expect(index.chapterCount).toBe(1);
	});
});
