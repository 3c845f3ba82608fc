// The compact form of a sorted list of verse numbers in the study data (gaps in base 36).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeVerseList, encodeVerseList } from '$lib/bible/study/verse-list';

describe('a list of verses in the study data', () => {
	it('is written as the gaps between them, in base 36', () => {
		expect(encodeVerseList([0, 1, 37, 1000])).toBe('1,1,10,qr');
		expect(decodeVerseList('1,1,10,qr')).toEqual([0, 1, 37, 1000]);
		expect(encodeVerseList([])).toBe('');
		expect(decodeVerseList('')).toEqual([]);
	});

	it('reads back every sorted list of verse numbers it writes (property)', () => {
		fc.assert(
			fc.property(fc.uniqueArray(fc.nat(31_102)), (ordinals) => {
				const sorted = [...ordinals].sort((a, b) => a - b);
				expect(decodeVerseList(encodeVerseList(sorted))).toEqual(sorted);
			})
		);
	});
});
