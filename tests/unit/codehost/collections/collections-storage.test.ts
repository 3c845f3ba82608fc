/**
 * Saved requests when storage misbehaves: full (a clear error, what was saved before intact),
 * refused (kept for the page, and said once app-wide), and two tabs editing the same collection
 * (neither edit lost). Real IndexedDB semantics from fake-indexeddb.
 */
import type { CodehostRequest } from '$lib/codehost/request/request';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CollectionStore } from '$lib/codehost/collections/store';
import { clearCollections, storedCollections } from './stored-collections';
import { firstRequests, type Collection } from '$lib/codehost/collections/collections';
import { CollectionsState, STORAGE_FULL } from '$lib/codehost/collections/collections.svelte';
import { resetStorageFaults } from '$lib/ui/storage-faults';
import { StorageStatus } from '$lib/ui/storage-status.svelte';
import { fillIndexedDb } from '../../full-indexeddb';

const stored = storedCollections;

const snap = (path = '/projects'): CodehostRequest => ({
	method: 'GET',
	path,
	pathParams: {},
	query: '',
	params: '',
	bodyKind: 'query',
	headers: '',
	auth: { method: 'personal', way: 'private-token-header' }
});

/** Collection name → request names, as a person sees the list. */
const shown = (list: readonly Collection[]) =>
	Object.fromEntries(list.map((c) => [c.name, c.requests.map((r) => r.name)]));

/** A tab of the app: its own state over its own connection to the same database. */
async function tab(): Promise<CollectionsState> {
	const state = new CollectionsState(new CollectionStore());
	await state.load();
	return state;
}

/**
 * From now on every write to the collections' database fails as a full disk makes it fail: the
 * transaction aborts a moment after the put, with a QuotaExceededError, and writes nothing.
 */
function fillStorage() {
	const disk = fillIndexedDb(0, 'codehost-collections');
	return () => disk.restore();
}

beforeEach(async () => {
	await clearCollections();
	resetStorageFaults();
});

afterEach(() => {
	vi.restoreAllMocks();
	vi.unstubAllGlobals();
});

describe('storage full while saving a collection', () => {
	it('says so and what to do; the collections saved before stay, in the store and on screen', async () => {
		const state = await tab();
		state.save('List projects', 'Ops', snap());
		await state.settled();
		const before = await stored();
		expect(shown(before!)).toEqual({ Ops: ['List projects'] });

		const status = new StorageStatus();
		fillStorage();
		state.save('New issue', 'Ops', snap('/projects/1/issues'));
		state.save('Me', 'Users', snap('/user'));
		// Shown at once, as a save is…
		expect(shown(state.collections)).toEqual({
			Ops: ['List projects', 'New issue'],
			Users: ['Me']
		});
		await state.settled();
		// …then taken back, with the reason and what to do.
		expect(state.message).toBe(STORAGE_FULL);
		expect(state.message).toMatch(/storage for this site is full/);
		expect(state.message).toMatch(/kept as they were/);
		expect(state.message).toMatch(/Free some space .*then try again/);
		expect(shown(state.collections)).toEqual({ Ops: ['List projects'] });
		expect(await stored()).toEqual(before);
		// A full disk is not "storage refused": the app-wide notice is not raised for it.
		expect(status.unavailable).toBe(false);
	});

	it('a rename or delete refused for lack of space leaves the request as it was', async () => {
		const state = await tab();
		const item = state.save('List projects', 'Ops', snap())!;
		await state.settled();
		fillStorage();
		state.rename(item.id, 'Renamed');
		await state.settled();
		expect(state.message).toBe(STORAGE_FULL);
		state.remove(item.id);
		await state.settled();
		expect(shown(state.collections)).toEqual({ Ops: ['List projects'] });
		expect(shown((await stored())!)).toEqual({ Ops: ['List projects'] });
	});

	it('once space is freed, the same save goes through', async () => {
		const state = await tab();
		const freed = fillStorage();
		state.save('List projects', 'Ops', snap());
		await state.settled();
		expect(state.collections).toEqual([]);
		freed();
		state.save('List projects', 'Ops', snap());
		await state.settled();
		expect(state.message).toBe('Saved “List projects” in “Ops”.');
		expect(shown((await stored())!)).toEqual({ Ops: ['List projects'] });
	});

	it('an import refused for lack of space adds nothing', async () => {
		const state = await tab();
		state.save('Mine', 'Ops', snap());
		await state.settled();
		fillStorage();
		state.importFile({
			collections: [
				{ id: 'c9', name: 'Shared', requests: [{ ...snap(), id: 'r9', name: 'Theirs' }] }
			],
			environments: [],
			dropped: []
		});
		await state.settled();
		expect(state.message).toBe(STORAGE_FULL);
		expect(shown(state.collections)).toEqual({ Ops: ['Mine'] });
		expect(shown((await stored())!)).toEqual({ Ops: ['Mine'] });
	});
});

describe('two tabs editing the same collection', () => {
	it('the later save sees the earlier one: both requests are kept, in one collection', async () => {
		const a = await tab();
		const b = await tab();
		a.save('From A', 'Shared', snap('/a'));
		await a.settled();
		// B never reloaded: its list is older than what is stored.
		b.save('From B', 'Shared', snap('/b'));
		await b.settled();
		expect(shown((await stored())!)).toEqual({ Shared: ['From A', 'From B'] });
		expect(shown(b.collections)).toEqual({ Shared: ['From A', 'From B'] });
		// A is told by the other tab, and shows B's save without a reload.
		await vi.waitFor(() => expect(shown(a.collections)).toEqual({ Shared: ['From A', 'From B'] }));
	});

	it('a rename in one tab and a delete and a duplicate in the other all stay', async () => {
		const a = await tab();
		const one = a.save('One', 'Shared', snap('/1'))!;
		const two = a.save('Two', 'Shared', snap('/2'))!;
		const three = a.save('Three', 'Shared', snap('/3'))!;
		await a.settled();
		const b = await tab();
		a.rename(one.id, 'One, renamed in A');
		b.remove(two.id);
		b.duplicate(three.id);
		await Promise.all([a.settled(), b.settled()]);
		const expected = { Shared: ['One, renamed in A', 'Three', 'Three (copy)'] };
		expect(shown((await stored())!)).toEqual(expected);
		expect(shown(b.collections)).toEqual(expected);
		await vi.waitFor(() => expect(shown(a.collections)).toEqual(expected));
	});

	it('saves made at the same moment in both tabs are all kept', async () => {
		const a = await tab();
		const b = await tab();
		for (let i = 0; i < 5; i++) {
			a.save(`A${i}`, 'Shared', snap());
			b.save(`B${i}`, 'Shared', snap());
		}
		await Promise.all([a.settled(), b.settled()]);
		const names = (await stored())![0]!.requests.map((r) => r.name).sort();
		expect(names).toEqual(['A0', 'A1', 'A2', 'A3', 'A4', 'B0', 'B1', 'B2', 'B3', 'B4']);
		expect((await stored())!).toHaveLength(1);
	});
});

describe('IndexedDB refused (a private window)', () => {
	/** `indexedDB.open` fails the way a private window makes it fail: an error on the request. */
	function refuseIndexedDb() {
		vi.spyOn(IDBFactory.prototype, 'open').mockImplementation(() => {
			const request = new EventTarget() as IDBOpenDBRequest;
			const error = new DOMException('A mutation operation was attempted.', 'InvalidStateError');
			Object.defineProperty(request, 'error', { value: error });
			setTimeout(() => {
				const event = new Event('error');
				request.dispatchEvent(event);
				request.onerror?.call(request, event);
			});
			return request;
		});
	}

	it('saved requests work for the page, and the refusal is reported once', async () => {
		refuseIndexedDb();
		const status = new StorageStatus();
		const state = await tab();
		expect(status.unavailable).toBe(true);
		const item = state.save('List projects', 'Ops', snap())!;
		await state.settled();
		state.rename(item.id, 'Projects');
		state.duplicate(item.id);
		await state.settled();
		expect(shown(state.collections)).toEqual({ Ops: ['Projects', 'Projects (copy)'] });
		expect(state.message).toBe('Duplicated as “Projects (copy)”.');
	});

	it('without IndexedDB at all, the same', async () => {
		vi.stubGlobal('indexedDB', undefined);
		const status = new StorageStatus();
		const state = await tab();
		state.save('List projects', 'Ops', snap());
		await state.settled();
		expect(shown(state.collections)).toEqual({ Ops: ['List projects'] });
		expect(status.unavailable).toBe(true);
	});
});

describe('firstRequests', () => {
	const list = (sizes: number[]): Collection[] =>
		sizes.map((n, c) => ({
			id: `c${c}`,
			name: `C${c}`,
			requests: Array.from({ length: n }, (_, r) => ({
				...snap(),
				id: `r${c}.${r}`,
				name: `R${r}`
			}))
		}));

	it('keeps the first requests in order, collection by collection, and counts the rest', () => {
		const { collections, more } = firstRequests(list([3, 4, 2]), 5);
		expect(shown(collections)).toEqual({ C0: ['R0', 'R1', 'R2'], C1: ['R0', 'R1'] });
		expect(more).toBe(4);
	});

	it('all of them when they fit, none counted left out', () => {
		const all = list([3, 2]);
		expect(firstRequests(all, 5)).toEqual({ collections: all, more: 0 });
	});
});

describe('reading the saved requests', () => {
	it('while it reads, the collections shown stay; when it fails, the problem is said and they stay', async () => {
		const store = new CollectionStore();
		const state = new CollectionsState(store);
		await state.load();
		state.save('List projects', 'Ops', snap());
		await state.settled();
		let fail!: (error: unknown) => void;
		vi.spyOn(store, 'load').mockImplementation(
			() => new Promise<Collection[]>((_, reject) => (fail = reject))
		);
		const loading = state.load();
		await vi.waitFor(() => expect(state.reading.loading).toBe(true));
		expect(shown(state.collections)).toEqual({ Ops: ['List projects'] });
		fail(new DOMException('The database connection is closing.', 'InvalidStateError'));
		await loading;
		expect(state.reading.problem?.message).toBe('This browser could not read your saved requests.');
		expect(shown(state.collections)).toEqual({ Ops: ['List projects'] });
	});
});
