import { beforeAll, describe, expect, it } from 'vitest';
import { describeGreek } from '$lib/bible/original/greek-parsing';
import {
	fold,
	prepareOriginalSearch,
	searchKind,
	searchOriginals
} from '$lib/bible/original/search';
import { memoized } from '$lib/bible/study/source';
import { originalFile, originalFiles, originalSource } from './original-data';

// The committed data, read and split once before the tests.
beforeAll(() => void originalFiles(), 120_000);

const where = (p: { bookRef: string; chapter: number; verse: number }) =>
	`${p.bookRef} ${p.chapter}:${p.verse}`;

/** Every word of a text, as the source has it, with its verse. */
function* words(name: 'sblgnt' | 'wlc') {
	const file = originalFile(name);
	for (const book of file.books)
		for (const [c, verses] of book.chapters.entries())
			for (const [v, verse] of verses.entries())
				for (const w of verse) yield { file, word: w, at: `${book.ref} ${c + 1}:${v + 1}` };
}

describe('what a query asks for', () => {
	it('a Strong’s number, a lemma (Greek or Hebrew letters) or a parsing (other words)', () => {
		expect(searchKind('G25')).toBe('strongs');
		expect(searchKind(' h0430 ')).toBe('strongs');
		expect(searchKind('ἀγαπάω')).toBe('lemma');
		expect(searchKind('אֱלֹהִים')).toBe('lemma');
		expect(searchKind('aorist passive imperative')).toBe('parsing');
		expect(searchKind('  ')).toBeUndefined();
	});

	it('folds away accents, breathings, vowel points and final sigma', () => {
		expect(fold('Θεός')).toBe(fold('θεοσ'));
		expect(fold('אֱלֹהִ֑ים')).toBe('אלהים');
		expect(fold('בְּ/רֵאשִׁ֖ית')).toBe('בראשית');
	});
});

// Each reads a text's whole lexicon, its places or its books: seconds on a busy machine.
describe('searchOriginals', { timeout: 60_000 }, () => {
	it('by Strong’s number: G25 is ἀγαπάω, every place of it, John 3:16 among them, counted per book', async () => {
		const found = (await searchOriginals(originalSource(), 'G25'))!;
		expect(found.kind).toBe('strongs');
		expect(found.lemmas).toEqual([{ text: 'SBLGNT', lemma: 'ἀγαπάω' }]);
		expect(found.places).toHaveLength(143);
		expect(found.places.map(where)).toContain('John 3:16');
		expect(found.places.find((p) => where(p) === 'John 3:16')!.form).toBe('ἠγάπησεν');
		expect(found.books.reduce((n, b) => n + b.count, 0)).toBe(143);
		expect(found.books[0]).toEqual({ text: 'SBLGNT', bookRef: 'Matt', count: 8 });
	});

	it('by Strong’s number in Hebrew: H430 stands as often as the words of the source carry it', async () => {
		const file = originalFile('wlc');
		const rows = new Set(
			file.lexicon.flatMap((r, i) => (r[1].split(' ').includes('H430') ? [i] : []))
		);
		let expected = 0;
		for (const { word } of words('wlc')) if (rows.has(word[1])) expected++;
		const found = (await searchOriginals(originalSource(), 'H430'))!;
		expect(found.places.length).toBe(expected);
		expect(expected).toBeGreaterThan(2000);
		expect(where(found.places[0]!)).toBe('Gen 1:1');
	});

	it('by lemma, with or without its accents: θεός and θεος find the same 1,300 places', async () => {
		const source = originalSource();
		const exact = (await searchOriginals(source, 'θεός'))!;
		const bare = (await searchOriginals(source, 'θεος'))!;
		expect(exact.kind).toBe('lemma');
		expect(exact.lemmas).toEqual([{ text: 'SBLGNT', lemma: 'θεός' }]);
		expect(bare.places).toEqual(exact.places);
		expect(exact.places.length).toBeGreaterThan(1300);
	});

	it('by form, when no lemma is spelt so: ἠγάπησεν finds each place written so, and only those', async () => {
		let expected = 0;
		for (const { word } of words('sblgnt')) if (fold(word[0]) === fold('ἠγάπησεν')) expected++;
		const found = (await searchOriginals(originalSource(), 'ηγαπησεν'))!;
		expect(found.kind).toBe('form');
		expect(found.places.length).toBe(expected);
		expect(found.places.every((p) => fold(p.form) === fold('ἠγάπησεν'))).toBe(true);
		expect(found.places.map(where)).toContain('John 3:16');
	});

	it('by parsing: "aorist passive imperative" finds every word whose parsing says so', async () => {
		let expected = 0;
		const codes = originalFile('sblgnt').codes;
		for (const { word } of words('sblgnt'))
			if (/aorist passive imperative/.test(describeGreek(codes[word[2]]!))) expected++;
		const found = (await searchOriginals(originalSource(), 'Aorist passive imperative'))!;
		expect(found.kind).toBe('parsing');
		expect(found.places.length).toBe(expected);
		expect(expected).toBeGreaterThan(50);
		expect(found.places.every((p) => p.text === 'SBLGNT')).toBe(true);
		// Matthew first, in the text's order.
		expect(found.books[0]!.bookRef).toBe('Matt');
	});

	it('a Hebrew parsing finds Hebrew words; a parsing neither text has finds nothing', async () => {
		const source = originalSource();
		const qal = (await searchOriginals(source, 'qal wayyiqtol'))!;
		expect(qal.places.length).toBeGreaterThan(1000);
		expect(qal.places.every((p) => p.text === 'WLC')).toBe(true);
		expect(where(qal.places[0]!)).toBe('Gen 1:3');
		expect((await searchOriginals(source, 'purple'))!.places).toEqual([]);
		expect(await searchOriginals(source, '')).toBeUndefined();
	});

	it('one source searched in turn in Greek and Hebrew keeps each text’s lemmas apart', async () => {
		const source = originalSource();
		for (let round = 0; round < 2; round++) {
			expect((await searchOriginals(source, 'G25'))!.lemmas).toEqual([
				{ text: 'SBLGNT', lemma: 'ἀγαπάω' }
			]);
			const elohim = (await searchOriginals(source, 'אֱלֹהִים'))!;
			expect(elohim.lemmas.map((l) => l.text)).toEqual(['WLC']);
			expect(elohim.places.every((p) => p.text === 'WLC')).toBe(true);
			expect((await searchOriginals(source, 'θεος'))!.lemmas).toEqual([
				{ text: 'SBLGNT', lemma: 'θεός' }
			]);
			const h430 = (await searchOriginals(source, 'H430'))!;
			expect(h430.lemmas.length).toBeGreaterThan(0);
			expect(h430.lemmas.every((l) => l.text === 'WLC')).toBe(true);
		}
	});

	it('a lexicon that could not be read is read again on the next search', async () => {
		const all = originalFiles();
		let refuse = true;
		const source = memoized(
			async (file) => {
				if (refuse && file.includes('/lexicon/')) throw new Error('offline');
				return structuredClone(all.get(file));
			},
			(file) => all.has(file)
		);
		await expect(searchOriginals(source, 'G25')).rejects.toThrow('offline');
		refuse = false;
		expect((await searchOriginals(source, 'G25'))!.places).toHaveLength(143);
	});
});

describe(
	'prepareOriginalSearch: what every search needs, read before the first',
	{ timeout: 60_000 },
	() => {
		it('reads both lexicons and indexes once; a search after it reads only its lemma’s places', async () => {
			const reads: string[] = [];
			const source = originalSource(reads);
			await prepareOriginalSearch(source);
			expect(reads.some((f) => f.startsWith('original/SBLGNT/lexicon/'))).toBe(true);
			expect(reads.some((f) => f.startsWith('original/WLC/lexicon/'))).toBe(true);
			expect(reads).toContain('original/SBLGNT/index.json');
			expect(reads).toContain('original/WLC/index.json');
			expect(reads.some((f) => f.includes('/forms/'))).toBe(false);
			reads.length = 0;
			const found = (await searchOriginals(source, 'ἀγαπάω'))!;
			expect(found.places.some((p) => where(p) === 'John 3:16')).toBe(true);
			// One file of places: the lexicon is not read again.
			expect(reads).toHaveLength(1);
			expect(reads[0]).toMatch(/^original\/SBLGNT\/forms\/\d+\.json$/);
		});
	}
);
