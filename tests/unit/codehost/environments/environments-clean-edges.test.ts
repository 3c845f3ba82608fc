import 'fake-indexeddb/auto';
import { createStore, del, set } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
	cleanEnvironment,
	cleanReference,
	EnvironmentStore
} from '$lib/codehost/environments/environments';
import { resetStorageFaults } from '$lib/ui/storage-faults';
import { StorageStatus } from '$lib/ui/storage-status.svelte';

const db = () => createStore('codehost-environments', 'kv');
const DEFAULTS = {
	environments: [{ id: 'env-default', name: 'Default', values: {} }],
	activeId: 'env-default'
};

describe('cleaning a stored or imported environment', () => {
	it('reads nothing from null', () => {
		expect(cleanReference(null)).toBeUndefined();
		expect(cleanEnvironment(null)).toBeNull();
	});

	it('gives an environment without values empty values', () => {
		expect(cleanEnvironment({ id: 'e', name: 'Prod' })).toEqual({
			id: 'e',
			name: 'Prod',
			values: {}
		});
	});

	it('keeps as secret only variable names', () => {
		expect(
			cleanEnvironment({ id: 'e', name: 'Prod', values: {}, secret: ['token', 5, 'a b', ''] })
		).toEqual({ id: 'e', name: 'Prod', values: {}, secret: ['token'] });
		expect(cleanEnvironment({ id: 'e', name: 'Prod', secret: [7] })).not.toHaveProperty('secret');
	});
});

describe('the environment store and storage faults', () => {
	beforeEach(async () => {
		await del('environments', db());
		resetStorageFaults();
	});

	afterEach(() => {
		vi.unstubAllGlobals();
	});

	it('an empty store, or one with no sound environment, is no storage fault', async () => {
		const status = new StorageStatus();
		expect(await new EnvironmentStore().load()).toEqual(DEFAULTS);
		await set('environments', { environments: [{ id: 'x' }], activeId: 'x' }, db());
		expect(await new EnvironmentStore().load()).toEqual(DEFAULTS);
		expect(status.unavailable).toBe(false);
	});

	it('a save IndexedDB refuses is reported as storage unavailable', async () => {
		const status = new StorageStatus();
		vi.stubGlobal('indexedDB', undefined);
		await new EnvironmentStore().save(DEFAULTS);
		expect(status.unavailable).toBe(true);
	});
});
