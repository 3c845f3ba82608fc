/**
 * The page's list of API descriptions in the endpoint list: read once, what an import adds shown
 * at once and kept, a newer version in place of the old, a removed one gone after a reload too.
 */
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiDescription } from '$lib/codehost/catalogue/described';
import { DescribedCatalogue } from '$lib/codehost/catalogue/described.svelte';
import { DescribedStore } from '$lib/codehost/catalogue/described-store';

const api = (id: string, version = '1'): ApiDescription => ({
	id,
	title: `API ${id}`,
	version,
	servers: [],
	imported: `2026-12-0${id.length}T00:00:00.000Z`,
	operations: []
});

class Refusing extends DescribedStore {
	reads = 0;
	override load(): Promise<ApiDescription[]> {
		this.reads++;
		return Promise.reject(new Error('refused'));
	}
}

beforeEach(() => {
	globalThis.indexedDB = new IDBFactory();
});

describe('DescribedCatalogue', () => {
	it('adds, replaces and removes, and a reloaded page sees the same', async () => {
		const page = new DescribedCatalogue();
		await page.put(api('a'));
		await page.put(api('bb'));
		await page.put(api('a', '2'));
		expect(page.list.map((d) => `${d.id} ${d.version}`)).toEqual(['a 2', 'bb 1']);
		await page.remove('bb');
		const reloaded = new DescribedCatalogue();
		await reloaded.load();
		expect(reloaded.list.map((d) => d.id)).toEqual(['a']);
	});

	it('a store that cannot be read leaves the list empty, and loads once', async () => {
		const store = new Refusing();
		const page = new DescribedCatalogue(store);
		await page.load();
		await page.load();
		expect(page.list).toEqual([]);
		expect(store.reads).toBe(1);
	});
});
