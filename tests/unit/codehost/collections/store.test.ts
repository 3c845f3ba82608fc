/**
 * Once IndexedDB refuses a read or a write (not for lack of space), the saved requests live in the
 * page for the rest of its life: the store does not switch back to IndexedDB half-way, which would
 * lose the changes made in the meantime or mix two copies.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CollectionStore } from '$lib/codehost/collections/store';
import { clearCollections, storedCollections } from './stored-collections';
import {
	exportCollections,
	type Collection,
	type SavedRequest
} from '$lib/codehost/collections/collections';
import { resetStorageFaults } from '$lib/ui/storage-faults';

const stored = storedCollections;

const request = (name: string): SavedRequest => ({
	id: `req-${name}`,
	name,
	method: 'GET',
	path: '/projects',
	pathParams: {},
	query: '',
	params: '',
	bodyKind: 'query',
	headers: '',
	auth: { method: 'personal', way: 'private-token-header' }
});
const collection = (...names: string[]): Collection => ({
	id: 'c1',
	name: 'Ops',
	requests: names.map(request)
});
const names = (list: readonly Collection[]) => list.flatMap((c) => c.requests.map((r) => r.name));

/** IndexedDB fails this operation as a refused store does (not a full disk). */
function refuse(method: 'getAll' | 'put') {
	return vi.spyOn(IDBObjectStore.prototype, method).mockImplementation(() => {
		throw new DOMException('A mutation operation was attempted.', 'InvalidStateError');
	});
}

beforeEach(async () => {
	await clearCollections();
	resetStorageFaults();
});

afterEach(() => {
	vi.restoreAllMocks();
});

describe('a store IndexedDB refused once', () => {
	it('keeps a change made after a refused write for the page, even once IndexedDB works again', async () => {
		const store = new CollectionStore();
		await store.save([collection('One')]);
		const put = refuse('put');
		await store.update((list) => [collection(...names(list), 'Two')]);
		put.mockRestore();
		expect(names(await store.load())).toEqual(['One', 'Two']);
		await store.update((list) => [collection(...names(list), 'Three')]);
		expect(names(await store.load())).toEqual(['One', 'Two', 'Three']);
		// IndexedDB keeps what it had before the refusal.
		expect(names((await stored())!)).toEqual(['One']);
	});

	it('after a refused read, changes stay in the page and IndexedDB is left alone', async () => {
		const store = new CollectionStore();
		const read = refuse('getAll');
		expect(await store.load()).toEqual([]);
		read.mockRestore();
		expect(names(await store.update(() => [collection('One')]))).toEqual(['One']);
		expect(await stored()).toBeUndefined();
		expect(names(await store.load())).toEqual(['One']);
	});
});

describe('what is read', () => {
	it('reads every collection in one round trip, however many there are', async () => {
		const store = new CollectionStore();
		const ids = ['A', 'B', 'C', 'D', 'E'];
		await store.save(ids.map((id) => ({ ...collection(id), id })));
		// For each read asked of the store: how many answers had come before it was asked.
		let answered = 0;
		const answeredBefore: number[] = [];
		for (const method of ['get', 'getAll', 'getAllKeys'] as const) {
			const original = IDBObjectStore.prototype[method] as (...args: unknown[]) => IDBRequest;
			vi.spyOn(IDBObjectStore.prototype, method).mockImplementation(function (
				this: IDBObjectStore,
				...args: unknown[]
			) {
				answeredBefore.push(answered);
				const asked = original.apply(this, args);
				asked.addEventListener('success', () => answered++);
				return asked;
			} as never);
		}
		expect((await store.load()).map((c) => c.id)).toEqual(ids);
		expect(answeredBefore.length).toBeGreaterThan(0);
		expect(answeredBefore.every((n) => n === 0)).toBe(true);
	});
});

describe('what is written', () => {
	it('a change holding a proxy (how the page’s state hands an edit over) is written as a plain copy', async () => {
		const store = new CollectionStore();
		await store.save([collection('One')]);
		// IndexedDB cannot clone a Proxy: a first try fails with DataCloneError, then a copy goes.
		const edited = new Proxy(request('Two'), {});
		const kept = await store.update((list) => [
			{ ...list[0]!, requests: [...list[0]!.requests, edited] }
		]);
		expect(names(kept)).toEqual(['One', 'Two']);
		expect(names((await stored())!)).toEqual(['One', 'Two']);
		expect((await stored())![0]!.requests[1]).toEqual(request('Two'));
	});

	it('a list of plain objects is written as it is, and what was written is what is shown', async () => {
		const store = new CollectionStore();
		const big = collection(...Array.from({ length: 50 }, (_, i) => `R${i}`));
		const kept = await store.update(() => [big]);
		expect(kept[0]!.requests).toHaveLength(50);
		expect((await stored())![0]).toEqual(big);
	});
});

describe('an exported environment', () => {
	it('names its secret variables, so an import keeps them secret', () => {
		const text = exportCollections(
			[],
			[{ id: 'e', name: 'Prod', values: { project: 'a/b', token: '' }, secret: ['token'] }]
		);
		const file = JSON.parse(text) as { environments: { secret?: string[] }[] };
		expect(file.environments[0]!.secret).toEqual(['token']);
		const plain = JSON.parse(
			exportCollections([], [{ id: 'e', name: 'Dev', values: {}, secret: [] }])
		) as { environments: object[] };
		expect(plain.environments[0]).not.toHaveProperty('secret');
	});
});
