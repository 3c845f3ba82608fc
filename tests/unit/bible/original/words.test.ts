import { beforeAll, describe, expect, it } from 'vitest';
import { shownForm } from '$lib/bible/original/format';
import { everyForm, lemmaAt, originalChapter } from '$lib/bible/original/words';
import { originalFile, originalFiles, originalSource } from './original-data';

// The committed data, read and split once before the tests (a few seconds on a busy machine).
beforeAll(() => void originalFiles(), 120_000);

describe('the Greek and Hebrew words, looked up as the reader does', () => {
	it('John 3:16: ἠγάπησεν is ἀγαπάω, G25, "I love", a verb in the aorist', async () => {
		const source = originalSource();
		const chapter = (await originalChapter(source, 'SBLGNT', 'John', 3))!;
		const word = chapter.verses[15]!.find((w) => w[0] === 'ἠγάπησεν')!;
		expect(chapter.codes[word[2]]).toBe('V- 3AAI-S--');
		expect(await lemmaAt(source, 'SBLGNT', word[1])).toEqual({
			row: word[1],
			lemma: 'ἀγαπάω',
			strongs: ['G25'],
			gloss: 'I love',
			transliteration: 'agapaō'
		});
	});

	it('Genesis 1:1: the first word is the preposition and רֵאשִׁית, H7225, "beginning"', async () => {
		const source = originalSource();
		const [first] = (await originalChapter(source, 'WLC', 'Gen', 1))!.verses[0]!;
		expect(first![0].split('/')).toHaveLength(2);
		const lemma = (await lemmaAt(source, 'WLC', first![1]))!;
		expect([
			lemma.lemma.normalize('NFC'),
			lemma.strongs,
			lemma.gloss,
			lemma.transliteration
		]).toEqual(['רֵאשִׁית'.normalize('NFC'), ['H7225'], 'beginning', 'rēʾšît']);
	});

	it('a ketiv carries its qere: Genesis 8:17 הוצא is read הַיְצֵ֣א', async () => {
		const verse = (await originalChapter(originalSource(), 'WLC', 'Gen', 8))!.verses[16]!;
		const ketiv = verse.find((w) => w[0] === 'הוצא')!;
		expect(ketiv[3]?.[0]).toBe('הַיְצֵ֣א');
	});

	it('reads only the book, the index and the lexicon file it needs; none for a book the text lacks', async () => {
		const reads: string[] = [];
		const source = originalSource(reads);
		expect(await originalChapter(source, 'SBLGNT', 'Gen', 1)).toBeUndefined();
		await originalChapter(source, 'SBLGNT', 'John', 3);
		await lemmaAt(source, 'SBLGNT', 24);
		expect(reads.sort()).toEqual([
			'original/SBLGNT/John.json',
			'original/SBLGNT/index.json',
			'original/SBLGNT/lexicon/0.json'
		]);
	});
});

describe('everyForm: every place a lemma stands', () => {
	it('counts ἀγαπάω per book and per form, the same as the words of the text', async () => {
		const file = originalFile('sblgnt');
		const row = file.lexicon.findIndex((r) => r[0] === 'ἀγαπάω');
		const found = await everyForm(originalSource(), 'SBLGNT', row);
		// Counted here from the books themselves.
		const expected = file.books
			.map((b) => ({
				bookRef: b.ref,
				count: b.chapters
					.flat()
					.flat()
					.filter((w) => w[1] === row).length
			}))
			.filter((b) => b.count);
		expect(found.books).toEqual(expected);
		expect(found.places).toHaveLength(143);
		expect(found.places).toContainEqual({
			bookRef: 'John',
			chapter: 3,
			verse: 16,
			form: 'ἠγάπησεν'
		});
		expect(found.forms.reduce((n, f) => n + f.count, 0)).toBe(143);
		expect(found.forms[0]!.count).toBeGreaterThanOrEqual(found.forms.at(-1)!.count);
	});

	it('finds a lemma of 1,000 places and more in well under 100 ms (Hebrew אֱלֹהִים)', async () => {
		const file = originalFile('wlc');
		const row = file.lexicon.findIndex((r) => r[1] === 'H430');
		const source = originalSource();
		await everyForm(source, 'WLC', row); // the files read once
		const start = performance.now();
		const found = await everyForm(source, 'WLC', row);
		expect(performance.now() - start).toBeLessThan(100);
		expect(found.places.length).toBeGreaterThan(2000);
		expect(found.places[0]).toMatchObject({ bookRef: 'Gen', chapter: 1, verse: 1 });
		const gen11 = file.books[0]!.chapters[0]![0]!.find((w) => w[1] === row)!;
		expect(found.places[0]!.form).toBe(shownForm(gen11[0]));
		expect(found.forms.length).toBeGreaterThan(100);
	});
});

describe('the lemma → Strong’s join', () => {
	it('gives a Strong’s number to all but 167 of the 5,461 Greek lemmas, and to every Hebrew lemma', () => {
		const greek = originalFile('sblgnt').lexicon;
		const hebrew = originalFile('wlc').lexicon;
		expect(greek).toHaveLength(5461);
		expect(greek.filter((r) => !r[1])).toHaveLength(167);
		expect(hebrew.filter((r) => !/^H\d+$/.test(r[1]))).toEqual([]);
		// Every Hebrew lemma has its word; all but three (phrases: כִּי אִם, פֶּן) a transliteration,
		// all but one a gloss.
		expect(hebrew.filter((r) => !r[0])).toEqual([]);
		expect(hebrew.filter((r) => !r[3]).map((r) => r[1])).toEqual(['H518', 'H3588', 'H6435']);
		expect(hebrew.filter((r) => !r[2]).map((r) => r[1])).toEqual(['H2007']);
	});
});
