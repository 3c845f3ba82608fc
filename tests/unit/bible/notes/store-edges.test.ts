// The notes store at its edges: many records, emptied verses, an import cancelled before it starts
// or refused by a full disk, a connection the browser closed, and the error for no storage.
import { forceCloseDatabase } from 'fake-indexeddb';
import { createStore, type UseStore } from 'idb-keyval';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refKey } from '$lib/bible/notes/format';
import { NotesStore, notesDatabase, StorageUnavailable } from '$lib/bible/notes/store';
import { note } from './samples';

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
			note({ book: 'Ps', chapter: 1 + Math.floor(i / 20), verse: 1 + (i % 20), note: `n${i}` })
		);
		await store.importNotes(notes);
		const all = await store.all();
		expect(all).toHaveLength(2500);
		expect(new Set(all.map(refKey)).size).toBe(2500);
	});

	it('a verse put with nothing left on it is removed, not kept empty', async () => {
		const store = new NotesStore(createStore(dbName(), 'notes'));
		await store.put(note({ note: 'Mine' }));
		await store.put(note({ verse: 17, bookmark: true }));
		await store.put(note({ bookmark: false, note: '  ' }));
		expect((await store.all()).map(refKey)).toEqual(['John.3.17']);
		expect(await store.get('John.3.16')).toBeUndefined();
	});

	it('an import cancelled before it starts is refused with the reason and writes nothing', async () => {
		const store = new NotesStore(createStore(dbName(), 'notes'));
		const abort = new AbortController();
		abort.abort(new DOMException('Cancelled.', 'AbortError'));
		await expect(store.importNotes([note()], { signal: abort.signal })).rejects.toThrow(
			'Cancelled.'
		);
		expect(await store.all()).toEqual([]);
	});

	it('an import with no way to cancel, refused by a full disk, fails with the disk’s error', async () => {
		const store = new NotesStore(fullDisk(createStore(dbName(), 'notes')));
		await expect(store.importNotes([note()])).rejects.toMatchObject({
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
		await store.put(note({ note: 'Before' }));
		// fake-indexeddb's types ask for the class; the function takes the connection.
		forceCloseDatabase(connection as unknown as Parameters<typeof forceCloseDatabase>[0]);
		await store.put(note({ verse: 17, note: 'After' }));
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
