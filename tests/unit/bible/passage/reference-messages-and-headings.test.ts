// Reference lookup beyond the round trips of reference.test.ts: the exact messages a reader gets,
// translations with fewer chapters than the KJV, OSIS strings that are not one passage, and
// the headings formatRange writes.
import { beforeAll, describe, expect, it } from 'vitest';
import {
	formatRange,
	loadParser,
	osisToRange,
	parseReference,
	type BookShape,
	type OsisParser
} from '$lib/bible/passage/reference';

const BOOKS: BookShape[] = [
	{ ref: 'Gen', name: 'Genesis', chaptersCount: 50 },
	{ ref: 'Ps', name: 'Psalms', chaptersCount: 150 },
	{ ref: 'John', name: 'John', chaptersCount: 21 },
	{ ref: '3John', name: '3 John', chaptersCount: 1 },
	{ ref: 'Jude', name: 'Jude', chaptersCount: 1 },
	{ ref: 'Rev', name: 'Revelation', chaptersCount: 22 }
];

let parser: OsisParser;
beforeAll(async () => {
	parser = await loadParser();
});

const parse = (text: string, books: readonly BookShape[] = BOOKS) =>
	parseReference(parser, text, books);

describe('what a reader is told', () => {
	it('asks for a reference when nothing is typed', () => {
		const ask = { kind: 'none', message: 'Type a reference, for example John 3:16.' };
		expect(parse('')).toEqual(ask);
		expect(parse('   ')).toEqual(ask);
	});

	it('quotes what was typed without the spaces around it', () => {
		expect(parse('  hello there  ')).toEqual({
			kind: 'none',
			message: 'hello there is not a reference this reader understands. Try for example John 3:16.'
		});
		expect(parse('  John 3:16 ')).toEqual({
			kind: 'range',
			range: { bookRef: 'John', startChapter: 3, startVerse: 16, endChapter: 3, endVerse: 16 }
		});
	});

	it('a chapter or verse beyond the book "does not exist", also after a text that was not a reference', () => {
		expect(parse('hello')).toMatchObject({ kind: 'none' });
		expect(parse('John 99')).toEqual({ kind: 'none', message: 'John 99 does not exist.' });
		expect(parse('John 3:99')).toEqual({ kind: 'none', message: 'John 3:99 does not exist.' });
		expect(parse('Ps 151')).toEqual({ kind: 'none', message: 'Ps 151 does not exist.' });
		expect(parse('John 3:16')).toMatchObject({ kind: 'range' });
	});

	it('verses are counted as the King James Version counts them', () => {
		expect(parse('3 John 15')).toEqual({ kind: 'none', message: '3 John 15 does not exist.' });
		expect(parse('3 John 14')).toEqual({
			kind: 'range',
			range: { bookRef: '3John', startChapter: 1, startVerse: 14, endChapter: 1, endVerse: 14 }
		});
		expect(parse('Rev 12:18').kind).toBe('none');
		expect(parse('Rev 12:17').kind).toBe('range');
	});

	it('a book named alone opens its first chapter', () => {
		expect(parse('Genesis')).toEqual({
			kind: 'range',
			range: { bookRef: 'Gen', startChapter: 1, endChapter: 1 }
		});
	});

	it('a run of whole chapters, to the end of the book, stays chapters', () => {
		expect(parse('Genesis 1-50')).toEqual({
			kind: 'range',
			range: { bookRef: 'Gen', startChapter: 1, endChapter: 50 }
		});
		expect(parse('Gen 1:1-2:3')).toEqual({
			kind: 'range',
			range: { bookRef: 'Gen', startChapter: 1, startVerse: 1, endChapter: 2, endVerse: 3 }
		});
	});

	it('in a translation with fewer chapters than the KJV, says how many the book has', () => {
		const short = BOOKS.map((b) => (b.ref === 'John' ? { ...b, chaptersCount: 10 } : b));
		expect(parse('John 12', short)).toEqual({
			kind: 'none',
			message: 'John 12 does not exist: John has 10 chapters.'
		});
		expect(parse('John 9-12', short)).toEqual({
			kind: 'none',
			message: 'John 9-12 does not exist: John has 10 chapters.'
		});
		expect(parse('John 10', short)).toEqual({
			kind: 'range',
			range: { bookRef: 'John', startChapter: 10, endChapter: 10 }
		});
	});
});

describe('reading an OSIS string', () => {
	it('takes the first passage of several, spaces around it ignored', () => {
		expect(osisToRange(' Gen.1 ,John.3')).toEqual({
			bookRef: 'Gen',
			startChapter: 1,
			endChapter: 1
		});
		expect(osisToRange('')).toBeNull();
		expect(osisToRange(',John.3')).toBeNull();
	});

	it('refuses a passage with a malformed start or end, or across books', () => {
		expect(osisToRange('junk-John.3')).toBeNull();
		expect(osisToRange('John.3-junk')).toBeNull();
		expect(osisToRange('John.3-Acts.1')).toBeNull();
		expect(osisToRange('5John.3')).toBeNull();
		expect(osisToRange('John.3.16x')).toBeNull();
		expect(osisToRange('John.3.16.2')).toBeNull();
	});

	it('a range from a verse to a whole chapter has no end verse', () => {
		const range = osisToRange('John.3.16-John.4');
		expect(range).toMatchObject({
			bookRef: 'John',
			startChapter: 3,
			startVerse: 16,
			endChapter: 4
		});
		expect(range?.endVerse).toBeUndefined();
	});
});

describe('headings', () => {
	it('whole chapters: one, or a run', () => {
		expect(formatRange({ bookRef: 'Gen', startChapter: 1, endChapter: 1 }, 'Genesis')).toBe(
			'Genesis 1'
		);
		expect(formatRange({ bookRef: 'Gen', startChapter: 1, endChapter: 3 }, 'Genesis')).toBe(
			'Genesis 1–3'
		);
	});

	it('one verse, written once', () => {
		const verse = { bookRef: 'John', startChapter: 3, startVerse: 16, endChapter: 3 };
		expect(formatRange({ ...verse, endVerse: 16 }, 'John')).toBe('John 3:16');
		expect(formatRange(verse, 'John')).toBe('John 3:16');
		expect(formatRange({ ...verse, endVerse: 18 }, 'John')).toBe('John 3:16–18');
	});

	it('verses across chapters', () => {
		expect(
			formatRange(
				{ bookRef: 'John', startChapter: 3, startVerse: 16, endChapter: 4, endVerse: 2 },
				'John'
			)
		).toBe('John 3:16–4:2');
	});
});
