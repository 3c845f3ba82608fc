import { FileRefused } from '$lib/ui/file-refused';
import { describe, expect, it } from 'vitest';
import { bookOrder, CANON, canonBook } from '$lib/bible/notes/books';
import {
	compareRefs,
	exportNotes,
	FILE_FORMAT,
	HIGHLIGHT_NAMES,
	isEmpty,
	parseLabels,
	parseNotesFile,
	passageText,
	rangeName,
	refKey,
	shortName,
	validRef,
	type VerseNote
} from '$lib/bible/notes/format';
import { describeImport, mergeNotes, type MergeResult } from '$lib/bible/notes/merge';
import { entry, file, note } from './samples';

/** The reason a file is refused with, as the user reads it (and that it is a refusal, not a crash). */
function refusal(text: string): string {
	try {
		parseNotesFile(text);
	} catch (error) {
		expect(error).toBeInstanceOf(FileRefused);
		return (error as Error).message;
	}
	throw new Error('the file was accepted');
}

const here = (...notes: VerseNote[]) => new Map(notes.map((x) => [refKey(x), x]));

describe('the books of the canon', () => {
	it('are the 66 books in Bible order, with 1,189 chapters in all', () => {
		expect(CANON).toHaveLength(66);
		expect(CANON[0]).toEqual({ ref: 'Gen', name: 'Genesis', chapters: 50 });
		expect(CANON[65]).toEqual({ ref: 'Rev', name: 'Revelation', chapters: 22 });
		expect(CANON.reduce((sum, b) => sum + b.chapters, 0)).toBe(1189);
	});

	it('are found by OSIS ref with their place in the order', () => {
		expect(canonBook('John')).toEqual({ ref: 'John', name: 'John', chapters: 21, index: 42 });
		expect(canonBook('1Cor')?.name).toBe('1 Corinthians');
		expect(canonBook('Tob')).toBeUndefined();
	});

	it('order a book by its place, and a book outside the 66 after them all', () => {
		expect(bookOrder('Gen')).toBe(0);
		expect(bookOrder('Exod')).toBe(1);
		expect(bookOrder('Rev')).toBe(65);
		expect(bookOrder('Tob')).toBe(66);
	});
});

describe('a verse reference', () => {
	it('accepts a verse of the canon, with a numbered book', () => {
		expect(validRef({ book: 'John', chapter: 3, verse: 16 })).toBeUndefined();
		expect(validRef({ book: '1Cor', chapter: 13, verse: 4 })).toBeUndefined();
		expect(validRef({ book: 'John', chapter: 21, verse: 1 })).toBeUndefined();
	});

	it.each([
		['null', null],
		['true', true],
		['<b>John', '<b>John'],
		['John<b>', 'John<b>'],
		['5Cor', '5Cor']
	])('refuses the book %s as not a book reference', (shown, book) => {
		expect(validRef({ book, chapter: 1, verse: 1 } as never)).toBe(
			`the book “${shown}” is not a book reference (such as John or 1Cor).`
		);
	});

	it('shows at most 40 characters of a bad book', () => {
		const book = 'x'.repeat(50) + '!';
		expect(validRef({ book, chapter: 1, verse: 1 })).toBe(
			`the book “${'x'.repeat(40)}” is not a book reference (such as John or 1Cor).`
		);
	});

	it('names a known book by its name and an unknown one by its ref', () => {
		expect(validRef({ book: 'John', chapter: 22, verse: 1 })).toBe('John has no chapter 22.');
		expect(validRef({ book: '1Cor', chapter: 17, verse: 1 })).toBe(
			'1 Corinthians has no chapter 17.'
		);
		expect(validRef({ book: 'Tob', chapter: 151, verse: 1 })).toBe('Tob has no chapter 151.');
		expect(validRef({ book: 'John', chapter: 3, verse: 201 })).toBe('John 3 has no verse 201.');
		expect(validRef({ book: 'Tob', chapter: 1, verse: 201 })).toBe('Tob 1 has no verse 201.');
	});

	it('a book outside the 66 may have up to 150 chapters', () => {
		expect(validRef({ book: 'Tob', chapter: 150, verse: 1 })).toBeUndefined();
	});

	it('a verse runs from 1 to 200', () => {
		expect(validRef({ book: 'Ps', chapter: 119, verse: 200 })).toBeUndefined();
		expect(validRef({ book: 'Ps', chapter: 119, verse: 1 })).toBeUndefined();
		expect(validRef({ book: 'Ps', chapter: 119, verse: 0 })).toBe('Psalms 119 has no verse 0.');
		expect(validRef({ book: 'Ps', chapter: 119, verse: 1.5 })).toBe('Psalms 119 has no verse 1.5.');
	});

	it('shows at most 20 characters of a bad chapter or verse', () => {
		const long = 'y'.repeat(30);
		expect(validRef({ book: 'John', chapter: long, verse: 1 } as never)).toBe(
			`John has no chapter ${'y'.repeat(20)}.`
		);
		expect(validRef({ book: 'John', chapter: 3, verse: long } as never)).toBe(
			`John 3 has no verse ${'y'.repeat(20)}.`
		);
	});
});

describe('what a verse keeps', () => {
	it('a verse with only spaces for a note keeps nothing', () => {
		expect(isEmpty({ bookmark: false, note: '  \n ', labels: [] })).toBe(true);
	});

	it('a label, a bookmark, a highlight or a note is something kept', () => {
		expect(isEmpty({ bookmark: false, note: '', labels: ['love'] })).toBe(false);
		expect(isEmpty({ bookmark: true, note: '', labels: [] })).toBe(false);
		expect(isEmpty({ bookmark: false, highlight: 'blue', note: '', labels: [] })).toBe(false);
		expect(isEmpty({ bookmark: false, note: 'x', labels: [] })).toBe(false);
	});

	it('labels are trimmed, their inner spaces made one, and cut at 40 characters', () => {
		expect(parseLabels(' to   memorise ,\tgood\n news')).toEqual(['to memorise', 'good news']);
		expect(parseLabels('z'.repeat(45))).toEqual(['z'.repeat(40)]);
	});

	it('at most 20 labels are kept, the first typed', () => {
		const typed = Array.from({ length: 25 }, (_, i) => `l${i}`);
		expect(parseLabels(typed.join(','))).toEqual(typed.slice(0, 20));
	});

	it('the colours have the names the user sees', () => {
		expect(HIGHLIGHT_NAMES).toEqual({
			yellow: 'Yellow',
			green: 'Green',
			blue: 'Blue',
			pink: 'Pink'
		});
	});
});

describe('Bible order', () => {
	const ref = (book: string, chapter = 1, verse = 1) => ({ book, chapter, verse });

	it('puts books in canon order, not alphabetical', () => {
		expect(compareRefs(ref('Acts'), ref('Gen'))).toBeGreaterThan(0);
		expect(compareRefs(ref('Gen'), ref('Acts'))).toBeLessThan(0);
	});

	it('puts books outside the 66 after them, among themselves by ref', () => {
		expect(compareRefs(ref('Tob'), ref('Rev'))).toBeGreaterThan(0);
		expect(compareRefs(ref('Sir'), ref('Tob'))).toBeLessThan(0);
		expect(compareRefs(ref('Tob'), ref('Sir'))).toBeGreaterThan(0);
		expect(compareRefs(ref('Tob', 2), ref('Tob', 1))).toBeGreaterThan(0);
	});

	it('within a book, by chapter then verse; the same verse compares equal', () => {
		expect(compareRefs(ref('John', 3, 16), ref('John', 3, 16))).toBe(0);
		expect(compareRefs(ref('Tob', 3, 16), ref('Tob', 3, 16))).toBe(0);
		expect(compareRefs(ref('John', 3, 17), ref('John', 3, 16))).toBeGreaterThan(0);
		expect(compareRefs(ref('John', 3, 16), ref('John', 3, 17))).toBeLessThan(0);
		expect(compareRefs(ref('John', 4, 1), ref('John', 3, 30))).toBeGreaterThan(0);
		expect(compareRefs(ref('John', 3, 30), ref('John', 4, 1))).toBeLessThan(0);
	});
});

describe('exporting notes', () => {
	it('writes the documented format, pretty, ending with a new line', () => {
		const text = exportNotes(
			[
				note({
					bookmark: true,
					highlight: 'green',
					note: 'Text',
					labels: ['love', 'gospel'],
					created: Date.UTC(2025, 0, 2, 10),
					updated: Date.UTC(2025, 0, 3, 9, 30)
				}),
				note({ book: 'Gen', chapter: 1, verse: 1, note: 'In the beginning' })
			],
			Date.UTC(2025, 0, 31, 12)
		);
		expect(text).toBe(`{
  "format": "api-workbench-bible-notes",
  "version": 1,
  "exported": "2025-01-31T12:00:00.000Z",
  "notes": [
    {
      "book": "Gen",
      "chapter": 1,
      "verse": 1,
      "bookmark": false,
      "note": "In the beginning",
      "labels": [],
      "created": "2024-01-01T00:00:00.000Z",
      "updated": "2024-01-01T00:00:00.000Z"
    },
    {
      "book": "John",
      "chapter": 3,
      "verse": 16,
      "bookmark": true,
      "highlight": "green",
      "note": "Text",
      "labels": [
        "love",
        "gospel"
      ],
      "created": "2025-01-02T10:00:00.000Z",
      "updated": "2025-01-03T09:30:00.000Z"
    }
  ]
}
`);
		expect(FILE_FORMAT).toBe('api-workbench-bible-notes');
	});

	it('reads back labels, and no highlight where there was none', () => {
		const [back] = parseNotesFile(exportNotes([note({ labels: ['love', 'gospel'] })]));
		expect(back!.labels).toEqual(['love', 'gospel']);
		expect('highlight' in back!).toBe(false);
	});
});

describe('importing a notes file', () => {
	it('a file of exactly 5 MB is read; one character more is refused', () => {
		const text = file([entry()]);
		const padded = text + ' '.repeat(5_000_000 - text.length);
		expect(parseNotesFile(padded)).toHaveLength(1);
		expect(refusal(padded + ' ')).toBe(
			'the file is larger than 5 MB; an export of notes is far smaller.'
		);
	});

	it.each([
		['null', 'null'],
		['a list', '[]'],
		['text', '"notes"'],
		['another format', file([], { format: 'other' })]
	])('refuses %s as not a notes file', (_, text) => {
		expect(refusal(text)).toBe(
			'this is not a notes file of this app. Choose a file made with Export notes.'
		);
	});

	it('says which version the file is, at most 20 characters of it', () => {
		expect(refusal(file([], { version: 'v'.repeat(30) }))).toBe(
			`the file is version ${'v'.repeat(20)}; this app reads version 1. Export the notes again with this app.`
		);
		expect(refusal(file([], { version: '1' }))).toMatch(/^the file is version 1; /);
	});

	it('refuses a field exports never have, naming at most 40 characters of it', () => {
		expect(refusal(file([], { extra: true }))).toBe(
			'the file has a field “extra” that exports never have.'
		);
		expect(refusal(file([], { ['k'.repeat(50)]: 1 }))).toBe(
			`the file has a field “${'k'.repeat(40)}” that exports never have.`
		);
	});

	it('refuses a file without a list of notes', () => {
		expect(refusal(file([], { notes: {} }))).toBe('the file has no list of notes.');
		expect(refusal(file([], { notes: 'John 3:16' }))).toBe('the file has no list of notes.');
	});

	it('refuses more than 50,000 verses before reading any', () => {
		expect(refusal(file(new Array(50_001).fill(0)))).toBe('the file holds more than 50000 verses.');
		// 50,000 is allowed: the file is read, and its first entry is what is refused.
		expect(refusal(file(new Array(50_000).fill(0)))).toBe(
			'Entry 1 of the file is not a verse’s notes.'
		);
	});

	it.each([
		['null', null],
		['a list', []],
		['text', 'John 3:16'],
		['a number', 316]
	])('refuses an entry that is %s, counting entries from 1', (_, bad) => {
		expect(refusal(file([bad]))).toBe('Entry 1 of the file is not a verse’s notes.');
		expect(refusal(file([entry(), bad]))).toBe('Entry 2 of the file is not a verse’s notes.');
	});

	it('refuses an entry’s unknown field, naming at most 40 characters of it', () => {
		expect(refusal(file([entry({ ['f'.repeat(50)]: 1 })]))).toBe(
			`Entry 1 of the file has a field “${'f'.repeat(40)}” that notes never have.`
		);
	});

	it('refuses an entry whose reference is not a verse, with the reason', () => {
		expect(refusal(file([entry(), entry({ book: null })]))).toBe(
			'Entry 2 of the file: the book “null” is not a book reference (such as John or 1Cor).'
		);
		expect(refusal(file([entry({ verse: 0 })]))).toBe(
			'Entry 1 of the file: John 3 has no verse 0.'
		);
		expect(refusal(file([entry({ verse: 201 })]))).toBe(
			'Entry 1 of the file: John 3 has no verse 201.'
		);
	});

	it('names the verse when a field is wrong, by book name or by an unknown book’s ref', () => {
		expect(refusal(file([entry({ bookmark: 'yes' })]))).toBe(
			'Entry 1 of the file (John 3:16): “bookmark” is not true or false.'
		);
		expect(refusal(file([entry({ book: '1Cor', chapter: 13, verse: 4, bookmark: 1 })]))).toBe(
			'Entry 1 of the file (1 Corinthians 13:4): “bookmark” is not true or false.'
		);
		expect(refusal(file([entry({ book: 'Tob', chapter: 1, verse: 1, bookmark: null })]))).toBe(
			'Entry 1 of the file (Tob 1:1): “bookmark” is not true or false.'
		);
	});

	it('refuses a colour not among the four, showing at most 20 characters of it', () => {
		expect(refusal(file([entry({ highlight: 'r'.repeat(30) })]))).toBe(
			`Entry 1 of the file (John 3:16): the highlight “${'r'.repeat(20)}” is not one of yellow, green, blue, pink.`
		);
	});

	it('refuses a note that is not text', () => {
		expect(refusal(file([entry({ note: 5 })]))).toBe(
			'Entry 1 of the file (John 3:16): the note is not text.'
		);
		expect(refusal(file([entry({ note: null })]))).toBe(
			'Entry 1 of the file (John 3:16): the note is not text.'
		);
	});

	it('a note of 20,000 characters is read; one more is refused', () => {
		expect(parseNotesFile(file([entry({ note: 'n'.repeat(20_000) })]))[0]!.note).toHaveLength(
			20_000
		);
		expect(refusal(file([entry({ note: 'n'.repeat(20_001) })]))).toBe(
			'Entry 1 of the file (John 3:16): the note is longer than 20000 characters.'
		);
	});

	const labelsRefused =
		'Entry 1 of the file (John 3:16): the labels are not a list of up to 20 words of at most 40 characters.';

	it.each([
		['text', 'love'],
		['missing', undefined],
		['a number among them', ['love', 5]],
		['blank', ['love', '   ']],
		['empty', ['']],
		['41 characters long', ['a'.repeat(41)]],
		['21 of them', Array.from({ length: 21 }, (_, i) => `l${i}`)]
	])('refuses labels that are %s', (_, labels) => {
		expect(refusal(file([entry({ labels })]))).toBe(labelsRefused);
	});

	it('reads 20 labels of 40 characters each, kept apart', () => {
		const labels = Array.from({ length: 20 }, (_, i) => `${i}`.padStart(40, 'a'));
		expect(parseNotesFile(file([entry({ labels })]))[0]!.labels).toEqual(labels);
		expect(parseNotesFile(file([entry({ labels: ['love', 'hope'] })]))[0]!.labels).toEqual([
			'love',
			'hope'
		]);
	});

	it('refuses dates that are not dates, naming which', () => {
		expect(refusal(file([entry({ created: 2024 })]))).toBe(
			'Entry 1 of the file (John 3:16): “created” is not a date.'
		);
		expect(refusal(file([entry({ updated: 'soon' })]))).toBe(
			'Entry 1 of the file (John 3:16): “updated” is not a date.'
		);
	});

	it('reads a highlight when there is one, and adds none when there is not', () => {
		const [withColour, without] = parseNotesFile(
			file([entry({ highlight: 'pink' }), entry({ verse: 17 })])
		);
		expect(withColour!.highlight).toBe('pink');
		expect(without).toStrictEqual({
			book: 'John',
			chapter: 3,
			verse: 17,
			bookmark: true,
			note: 'For God so loved',
			labels: ['love'],
			created: Date.UTC(2024, 0, 1),
			updated: Date.UTC(2024, 0, 2)
		});
	});

	it('names a verse that is in the file twice, an unknown book by its ref', () => {
		const tob = { book: 'Tob', chapter: 1, verse: 1 };
		expect(refusal(file([entry(tob), entry(tob)]))).toBe('Tob 1:1 is in the file twice.');
	});

	it('leaves out an entry that keeps nothing', () => {
		const empty = { bookmark: false, note: ' ', labels: [] };
		expect(parseNotesFile(file([entry(empty), entry({ verse: 17 })])).map(refKey)).toEqual([
			'John.3.17'
		]);
	});
});

describe('merging an import, verse by verse', () => {
	it('on the same update time, the colour here wins', () => {
		const r = mergeNotes(here(note({ highlight: 'pink', updated: 5 })), [
			note({ highlight: 'green', updated: 5, bookmark: true })
		]);
		expect(r.write[0]!.highlight).toBe('pink');
	});

	it('a newer side without a colour keeps the older side’s', () => {
		const fromFile = mergeNotes(here(note({ bookmark: true, updated: 9 })), [
			note({ highlight: 'green', updated: 1 })
		]);
		expect(fromFile.write[0]!.highlight).toBe('green');
		const kept = mergeNotes(here(note({ highlight: 'pink', updated: 1 })), [note({ updated: 9 })]);
		expect(kept).toMatchObject({ unchanged: 1, combined: 0, write: [] });
	});

	it('a newer file’s colour is taken where there was none here', () => {
		const r = mergeNotes(here(note({ bookmark: true, updated: 1 })), [
			note({ highlight: 'green', updated: 9 })
		]);
		expect(r.write[0]!.highlight).toBe('green');
	});

	it('a blank note here takes the file’s note, not both', () => {
		const r = mergeNotes(here(note({ note: '   ' })), [note({ note: 'Theirs' })]);
		expect(r).toMatchObject({ combined: 1, bothKept: 0 });
		expect(r.write[0]!.note).toBe('Theirs');
	});

	it('a file’s note already within the note here changes nothing', () => {
		const r = mergeNotes(here(note({ note: 'For God so loved the world' })), [
			note({ note: '  God so loved \n' })
		]);
		expect(r).toMatchObject({ unchanged: 1, bothKept: 0, write: [] });
	});

	it('a file’s note that contains the note here replaces it', () => {
		const r = mergeNotes(here(note({ note: 'so loved' })), [
			note({ note: 'For God so loved the world' })
		]);
		expect(r).toMatchObject({ combined: 1, bothKept: 0 });
		expect(r.write[0]!.note).toBe('For God so loved the world');
	});

	it('two different notes are joined by one blank line, without their outer spaces', () => {
		const r = mergeNotes(here(note({ note: 'Mine  \n' })), [note({ note: '\n  Theirs  ' })]);
		expect(r.write[0]!.note).toBe('Mine\n\nTheirs');
		expect(r.bothKept).toBe(1);
	});

	it('no bookmark on either side stays no bookmark; the earliest creation is kept', () => {
		const r = mergeNotes(here(note({ note: 'x', created: 10, updated: 20 })), [
			note({ labels: ['love'], created: 5, updated: 15 })
		]);
		expect(r.write[0]).toMatchObject({ bookmark: false, created: 5, updated: 20 });
	});

	it.each<[string, Partial<VerseNote>]>([
		['a bookmark', { bookmark: true }],
		['a colour', { highlight: 'blue' }],
		['a note', { note: 'Theirs' }],
		['a label', { labels: ['hope'] }]
	])('a file adding only %s combines the verse', (_, theirs) => {
		const mine = note({ note: 'Mine', labels: ['love'] });
		const r = mergeNotes(here(mine), [note({ note: 'Mine', labels: ['love'], ...theirs })]);
		expect(r).toMatchObject({ added: 0, combined: 1, unchanged: 0 });
		expect(r.write).toHaveLength(1);
	});

	it('the same labels in the file leave the verse unchanged', () => {
		const mine = note({ labels: ['love', 'hope'] });
		const r = mergeNotes(here(mine), [note({ labels: ['hope', 'love'] })]);
		expect(r).toMatchObject({ combined: 0, unchanged: 1, write: [] });
	});

	it('labels here that repeat are rewritten tidy', () => {
		const untidy = note({ labels: ['love', 'Love'] });
		const fewer = mergeNotes(here(untidy), [note()]);
		expect(fewer.combined).toBe(1);
		expect(fewer.write[0]!.labels).toEqual(['love']);
		const other = mergeNotes(here(untidy), [note({ labels: ['hope'] })]);
		expect(other.combined).toBe(1);
		expect(other.write[0]!.labels).toEqual(['love', 'hope']);
	});
});

describe('what an import says', () => {
	const result = (over: Partial<MergeResult>): MergeResult => ({
		write: [],
		added: 0,
		combined: 0,
		unchanged: 0,
		bothKept: 0,
		...over
	});

	it('says nothing changed when the file holds nothing', () => {
		expect(describeImport(result({}))).toBe(
			'The file holds no notes, bookmarks or highlights; nothing changed.'
		);
	});

	it('counts new and already-here verses, leaving out what is zero', () => {
		expect(describeImport(result({ added: 1, unchanged: 1 }))).toBe(
			'Imported 2 verses: 1 new, 1 already here.'
		);
		expect(describeImport(result({ unchanged: 1 }))).toBe(
			'Imported 1 verse: 0 new, 1 already here.'
		);
		expect(describeImport(result({ added: 3 }))).toBe('Imported 3 verses: 3 new.');
	});

	it('counts combined verses and those whose two notes were both kept', () => {
		expect(describeImport(result({ added: 2, combined: 2, unchanged: 1, bothKept: 2 }))).toBe(
			'Imported 5 verses: 2 new, 2 combined with what was here, 1 already here. 2 verses had a different note here and in the file: both texts are kept, this device’s first.'
		);
		expect(describeImport(result({ combined: 1, bothKept: 1 }))).toBe(
			'Imported 1 verse: 0 new, 1 combined with what was here. 1 verse had a different note here and in the file: both texts are kept, this device’s first.'
		);
	});
});

describe('copying a passage', () => {
	it('names one verse or a range', () => {
		expect(rangeName('John', 3, 16, 16)).toBe('John 3:16');
		expect(rangeName('John', 3, 16, 17)).toBe('John 3:16–17');
		expect(rangeName('John', 3, 16, 15)).toBe('John 3:16');
	});

	it('shortens a translation to the abbreviation in brackets at its end', () => {
		expect(shortName('King James Version (KJV)')).toBe('KJV');
		expect(shortName('Reina-Valera 1909 (RV1909)  ')).toBe('RV1909');
		expect(shortName('World English Bible')).toBe('World English Bible');
		expect(shortName('Bible (old) revised')).toBe('Bible (old) revised');
	});

	it('one verse is copied without its number, and without a link when there is none', () => {
		expect(
			passageText({ title: 'John 3:16 (KJV)', verses: [{ ref: '16', text: 'For God so loved…' }] })
		).toBe('John 3:16 (KJV)\nFor God so loved…');
	});
});
