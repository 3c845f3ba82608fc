// Notes in Bible order however they were stored, verses of several translations lined up by
// number, and what the notes say when storing fails: in words, with what to do next.
import { FileRefused } from '$lib/ui/file-refused';
import { describe, expect, it } from 'vitest';
import { alignColumns } from '$lib/bible/reader/marks';
import { sortByRef } from '$lib/bible/notes/format';
import { notImported, notSaved } from '$lib/bible/notes/messages';
import { NewerData } from '$lib/ui/stored-format';

const ref = (book: string, chapter: number, verse: number) => ({ book, chapter, verse });
const names = (refs: { book: string; chapter: number; verse: number }[]) =>
	refs.map((r) => `${r.book} ${r.chapter}:${r.verse}`);

describe('sortByRef', () => {
	it('puts books in canonical order, then chapters, then verses, whatever the numbers', () => {
		const shuffled = [
			ref('John', 3, 16),
			ref('Gen', 50, 1),
			ref('John', 1, 999),
			ref('Gen', 1, 2),
			ref('Rev', 1, 1),
			ref('John', 3, 2),
			ref('Exod', 1, 1),
			ref('Gen', 2, 1)
		];
		expect(names(sortByRef(shuffled))).toEqual([
			'Gen 1:2',
			'Gen 2:1',
			'Gen 50:1',
			'Exod 1:1',
			'John 1:999',
			'John 3:2',
			'John 3:16',
			'Rev 1:1'
		]);
	});

	it('orders books outside the 66 among themselves by name, after the canon', () => {
		const sorted = sortByRef([
			ref('Tob', 1, 1),
			ref('Bar', 2, 1),
			ref('Rev', 22, 21),
			ref('Bar', 1, 5)
		]);
		expect(names(sorted)).toEqual(['Rev 22:21', 'Bar 1:5', 'Bar 2:1', 'Tob 1:1']);
	});
});

describe('alignColumns', () => {
	it('lines verses up by number, a gap where a translation lacks one, in verse order', () => {
		const a = [{ ref: '1' }, { ref: '2' }, { ref: '10' }];
		const b = [{ ref: '10' }, { ref: '3' }, { ref: '1' }];
		const rows = alignColumns([a, b]);
		expect(rows.map((r) => r.ref)).toEqual(['1', '2', '3', '10']);
		expect(rows.map((r) => r.cells.map((c) => c?.ref ?? '-').join(' '))).toEqual([
			'1 1',
			'2 -',
			'- 3',
			'10 10'
		]);
	});

	it('puts verses without a number last, in the order they came', () => {
		const rows = alignColumns([[{ ref: 'title' }, { ref: '2' }, { ref: 'end' }, { ref: '1' }]]);
		expect(rows.map((r) => r.ref)).toEqual(['1', '2', 'title', 'end']);
	});
});

describe('what the notes say when storing fails', () => {
	const quota = Object.assign(new Error('quota'), { name: 'QuotaExceededError' });

	it('a full storage says so, keeps what was saved, and says how to free space', () => {
		expect(notSaved(quota)).toMatch(
			/^Not saved: this browser's storage for this site is full\. Everything saved before is kept\. .+, then try again\.$/
		);
		expect(notImported(quota)).toMatch(
			/^Not imported, nothing changed: this browser's storage for this site is full\. .+, then import again\.$/
		);
	});

	it('another failure gives the browser’s reason, or a plain one when it gave none', () => {
		expect(notSaved(new Error('The transaction was aborted'))).toBe(
			'Not saved on this device: The transaction was aborted. Try again; if it goes on, check the browser’s storage settings.'
		);
		expect(notSaved(new Error(''))).toBe(
			'Not saved on this device: the browser refused to store it. Try again; if it goes on, check the browser’s storage settings.'
		);
		expect(notSaved('odd')).toContain(': the browser refused to store it.');
		expect(notImported(new Error('disk gone'))).toBe(
			'Not imported, nothing changed: the notes could not be stored (disk gone).'
		);
	});

	it('a refused file says why, before anything about storage', () => {
		expect(notImported(new FileRefused('This file is not a notes export.'))).toBe(
			'Not imported, nothing changed: This file is not a notes export.'
		);
	});

	it('notes a newer build kept: says so, and that nothing here changed', () => {
		const newer = new NewerData('notes, bookmarks and highlights', 3);
		expect(notSaved(newer)).toBe(
			'Not saved. Your notes, bookmarks and highlights were saved by a newer version of this app. Open the newest version to see them; nothing here was changed.'
		);
		expect(notImported(newer)).toMatch(/^Not imported\. Your notes, bookmarks and highlights/);
	});
});
