import { describe, expect, it } from 'vitest';
import { IMAGE, layoutImage, wrapText } from '$lib/bible/verse-actions/share-image';

/** Every character 10 units wide: easy widths to reason about. */
const measure = (s: string) => s.length * 10;

describe('Share as image: the layout', () => {
	it('wraps at spaces, filling each line as far as it fits', () => {
		expect(wrapText('For God so loved the world', 100, measure)).toEqual([
			'For God so',
			'loved the',
			'world'
		]);
		// Exactly the width fits.
		expect(wrapText('abcde fghij', 110, measure)).toEqual(['abcde fghij']);
	});

	it('breaks a word wider than a line inside it, and never leaves a line too wide', () => {
		const lines = wrapText('a Mahershalalhashbaz b', 60, measure);
		expect(lines).toEqual(['a', 'Mahers', 'halalh', 'ashbaz', 'b']);
		for (const line of lines) expect(measure(line)).toBeLessThanOrEqual(60);
	});

	it('runs of spaces and line breaks count as one space; empty text has no lines', () => {
		expect(wrapText('  in\n the   beginning ', 1000, measure)).toEqual(['in the beginning']);
		expect(wrapText('   ', 100, measure)).toEqual([]);
	});

	it('a passage: verse numbers before each verse of a range, marks removed', () => {
		const layout = layoutImage(
			{
				reference: 'Genesis 1:1–2',
				translation: 'KJV',
				verses: [
					{ ref: '1', text: 'In the beginning God created the heaven and the earth.' },
					{ ref: '2', text: 'And the earth was without form, and void; and darkness [was] upon' }
				]
			},
			measure
		);
		const text = layout.lines.join(' ');
		expect(text).toContain('1 In the beginning');
		expect(text).toContain('2 And the earth');
		expect(text).toContain('darkness was upon');
		expect(layout.cut).toBe(false);
		// One verse alone has no number.
		const one = layoutImage(
			{ reference: 'John 11:35', translation: 'KJV', verses: [{ ref: '35', text: 'Jesus wept.' }] },
			measure
		);
		expect(one.lines).toEqual(['Jesus wept.']);
	});

	it('a long passage is cut at the most lines a picture holds, ending with "…"; the height follows the lines', () => {
		const verses = Array.from({ length: 60 }, (_, i) => ({
			ref: String(i + 1),
			text: 'and the evening and the morning were the first day'
		}));
		const layout = layoutImage({ reference: 'x', translation: 'y', verses }, measure);
		expect(layout.lines).toHaveLength(IMAGE.maxLines);
		expect(layout.cut).toBe(true);
		expect(layout.lines.at(-1)!.endsWith('…')).toBe(true);
		const short = layoutImage(
			{ reference: 'x', translation: 'y', verses: verses.slice(0, 1) },
			measure
		);
		expect(layout.height - short.height).toBe(
			(IMAGE.maxLines - short.lines.length) * IMAGE.verseLine
		);
	});
});
