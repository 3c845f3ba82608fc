/** Where the demo energy service keeps its state: memory, or IndexedDB so a reload carries on. */
import { describe, expect, it } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { defaultStore, indexedDbStore, memoryStore } from '$lib/fakes/energy/store';
import { seedState } from '$lib/fakes/energy/service';

describe('the demo energy stores', () => {
	it.each([
		['memory', memoryStore],
		['IndexedDB', indexedDbStore]
	])('%s keeps one state per user until cleared', async (_name, make) => {
		globalThis.indexedDB = new IDBFactory();
		const store = make();
		const demo = seedState(1);
		const sandbox = { ...seedState(2), nextGuid: 99 };
		expect(await store.load('')).toBeUndefined();
		await store.save('', demo);
		await store.save('e2e-1', sandbox);
		expect(await store.load('')).toEqual(demo);
		expect(await store.load('e2e-1')).toEqual(sandbox);
		await store.clear();
		expect(await store.load('')).toBeUndefined();
		expect(await store.load('e2e-1')).toBeUndefined();
	});

	it('IndexedDB outlives the store object, as a reload would', async () => {
		globalThis.indexedDB = new IDBFactory();
		await indexedDbStore().save('', seedState(3));
		expect((await indexedDbStore().load(''))?.nextGuid).toBe(seedState(3).nextGuid);
	});

	it('by default, IndexedDB where there is one and memory where not', async () => {
		globalThis.indexedDB = new IDBFactory();
		await defaultStore().save('', seedState(4));
		expect(await indexedDbStore().load('')).toBeDefined();
		const kept = globalThis.indexedDB;
		try {
			// Node's fake servers run without IndexedDB.
			Reflect.deleteProperty(globalThis, 'indexedDB');
			const memory = defaultStore();
			await memory.save('', seedState(5));
			expect(await memory.load('')).toBeDefined();
			expect(await defaultStore().load('')).toBeUndefined();
		} finally {
			globalThis.indexedDB = kept;
		}
	});
});
