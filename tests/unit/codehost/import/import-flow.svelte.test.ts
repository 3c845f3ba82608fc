/**
 * An import in Collections as a person goes through it: a file of another tool read (here in the
 * page, as where no worker can start), its preview, then Import or Cancel. Nothing is written
 * before Import; Import writes the saved requests and environments as one step, and a refusal of
 * either store leaves nothing of the file. Secret values come in only when chosen, and then never
 * reach IndexedDB.
 */
import { IDBFactory } from 'fake-indexeddb';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { operationKey } from '$lib/codehost/catalogue/described';
import { DescribedCatalogue } from '$lib/codehost/catalogue/described.svelte';
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
import { dirEntry, diskEntry, fileEntry } from './entries';
import type { DirectoryEntryLike } from '$lib/codehost/import/dropped-items';
import { partNotLoadedText } from '$lib/codehost/import/lazy-part';

const fixture = async (name: string, folder = './fixtures/') =>
	new File([await readFile(new URL(`${folder}${name}`, import.meta.url), 'utf8')], name);
/** The descriptions the endpoint-list tests read (one API in two versions). */
const described = (name: string) => fixture(name, '../catalogue/fixtures/');

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
let catalogue: DescribedCatalogue;

beforeEach(async () => {
	globalThis.indexedDB = new IDBFactory();
	catalogue = new DescribedCatalogue();
	colStore = new MemoryCollections();
	envStore = new MemoryEnvironments();
	session = new MemoryStorage();
	collections = new CollectionsState(colStore);
	environments = new EnvironmentsState(envStore, { session, local: new MemoryStorage() });
	await collections.load();
	await environments.load();
	flow = new ImportFlow({ collections, environments, apiRoot: () => API_ROOT, catalogue });
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

describe('ImportFlow: an OpenAPI description in the endpoint list', () => {
	const requestIds = () =>
		new Set(collections.collections.flatMap((c) => c.requests.map((r) => r.id)));
	const byName = (name: string) =>
		collections.collections.flatMap((c) => c.requests).find((r) => r.name === name);

	async function importV1() {
		expect(await flow.read(await described('tracker-v1.yaml'))).toBe('preview');
		flow.addToCatalogue = true;
		expect(await flow.apply()).toBe(true);
		await collections.settled();
	}

	it('is a choice: left unchosen, nothing goes into the endpoint list', async () => {
		expect(await flow.read(await described('tracker-v1.yaml'))).toBe('preview');
		expect(flow.preview!.description!.operations).toHaveLength(5);
		expect(flow.addToCatalogue).toBe(false);
		expect(flow.previous).toBeNull();
		expect(await flow.apply()).toBe(true);
		expect(catalogue.list).toEqual([]);
		expect(collections.message).not.toMatch(/endpoint list/);
	});

	it('added, its operations are kept (across a reload) with the saved requests they made', async () => {
		await importV1();
		expect(collections.message).toMatch(/ 5 operations are in the endpoint list now\.$/);
		const reloaded = new DescribedCatalogue();
		await reloaded.load();
		expect(reloaded.list.map((d) => [d.title, d.version])).toEqual([['Tracker API', '1.4.0']]);
		const ids = requestIds();
		expect(reloaded.list[0]!.operations.every((op) => op.requestId && ids.has(op.requestId))).toBe(
			true
		);
	});

	it('a newer version is previewed as what it adds, changes and removes; Cancel changes nothing', async () => {
		await importV1();
		const before = structuredClone(colStore.kept);
		const writes = colStore.writes;
		const listed = structuredClone(catalogue.list);
		expect(await flow.read(await described('tracker-v2.yaml'))).toBe('preview');
		expect(flow.previous?.version).toBe('1.4.0');
		expect(flow.addToCatalogue).toBe(true);
		expect(flow.diff!.added.map(operationKey)).toEqual(['GET /projects/:/labels']);
		expect(flow.diff!.removed.map(operationKey)).toEqual(['GET /projects/:/milestones']);
		expect(flow.diff!.changed).toHaveLength(3);
		flow.cancel();
		await collections.settled();
		expect(colStore.kept).toEqual(before);
		expect(colStore.writes).toBe(writes);
		expect(catalogue.list).toEqual(listed);
		expect(flow.previous).toBeNull();
	});

	it('Import updates the requests it made (replaced in place, added, deleted) and the endpoint list', async () => {
		await importV1();
		const list = byName('List issues')!;
		const milestones = byName('List milestones')!;
		const remove = byName('Delete an issue')!;
		// An unchanged operation's request, edited by the person since: the edit stays.
		collections.rename(remove.id, 'Delete an issue (mine)');
		await collections.settled();
		const count = requestIds().size;

		await flow.read(await described('tracker-v2.yaml'));
		expect(await flow.apply()).toBe(true);
		await collections.settled();

		// Changed: the same saved request, now as version 2 describes it (state required).
		const updated = collections.find(list.id)!;
		expect(updated.name).toBe('List issues');
		expect(updated.query).toMatch(/(^|&)state=opened(&|$)/);
		expect(list.query).not.toMatch(/state=/);
		expect(byName('Show one issue')).toBeDefined();
		expect(byName('Get one issue')).toBeUndefined();
		// Removed: its request deleted. Added: a request in its tag's collection.
		expect(collections.find(milestones.id)).toBeUndefined();
		expect(
			collections.collections
				.find((c) => c.name === 'Tracker API / labels')
				?.requests.map((r) => r.name)
		).toEqual(['List labels']);
		expect(collections.find(remove.id)?.name).toBe('Delete an issue (mine)');
		expect(requestIds().size).toBe(count); // one added, one removed
		expect(colStore.kept).toEqual(collections.collections);

		// The endpoint list: the same description, now version 2, pointing at the kept requests.
		expect(catalogue.list).toHaveLength(1);
		const [kept] = catalogue.list;
		expect(kept!.version).toBe('2.0.0');
		const ids = requestIds();
		expect(kept!.operations.map((op) => op.requestId && ids.has(op.requestId))).toEqual(
			kept!.operations.map(() => true)
		);
		expect(collections.message).toMatch(
			/^Updated “Tracker API” from its newer version: 1 operation added, 3 operations changed, 1 operation removed; the saved requests it made follow it\. 5 operations are in the endpoint list now\./
		);
	});

	it('unticked on a newer version: a plain import, the endpoint list and the earlier requests unchanged', async () => {
		await importV1();
		const listed = structuredClone(catalogue.list);
		const count = requestIds().size;
		await flow.read(await described('tracker-v2.yaml'));
		flow.addToCatalogue = false;
		expect(await flow.apply()).toBe(true);
		await collections.settled();
		expect(catalogue.list).toEqual(listed);
		expect(requestIds().size).toBe(count + 5);
	});

	it('when the saved requests cannot be written, neither the environments nor the list change', async () => {
		await importV1();
		const listed = structuredClone(catalogue.list);
		const envBefore = structuredClone(envStore.kept);
		const before = structuredClone(colStore.kept);
		await flow.read(await described('tracker-v2.yaml'));
		colStore.full = true;
		expect(await flow.apply()).toBe(false);
		await collections.settled();
		await environments.saved();
		expect(colStore.kept).toEqual(before);
		expect(envStore.kept).toEqual(envBefore);
		expect(catalogue.list).toEqual(listed);
		expect(collections.message).toMatch(/^Not imported, nothing changed:/);
	});
});

describe('ImportFlow: a Bruno collection folder', () => {
	const ROOT = fileURLToPath(new URL('./fixtures/bruno-folder', import.meta.url));

	/** The folder as the folder picker gives it: every file, named by its path under the folder. */
	async function picked(): Promise<File[]> {
		const entries = await readdir(ROOT, { recursive: true, withFileTypes: true });
		return Promise.all(
			entries
				.filter((e) => e.isFile())
				.map(async (e) => {
					const path = join(e.parentPath, e.name);
					const file = new File([await readFile(path)], e.name);
					Object.defineProperty(file, 'webkitRelativePath', {
						value: path.slice(ROOT.length + 1)
					});
					return file;
				})
		);
	}

	it('is read by Bruno’s parser into a preview, then imported in one step', async () => {
		expect(await flow.readFolder(await picked())).toBe('preview');
		const preview = flow.preview!;
		expect(preview.formatName).toBe('Bruno collection (folder)');
		expect(preview.counts.requests).toBe(10);
		expect(flow.source).toBe('GitLab Bruno');
		expect(collections.message).toBe(
			'Read “GitLab Bruno” as a Bruno collection (folder). Check the import preview, then choose Import or Cancel.'
		);
		expect(colStore.writes).toBe(0);
		expect(await flow.apply()).toBe(true);
		await collections.settled();
		expect(names(colStore.kept)).toEqual([
			'GitLab Bruno / Projekte',
			'GitLab Bruno / Projekte / Zweige',
			'GitLab Bruno / Übersicht'
		]);
		expect(requestCount(colStore.kept)).toBe(10);
	});

	it('dropped on the import area, it gives the same preview as chosen, then imports', async () => {
		const entry = (await diskEntry(join(ROOT, 'GitLab Bruno'), 3)) as DirectoryEntryLike;
		expect(await flow.readDropped({ kind: 'folder', entry })).toBe('preview');
		const dropped = flow.preview!;
		expect(flow.source).toBe('GitLab Bruno');
		expect(colStore.writes).toBe(0);
		flow.cancel();
		expect(await flow.readFolder(await picked())).toBe('preview');
		const withoutIds = (v: unknown) =>
			JSON.stringify(v, (k, x: unknown) => (k === 'id' || k === 'secretValues' ? undefined : x));
		expect(withoutIds(dropped)).toBe(withoutIds(flow.preview));
		expect(await flow.apply()).toBe(true);
		await collections.settled();
		expect(requestCount(colStore.kept)).toBe(10);
	});

	it('a dropped folder that is not a Bruno collection, or several items, are refused with what to drop', async () => {
		const notBruno = dirEntry('Fotos', [fileEntry('urlaub.jpg', 'x'), fileEntry('a.bru', 'x')]);
		expect(await flow.readDropped({ kind: 'folder', entry: notBruno })).toBe('unchanged');
		expect(collections.message).toBe(
			'Not imported, nothing changed: The dropped folder holds no bruno.json, so it is not a Bruno collection. Drop the folder that holds bruno.json, or one exported file.'
		);
		const message = '2 items were dropped, and one import reads one.';
		expect(await flow.readDropped({ kind: 'refused', message })).toBe('unchanged');
		expect(collections.message).toBe(`Not imported, nothing changed: ${message}`);
		expect(flow.preview).toBeNull();
		expect(colStore.writes).toBe(0);
	});

	it('a dropped folder is looked through with a count the page shows; Cancel import stops it with nothing changed', async () => {
		const many = Array.from({ length: 300 }, (_, i) => fileEntry(`n${i}.txt`, 'x'));
		// A folder the browser is slow to list: its first batch comes, the rest never does.
		const slow: DirectoryEntryLike = {
			...dirEntry('Langsam', []),
			createReader: () => {
				let calls = 0;
				return { readEntries: (done) => void (calls++ === 0 && done(many)) };
			}
		};
		const big = dirEntry('Groß', [fileEntry('bruno.json', '{}'), slow]);
		const reading = flow.readDropped({ kind: 'folder', entry: big });
		expect(flow.job.progressText).toBe('Importing “Groß”: looking through the folder…');
		await vi.waitFor(() => expect(flow.job.walked.entries).toBe(302));
		expect(flow.job.amountText).toBe('302 items looked at, 1 Bruno file found');
		flow.job.cancel();
		expect(await reading).toBe('unchanged');
		expect(collections.message).toBe('Import cancelled; nothing changed.');
		expect(flow.job.running).toBe(false);
		expect(flow.preview).toBeNull();
		expect(colStore.writes).toBe(0);
	});

	it('a dropped file is read as a chosen one', async () => {
		const file = await fixture('postman-2.1.json');
		expect(await flow.readDropped({ kind: 'file', file })).toBe('preview');
		expect(flow.source).toBe('postman-2.1.json');
	});

	it('when Bruno’s parser cannot be loaded, nothing is written and the status says what to do', async () => {
		vi.resetModules();
		vi.doMock('$lib/codehost/import/bruno-folder', () => {
			throw new TypeError('Failed to fetch dynamically imported module');
		});
		try {
			const { ImportFlow: Fresh } = await import('$lib/codehost/import/import-flow.svelte');
			const offline = new Fresh({ collections, environments, apiRoot: () => API_ROOT, catalogue });
			const envBefore = structuredClone(envStore.kept);
			expect(await offline.readFolder(await picked())).toBe('unchanged');
			expect(offline.preview).toBeNull();
			expect(collections.message).toBe(
				`Not imported, nothing changed: ${partNotLoadedText('bruno')}`
			);
			await collections.settled();
			expect(colStore.writes).toBe(0);
			expect(envStore.kept).toEqual(envBefore);
		} finally {
			vi.doUnmock('$lib/codehost/import/bruno-folder');
			vi.resetModules();
		}
		// Reconnected: the same folder, tried again, is read.
		expect(await flow.readFolder(await picked())).toBe('preview');
	});

	it('a folder without bruno.json is refused unread, with what to choose', async () => {
		const files = (await picked()).filter((f) => f.name !== 'bruno.json');
		expect(await flow.readFolder(files)).toBe('unchanged');
		expect(flow.preview).toBeNull();
		expect(collections.message).toBe(
			'Not imported, nothing changed: The folder holds no bruno.json, so it is not a Bruno collection. Choose the folder that holds bruno.json.'
		);
	});
});
