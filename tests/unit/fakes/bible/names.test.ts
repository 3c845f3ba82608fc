/** What the reader knows of the demo Bible before the demo service loads: names, and book files. */
import { describe, expect, it } from 'vitest';
import { demoBookName, demoBookUrls, demoTranslationName } from '$lib/fakes/bible/names';

describe('the demo Bible’s names', () => {
	it('names a translation and its books in its own language, so the first frame says "Genesis 1"', () => {
		expect(demoTranslationName('KJV')).toBe('King James Version (KJV)');
		expect(demoBookName('KJV', 'Gen')).toBe('Genesis');
		expect(demoBookName('RV1909', 'Gen')).toBe('Génesis');
	});

	it('the Greek and Hebrew texts name their books as the KJV does, and have no book URLs of their own', () => {
		expect(demoBookName('SBLGNT', 'John')).toBe('John');
		expect([...demoBookUrls.keys()].some((file) => /^(SBLGNT|WLC)\//.test(file))).toBe(false);
		expect(demoBookUrls.has('KJV/John.json')).toBe(true);
	});

	it('knows only its own refs: an unknown one, or "__proto__", is no name', () => {
		expect(demoTranslationName('NIV')).toBeUndefined();
		expect(demoTranslationName('__proto__')).toBeUndefined();
		expect(demoBookName('KJV', '__proto__')).toBeUndefined();
		expect(demoBookName('KJV', 'Nope')).toBeUndefined();
	});
});
