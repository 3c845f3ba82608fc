/**
 * History when storage misbehaves: two tabs adding at once keep both, and a full storage refuses
 * what it cannot keep.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HistoryStore, type HistoryEntry } from '$lib/codehost/history/history';
import { resetStorageFaults } from '$lib/ui/storage-faults';
import { StorageStatus } from '$lib/ui/storage-status.svelte';
import { clearHistory, storedEntries } from './stored-history';

const stored = async () => (await storedEntries()).map((e) => e.id);

const entry = (id: string, at: string): HistoryEntry => ({
	id,
	at,
	method: 'GET',
	path: '/projects',
	url: 'https://h/api/v4/projects',
	status: 200,
	durationMs: 1,
	sizeBytes: 1,
	requestHeaders: {},
	responseHeaders: {}
});

beforeEach(async () => {
	await clearHistory();
	resetStorageFaults();
});
afterEach(() => vi.restoreAllMocks());

describe('HistoryStore', () => {
	it('two tabs adding at the same moment keep both entries', async () => {
		const a = new HistoryStore(0);
		const b = new HistoryStore(0);
		await Promise.all([
			a.add(entry('a1', '2026-01-01')),
			b.add(entry('b1', '2026-01-02')),
			a.importEntries([entry('a2', '2026-01-03')]),
			b.importEntries([entry('b2', '2026-01-04')])
		]);
		expect(await stored()).toEqual(['b2', 'a2', 'b1', 'a1']);
	});

	it('an import into a full storage is refused with what to do, and the history stays', async () => {
		const store = new HistoryStore(0);
		await store.add(entry('kept', '2026-01-01'));
		const status = new StorageStatus();
		vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
			throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
		});
		await expect(store.importEntries([entry('new', '2026-01-02')])).rejects.toThrow(
			"This browser's storage for this site is full. The history you had is kept. Clear History or delete Bible downloads you no longer need, then try again."
		);
		// A later add that cannot be written does not throw (Send goes on).
		await expect(store.add(entry('later', '2026-01-03'))).resolves.toBeUndefined();
		expect((await store.list()).map((e) => e.id)).toEqual(['kept']);
		expect(status.unavailable).toBe(false);
	});

	it('an IndexedDB that refuses to open keeps the history for the page and raises the notice', async () => {
		const status = new StorageStatus();
		vi.spyOn(IDBFactory.prototype, 'open').mockImplementation(() => {
			throw new DOMException('The operation is insecure.', 'SecurityError');
		});
		const store = new HistoryStore(0);
		await store.add(entry('a', '2026-01-01'));
		await store.importEntries([entry('b', '2026-01-02')]);
		expect((await store.list()).map((e) => e.id)).toEqual(['b', 'a']);
		expect(status.unavailable).toBe(true);
		await store.clear();
		expect(await store.list()).toEqual([]);
	});
});
