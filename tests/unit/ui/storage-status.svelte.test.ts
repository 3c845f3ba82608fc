/** The app-wide notice's start-up probe: IndexedDB tried once, before anything is saved. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetStorageFaults } from '$lib/ui/storage-faults';
import { StorageStatus } from '$lib/ui/storage-status.svelte';

beforeEach(() => resetStorageFaults());
afterEach(() => {
	vi.restoreAllMocks();
	vi.unstubAllGlobals();
});

describe('the start-up probe', () => {
	it('where IndexedDB works, it says so and raises nothing', async () => {
		const status = new StorageStatus();
		expect(await status.probe()).toBe(true);
		expect(status.unavailable).toBe(false);
	});

	it('no IndexedDB at all raises the notice', async () => {
		const status = new StorageStatus();
		vi.stubGlobal('indexedDB', undefined);
		expect(await status.probe()).toBe(false);
		expect(status.unavailable).toBe(true);
	});

	it('an open that fails raises the notice', async () => {
		const status = new StorageStatus();
		vi.spyOn(IDBFactory.prototype, 'open').mockImplementation(() => {
			throw new DOMException('The operation is insecure.', 'SecurityError');
		});
		expect(await status.probe()).toBe(false);
		expect(status.unavailable).toBe(true);
	});

	it('a database that opens but refuses writes raises the notice', async () => {
		const status = new StorageStatus();
		vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
			throw new DOMException('A mutation operation was attempted.', 'InvalidStateError');
		});
		expect(await status.probe()).toBe(false);
		expect(status.unavailable).toBe(true);
	});
});
