// Previous and next chapter for the reader's arrows: within a book, across books, skipping books
// with no chapters, and nothing at all for a book the translation does not have.
import { describe, expect, it } from 'vitest';
import { neighbours } from '$lib/bible/reader/navigation';

const books = [
	{ ref: 'Gen', chaptersCount: 3 },
	{ ref: 'Exod', chaptersCount: 2 },
	{ ref: 'Lev', chaptersCount: 0 },
	{ ref: 'Num', chaptersCount: 0 },
	{ ref: 'Deut', chaptersCount: 4 },
	{ ref: 'Obad', chaptersCount: 1 },
	{ ref: 'Empty', chaptersCount: 0 }
];

describe('previous and next chapter', () => {
	it('within a book, one chapter back and one on', () => {
		expect(neighbours(books, 'Gen', 2)).toEqual({
			prev: { bookRef: 'Gen', chapter: 1 },
			next: { bookRef: 'Gen', chapter: 3 }
		});
		expect(neighbours(books, 'Deut', 4).prev).toEqual({ bookRef: 'Deut', chapter: 3 });
	});

	it('from the first chapter of the second book back to the last chapter of the first', () => {
		expect(neighbours(books, 'Exod', 1)).toEqual({
			prev: { bookRef: 'Gen', chapter: 3 },
			next: { bookRef: 'Exod', chapter: 2 }
		});
	});

	it('books without chapters are skipped both ways', () => {
		expect(neighbours(books, 'Deut', 1).prev).toEqual({ bookRef: 'Exod', chapter: 2 });
		expect(neighbours(books, 'Exod', 2).next).toEqual({ bookRef: 'Deut', chapter: 1 });
	});

	it('a one-chapter book goes back to the book before and on to none when only empty books follow', () => {
		expect(neighbours(books, 'Obad', 1)).toEqual({
			prev: { bookRef: 'Deut', chapter: 4 },
			next: undefined
		});
	});

	it('the very first chapter has no previous one', () => {
		expect(neighbours(books, 'Gen', 1)).toEqual({
			prev: undefined,
			next: { bookRef: 'Gen', chapter: 2 }
		});
	});

	it('a book the translation does not have has neither', () => {
		expect(neighbours(books, 'Tobit', 1)).toEqual({});
		expect(neighbours([], 'Gen', 1)).toEqual({});
	});
});
