import { createStore, entries, set } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { refKey, type VerseNote } from '$lib/bible/notes/format';
import { NOTES_DB, NotesStore } from '$lib/bible/notes/store';

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
		expect(rows).toEqual([['John.3.16', note({ note: 'kept' })]]);
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
