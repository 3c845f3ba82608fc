import { describe, expect, it } from 'vitest';
import { refName } from '$lib/bible/notes/ref-name';

const ref = { book: 'John', chapter: 3, verse: 16 };

describe('a verse’s name', () => {
	it('uses the name given, else the canon’s English name, else the reference as stored', () => {
		expect(refName({ book: '1Cor', chapter: 13, verse: 4 })).toBe('1 Corinthians 13:4');
		expect(refName(ref, 'Jean')).toBe('Jean 3:16');
		expect(refName({ book: 'Xyz', chapter: 1, verse: 2 })).toBe('Xyz 1:2');
	});
});
