import { describe, expect, it } from 'vitest';
import { textDirection } from '$lib/bible/reader/text-direction';

describe('textDirection', () => {
	it('runs Hebrew and the other right-to-left languages right to left, whatever the case or region', () => {
		expect(textDirection('he')).toBe('rtl');
		expect(textDirection('HE-il')).toBe('rtl');
		expect(textDirection('hbo')).toBe('rtl');
		expect(textDirection('ar')).toBe('rtl');
	});

	it('leaves Greek, English, Spanish and an unknown language to the page', () => {
		for (const lang of ['grc', 'en', 'es', '', undefined, 'hebrew'])
			expect(textDirection(lang)).toBeUndefined();
	});
});
