import { createStore, entries, set } from 'idb-keyval';
import { afterEach, describe, expect, it } from 'vitest';
import { bibleCache, cacheDbNames } from '$lib/bible/offline/cache';
import {
	exportNotes,
	FILE_FORMAT,
	parseNotesFile,
	passageText,
	refKey,
	type VerseNote
} from '$lib/bible/notes/format';
import { mergeNotes } from '$lib/bible/notes/merge';
import { NotesState } from '$lib/bible/notes/notes.svelte';
import { NOTES_DB, NotesStore } from '$lib/bible/notes/store';
import type { Chapter } from '$lib/bible/schemas';
import { provideSnapshots, UNDO_NOTE } from '$lib/ui/snapshot-before';
import { entry, file, note } from './samples';

let n = 0;
const freshStore = () => new NotesStore(createStore(`test-notes-${++n}`, 'notes'));

describe('the notes file', () => {
	it('an export reads back as the same records, in Bible order', () => {
		const records = [
			note({ book: 'Rev', chapter: 22, verse: 21, bookmark: true }),
			note({ book: 'Gen', chapter: 1, verse: 1, highlight: 'green', note: '<b>not bold</b>' }),
			note({ note: 'love', labels: ['love', 'gospel'] })
		];
		const back = parseNotesFile(exportNotes(records));
		expect(back.map(refKey)).toEqual(['Gen.1.1', 'John.3.16', 'Rev.22.21']);
		expect(back[0]).toEqual(records[1]);
		// Markup in a note is text: kept exactly, never taken apart.
		expect(back[0]!.note).toBe('<b>not bold</b>');
	});

	it.each([
		['not JSON', '{"format":', /not JSON/],
		[
			'another format',
			JSON.stringify({ format: 'other', version: 1, notes: [] }),
			/not a notes file/
		],
		['another version', file([], { version: 2 }), /version 2; this app reads version 1/],
		[
			'a top-level __proto__',
			'{"__proto__":{"polluted":1},' + file([]).slice(1),
			/a field called “__proto__”/
		],
		[
			'a __proto__ inside a note',
			file([{ ...entry(), ['__proto__']: { admin: true } }]),
			/a field called “__proto__”/
		],
		['a field notes never have', file([entry({ extra: 1 })]), /field “extra”/],
		['a chapter that does not exist', file([entry({ chapter: 22 })]), /John has no chapter 22/],
		['chapter 0', file([entry({ chapter: 0 })]), /no chapter 0/],
		['a verse that is not a number', file([entry({ verse: '16' })]), /no verse 16/],
		['a book ref with markup', file([entry({ book: '<img src=x>' })]), /not a book reference/],
		['an unknown colour', file([entry({ highlight: 'red' })]), /highlight “red”/],
		['a date that is not one', file([entry({ updated: 'yesterday' })]), /not a date/],
		['the same verse twice', file([entry(), entry()]), /John 3:16 is in the file twice/],
		['labels that are not text', file([entry({ labels: [1] })]), /labels/],
		['a file too large', file([entry({ note: 'x'.repeat(5_000_001) })]), /larger than 5 MB/]
	])('refuses %s with the reason', (_, text, reason) => {
		expect(() => parseNotesFile(text)).toThrow(reason);
	});

	it('a __proto__ key in the file pollutes nothing', () => {
		expect(() => parseNotesFile('{"__proto__":{"polluted":"yes"}}')).toThrow();
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
	});

	it('the copied passage starts with its reference and translation, then the text and the link', () => {
		expect(
			passageText({
				title: 'John 3:16–17 (KJV)',
				verses: [
					{ ref: '16', text: 'For God so loved the world…' },
					{ ref: '17', text: 'For God sent not his Son…' }
				],
				link: 'http://x/bible/KJV/John/3#v16'
			})
		).toBe(
			'John 3:16–17 (KJV)\n16 For God so loved the world… 17 For God sent not his Son…\nhttp://x/bible/KJV/John/3#v16'
		);
	});
});

describe('merging an import', () => {
	const here = (...notes: VerseNote[]) => new Map(notes.map((x) => [refKey(x), x]));

	it('keeps both note texts when they differ, this device’s first, and counts it', () => {
		const mine = note({ note: 'Mine', labels: ['a'], highlight: 'yellow', updated: 2 });
		const theirs = note({
			note: 'Theirs',
			labels: ['b'],
			bookmark: true,
			highlight: 'blue',
			updated: 3
		});
		const r = mergeNotes(here(mine), [theirs]);
		expect(r).toMatchObject({ added: 0, combined: 1, unchanged: 0, bothKept: 1 });
		expect(r.write[0]).toMatchObject({
			note: 'Mine\n\nTheirs',
			labels: ['a', 'b'],
			bookmark: true,
			// The newer side's colour.
			highlight: 'blue',
			updated: 3
		});
	});

	it('a bookmark or highlight here is never taken away by an older file', () => {
		const mine = note({ bookmark: true, highlight: 'pink', updated: 5 });
		const r = mergeNotes(here(mine), [note({ highlight: 'green', updated: 1 })]);
		expect(r.unchanged).toBe(1);
		expect(r.write).toEqual([]);
	});

	it('importing the same file twice changes nothing the second time', () => {
		const incoming = [note({ note: 'A' }), note({ verse: 17, bookmark: true })];
		const first = mergeNotes(here(note({ note: 'B' })), incoming);
		const after = here(note({ note: 'B' }), ...first.write);
		const second = mergeNotes(after, incoming);
		expect(second).toMatchObject({ added: 0, combined: 0, unchanged: 2, write: [] });
	});
});

describe('the notes store', () => {
	it('imports by merging; a refused file leaves every record as it was', async () => {
		const store = freshStore();
		await store.put(note({ note: 'Mine', bookmark: true }));
		await store.put(note({ book: 'Gen', chapter: 1, verse: 1, highlight: 'yellow' }));
		const before = await store.all();

		for (const bad of [
			file([entry({ verse: 17 }), entry({ chapter: 99 })]),
			file([entry()], { version: 9 }),
			'{"format":"' + FILE_FORMAT + '","version":1,"notes":[{"__proto__":{}}]}',
			'not json'
		]) {
			await expect(store.importFile(bad)).rejects.toThrow();
			expect(await store.all()).toEqual(before);
		}

		const result = await store.importFile(
			file([entry({ note: 'Theirs' }), entry({ book: 'Rom', chapter: 8, verse: 28, note: '' })])
		);
		expect(result).toMatchObject({ added: 1, combined: 1, bothKept: 1 });
		const after = new Map((await store.all()).map((x) => [refKey(x), x]));
		expect(after.get('John.3.16')!.note).toBe('Mine\n\nTheirs');
		expect(after.get('Rom.8.28')!.bookmark).toBe(true);
		expect(after.get('Gen.1.1')!.highlight).toBe('yellow');
	});

	it('a record damaged in storage is left out, not shown', async () => {
		const raw = createStore(`test-notes-${++n}`, 'notes');
		await set('John.3.16', { book: 'John', chapter: 3, verse: 16, note: 5 }, raw);
		await set('Gen.1.1', note({ book: 'Gen', chapter: 1, verse: 1, bookmark: true }), raw);
		expect((await new NotesStore(raw).all()).map(refKey)).toEqual(['Gen.1.1']);
	});

	it('notes live in their own database: deleting a translation and the whole chapter cache leaves them', async () => {
		const root = 'https://bible.test/api/v1';
		const names = cacheDbNames(root);
		expect(Object.values(names)).not.toContain(NOTES_DB);
		const cache = bibleCache(root);
		const chapter: Chapter = { apiUrl: 'x', ref: 3, verses: [{ ref: '16', text: 'For God…' }] };
		await cache.put('KJV', 'John', 3, chapter, 100);
		const store = new NotesStore();
		await store.put(note({ note: 'kept', bookmark: true }));

		await cache.deleteTranslation('KJV');
		expect(await cache.keys('KJV')).toEqual([]);
		for (const name of Object.values(names))
			await new Promise((done) => {
				const request = indexedDB.deleteDatabase(name);
				request.onsuccess = request.onerror = request.onblocked = done;
			});

		const all = await store.all();
		expect(all.map((x) => [refKey(x), x.note, x.bookmark])).toEqual([['John.3.16', 'kept', true]]);
		expect((await entries(createStore(NOTES_DB, 'notes'))).length).toBe(1);
	});
});

describe('the notes state', () => {
	it('bookmark, highlight and note are kept, and a verse with nothing left has no record', async () => {
		const store = freshStore();
		const state = new NotesState(store);
		const ref = { book: 'John', chapter: 3, verse: 16 };
		await state.toggleBookmark(ref);
		await state.setHighlight(ref, 'green');
		await state.saveNote(ref, '  Note  ', 'love, Love , hope');
		const again = new NotesState(store);
		await again.load();
		expect(again.get(ref)).toMatchObject({
			bookmark: true,
			highlight: 'green',
			note: 'Note',
			labels: ['love', 'hope']
		});
		expect(again.labels).toEqual(['hope', 'love']);

		await again.toggleBookmark(ref);
		await again.setHighlight(ref, undefined);
		await again.deleteNote(ref);
		expect(again.get(ref)).toBeUndefined();
		expect(await store.all()).toEqual([]);
	});

	it('lists in Bible order, searches notes and references, and filters by label', async () => {
		const state = new NotesState(freshStore());
		await state.saveNote({ book: 'Rev', chapter: 1, verse: 1 }, 'revelation', 'end');
		await state.saveNote({ book: 'Gen', chapter: 1, verse: 1 }, 'beginning', 'start');
		await state.saveNote({ book: 'John', chapter: 1, verse: 1 }, 'the Word', 'start');
		expect(state.all.map(refKey)).toEqual(['Gen.1.1', 'John.1.1', 'Rev.1.1']);
		state.label = 'start';
		expect(state.visible.map(refKey)).toEqual(['Gen.1.1', 'John.1.1']);
		state.search = 'word';
		expect(state.visible.map(refKey)).toEqual(['John.1.1']);
		state.label = '';
		state.search = 'john 1:1';
		expect(state.visible.map(refKey)).toEqual(['John.1.1']);
	});

	it('a refused import says why and that nothing changed', async () => {
		const state = new NotesState(freshStore());
		await state.toggleBookmark({ book: 'John', chapter: 3, verse: 16 });
		expect(await state.importFile(file([entry()], { version: 2 }))).toBe(false);
		expect(state.problem).toMatch(/^Not imported, nothing changed: the file is version 2/);
		expect(state.all).toHaveLength(1);
		expect(await state.importFile(file([entry({ note: 'x' })]))).toBe(true);
		expect(state.message).toBe('Imported 1 verse: 0 new, 1 combined with what was here.');
	});

	describe('a snapshot before an import', () => {
		afterEach(() => provideSnapshots(undefined));

		it('is taken of the notes as they were, once the file is read, and the status says it can be undone', async () => {
			const state = new NotesState(freshStore());
			await state.toggleBookmark({ book: 'John', chapter: 3, verse: 16 });
			const seen: number[] = [];
			provideSnapshots(() =>
				Promise.resolve(() => {
					seen.push(state.all.length);
					return Promise.resolve(true);
				})
			);
			// A refused file takes none.
			expect(await state.importFile(file([entry()], { version: 2 }))).toBe(false);
			expect(seen).toEqual([]);
			expect(await state.importFile(file([entry({ note: 'x' })]))).toBe(true);
			expect(seen).toEqual([1]);
			expect(state.message).toBe(
				`Imported 1 verse: 0 new, 1 combined with what was here.${UNDO_NOTE}`
			);
		});
	});
});
