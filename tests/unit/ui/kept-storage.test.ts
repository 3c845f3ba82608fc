import { afterEach, describe, expect, it, vi } from 'vitest';
import {
	askToKeep,
	keepStorage,
	persistence,
	resetKeepStorage,
	storageEstimate
} from '$lib/ui/kept-storage';

function fakeStorage(persisted: boolean, grant: boolean) {
	const storage = {
		persisted: vi.fn(async () => persisted),
		persist: vi.fn(async () => grant),
		estimate: vi.fn(async () => ({ usage: 1234, quota: 10_000 }))
	};
	vi.stubGlobal('navigator', { storage });
	return storage;
}

afterEach(() => {
	vi.unstubAllGlobals();
	resetKeepStorage();
});

describe('kept storage', () => {
	it('asks the browser once per page, on the first save, and only when not already kept', async () => {
		const storage = fakeStorage(false, true);
		keepStorage();
		keepStorage();
		await vi.waitFor(() => expect(storage.persist).toHaveBeenCalledTimes(1));
		resetKeepStorage();
		const kept = fakeStorage(true, true);
		keepStorage();
		await vi.waitFor(() => expect(kept.persisted).toHaveBeenCalled());
		expect(kept.persist).not.toHaveBeenCalled();
	});

	it('says whether the browser may clear the data, and what it stores', async () => {
		fakeStorage(false, false);
		expect(await persistence()).toBe('may-clear');
		expect(await askToKeep()).toBe('may-clear');
		expect(await storageEstimate()).toEqual({ usage: 1234, quota: 10_000 });
		fakeStorage(true, true);
		expect(await persistence()).toBe('kept');
	});

	it('a browser without the Storage API is “cannot say”, never an error', async () => {
		vi.stubGlobal('navigator', {});
		keepStorage();
		expect(await persistence()).toBe('unknown');
		expect(await storageEstimate()).toBeUndefined();
	});
});
