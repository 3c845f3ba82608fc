/**
 * Bible notes, bookmarks and highlights, format 2 (each verse's record carries `format: 2`): what
 * earlier builds kept (no version: format 1) opens with every verse, and is then kept as format 2;
 * a verse's record of a newer format is never overwritten nor deleted, and "My notes" says so.
 */
import 'fake-indexeddb/auto';
import { clear, createStore, entries, set } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import type { VerseNote } from '$lib/bible/notes/format';
import { NotesState } from '$lib/bible/notes/notes.svelte';
import { NOTES_DB, NotesStore } from '$lib/bible/notes/store';
import { NewerData } from '$lib/ui/stored-format';
import {
	dumpedRecords,
	EARLIER_BUILDS,
	earlierBuild,
	putDumped
} from '../../upgrade/earlier-builds';

const db = () => createStore(NOTES_DB, 'notes');
const everything = async () => Object.fromEntries(await entries(db()));

beforeEach(async () => {
	await clear(db());
});

describe.each(EARLIER_BUILDS)('notes the build %s kept', (build) => {
	const old = async () =>
		dumpedRecords(await earlierBuild(build), NOTES_DB, 'notes') as Record<string, VerseNote>;

	it('open with every verse’s bookmark, highlight, note and labels, then are kept as format 2', async () => {
		await putDumped(await earlierBuild(build), NOTES_DB, 'notes');
		const was = await old();
		expect(Object.keys(was)).toHaveLength(6);
		const notes = await new NotesStore().all();
		expect(Object.fromEntries(notes.map((n) => [`${n.book}.${n.chapter}.${n.verse}`, n]))).toEqual(
			was
		);
		const stored = await everything();
		expect(Object.keys(stored).sort()).toEqual(Object.keys(was).sort());
		for (const [key, note] of Object.entries(was))
			expect(stored[key], key).toEqual({ ...note, format: 2 });
		// Opened again, as format 2: the same notes.
		expect(await new NotesStore().all()).toEqual(notes);
	});

	it('"My notes" lists every verse, and a change is kept with the rest', async () => {
		await putDumped(await earlierBuild(build), NOTES_DB, 'notes');
		const state = new NotesState(new NotesStore());
		await state.load();
		expect(state.problem).toBe('');
		expect(state.all.map((n) => `${n.book}.${n.chapter}.${n.verse}`)).toEqual([
			'Gen.1.1',
			'Ps.23.1',
			'Isa.40.31',
			'Matt.5.9',
			'John.3.16',
			'Rom.8.28'
		]);
		expect(await state.toggleBookmark({ book: 'Ps', chapter: 23, verse: 1 })).toBe(true);
		expect((await everything())['Ps.23.1']).toMatchObject({ bookmark: true, format: 2 });
	});
});

describe('notes a newer build kept', () => {
	const newer = { format: 3, ref: ['John', 3, 16], marks: ['bookmark'] };

	it('are left byte for byte: no edit, import, restore or delete writes over them', async () => {
		await set('John.3.16', newer, db());
		await set(
			'Gen.1.1',
			{
				book: 'Gen',
				chapter: 1,
				verse: 1,
				bookmark: true,
				note: '',
				labels: [],
				created: 1,
				updated: 1
			},
			db()
		);
		const store = new NotesStore();
		await expect(store.all()).rejects.toBeInstanceOf(NewerData);
		const before = JSON.stringify(await everything());
		const john = { book: 'John', chapter: 3, verse: 16 };
		const mine: VerseNote = {
			...john,
			bookmark: false,
			note: 'mine',
			labels: [],
			created: 2,
			updated: 2
		};
		await expect(store.update(john, () => mine)).rejects.toBeInstanceOf(NewerData);
		await expect(store.put(mine)).rejects.toBeInstanceOf(NewerData);
		await expect(store.delete('John.3.16')).rejects.toBeInstanceOf(NewerData);
		await expect(store.importNotes([mine])).rejects.toBeInstanceOf(NewerData);
		expect(JSON.stringify(await everything())).toBe(before);
		expect((await everything())['John.3.16']).toEqual(newer);
	});

	it('"My notes" says so in plain words, and a bookmark on that verse is not saved', async () => {
		await set('John.3.16', newer, db());
		const state = new NotesState(new NotesStore());
		await state.load();
		expect(state.problem).toBe(
			'Your notes, bookmarks and highlights were saved by a newer version of this app. Open the newest version to see them; nothing here was changed.'
		);
		expect(await state.toggleBookmark({ book: 'John', chapter: 3, verse: 16 })).toBe(false);
		expect(state.problem).toMatch(
			/^Not saved\. Your notes, bookmarks and highlights were saved by a newer/
		);
		expect((await everything())['John.3.16']).toEqual(newer);
	});
});
