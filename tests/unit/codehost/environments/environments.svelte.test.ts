/**
 * Environments when the storage is full: a change that does not fit is not kept, the person is
 * told what to do, what was saved before stays whole, and a later change that fits (after the big
 * value is emptied) is kept with everything since. Real IndexedDB semantics from fake-indexeddb;
 * the disk is full the way Chromium's is (the transaction aborts after the put).
 */
import { clear, createStore, get } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EnvironmentStore, type EnvironmentsData } from '$lib/codehost/environments/environments';
import { EnvironmentsState } from '$lib/codehost/environments/environments.svelte';
import { Extractions } from '$lib/codehost/request/extractions.svelte';
import { SECRET_VARIABLE_KEY } from '$lib/codehost/secrets/variables';
import type { SecretStorages } from '$lib/settings/secret-storage';
import { resetStorageFaults, StorageFull } from '$lib/ui/storage-faults';
import { StorageStatus } from '$lib/ui/storage-status.svelte';
import { fillIndexedDb } from '../../full-indexeddb';
import { MemoryStorage } from '../../memory-storage';

const DB = 'codehost-environments';
const stored = () => get<EnvironmentsData>('environments', createStore(DB, 'kv'));
const valuesStored = async () => (await stored())?.environments[0]?.values;
const SIX_MB = 'x'.repeat(6_000_000);

let storages: SecretStorages & { session: MemoryStorage; local: MemoryStorage };

beforeEach(async () => {
	await clear(createStore(DB, 'kv'));
	resetStorageFaults();
	storages = { session: new MemoryStorage(), local: new MemoryStorage() };
});
afterEach(() => vi.restoreAllMocks());

async function tab(): Promise<EnvironmentsState> {
	const envs = new EnvironmentsState(new EnvironmentStore(), storages);
	await envs.load();
	return envs;
}

describe('an environment value too big for the disk', () => {
	it('is not kept, and the person is told which value to empty; what was saved stays whole', async () => {
		const envs = await tab();
		envs.setValue('project', 'group/app');
		expect(await envs.saved()).toBe(true);
		const before = await stored();

		const status = new StorageStatus();
		const disk = fillIndexedDb(1_000_000, DB);
		expect(() => envs.setValue('body', SIX_MB)).not.toThrow();
		expect(await envs.saved()).toBe(false);
		expect(disk.refused).toBe(1);
		expect(envs.notKept).toBe(
			"Not saved: this browser's storage for this site is full. Your variables as they were last saved are kept; what you changed since lasts until this page is closed. Empty {{body}} (6.0 MB) or free some space (delete saved requests, History or Bible downloads you no longer need), then your next change is saved with the rest."
		);
		expect(envs.message).toBe(envs.notKept);
		// Still there for this page…
		expect(envs.values.body).toBe(SIX_MB);
		// …and the record saved before is whole, not half of this change.
		expect(await stored()).toEqual(before);
		// A full disk is not "nothing will be kept".
		expect(status.unavailable).toBe(false);
	});

	it('a later change that fits, once the big value is emptied, is kept with every change since', async () => {
		const envs = await tab();
		envs.setValue('project', 'group/app');
		await envs.saved();
		fillIndexedDb(1_000_000, DB);
		envs.setValue('body', SIX_MB);
		expect(await envs.saved()).toBe(false);
		// Made while the big value is still there: not kept yet, and not lost.
		envs.setValue('project', 'group/other');
		expect(await envs.saved()).toBe(false);
		expect(await valuesStored()).toEqual({ project: 'group/app' });

		envs.setValue('body', '');
		expect(await envs.saved()).toBe(true);
		expect(envs.notKept).toBe('');
		expect(envs.message).toBe('Saved: your variables are kept on this device again.');
		expect(await valuesStored()).toEqual({ project: 'group/other', body: '' });
		// A reload reads them back.
		expect((await tab()).values).toEqual({ project: 'group/other', body: '' });
	});

	it('names the environment of the big value when there are several', async () => {
		const envs = await tab();
		envs.add('Staging');
		await envs.saved();
		fillIndexedDb(1_000_000, DB);
		envs.setValue('dump', SIX_MB);
		expect(await envs.saved()).toBe(false);
		expect(envs.notKept).toContain('Empty {{dump}} in “Staging” (6.0 MB) or free some space');
	});

	it('a full disk with no big value says to free some space', async () => {
		const envs = await tab();
		fillIndexedDb(0, DB);
		envs.setValue('project', 'group/app');
		expect(await envs.saved()).toBe(false);
		expect(envs.notKept).toContain(
			'Free some space (delete saved requests, History or Bible downloads you no longer need), then your next change is saved with the rest.'
		);
	});

	it('changes made while one is written go in one later write, of the latest state', async () => {
		const envs = await tab();
		const put = vi.spyOn(IDBObjectStore.prototype, 'put');
		for (let i = 1; i <= 5; i++) envs.setValue('page', String(i));
		expect(await envs.saved()).toBe(true);
		expect(put.mock.calls.length).toBeLessThanOrEqual(2);
		expect(await valuesStored()).toEqual({ page: '5' });
	});

	it('the store refuses the write with StorageFull, the record before staying as it was', async () => {
		const store = new EnvironmentStore();
		const data: EnvironmentsData = {
			environments: [{ id: 'a', name: 'Prod', values: { project: 'a/b' } }],
			activeId: 'a'
		};
		await store.save(data);
		fillIndexedDb(1_000, DB);
		const big = { ...data, environments: [{ ...data.environments[0]!, values: { b: SIX_MB } }] };
		await expect(store.save(big)).rejects.toBeInstanceOf(StorageFull);
		expect(await new EnvironmentStore().load()).toEqual(data);
	});
});

describe("a secret value too big for the tab's session storage", () => {
	it('throws nothing; nothing of the change is kept, in either store, and the person is told', async () => {
		const envs = await tab();
		envs.setValue('project', 'group/app');
		envs.setValue('api_key', 'short-secret');
		await envs.saved();
		const before = { idb: await stored(), tab: storages.session.getItem(SECRET_VARIABLE_KEY) };
		storages.session.room = 10_000;

		expect(() => envs.setValue('api_key', 's'.repeat(20_000))).not.toThrow();
		envs.setValue('project', 'group/other');
		expect(await envs.saved()).toBe(false);
		expect(envs.notKept).toMatch(/^Not saved: this browser's storage for this site is full\./);
		expect(envs.notKept).toContain('Empty {{api_key}} (20.0 kB)');
		expect(await stored()).toEqual(before.idb);
		expect(storages.session.getItem(SECRET_VARIABLE_KEY)).toBe(before.tab);

		envs.setValue('api_key', 'new-secret');
		expect(await envs.saved()).toBe(true);
		expect(JSON.parse(storages.session.getItem(SECRET_VARIABLE_KEY)!)).toEqual({
			'env-default': { api_key: 'new-secret' }
		});
		expect(await valuesStored()).toEqual({ project: 'group/other', api_key: '' });
	});

	it('when IndexedDB refuses after the tab kept its secrets, those go back as they were', async () => {
		const envs = await tab();
		envs.setValue('api_key', 'first-secret');
		await envs.saved();
		const before = storages.session.getItem(SECRET_VARIABLE_KEY);
		fillIndexedDb(1_000_000, DB);
		envs.setValue('body', SIX_MB);
		envs.setValue('api_key', 'second-secret');
		expect(await envs.saved()).toBe(false);
		// All or nothing: a reload would find the secret and the rest as they were saved together.
		expect(storages.session.getItem(SECRET_VARIABLE_KEY)).toBe(before);
		expect(await valuesStored()).toEqual({ api_key: '' });
	});
});

describe('"Set as variable" of a value the disk cannot hold', () => {
	it('says the value is set for this page only, and what to do; the message shows its start, not all of it', async () => {
		const envs = await tab();
		const extractions = new Extractions(envs);
		fillIndexedDb(1_000_000, DB);
		extractions.set('$.description', SIX_MB);
		expect(extractions.message).toBe(
			`Set {{description}} to ${'x'.repeat(80)}… (6.0 MB) (from $.description); use {{description}} in the next request. It follows each new answer.`
		);
		await envs.saved();
		await vi.waitFor(() =>
			expect(extractions.message).toMatch(
				/^Set \{\{description\}\} for this page only\. Not saved: this browser's storage for this site is full\./
			)
		);
		expect(extractions.message).toContain('Empty {{description}} (6.0 MB)');
		expect(envs.values.description).toBe(SIX_MB);
	});

	it('a value that fits says only that it was set', async () => {
		const envs = await tab();
		const extractions = new Extractions(envs);
		extractions.set('$[0].id', '42', 'project');
		await envs.saved();
		await new Promise((resolve) => setTimeout(resolve, 10));
		expect(extractions.message).toBe(
			'Set {{project}} to 42 (from $[0].id); use {{project}} in the next request. It follows each new answer.'
		);
		expect(await valuesStored()).toEqual({ project: '42' });
	});

	it('a secret, even one that does not fit, is never written out in the message', async () => {
		const envs = await tab();
		const extractions = new Extractions(envs);
		extractions.set('$.token', 'glpat-from-the-answer');
		expect(extractions.message).toBe(
			'Set {{token}} to the value (from $.token); use {{token}} in the next request. It follows each new answer.'
		);
		storages.session.room = 1_000;
		extractions.set('$.token', `glpat-${'t'.repeat(20_000)}`);
		await envs.saved();
		await vi.waitFor(() =>
			expect(extractions.message).toMatch(/^Set \{\{token\}\} for this page only\./)
		);
		expect(extractions.message).not.toContain('glpat-');
	});

	it('a later answer whose values do not fit says so after the send', async () => {
		const envs = await tab();
		const extractions = new Extractions(envs);
		extractions.set('$.description', 'small', 'description');
		await envs.saved();
		fillIndexedDb(1_000_000, DB);
		extractions.apply(JSON.stringify({ description: SIX_MB }));
		await envs.saved();
		await vi.waitFor(() =>
			expect(extractions.message).toMatch(
				/^The values set from this answer are for this page only\. Not saved: /
			)
		);
	});
});
