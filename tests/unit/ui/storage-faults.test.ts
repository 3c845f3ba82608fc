/** The app-wide "nothing will be kept" notice: what raises it, and what does not. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
	freeSpace,
	isQuotaExceeded,
	notSavedFull,
	reportStorageFault,
	resetStorageFaults,
	StorageFull
} from '$lib/ui/storage-faults';
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
		[undefined, false],
		// A wrapper of one, as a store or a library gives it on.
		[new Error('not stored', { cause: new DOMException('full', 'QuotaExceededError') }), true],
		[{ name: 'AbortError', inner: { name: 'QuotaExceededError' } }, true],
		[new StorageFull(), true],
		[new Error('not stored', { cause: new Error('disk gone') }), false]
	])('isQuotaExceeded(%s) is %s', (error, full) => {
		expect(isQuotaExceeded(error)).toBe(full);
	});

	it('an error that is its own cause is not followed for ever', () => {
		const loop = new Error('loop') as Error & { cause?: unknown };
		loop.cause = loop;
		expect(isQuotaExceeded(loop)).toBe(false);
	});
});

describe('the words for a full storage, one way in every area', () => {
	it('says it was not saved and why, what is kept, what to do, and what next', () => {
		expect(notSavedFull('What you had is kept.', freeSpace())).toBe(
			"Not saved: this browser's storage for this site is full. What you had is kept. Free some space (delete saved requests, History or Bible downloads you no longer need), then try again."
		);
		expect(
			notSavedFull('Kept.', freeSpace('Empty {{body}} (6.0 MB)'), 'then your next change is kept')
		).toBe(
			"Not saved: this browser's storage for this site is full. Kept. Empty {{body}} (6.0 MB) or free some space (delete saved requests, History or Bible downloads you no longer need), then your next change is kept."
		);
		expect(new StorageFull('Clear History.').message).toBe(
			"This browser's storage for this site is full. Clear History."
		);
	});
});
