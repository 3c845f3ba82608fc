import { beforeAll, describe, expect, it } from 'vitest';
import { FORMS_CHUNK, LEXICON_CHUNK, shownForm } from '$lib/bible/original/format';
import { locateWords } from '$lib/bible/original/locate';
import { splitOriginalData, type OriginalIndex } from '$lib/bible/original/split';
import { loadSwordText } from '$lib/fakes/bible/node-sources';
import { originalFile, originalFiles } from './original-data';

// The committed data, read and split once before the tests (a few seconds on a busy machine).
beforeAll(() => void originalFiles(), 120_000);

describe('splitOriginalData: one file per book, the lexicon and places in chunks', () => {
	it('writes each book of both texts to its own file, whole, and an index of their chapters', () => {
		const files = originalFiles();
		for (const [name, text, count] of [
			['sblgnt', 'SBLGNT', 27],
			['wlc', 'WLC', 39]
		] as const) {
			const file = originalFile(name);
			expect(file.books).toHaveLength(count);
			for (const book of file.books)
				expect(files.get(`original/${text}/${book.ref}.json`)).toBe(book);
			const index = files.get(`original/${text}/index.json`) as OriginalIndex;
			expect(index.books.map((b) => b.ref)).toEqual(file.books.map((b) => b.ref));
			expect(index.codes).toBe(file.codes);
			const lexicon = [...files.keys()].filter((f) => f.startsWith(`original/${text}/lexicon/`));
			expect(lexicon).toHaveLength(Math.ceil(file.lexicon.length / LEXICON_CHUNK));
			const forms = [...files.keys()].filter((f) => f.startsWith(`original/${text}/forms/`));
			expect(forms).toHaveLength(Math.ceil(file.lexicon.length / FORMS_CHUNK));
		}
		expect(files.has('original/SBLGNT/Gen.json')).toBe(false);
		expect(files.has('original/WLC/John.json')).toBe(false);
	});

	it('keeps every file small enough for a phone to fetch when it is first needed', () => {
		const big = [...originalFiles()]
			.map(([f, v]) => [f, JSON.stringify(v).length] as const)
			.filter(([, n]) => n > 700_000);
		expect(big).toEqual([]);
	});

	it('a lemma’s places are in the text’s order, each with the form it has there', () => {
		const files = splitOriginalData({
			text: 'WLC',
			source: '',
			codes: ['HNcmpa', 'HC/Ncmpa'],
			lexicon: [['אֱלֹהִים', 'H430', 'God', 'ʾĕlōhîm']],
			books: [
				{
					ref: 'Gen',
					chapters: [
						[
							[['אֱלֹהִים', 0, 0]],
							[],
							[
								['וֵ/אלֹהִים', 0, 1],
								['אֱלֹהִים', 0, 0]
							]
						]
					]
				}
			]
		});
		expect(files.get('original/WLC/forms/0.json')).toEqual({
			0: [['אֱלֹהִים', 'וֵאלֹהִים'], '1,2,0', '0,1,0']
		});
	});
});

describe('every verse of both texts as the demo serves it has its words where they are', () => {
	// Every verse of both texts (31,140): seconds of work on a busy machine, not a hang.
	it('finds each verse’s words, in order, in the served text', { timeout: 60_000 }, async () => {
		for (const [name, folder] of [
			['sblgnt', 'SBLGNT'],
			['wlc', 'WLC']
		] as const) {
			const texts = await loadSwordText(folder);
			const missing: string[] = [];
			for (const [b, book] of originalFile(name).books.entries())
				for (const [c, verses] of book.chapters.entries())
					for (const [v, words] of verses.entries()) {
						const text = texts[b]!.chapters[c]![v] ?? '';
						if (
							!locateWords(
								text,
								words.map((w) => shownForm(w[0]))
							) &&
							(words.length || text)
						)
							missing.push(`${book.ref} ${c + 1}:${v + 1}`);
					}
			expect(missing, folder).toEqual([]);
		}
	});
});
