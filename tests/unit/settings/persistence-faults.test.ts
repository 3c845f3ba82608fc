/** Settings in a browser that refuses IndexedDB: defaults at start, changes kept for the page, said once. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetStorageFaults } from '$lib/ui/storage-faults';
import { StorageStatus } from '$lib/ui/storage-status.svelte';

type Persistence = typeof import('$lib/settings/persistence');
let persistence: Persistence;

beforeEach(async () => {
	resetStorageFaults();
	vi.resetModules();
	persistence = await import('$lib/settings/persistence');
});
afterEach(() => vi.restoreAllMocks());

describe('settings with IndexedDB refused', () => {
	it('loading gives the defaults and raises the notice; saving does not throw', async () => {
		vi.spyOn(IDBFactory.prototype, 'open').mockImplementation(() => {
			throw new DOMException('The operation is insecure.', 'SecurityError');
		});
		const status = new StorageStatus();
		expect(await persistence.loadConnections()).toEqual(persistence.defaultConnections());
		expect(status.unavailable).toBe(true);
		await expect(
			persistence.saveConnections(persistence.defaultConnections())
		).resolves.toBeUndefined();
	});

	it('a full storage is an error for the caller to show, not the notice', async () => {
		vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
			throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
		});
		const status = new StorageStatus();
		await expect(persistence.saveConnections(persistence.defaultConnections())).rejects.toThrow(
			'quota'
		);
		expect(status.unavailable).toBe(false);
	});
});
