import { createStore, entries, set, type UseStore } from 'idb-keyval';
import { describe, expect, it, afterEach, vi } from 'vitest';
import { refKey, type VerseNote } from '$lib/bible/notes/format';
import { NOTES_DB, NotesStore, notesDatabase, StorageUnavailable } from '$lib/bible/notes/store';
import { forceCloseDatabase } from 'fake-indexeddb';
import { note as sampleNote } from './samples';

let n = 0;
const rawStore = () => createStore(`test-notes-store-${++n}`, 'notes');

const note = (over: Partial<VerseNote> = {}): VerseNote => ({
	book: 'John',
	chapter: 3,
	verse: 16,
	bookmark: true,
	note: '',
	labels: [],
	created: Date.UTC(2024, 0, 1),
	updated: Date.UTC(2024, 0, 1),
	...over
});

describe('the notes store', () => {
	it('keeps its notes in the IndexedDB database “bible-notes”', async () => {
		expect(NOTES_DB).toBe('bible-notes');
		await new NotesStore().put(note({ note: 'kept' }));
		const rows = await entries(createStore('bible-notes', 'notes'));
		expect(rows).toEqual([['John.3.16', { ...note({ note: 'kept' }), format: 2 }]]);
	});

	it('deletes a verse’s record by its key', async () => {
		const store = new NotesStore(rawStore());
		await store.put(note());
		await store.put(note({ verse: 17 }));
		await store.delete('John.3.16');
		expect((await store.all()).map(refKey)).toEqual(['John.3.17']);
	});

	it('leaves out every stored record that does not read as a verse’s notes', async () => {
		const raw = rawStore();
		const good = note({ book: 'Gen', chapter: 1, verse: 1, highlight: 'green', labels: ['a'] });
		await set('Gen.1.1', good, raw);
		// Each of these is wrong in one way only.
		const damaged: [string, unknown][] = [
			['John.3.1', null],
			['John.3.2', 'John.3.2'],
			['John.3.3', note({ verse: 3, chapter: 3, book: '<b>' })],
			['John.99.4', note({ chapter: 99, verse: 4 })],
			['John.3.5', note({ verse: 50 })],
			['John.3.6', { ...note({ verse: 6 }), bookmark: 'yes' }],
			['John.3.7', { ...note({ verse: 7 }), highlight: 'red' }],
			['John.3.8', { ...note({ verse: 8 }), note: 8 }],
			['John.3.9', { ...note({ verse: 9 }), labels: 'love' }],
			['John.3.10', { ...note({ verse: 10 }), labels: ['love', 10] }],
			['John.3.11', { ...note({ verse: 11 }), created: '2024-01-01' }],
			['John.3.12', { ...note({ verse: 12 }), updated: '2024-01-01' }]
		];
		for (const [key, value] of damaged) await set(key, value, raw);
		expect(await new NotesStore(raw).all()).toEqual([good]);
	});

	it('an import that changes nothing writes nothing and says so', async () => {
		const store = new NotesStore(rawStore());
		await store.put(note({ note: 'Mine', labels: ['love'] }));
		const text = JSON.stringify({
			format: 'api-workbench-bible-notes',
			version: 1,
			exported: '2024-01-01T00:00:00Z',
			notes: [
				{
					book: 'John',
					chapter: 3,
					verse: 16,
					bookmark: true,
					note: 'Mine',
					labels: ['love'],
					created: '2024-01-01T00:00:00.000Z',
					updated: '2024-01-01T00:00:00.000Z'
				}
			]
		});
		expect(await store.importFile(text)).toEqual({
			write: [],
			added: 0,
			combined: 0,
			unchanged: 1,
			bothKept: 0
		});
		expect(await store.all()).toEqual([note({ note: 'Mine', labels: ['love'] })]);
	});
});

// The notes store at its edges: many records, emptied verses, an import cancelled before it starts
// or refused by a full disk, a connection the browser closed, and the error for no storage.
describe('the notes store at its edges', () => {
	let n = 0;
	const dbName = () => `test-notes-store-edges-${++n}`;

	afterEach(() => vi.unstubAllGlobals());

	/** A store whose every write is refused, as a full disk refuses it. */
	const fullDisk =
		(inner: UseStore): UseStore =>
		(mode, callback) =>
			inner(mode, (store) =>
				callback(
					new Proxy(store, {
						get(target, key) {
							if (key === 'put')
								return () => {
									throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
								};
							const value: unknown = Reflect.get(target, key);
							return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
						}
					})
				)
			);

	describe('the notes store at its edges', () => {
		it('reads back every record when there are more than a page of them, each once', async () => {
			const store = new NotesStore(createStore(dbName(), 'notes'));
			const notes = Array.from({ length: 2500 }, (_, i) =>
				sampleNote({
					book: 'Ps',
					chapter: 1 + Math.floor(i / 20),
					verse: 1 + (i % 20),
					note: `n${i}`
				})
			);
			await store.importNotes(notes);
			const all = await store.all();
			expect(all).toHaveLength(2500);
			expect(new Set(all.map(refKey)).size).toBe(2500);
		});

		it('a verse put with nothing left on it is removed, not kept empty', async () => {
			const store = new NotesStore(createStore(dbName(), 'notes'));
			await store.put(sampleNote({ note: 'Mine' }));
			await store.put(sampleNote({ verse: 17, bookmark: true }));
			await store.put(sampleNote({ bookmark: false, note: '  ' }));
			expect((await store.all()).map(refKey)).toEqual(['John.3.17']);
			expect(await store.get('John.3.16')).toBeUndefined();
		});

		it('an import cancelled before it starts is refused with the reason and writes nothing', async () => {
			const store = new NotesStore(createStore(dbName(), 'notes'));
			const abort = new AbortController();
			abort.abort(new DOMException('Cancelled.', 'AbortError'));
			await expect(store.importNotes([sampleNote()], { signal: abort.signal })).rejects.toThrow(
				'Cancelled.'
			);
			expect(await store.all()).toEqual([]);
		});

		it('an import with no way to cancel, refused by a full disk, fails with the disk’s error', async () => {
			const store = new NotesStore(fullDisk(createStore(dbName(), 'notes')));
			await expect(store.importNotes([sampleNote()])).rejects.toMatchObject({
				name: 'QuotaExceededError'
			});
		});

		it('a connection the browser closed is opened again on the next use', async () => {
			const name = dbName();
			let connection: IDBDatabase | undefined;
			const inner = notesDatabase(name);
			const store = new NotesStore((mode, callback) =>
				inner(mode, (s) => {
					connection = s.transaction.db;
					return callback(s);
				})
			);
			await store.put(sampleNote({ note: 'Before' }));
			// fake-indexeddb's types ask for the class; the function takes the connection.
			forceCloseDatabase(connection as unknown as Parameters<typeof forceCloseDatabase>[0]);
			await store.put(sampleNote({ verse: 17, note: 'After' }));
			expect((await store.all()).map((r) => r.note)).toEqual(['Before', 'After']);
		});

		it('a refused open says the browser does not let the app store anything, with the cause', async () => {
			const refused = new DOMException('refused', 'InvalidStateError');
			vi.stubGlobal('indexedDB', {
				open() {
					const request = { error: refused } as { onerror?: () => void; error: DOMException };
					setTimeout(() => request.onerror?.());
					return request;
				}
			});
			const error = await new NotesStore(notesDatabase(dbName())).all().catch((e: unknown) => e);
			expect(error).toBeInstanceOf(StorageUnavailable);
			expect(error).toMatchObject({
				name: 'StorageUnavailable',
				message: 'this browser does not let the app store anything',
				cause: refused
			});
		});
	});
});
