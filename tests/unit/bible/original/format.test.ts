// The Greek New Testament's and the Hebrew Bible's data: which texts are original, how forms show.
import { describe, expect, it } from 'vitest';
import {
	FORMS_CHUNK,
	LEXICON_CHUNK,
	formsChunk,
	isOriginalText,
	languageOf,
	lexiconChunk,
	shownForm,
	withoutAccents
} from '$lib/bible/original/format';

describe('the original texts’ data', () => {
	it('the SBLGNT and the WLC are the original texts, Greek and Hebrew; a translation is not', () => {
		expect(isOriginalText('SBLGNT')).toBe(true);
		expect(isOriginalText('WLC')).toBe(true);
		expect(isOriginalText('KJV')).toBe(false);
		expect(isOriginalText('wlc')).toBe(false);
		expect(languageOf('SBLGNT')).toBe('greek');
		expect(languageOf('WLC')).toBe('hebrew');
	});

	it('a form is shown without the slashes between its parts, and the Hebrew accents can be hidden', () => {
		expect(shownForm('וְ/הָ/אָרֶץ')).toBe('וְהָאָרֶץ');
		// The cantillation marks (U+0591 to U+05AF) go; the vowel points stay.
		expect(withoutAccents('בְּרֵאשִׁ֖ית')).toBe('בְּרֵאשִׁית');
	});

	it('lexicon and form rows are split into chunks of fixed size', () => {
		expect(lexiconChunk(0)).toBe(0);
		expect(lexiconChunk(LEXICON_CHUNK - 1)).toBe(0);
		expect(lexiconChunk(LEXICON_CHUNK)).toBe(1);
		expect(formsChunk(FORMS_CHUNK * 3 + 1)).toBe(3);
	});
});
