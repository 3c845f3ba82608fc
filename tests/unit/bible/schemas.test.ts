// The Bible API's answers as the app checks them at the boundary (schemas.ts).
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
	BibleListSchema,
	ChapterEnvelopeSchema,
	ChapterSchema,
	booksInOrder,
	type Book
} from '$lib/bible/schemas';

const book = (ref: string, order: number): Book => ({
	apiUrl: `/bibles/KJV/books/${ref}`,
	chaptersCount: 1,
	name: ref,
	order,
	ref
});

describe('the Bible API’s answers', () => {
	it('BI-ENV-1: an answer is {data, success: true}; success false or a bare list is refused', () => {
		expect(v.is(BibleListSchema, { data: [], success: true })).toBe(true);
		expect(v.is(BibleListSchema, { data: [], success: false })).toBe(false);
		expect(v.is(BibleListSchema, [])).toBe(false);
	});

	it('BI-CH-1: a chapter’s ref is an integer and each verse’s ref a string', () => {
		const chapter = { apiUrl: '/x', ref: 3, verses: [{ ref: '16', text: 'For God so loved' }] };
		expect(v.is(ChapterSchema, chapter)).toBe(true);
		expect(v.is(ChapterEnvelopeSchema, { data: chapter, success: true })).toBe(true);
		expect(v.is(ChapterSchema, { ...chapter, ref: '3' })).toBe(false);
		expect(v.is(ChapterSchema, { ...chapter, ref: 3.5 })).toBe(false);
		expect(v.is(ChapterSchema, { ...chapter, verses: [{ ref: 16, text: 'For God' }] })).toBe(false);
	});

	it('BI-BOOK-1: books are put in the order of their `order` field, whatever order they came in', () => {
		const books = [book('Exod', 2), book('Rev', 66), book('Gen', 1)];
		expect(booksInOrder(books).map((b) => b.ref)).toEqual(['Gen', 'Exod', 'Rev']);
		// The list it was given is left as it came.
		expect(books.map((b) => b.ref)).toEqual(['Exod', 'Rev', 'Gen']);
	});
});
