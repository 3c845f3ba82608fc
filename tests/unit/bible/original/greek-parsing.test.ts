import { beforeAll, describe, expect, it } from 'vitest';
import { describeGreek, UnknownCodeError } from '$lib/bible/original/greek-parsing';
import { originalFile } from './original-data';

// The committed data, read and split once before the tests (a few seconds on a busy machine).
beforeAll(() => void originalFile('sblgnt'), 120_000);

describe('describeGreek: MorphGNT codes in plain words', () => {
	it('reads the finite verb, the participle, the infinitive, the noun and the degree', () => {
		expect(describeGreek('V- 3AAI-S--')).toBe(
			'verb, aorist active indicative, third person singular'
		);
		expect(describeGreek('V- -PAPNSM-')).toBe(
			'verb, present active participle, nominative singular masculine'
		);
		expect(describeGreek('V- -AAN----')).toBe('verb, aorist active infinitive');
		expect(describeGreek('V- 2PAD-P--')).toBe(
			'verb, present active imperative, second person plural'
		);
		expect(describeGreek('N- ----DSF-')).toBe('noun, dative singular feminine');
		expect(describeGreek('RP ----GS--')).toBe('personal pronoun, genitive singular');
		expect(describeGreek('A- ----ASNC')).toBe('adjective, accusative singular neuter, comparative');
		expect(describeGreek('D- -------C')).toBe('adverb, comparative');
		expect(describeGreek('C- --------')).toBe('conjunction');
		expect(describeGreek('N- ----VSM-')).toBe('noun, vocative singular masculine');
	});

	it('refuses a code it cannot read instead of printing part of it', () => {
		expect(() => describeGreek('V- 3QAI-S--')).toThrow(UnknownCodeError);
		expect(() => describeGreek('ZZ --------')).toThrow(UnknownCodeError);
		expect(() => describeGreek('V- 3AAI')).toThrow(UnknownCodeError);
	});

	it('gives words for every one of the codes that occur in the SBLGNT, none left unread', () => {
		const { codes } = originalFile('sblgnt');
		expect(codes.length).toBeGreaterThan(550);
		const read = codes.map((code) => [code, describeGreek(code)] as const);
		for (const [code, words] of read) {
			expect(words, code).toMatch(/^[a-z ,]+$/);
			expect(words, code).not.toMatch(/undefined|unknown|,\s*,|^,|,$/);
		}
		// Each place of a code that is not "-" adds a word: a finite verb has five, and "person".
		const verb = read.find(([c]) => c === 'V- 3AAI-S--')![1];
		expect(verb.split(/[ ,]+/)).toHaveLength(7);
	});
});
