// The 66 books of the Protestant canon, in Bible order: how notes and plans are sorted and named.
import { describe, expect, it } from 'vitest';
import { CANON, bookOrder, canonBook } from '$lib/bible/notes/books';

describe('the books of the Bible', () => {
	it('are the 66 books, Genesis to Revelation, 1,189 chapters', () => {
		expect(CANON).toHaveLength(66);
		expect(CANON[0]).toEqual({ ref: 'Gen', name: 'Genesis', chapters: 50 });
		expect(CANON[65]).toEqual({ ref: 'Rev', name: 'Revelation', chapters: 22 });
		expect(CANON.reduce((n, b) => n + b.chapters, 0)).toBe(1189);
		expect(new Set(CANON.map((b) => b.ref)).size).toBe(66);
	});

	it('a book is found by its ref with its place; one outside the 66 comes after them all', () => {
		expect(canonBook('Matt')).toEqual({ ref: 'Matt', name: 'Matthew', chapters: 28, index: 39 });
		expect(canonBook('Tob')).toBeUndefined();
		expect(bookOrder('Gen')).toBeLessThan(bookOrder('Matt'));
		expect(bookOrder('Rev')).toBe(65);
		expect(bookOrder('Tob')).toBe(66);
		expect(bookOrder('__proto__')).toBe(66);
	});
});
