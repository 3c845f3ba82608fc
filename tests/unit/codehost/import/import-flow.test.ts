/**
 * An import in Collections as a person goes through it: a file of another tool read (here in the
 * page, as where no worker can start), its preview, then Import or Cancel. Nothing is written
 * before Import; Import writes the saved requests and environments as one step, and a refusal of
 * either store leaves nothing of the file. Secret values come in only when chosen, and then never
 * reach IndexedDB.
 */
import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CollectionStore } from '$lib/codehost/collections/store';
import { exportCollections, type Collection } from '$lib/codehost/collections/collections';
import { CollectionsState } from '$lib/codehost/collections/collections.svelte';
import { EnvironmentStore, type EnvironmentsData } from '$lib/codehost/environments/environments';
import { EnvironmentsState } from '$lib/codehost/environments/environments.svelte';
import { ImportFlow } from '$lib/codehost/import/import-flow.svelte';
import { importedText } from '$lib/codehost/import/preview';
import { provideSnapshots, UNDO_NOTE } from '$lib/ui/snapshot-before';
import { StorageFull } from '$lib/ui/storage-faults';
import { MemoryStorage } from '../../memory-storage';
import { API_ROOT } from './sent';

const fixture = async (name: string) =>
	new File([await readFile(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')], name);

/** Saved requests kept in memory; `full` makes the next writes fail as a full disk does. */
class MemoryCollections extends CollectionStore {
	kept: Collection[] = [];
	full = false;
	writes = 0;
	override load(): Promise<Collection[]> {
		return Promise.resolve(structuredClone(this.kept));
	}
	override update(change: (current: Collection[]) => Collection[]): Promise<Collection[]> {
		if (this.full) return Promise.reject(new StorageFull());
		this.writes++;
		this.kept = structuredClone(change(structuredClone(this.kept)));
		return Promise.resolve(structuredClone(this.kept));
	}
}

class MemoryEnvironments extends EnvironmentStore {
	kept: EnvironmentsData | undefined;
	full = false;
	override load(): Promise<EnvironmentsData> {
		return this.kept ? Promise.resolve(structuredClone(this.kept)) : super.load();
	}
	override save(data: EnvironmentsData): Promise<void> {
		if (this.full) return Promise.reject(new StorageFull());
		this.kept = JSON.parse(JSON.stringify(data)) as EnvironmentsData;
		return Promise.resolve();
	}
}

let colStore: MemoryCollections;
let envStore: MemoryEnvironments;
let session: MemoryStorage;
let collections: CollectionsState;
let environments: EnvironmentsState;
let flow: ImportFlow;

beforeEach(async () => {
	colStore = new MemoryCollections();
	envStore = new MemoryEnvironments();
	session = new MemoryStorage();
	collections = new CollectionsState(colStore);
	environments = new EnvironmentsState(envStore, { session, local: new MemoryStorage() });
	await collections.load();
	await environments.load();
	flow = new ImportFlow({ collections, environments, apiRoot: () => API_ROOT });
});

const names = (list: readonly Collection[]) => list.map((c) => c.name);
const requestCount = (list: readonly Collection[]) =>
	list.reduce((n, c) => n + c.requests.length, 0);

describe('ImportFlow: preview, then Import', () => {
	it('a Postman collection is previewed with nothing written, then imported in one step', async () => {
		expect(await flow.read(await fixture('postman-2.1.json'))).toBe('preview');
		const preview = flow.preview!;
		expect(preview.formatName).toBe('Postman collection (v2.1)');
		expect(preview.counts.requests).toBeGreaterThan(3);
		expect(collections.message).toBe(
			'Read “postman-2.1.json” as a Postman collection (v2.1). Check the import preview, then choose Import or Cancel.'
		);
		// Nothing is saved until Import.
		expect(collections.collections).toEqual([]);
		expect(colStore.writes).toBe(0);

		expect(await flow.apply()).toBe(true);
		await collections.settled();
		expect(flow.preview).toBeNull();
		expect(requestCount(collections.collections)).toBe(preview.counts.requests);
		expect(requestCount(colStore.kept)).toBe(preview.counts.requests);
		// One write for every request of the file: there is no moment with half of it.
		expect(colStore.writes).toBe(1);
		expect(names(colStore.kept)).toEqual(names(preview.collections));
		expect(collections.message).toBe(importedText(preview, false));
		expect(collections.message).toMatch(
			/^Imported \d+ requests in \d+ collections (and 1 environment )?from the Postman collection \(v2\.1\)\./
		);
	});

	it('an Insomnia export and an OpenAPI description are previewed by content, whatever the file is called', async () => {
		const insomnia = await fixture('insomnia-4.json');
		expect(await flow.read(new File([insomnia], 'export.txt'))).toBe('preview');
		expect(flow.preview!.formatName).toBe('Insomnia export (v4)');
		flow.cancel();
		expect(await flow.read(await fixture('openapi-3.0.yaml'))).toBe('preview');
		expect(flow.preview!.formatName).toBe('OpenAPI 3.0 description');
		expect(flow.preview!.collections.flatMap((c) => c.requests).length).toBeGreaterThan(0);
	});

	it('Cancel changes nothing and says so', async () => {
		await flow.read(await fixture('postman-2.1.json'));
		flow.cancel();
		expect(flow.preview).toBeNull();
		expect(collections.message).toBe('Import cancelled; nothing changed.');
		expect(await flow.apply()).toBe(false);
		expect(collections.collections).toEqual([]);
		expect(colStore.writes).toBe(0);
	});

	it('a file that is no collection is refused whole, with what was expected', async () => {
		expect(await flow.read(new File(['{"hello": "world"}'], 'notes.json'))).toBe('unchanged');
		expect(flow.preview).toBeNull();
		expect(collections.message).toMatch(
			/^Not imported, nothing changed: This file is not one this explorer can import\. Choose a Postman collection/
		);
		expect(colStore.writes).toBe(0);
	});

	it('this explorer’s own file is imported at once, as before', async () => {
		const own = exportCollections(
			[
				{
					id: 'c',
					name: 'Mine',
					requests: [
						{
							id: 'r',
							name: 'Me',
							method: 'GET',
							path: '/user',
							pathParams: {},
							query: '',
							params: '',
							bodyKind: 'query',
							headers: '',
							auth: { method: 'personal', way: 'bearer' }
						}
					]
				}
			],
			[]
		);
		expect(await flow.read(new File([own], 'explorer-collections.json'))).toBe('imported');
		await collections.settled();
		expect(flow.preview).toBeNull();
		expect(names(colStore.kept)).toEqual(['Mine']);
		expect(collections.message).toBe('Imported 1 request in 1 collection.');
	});
});

describe('ImportFlow: all or nothing', () => {
	it('when the saved requests cannot be written, the environments are not touched', async () => {
		await flow.read(await fixture('postman-2.1.json'));
		const envBefore = structuredClone(envStore.kept);
		colStore.full = true;
		expect(await flow.apply()).toBe(false);
		await collections.settled();
		expect(collections.collections).toEqual([]);
		expect(colStore.kept).toEqual([]);
		expect(envStore.kept).toEqual(envBefore);
		expect(collections.message).toMatch(/^Not imported, nothing changed: Not saved: this browser/);
	});

	it('when the environments cannot be kept, the saved requests just written are taken out again', async () => {
		collections.save('Mine', 'My requests', {
			method: 'GET',
			path: '/user',
			pathParams: {},
			query: '',
			params: '',
			bodyKind: 'query',
			headers: '',
			auth: { method: 'personal', way: 'bearer' }
		});
		await collections.settled();
		const before = structuredClone(colStore.kept);
		// A Postman collection brings requests and its variables as an environment.
		expect(await flow.read(await fixture('postman-2.1.json'))).toBe('preview');
		expect(flow.preview!.environments.length).toBeGreaterThan(0);
		const envNames = environments.environments.map((e) => e.name);
		envStore.full = true;
		expect(await flow.apply()).toBe(false);
		await collections.settled();
		await environments.saved();
		expect(colStore.kept).toEqual(before);
		expect(collections.collections.map((c) => c.requests.map((r) => r.id))).toEqual(
			before.map((c) => c.requests.map((r) => r.id))
		);
		expect(environments.environments.map((e) => e.name)).toEqual(envNames);
		expect(collections.message).toMatch(/^Not imported, nothing changed: Not saved/);
	});
});

describe('ImportFlow: secret values', () => {
	it('are left out unless chosen: the variable comes in empty and secret', async () => {
		await flow.read(await fixture('postman-environment.json'));
		expect(flow.preview!.secretValues).not.toEqual({});
		expect(await flow.apply()).toBe(true);
		await environments.saved();
		const env = environments.environments.find((e) => e.name === 'Produktion (München)')!;
		expect(env.values.webhook).toBe('');
		expect(env.secret).toContain('webhook');
		expect(JSON.stringify(envStore.kept)).not.toContain('s3cr3t-value');
		expect(JSON.stringify(session)).not.toContain('s3cr3t-value');
		expect(collections.message).toBe(
			'Imported 1 environment from the Postman environment. Secret values were left out: enter them under Variables.'
		);
	});

	it('come in when chosen, for this tab only, never in IndexedDB', async () => {
		await flow.read(await fixture('postman-environment.json'));
		flow.keepSecrets = true;
		expect(await flow.apply()).toBe(true);
		await environments.saved();
		const env = environments.environments.find((e) => e.name === 'Produktion (München)')!;
		expect(env.values.webhook).toBe('s3cr3t-value');
		expect(env.values.baseUrl).toBe(API_ROOT);
		expect(JSON.stringify(envStore.kept)).not.toContain('s3cr3t-value');
		expect(JSON.stringify(envStore.kept)).toContain(API_ROOT);
		expect(environments.secretValues).toContain('s3cr3t-value');
	});

	it('an empty value of the file never blanks a variable that has one', async () => {
		await flow.read(await fixture('postman-environment.json'));
		await flow.apply();
		environments.select(
			environments.environments.find((e) => e.name === 'Produktion (München)')!.id
		);
		environments.setValue('webhook', 'mine');
		await flow.read(await fixture('postman-environment.json'));
		await flow.apply();
		const same = environments.environments.filter((e) => e.name === 'Produktion (München)');
		expect(same).toHaveLength(1);
		expect(same[0]!.values.webhook).toBe('mine');
	});
});

describe('ImportFlow: a snapshot first', () => {
	afterEach(() => provideSnapshots(undefined));

	it('Import keeps a snapshot of the saved requests as they were, and the status says it can be undone', async () => {
		const seen: number[] = [];
		provideSnapshots(() =>
			Promise.resolve(() => {
				seen.push(requestCount(colStore.kept));
				return Promise.resolve(true);
			})
		);
		await flow.read(await fixture('postman-2.1.json'));
		expect(seen).toEqual([]);
		const preview = flow.preview!;
		expect(await flow.apply()).toBe(true);
		// Taken before anything of the file was written.
		expect(seen).toEqual([0]);
		expect(collections.message).toBe(importedText(preview, false) + UNDO_NOTE);
	});

	it('without a snapshot kept, the status promises no undo', async () => {
		provideSnapshots(() => Promise.resolve(() => Promise.resolve(false)));
		await flow.read(await fixture('postman-2.1.json'));
		const preview = flow.preview!;
		await flow.apply();
		expect(collections.message).toBe(importedText(preview, false));
	});
});
