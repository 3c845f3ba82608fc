/**
 * The saved requests' store, format 2: a store the previous build wrote (format 1, one record
 * holding the whole list) is upgraded on open without losing anything; a change writes only the
 * collections it changed; a store a newer build wrote is left as it is. Real IndexedDB semantics
 * from fake-indexeddb; the fixture is what the previous build's store wrote.
 */
import 'fake-indexeddb/auto';
import { readFile } from 'node:fs/promises';
import { entries, get, set } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
	cleanCollections,
	CollectionStore,
	NewerFormat,
	STORE_KEYS
} from '$lib/codehost/collections/store';
import type { Collection } from '$lib/codehost/collections/collections';
import { CollectionsState } from '$lib/codehost/collections/collections.svelte';
import { resetStorageFaults } from '$lib/ui/storage-faults';
import { clearCollections, collectionsDb, storedCollections } from './stored-collections';

const formatOne = async (): Promise<Collection[]> =>
	JSON.parse(
		await readFile(new URL('./fixtures/collections-format-1.json', import.meta.url), 'utf8')
	) as Collection[];

/** Every record of the store, as IndexedDB holds them. */
const everything = async () => Object.fromEntries(await entries(collectionsDb()));

beforeEach(async () => {
	await clearCollections();
	resetStorageFaults();
});

afterEach(() => {
	vi.restoreAllMocks();
});

describe('a store the previous build wrote (format 1)', () => {
	it('the fixture is a sound format-1 store: every request survives cleaning', async () => {
		const old = await formatOne();
		expect(old.length).toBeGreaterThan(3);
		expect(cleanCollections(old)).toEqual(old);
	});

	it('opens with every request equal, in the same order, and is then kept as format 2', async () => {
		const old = await formatOne();
		await set(STORE_KEYS.format1, old, collectionsDb());
		expect(await new CollectionStore().load()).toEqual(old);
		expect(await storedCollections()).toEqual(old);
		const keys = Object.keys(await everything()).sort();
		expect(keys).toEqual([STORE_KEYS.order, ...old.map((c) => STORE_KEYS.collection(c.id))].sort());
		expect(await get(STORE_KEYS.order, collectionsDb())).toEqual({
			format: 2,
			collections: old.map((c) => ({ id: c.id, rev: 1 }))
		});
		// Opened again: read as format 2, the same.
		expect(await new CollectionStore().load()).toEqual(old);
	});

	it('a first change (before any load) upgrades too, with the change on top', async () => {
		const old = await formatOne();
		await set(STORE_KEYS.format1, old, collectionsDb());
		const kept = await new CollectionStore().update((list) => list.slice(1));
		expect(kept).toEqual(old.slice(1));
		expect(await storedCollections()).toEqual(old.slice(1));
		expect(await get(STORE_KEYS.format1, collectionsDb())).toBeUndefined();
	});

	it('an upgrade that is aborted loses nothing: the old record stays and is read next time', async () => {
		const old = await formatOne();
		await set(STORE_KEYS.format1, old, collectionsDb());
		const before = await everything();
		// The upgrade's transaction fails half-way: after the first collection's record is put.
		const put = IDBObjectStore.prototype.put;
		let puts = 0;
		vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
			this: IDBObjectStore,
			...args: Parameters<typeof put>
		) {
			if (++puts === 2) throw new DOMException('The disk went away.', 'UnknownError');
			return put.apply(this, args);
		});
		// The page still shows what was saved (for this page).
		expect(await new CollectionStore().load()).toEqual(old);
		vi.restoreAllMocks();
		expect(await everything()).toEqual(before);
		expect(await new CollectionStore().load()).toEqual(old);
		expect(await storedCollections()).toEqual(old);
	});
});

describe('a change', () => {
	it('writes only the collection it changed (its rev bumped), and the order', async () => {
		const old = await formatOne();
		const store = new CollectionStore();
		await store.save(old);
		const put = vi.spyOn(IDBObjectStore.prototype, 'put');
		const renamed = await store.update((list) =>
			list.map((c, i) => (i === 1 ? { ...c, name: 'Renamed' } : c))
		);
		const keys = put.mock.calls.map((call) => call[1]);
		expect(keys.sort()).toEqual([STORE_KEYS.collection(old[1]!.id), STORE_KEYS.order].sort());
		expect(renamed[1]!.name).toBe('Renamed');
		const order = await get<{ collections: { rev: number }[] }>(STORE_KEYS.order, collectionsDb());
		expect(order!.collections.map((e) => e.rev)).toEqual(old.map((_, i) => (i === 1 ? 2 : 1)));
		expect(await storedCollections()).toEqual(renamed);
	});

	it('that removes a collection deletes its record', async () => {
		const old = await formatOne();
		const store = new CollectionStore();
		await store.save(old);
		await store.update((list) => list.filter((c) => c.id !== old[0]!.id));
		expect(await get(STORE_KEYS.collection(old[0]!.id), collectionsDb())).toBeUndefined();
		expect(await storedCollections()).toEqual(old.slice(1));
	});
});

describe('a store a newer build wrote', () => {
	const newer = {
		format: 3,
		collections: [{ id: 'col-1', rev: 4, shard: 'a' }],
		note: 'written by a newer build'
	};

	it('is left byte for byte and NewerFormat is thrown, on open and on a change', async () => {
		await set(STORE_KEYS.order, newer, collectionsDb());
		await set('collection:col-1', { format: 3, rev: 4, data: 'x' }, collectionsDb());
		const before = JSON.stringify(await everything());
		const store = new CollectionStore();
		await expect(store.load()).rejects.toBeInstanceOf(NewerFormat);
		await expect(store.update(() => [])).rejects.toBeInstanceOf(NewerFormat);
		await expect(store.save([])).rejects.toBeInstanceOf(NewerFormat);
		expect(JSON.stringify(await everything())).toBe(before);
	});

	it('a newer record under the old key is not upgraded nor overwritten', async () => {
		await set(STORE_KEYS.format1, newer, collectionsDb());
		const before = JSON.stringify(await everything());
		await expect(new CollectionStore().load()).rejects.toBeInstanceOf(NewerFormat);
		await expect(new CollectionStore().update((l) => l)).rejects.toBeInstanceOf(NewerFormat);
		expect(JSON.stringify(await everything())).toBe(before);
	});

	it('a newer collection record in a format-2 order is not overwritten', async () => {
		const store = new CollectionStore();
		const old = await formatOne();
		await store.save(old);
		const key = STORE_KEYS.collection(old[0]!.id);
		await set(key, { format: 3, rev: 9, data: 'newer' }, collectionsDb());
		const before = JSON.stringify(await everything());
		await expect(new CollectionStore().update((l) => l.slice(1))).rejects.toBeInstanceOf(
			NewerFormat
		);
		expect(JSON.stringify(await everything())).toBe(before);
	});

	it('the Collections panel says so in plain words, and a save changes nothing', async () => {
		await set(STORE_KEYS.order, newer, collectionsDb());
		const before = JSON.stringify(await everything());
		const state = new CollectionsState(new CollectionStore());
		await state.load();
		const problem = state.reading.problem!;
		expect(`${problem.message} ${problem.hint}`).toBe(
			'Your saved requests were saved by a newer version of this app. Open the newest version to see them; nothing here was changed.'
		);
		state.save('Me', 'Users', {
			method: 'GET',
			path: '/user',
			pathParams: {},
			query: '',
			params: '',
			bodyKind: 'query',
			headers: '',
			auth: { method: 'personal', way: 'private-token-header' }
		});
		await state.settled();
		expect(state.message).toMatch(/^Not saved\. Your saved requests were saved by a newer version/);
		expect(state.collections).toEqual([]);
		expect(JSON.stringify(await everything())).toBe(before);
	});
});
