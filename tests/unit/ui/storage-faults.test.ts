/** The app-wide "nothing will be kept" notice: what raises it, and what does not. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isQuotaExceeded, reportStorageFault, resetStorageFaults } from '$lib/ui/storage-faults';
import { StorageStatus } from '$lib/ui/storage-status.svelte';

beforeEach(() => resetStorageFaults());
afterEach(() => {
	vi.restoreAllMocks();
	vi.unstubAllGlobals();
});

describe('reporting', () => {
	it('the first refusal raises the notice; later ones change nothing', () => {
		const status = new StorageStatus();
		expect(status.unavailable).toBe(false);
		reportStorageFault(new DOMException('no', 'InvalidStateError'));
		reportStorageFault(new Error('again'));
		expect(status.unavailable).toBe(true);
		// A notice made after the fault still shows it.
		expect(new StorageStatus().unavailable).toBe(true);
	});

	it('a full storage is not a refusal: each store says that itself', () => {
		const status = new StorageStatus();
		reportStorageFault(new DOMException('full', 'QuotaExceededError'));
		expect(status.unavailable).toBe(false);
	});

	it.each([
		[new DOMException('full', 'QuotaExceededError'), true],
		[{ name: 'NS_ERROR_DOM_QUOTA_REACHED' }, true],
		[{ code: 22, name: 'Error' }, true],
		[new DOMException('no', 'InvalidStateError'), false],
		[new Error('QuotaExceededError'), false],
		[undefined, false]
	])('isQuotaExceeded(%s) is %s', (error, full) => {
		expect(isQuotaExceeded(error)).toBe(full);
	});
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
