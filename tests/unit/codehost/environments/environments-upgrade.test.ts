/**
 * The environments' record, format 2: what earlier builds wrote (no version: format 1) opens with
 * every environment, variable, secret mark and auth method, and is then kept as format 2; a record
 * of a newer format is never overwritten and the Variables panel says so.
 */
import 'fake-indexeddb/auto';
import { clear, createStore, get, set } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import {
	ENVIRONMENTS_FORMAT,
	ENVIRONMENTS_KEY,
	EnvironmentStore
} from '$lib/codehost/environments/environments';
import { EnvironmentsState } from '$lib/codehost/environments/environments.svelte';
import { NewerData } from '$lib/ui/stored-format';
import { resetStorageFaults } from '$lib/ui/storage-faults';
import {
	dumpedRecords,
	EARLIER_BUILDS,
	earlierBuild,
	putDumped
} from '../../upgrade/earlier-builds';

const db = () => createStore('codehost-environments', 'kv');
const stored = () => get(ENVIRONMENTS_KEY, db());

beforeEach(async () => {
	await clear(db());
	resetStorageFaults();
});

describe.each(EARLIER_BUILDS)('environments the build %s kept', (build) => {
	it('open with every environment as it was, and are then kept as format 2', async () => {
		const dump = await earlierBuild(build);
		const old = dumpedRecords(dump, 'codehost-environments', 'kv')[ENVIRONMENTS_KEY] as {
			environments: { name: string }[];
			activeId: string;
		};
		expect(old).not.toHaveProperty('format');
		await putDumped(dump, 'codehost-environments', 'kv');
		const loaded = await new EnvironmentStore().load();
		expect(loaded).toEqual({ environments: old.environments, activeId: old.activeId });
		expect(loaded.environments.map((e) => e.name)).toEqual(['Default', 'Staging', 'CI jobs']);
		expect(await stored()).toEqual({ format: ENVIRONMENTS_FORMAT, ...old });
		// Opened again: read as format 2, the same.
		expect(await new EnvironmentStore().load()).toEqual(loaded);
	});

	it('a save before any load writes format 2', async () => {
		await putDumped(await earlierBuild(build), 'codehost-environments', 'kv');
		const store = new EnvironmentStore();
		await store.save({ environments: [{ id: 'e', name: 'Only', values: {} }], activeId: 'e' });
		expect(await stored()).toEqual({
			format: 2,
			environments: [{ id: 'e', name: 'Only', values: {} }],
			activeId: 'e'
		});
	});
});

describe('environments a newer build kept', () => {
	const newer = { format: 3, sets: [{ id: 'env-x', label: 'Prod' }], activeId: 'env-x' };

	it('are left byte for byte, on open and on a save, and NewerData is thrown', async () => {
		await set(ENVIRONMENTS_KEY, newer, db());
		const store = new EnvironmentStore();
		await expect(store.load()).rejects.toBeInstanceOf(NewerData);
		await expect(
			store.save({ environments: [{ id: 'e', name: 'Mine', values: {} }], activeId: 'e' })
		).rejects.toBeInstanceOf(NewerData);
		expect(await stored()).toEqual(newer);
	});

	it('the Variables panel says so in plain words, and a change is not saved over them', async () => {
		await set(ENVIRONMENTS_KEY, newer, db());
		const envs = new EnvironmentsState(new EnvironmentStore(), {
			session: undefined,
			local: undefined
		});
		await envs.load();
		expect(envs.message).toBe(
			'Your environments were saved by a newer version of this app. Open the newest version to see them; nothing here was changed.'
		);
		envs.setValue('project', '9');
		expect(await envs.saved()).toBe(false);
		expect(envs.message).toMatch(/^Not saved\. Your environments were saved by a newer version/);
		expect(await stored()).toEqual(newer);
	});
});
