import { beforeAll, describe, expect, it } from 'vitest';
import {
	describeHebrew,
	splitHebrewCode,
	UnknownCodeError
} from '$lib/bible/original/hebrew-parsing';
import type { OriginalWord } from '$lib/bible/original/format';
import { originalFile } from './original-data';

// The committed data, read and split once before the tests (a few seconds on a busy machine).
beforeAll(() => void originalFile('wlc'), 120_000);

describe('describeHebrew: OSHB morphology codes in plain words', () => {
	it('reads Genesis 1:1: a noun with the preposition, a qal perfect, the article and the conjunction', () => {
		expect(describeHebrew('HR/Ncfsa', 'בְּ/רֵאשִׁ֖ית')).toBe(
			'noun, feminine singular absolute, with the preposition בְּ'
		);
		expect(describeHebrew('HVqp3ms', 'בָּרָ֣א')).toBe(
			'verb, qal perfect, third person masculine singular'
		);
		expect(describeHebrew('HTd/Ncmpa', 'הַ/שָּׁמַ֖יִם')).toBe(
			'noun, masculine plural absolute, with the article הַ'
		);
		expect(describeHebrew('HC/Td/Ncbsa', 'וְ/הָ/אָ֗רֶץ')).toBe(
			'noun, masculine or feminine singular absolute, with the conjunction וְ and the article הָ'
		);
		expect(describeHebrew('HTo', 'אֵ֥ת')).toBe('direct object marker');
	});

	it('names suffixes, participles, infinitives, the sequential forms and Aramaic', () => {
		expect(describeHebrew('HR/Sp2fs', 'אִתָּ֑/ךְ')).toBe(
			'preposition, with the pronominal suffix ךְ, second person feminine singular'
		);
		expect(describeHebrew('HVprfsa')).toBe(
			'verb, piel active participle, feminine singular absolute'
		);
		expect(describeHebrew('HVqc')).toBe('verb, qal infinitive construct');
		expect(describeHebrew('HC/Vqw3ms', 'וַ/יֹּ֥אמֶר')).toBe(
			'verb, qal sequential imperfect (wayyiqtol), third person masculine singular, with the conjunction וַ'
		);
		expect(describeHebrew('AVqp3ms')).toBe(
			'Aramaic verb, peal perfect, third person masculine singular'
		);
		expect(describeHebrew('HPdxms')).toBe('demonstrative pronoun, masculine singular');
		expect(describeHebrew('HNp')).toBe('proper name');
	});

	it('refuses a code it cannot read instead of printing part of it', () => {
		expect(() => describeHebrew('HNzmsa')).toThrow(UnknownCodeError);
		expect(() => describeHebrew('XNcmsa')).toThrow(UnknownCodeError);
		expect(() => describeHebrew('HNcmsaq')).toThrow(UnknownCodeError);
		expect(() => describeHebrew('HR//Ncmsa')).toThrow(UnknownCodeError);
	});

	it('gives words for every one of the codes that occur in the WLC, each with its own word’s parts', () => {
		const { codes, books } = originalFile('wlc');
		expect(codes.length).toBeGreaterThan(3000);
		// One word written with each code (a reading, qere, has its own).
		const example = new Map<number, string>();
		const visit = (w: OriginalWord) => {
			if (!example.has(w[2])) example.set(w[2], w[0]);
			if (w[3]) visit(w[3]);
		};
		for (const b of books) for (const c of b.chapters) for (const v of c) v.forEach(visit);
		expect(example.size).toBe(codes.length);
		let named = 0;
		for (const [i, code] of codes.entries()) {
			const form = example.get(i)!;
			const words = describeHebrew(code, form);
			expect(words, code).not.toMatch(/undefined|unknown|,\s*,|^,|,$| {2}/);
			expect(words, code).toMatch(/^(Aramaic )?[a-z]/);
			const { parts, main } = splitHebrewCode(code);
			// Every prefix and suffix is named with its letters as written.
			if (form.split('/').length === parts.length)
				for (const [p, piece] of form.split('/').entries())
					if (p !== main) {
						expect(words, `${code} ${form}`).toContain(piece);
						named++;
					}
		}
		expect(named).toBeGreaterThan(3000);
	});
});
