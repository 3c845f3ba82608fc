// Nothing lost: a full disk, a cancelled or refused import, a second tab, and a browser without
// IndexedDB (over fake-indexeddb).
import { createStore, entries, type UseStore } from 'idb-keyval';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refKey, type VerseNote } from '$lib/bible/notes/format';
import { MemoryNotes } from '$lib/bible/notes/memory-store';
import { NotesState } from '$lib/bible/notes/notes.svelte';
import { readNotesText } from '$lib/bible/notes/read-notes';
import { NotesStore, notesDatabase, StorageUnavailable } from '$lib/bible/notes/store';
import { fillIndexedDb } from '../../full-indexeddb';
import { entry, file, note } from './samples';

let n = 0;
const dbName = () => `test-notes-safety-${++n}`;

/** `count` entries of a notes file, on distinct verses (Genesis 1:1, 1:2, … 2:1, …). */
const manyEntries = (count: number) =>
	Array.from({ length: count }, (_, i) =>
		entry({ book: 'Gen', chapter: 1 + Math.floor(i / 100), verse: 1 + (i % 100), note: `n${i}` })
	);
const manyNotes = (count: number): VerseNote[] =>
	Array.from({ length: count }, (_, i) =>
		note({ book: 'Gen', chapter: 1 + Math.floor(i / 100), verse: 1 + (i % 100), note: `n${i}` })
	);

/**
 * A store whose writes, after the first `allowed`, are refused as a full disk refuses them: the
 * browser's QuotaExceededError.
 */
function fullAfter(inner: UseStore, allowed: number): UseStore {
	let writes = 0;
	return (mode, callback) =>
		inner(mode, (store) =>
			callback(
				new Proxy(store, {
					get(target, key) {
						if (key === 'put' && ++writes > allowed)
							return () => {
								throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
							};
						const value: unknown = Reflect.get(target, key);
						return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
					}
				})
			)
		);
}

afterEach(() => {
	vi.unstubAllGlobals();
	vi.restoreAllMocks();
});

describe('a full disk', () => {
	it('saving a note says storage is full and what to do; the notes saved before are intact', async () => {
		const name = dbName();
		const state = new NotesState(new NotesStore(fullAfter(createStore(name, 'notes'), 1)));
		const ref = { book: 'John', chapter: 3, verse: 16 };
		expect(await state.saveNote(ref, 'First', 'love')).toBe(true);
		expect(await state.saveNote(ref, 'Second, longer', 'love')).toBe(false);
		expect(state.problem).toBe(
			"Not saved: this browser's storage for this site is full. Everything saved before is kept. Free some space (delete a translation you no longer read under Storage on the Bible page, or clear other sites’ data in the browser’s settings), then try again."
		);
		expect(state.get(ref)?.note).toBe('First');
		const stored = await entries(createStore(name, 'notes'));
		expect(stored.map(([, v]) => (v as VerseNote).note)).toEqual(['First']);
		expect(await state.toggleBookmark({ ...ref, verse: 17 })).toBe(false);
		expect(state.get({ ...ref, verse: 17 })).toBeUndefined();
	});

	it('an import that fills the disk half-way writes none of it, and says so', async () => {
		const name = dbName();
		const raw = createStore(name, 'notes');
		await new NotesStore(raw).put(note({ note: 'Mine' }));
		const state = new NotesState(new NotesStore(fullAfter(raw, 700)));
		expect(await state.importFile(file(manyEntries(1500)))).toBe(false);
		expect(state.problem).toMatch(
			/^Not imported, nothing changed: this browser's storage for this site is full\. Free some space .*, then import again\.$/
		);
		expect(await new NotesStore(raw).all()).toEqual([note({ note: 'Mine' })]);
		expect(state.all).toEqual([note({ note: 'Mine' })]);
		expect(state.importing).toBeNull();
	});

	it('as Chromium fails it (the transaction aborts after the put): the same words, the note before kept, a later note that fits saved', async () => {
		const name = dbName();
		const state = new NotesState(new NotesStore(createStore(name, 'notes')));
		const ref = { book: 'John', chapter: 3, verse: 16 };
		expect(await state.saveNote(ref, 'First', 'love')).toBe(true);
		const disk = fillIndexedDb(1_000, name);
		expect(await state.saveNote(ref, 'x'.repeat(5_000), 'love')).toBe(false);
		expect(disk.refused).toBe(1);
		expect(state.problem).toMatch(
			/^Not saved: this browser's storage for this site is full\. Everything saved before is kept\. Free some space .*, then try again\.$/
		);
		expect(state.get(ref)?.note).toBe('First');
		expect(
			(await entries(createStore(name, 'notes'))).map(([, v]) => (v as VerseNote).note)
		).toEqual(['First']);
		// A shorter note fits: saved, and the problem is gone.
		expect(await state.saveNote(ref, 'Second', 'love')).toBe(true);
		expect(state.problem).toBe('');
		expect((await new NotesStore(createStore(name, 'notes')).get(refKey(ref)))?.note).toBe(
			'Second'
		);
	});

	it('an import the disk aborts after its puts writes none of it, and says so', async () => {
		const name = dbName();
		const raw = createStore(name, 'notes');
		await new NotesStore(raw).put(note({ note: 'Mine' }));
		const state = new NotesState(new NotesStore(raw));
		fillIndexedDb(0, name);
		expect(await state.importFile(file(manyEntries(600)))).toBe(false);
		expect(state.problem).toMatch(
			/^Not imported, nothing changed: this browser's storage for this site is full\. Free some space .*, then import again\.$/
		);
		vi.restoreAllMocks();
		expect(await new NotesStore(raw).all()).toEqual([note({ note: 'Mine' })]);
	});
});

describe('an import', () => {
	it('is stored in one transaction: cancelled half-way, every record stays as it was', async () => {
		const store = new NotesStore(createStore(dbName(), 'notes'));
		await store.put(note({ note: 'Mine' }));
		const abort = new AbortController();
		const progress: number[] = [];
		const importing = store.importNotes(manyNotes(2000), {
			signal: abort.signal,
			onProgress: (done) => {
				progress.push(done);
				if (done >= 1000) abort.abort(new DOMException('Cancelled.', 'AbortError'));
			}
		});
		await expect(importing).rejects.toThrow('Cancelled.');
		// It was under way, and in steps, when cancelled.
		expect(progress[0]).toBeLessThan(1000);
		expect(progress.at(-1)).toBeGreaterThanOrEqual(1000);
		expect(await store.all()).toEqual([note({ note: 'Mine' })]);
	});

	it('a refused file, or Cancel while reading it, leaves the notes as they were and says so', async () => {
		const state = new NotesState(new NotesStore(createStore(dbName(), 'notes')));
		await state.toggleBookmark({ book: 'John', chapter: 3, verse: 16 });
		const before = state.all;
		expect(await state.importFile(file([...manyEntries(3000), entry({ chapter: 99 })]))).toBe(
			false
		);
		expect(state.problem).toBe(
			'Not imported, nothing changed: Entry 3001 of the file: John has no chapter 99.'
		);
		expect(state.all).toEqual(before);

		// The file's text is held until Cancel, so that Cancel meets the read on any machine.
		const slowFile = new Blob([file(manyEntries(5000))]);
		const text = slowFile.text.bind(slowFile);
		let release = () => {};
		slowFile.text = () => new Promise((resolve) => (release = () => resolve(text())));
		const importing = state.importFile(slowFile);
		await vi.waitFor(() => expect(state.importing?.stage).toBe('reading'));
		state.cancelImport();
		release();
		expect(await importing).toBe(false);
		expect(state.message).toBe('Import cancelled: nothing changed.');
		expect(state.problem).toBe('');
		expect(state.all).toEqual(before);
		expect(state.importing).toBeNull();
	});

	it('is read a slice at a time, with progress, and stops when cancelled', async () => {
		const seen: number[] = [];
		const notes = await readNotesText(file(manyEntries(4500)), {
			onProgress: (read, total) => seen.push(read, total)
		});
		expect(notes).toHaveLength(4500);
		expect(seen).toEqual([2000, 4500, 4000, 4500, 4500, 4500]);
		const abort = new AbortController();
		abort.abort(new Error('stop'));
		await expect(readNotesText(file(manyEntries(10)), { signal: abort.signal })).rejects.toThrow(
			'stop'
		);
	});

	it('in memory: cancelled, nothing changes; finished, all of it is there', async () => {
		const memory = new MemoryNotes();
		await memory.update(note(), () => note({ note: 'Mine' }));
		const abort = new AbortController();
		const importing = memory.importNotes(manyNotes(5000), {
			signal: abort.signal,
			onProgress: () => abort.abort(new Error('Cancelled.'))
		});
		await expect(importing).rejects.toThrow('Cancelled.');
		expect(await memory.all()).toEqual([note({ note: 'Mine' })]);
		const result = await memory.importNotes(manyNotes(5000));
		expect(result.added).toBe(5000);
		expect(await memory.all()).toHaveLength(5001);
	});
});

describe('two tabs on the same notes', () => {
	/**
	 * Two tabs: each its own NotesState and IndexedDB connection, on one database. Without `told`,
	 * no BroadcastChannel: what the transaction alone guarantees.
	 */
	async function twoTabs(told = true) {
		if (!told) vi.stubGlobal('BroadcastChannel', undefined);
		const name = dbName();
		const a = new NotesState(new NotesStore(notesDatabase(name)));
		const b = new NotesState(new NotesStore(notesDatabase(name)));
		await a.load();
		await b.load();
		return { a, b, name };
	}
	const ref = { book: 'John', chapter: 3, verse: 16 };

	it('a bookmark or colour set in one tab keeps the note the other tab saved meanwhile', async () => {
		const { a, b, name } = await twoTabs(false);
		await a.saveNote(ref, 'Saved in tab A', 'love');
		// Tab B has not seen it yet (the other tab's message may not have come): it bookmarks.
		await b.toggleBookmark(ref);
		await b.setHighlight(ref, 'blue');
		const stored = await new NotesStore(notesDatabase(name)).get(refKey(ref));
		expect(stored).toMatchObject({
			note: 'Saved in tab A',
			labels: ['love'],
			bookmark: true,
			highlight: 'blue'
		});
	});

	it('a note saved in one tab over a note the other saved meanwhile keeps both, and says so', async () => {
		const { a, b, name } = await twoTabs(false);
		// Both editors open on an empty note.
		const base = { note: '', labels: [] };
		await a.saveNote(ref, 'From tab A', 'a', base);
		expect(await b.saveNote(ref, 'From tab B', 'b', base)).toBe(true);
		expect(b.message).toBe(
			'The note on John 3:16 was changed in another tab or window meanwhile: both texts are kept, that one first.'
		);
		const stored = await new NotesStore(notesDatabase(name)).get(refKey(ref));
		expect(stored).toMatchObject({ note: 'From tab A\n\nFrom tab B', labels: ['a', 'b'] });

		// Deleting a note that changed since the editor opened does not delete it.
		expect(await a.deleteNote(ref, { note: 'From tab A', labels: ['a'] })).toBe(true);
		expect(a.message).toMatch(/changed in another tab or window meanwhile, so it is not deleted/);
		expect((await new NotesStore(notesDatabase(name)).get(refKey(ref)))?.note).toBe(
			'From tab A\n\nFrom tab B'
		);
	});

	it('the other tab shows a change without a reload (BroadcastChannel)', async () => {
		const { a, b } = await twoTabs();
		await a.saveNote(ref, 'Seen in tab B', '');
		await vi.waitFor(() => expect(b.get(ref)?.note).toBe('Seen in tab B'));
		await a.remove(ref);
		await vi.waitFor(() => expect(b.get(ref)).toBeUndefined());
		await a.importFile(file([entry({ verse: 17, note: 'Imported in A' })]));
		await vi.waitFor(() => expect(b.get({ ...ref, verse: 17 })?.note).toBe('Imported in A'));
	});
});

describe('a browser that refuses IndexedDB', () => {
	it('notes work in memory for the session, and My notes can say so', async () => {
		// indexedDB.open fails, as in a private window that refuses it.
		vi.stubGlobal('indexedDB', {
			open() {
				const request = { error: new DOMException('refused', 'InvalidStateError') } as {
					onerror?: () => void;
					error: DOMException;
				};
				setTimeout(() => request.onerror?.());
				return request;
			}
		});
		const state = new NotesState(new NotesStore(notesDatabase(dbName())));
		await state.load();
		expect(state.memoryOnly).toBe(true);
		expect(state.problem).toBe('');
		const ref = { book: 'John', chapter: 3, verse: 16 };
		expect(await state.saveNote(ref, 'Kept for now', 'love')).toBe(true);
		expect(await state.toggleBookmark(ref)).toBe(true);
		expect(state.get(ref)).toMatchObject({ note: 'Kept for now', bookmark: true });
		expect(await state.importFile(file([entry({ verse: 17 })]))).toBe(true);
		expect(state.all.map(refKey)).toEqual(['John.3.16', 'John.3.17']);
	});

	it('an IndexedDB that is missing, or throws on open, is unavailable, not a crash', async () => {
		vi.stubGlobal('indexedDB', undefined);
		await expect(new NotesStore(notesDatabase(dbName())).all()).rejects.toBeInstanceOf(
			StorageUnavailable
		);
		vi.stubGlobal('indexedDB', {
			open() {
				throw new DOMException('blocked', 'SecurityError');
			}
		});
		await expect(new NotesStore(notesDatabase(dbName())).all()).rejects.toBeInstanceOf(
			StorageUnavailable
		);
	});
});
