// What the search engine takes and answers, and its checks on what it reads back from IndexedDB.
import { describe, expect, it } from 'vitest';
import type { Book } from '$lib/bible/schemas';
import {
	allowedBooks,
	asRecord,
	bookKey,
	isSnapshot,
	notStoredAnswer
} from '$lib/bible/search/records';

const book = (ref: string, name: string, order: number): Book => ({
	apiUrl: `/x/${ref}`,
	chaptersCount: 2,
	name,
	order,
	ref
});
const BOOKS = [book('Gen', 'Genesis', 1), book('Mal', 'Malachi', 39), book('Matt', 'Matthew', 40)];
const snapshot = {
	v: 3,
	chapters: ['Gen 1'],
	verses: ['1'],
	accents: false,
	terms: 'beginning',
	offsets: new Uint32Array([0]),
	docs: new Uint32Array([0])
};

describe('the search’s records', () => {
	it('a book is named by its ref or its name, in any case, with or without spaces and dots', () => {
		expect(bookKey('1 John.')).toBe('1john');
		expect(allowedBooks(BOOKS, { book: 'genesis' })).toEqual({
			allowed: new Set(['Gen']),
			found: true
		});
		expect(allowedBooks(BOOKS, { book: 'MATT' })).toEqual({
			allowed: new Set(['Matt']),
			found: true
		});
		expect(allowedBooks(BOOKS, { book: 'Tobit' })).toEqual({ allowed: new Set(), found: false });
		expect(allowedBooks(BOOKS, {})).toEqual({ allowed: undefined, found: false });
	});

	it('a testament is the books before Matthew, or Matthew on; with a book, both must hold', () => {
		expect(allowedBooks(BOOKS, { testament: 'OT' }).allowed).toEqual(new Set(['Gen', 'Mal']));
		expect(allowedBooks(BOOKS, { testament: 'NT' }).allowed).toEqual(new Set(['Matt']));
		expect(allowedBooks(BOOKS, { book: 'Genesis', testament: 'NT' }).allowed).toEqual(new Set());
	});

	it('a stored chapter is read only if the cache wrote it: a book, a number and string verses', () => {
		const verses = [{ ref: '1', text: 'In the beginning' }];
		expect(asRecord({ bookRef: 'Gen', chapter: 1, data: { verses } })).toEqual({
			bookRef: 'Gen',
			chapter: 1,
			verses
		});
		expect(asRecord({ bookRef: 'Gen', chapter: '1', data: { verses } })).toBeUndefined();
		expect(
			asRecord({ bookRef: 'Gen', chapter: 1, data: { verses: [{ ref: 1, text: 'x' }] } })
		).toBeUndefined();
		expect(asRecord(null)).toBeUndefined();
	});

	it('a saved index is used only in the version and shape this code writes', () => {
		expect(isSnapshot(snapshot)).toBe(true);
		expect(isSnapshot({ ...snapshot, v: 2 })).toBe(false);
		expect(isSnapshot({ ...snapshot, verses: [] })).toBe(false);
		expect(isSnapshot({ ...snapshot, docs: [0] })).toBe(false);
		expect(isSnapshot(undefined)).toBe(false);
	});

	it('a translation this device does not keep answers no hits, and says how much there is to download', () => {
		const detail = { ref: 'WEB', name: 'World English Bible', books: BOOKS } as never;
		expect(notStoredAnswer('WEB', detail)).toEqual({
			ok: true,
			hits: [],
			total: 0,
			coverage: [{ bibleRef: 'WEB', name: 'World English Bible', chapters: 0, total: 6 }]
		});
		expect(notStoredAnswer('ASV', undefined)).toEqual({
			ok: true,
			hits: [],
			total: 0,
			coverage: [{ bibleRef: 'ASV', name: 'ASV', chapters: 0, total: undefined }]
		});
	});
});
