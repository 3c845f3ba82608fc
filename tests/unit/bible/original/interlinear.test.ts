import { beforeAll, describe, expect, it } from 'vitest';
import { interlinearChapter, isLit, originalTextOf } from '$lib/bible/original/interlinear';
import { memorySource, studyFiles } from '../study/memory-source';

// The whole study data, read and split once (a few seconds on a busy machine).
beforeAll(() => void studyFiles(), 120_000);

describe('interlinearChapter: a KJV chapter with the original words under each verse', () => {
	it('John 3:16: the Greek words in order with their glosses; "loved" and ἠγάπησεν share G25', async () => {
		const chapter = (await interlinearChapter(memorySource(), 'John', 3))!;
		expect(chapter.text).toBe('SBLGNT');
		expect(chapter.sameVerses).toBe(true);
		const greek = chapter.original[15]!;
		expect(greek.map((w) => w.form).slice(0, 5)).toEqual(['Οὕτως', 'γὰρ', 'ἠγάπησεν', 'ὁ', 'θεὸς']);
		const loved = greek.find((w) => w.form === 'ἠγάπησεν')!;
		expect(loved).toEqual({ form: 'ἠγάπησεν', gloss: 'I love', strongs: ['G25'] });
		const english = chapter.english[15]!.find((p) => p.text === 'loved')!;
		expect(isLit(english.strongs, loved.strongs)).toBe(true);
		expect(isLit(english.strongs, ['G2316'])).toBe(false);
		expect(chapter.english).toHaveLength(36);
		expect(chapter.original).toHaveLength(36);
	});

	it('Genesis 1:1: the Hebrew words with their prefixes joined, H7225 "beginning" first', async () => {
		const chapter = (await interlinearChapter(memorySource(), 'Gen', 1))!;
		expect(chapter.text).toBe('WLC');
		const [first, second] = chapter.original[0]!;
		expect(first!.form).not.toContain('/');
		expect(first!.form.normalize('NFD').startsWith('בְּרֵ'.normalize('NFD'))).toBe(true);
		expect([first!.gloss, first!.strongs]).toEqual(['beginning', ['H7225']]);
		expect(second!.strongs).toEqual(['H1254']);
	});

	it('a chapter the Hebrew numbers otherwise gives no words rather than the wrong ones (Joel 2)', async () => {
		const chapter = (await interlinearChapter(memorySource(), 'Joel', 2))!;
		expect(chapter.sameVerses).toBe(false);
		expect(chapter.original).toEqual([]);
		expect(chapter.english).toHaveLength(32);
	});

	it('a verse the Greek text lacks is empty (Acts 8:37), its neighbours are not', async () => {
		const chapter = (await interlinearChapter(memorySource(), 'Acts', 8))!;
		expect(chapter.original[36]).toEqual([]);
		expect(chapter.original[35]!.length).toBeGreaterThan(0);
		expect(chapter.english[36]!.length).toBeGreaterThan(0);
	});

	it('reads the KJV book, the original book, its index and only the lexicon files its words name', async () => {
		const reads: string[] = [];
		await interlinearChapter(memorySource(reads), 'John', 3);
		expect(reads.filter((f) => !f.includes('/lexicon/')).sort()).toEqual([
			'kjv/John.json',
			'original/SBLGNT/John.json',
			'original/SBLGNT/index.json'
		]);
		const lexicon = reads.filter((f) => f.includes('/lexicon/'));
		expect(new Set(lexicon).size).toBe(lexicon.length);
		expect(lexicon.every((f) => f.startsWith('original/SBLGNT/lexicon/'))).toBe(true);
	});

	it('no interlinear for a chapter past the end, or a book neither text has', async () => {
		const source = memorySource();
		expect(await interlinearChapter(source, 'John', 99)).toBeUndefined();
		expect(await interlinearChapter(source, 'Tob', 1)).toBeUndefined();
		expect(originalTextOf(source, 'Matt')).toBe('SBLGNT');
		expect(originalTextOf(source, 'Mal')).toBe('WLC');
		expect(originalTextOf(source, 'Tob')).toBeUndefined();
	});
});

describe('isLit', () => {
	it('is lit when any of its numbers is lit; a word without a number never is', () => {
		expect(isLit(['G548', 'G549'], ['G549'])).toBe(true);
		expect(isLit([], ['G25'])).toBe(false);
		expect(isLit(undefined, ['G25'])).toBe(false);
		expect(isLit(['G25'], [])).toBe(false);
	});
});
