import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCodehostApp } from '$lib/fakes/codehost/app';
import { createClient } from '$lib/http/client';
import { pullFiles, type SyncTarget } from '$lib/your-data/sync';
import { SnapshotStore } from '$lib/your-data/snapshots';
import {
	DEMO_SYNC_PROJECT,
	DEMO_SYNC_TOKEN,
	snapshotBefore,
	YourDataState
} from '$lib/your-data/your-data.svelte';
import { MemoryStorage } from '../memory-storage';
import { filledData, historyEntry, MemoryStores } from './fixtures';

const ROOT = 'https://codehost.demo/api/v4';
const TARGET: SyncTarget = {
	project: 'diaspora/client-1',
	branch: 'main',
	folder: 'my-data',
	token: 'glpat-demo-token'
};

type Refusal = { status: number; body: unknown; headers?: Record<string, string> };

/**
 * "Your data" on a filled app, syncing with one demo repository through a client whose answers
 * the test replaces: `refuse` says which request gets which refusal (the rest the demo answers).
 */
function setUp() {
	const app = createCodehostApp();
	const sent: string[] = [];
	let refuse: (r: Request) => Refusal | undefined = () => undefined;
	const client = () =>
		createClient({
			baseUrl: ROOT,
			env: { online: () => true, pageOrigin: () => undefined },
			retryLimit: 0,
			transport: async (input, init) => {
				const request = new Request(input, init);
				sent.push(`${request.method} ${decodeURIComponent(new URL(request.url).pathname)}`);
				const r = refuse(request);
				return r
					? new Response(JSON.stringify(r.body), {
							status: r.status,
							headers: { 'content-type': 'application/json', ...r.headers }
						})
					: app.fetch(request);
			}
		});
	const stores = MemoryStores.filled();
	const snapshots = new SnapshotStore(`your-data-state-${Math.random()}`);
	const yours = new YourDataState(stores, snapshots, client);
	Object.assign(yours, { ...TARGET });
	return {
		yours,
		stores,
		snapshots,
		sent,
		/** What the repository holds now, read by another browser. */
		repository: async () => (await pullFiles(client(), TARGET)).files,
		refuseWith: (f: typeof refuse) => (refuse = f)
	};
}

const isCommit = (r: Request) => r.method === 'POST' && r.url.includes('/repository/commits');
/** The second file a pull reads: the refusal comes after part of the folder was read. */
function secondFile() {
	let files = 0;
	return (r: Request) =>
		r.method === 'GET' && r.url.includes('/repository/files/') && ++files === 2;
}

const REFUSALS: [string, Refusal, RegExp][] = [
	[
		'CH-ERR-4: 401',
		{ status: 401, body: { message: '401 Unauthorized' } },
		/did not accept the token \(401\)/
	],
	[
		'403 (lacks the api scope)',
		{ status: 403, body: { error: 'insufficient_scope', scope: 'api' } },
		/may only read \(403\)|may not read the repository \(403\)/
	],
	[
		'403 (protected branch)',
		{
			status: 403,
			body: { message: '403 Forbidden - You are not allowed to push into this branch' }
		},
		/push to the branch “main” \(403\)|not let this token read this project’s files \(403\)/
	],
	[
		'409',
		{ status: 409, body: { message: 'A file with this name already exists' } },
		/Someone changed your data|refused the request: A file with this name already exists/
	],
	[
		'CH-LIM-1: 429',
		{ status: 429, body: { message: '429 Too Many Requests' }, headers: { 'Retry-After': '60' } },
		/limiting how many requests it takes \(429\)\. Wait about 60 seconds/
	]
];

beforeEach(() => {
	vi.stubGlobal('localStorage', new MemoryStorage());
	vi.stubGlobal('sessionStorage', new MemoryStorage());
});
afterEach(() => vi.unstubAllGlobals());

describe('a refused push or pull loses nothing', () => {
	it.each(REFUSALS)(
		'CH-ST-2: %s on the commit: the message says what to do; the data here, the repository and what was last pulled are as they were',
		async (_, refusal, words) => {
			const s = setUp();
			await s.yours.push();
			expect(s.yours.syncMessage).toMatch(/in one commit/);
			const repoBefore = await s.repository();
			const baseBefore = localStorage.getItem('your-data.sync.base');
			// A change here, then a push that the code host refuses.
			s.stores.c[0]!.requests[0]!.query = 'per_page=77';
			s.stores.n.delete('Ps.23.1');
			const here = structuredClone(s.stores.dump());
			s.refuseWith((r) => (isCommit(r) ? refusal : undefined));
			const commits = s.sent.filter((l) => l.startsWith('POST')).length;
			await s.yours.push();
			expect(s.yours.syncProblem).toMatch(words);
			expect(s.yours.syncProblem).toMatch(/nothing was pushed/i);
			expect(s.yours.syncProblem).toMatch(/your data here is as it was\./i);
			expect(s.yours.syncProblem).toContain('Push');
			expect(s.yours.syncMessage).toBe('');
			// One commit was tried, and refused whole: no other request wrote anything.
			expect(s.sent.filter((l) => l.startsWith('POST')).length).toBe(commits + 1);
			expect(s.stores.dump()).toEqual(here);
			expect(await s.repository()).toEqual(repoBefore);
			expect(localStorage.getItem('your-data.sync.base')).toBe(baseBefore);
			// And once the code host takes it, the same push goes through.
			s.refuseWith(() => undefined);
			await s.yours.push();
			expect(s.yours.syncMessage).toMatch(/^Pushed 2 files in one commit/);
		}
	);

	it.each(REFUSALS)(
		'CH-ST-2: %s part way through a pull: the message says what to do; nothing here is written, no snapshot taken',
		async (_, refusal, words) => {
			const s = setUp();
			await s.yours.push();
			// Other data in the repository: what a pull would bring.
			const theirs = filledData();
			theirs.collections[0]!.requests[0]!.query = 'per_page=99';
			s.stores.c = structuredClone(theirs.collections);
			await s.yours.push();
			s.stores.c = filledData().collections;
			const here = structuredClone(s.stores.dump());
			const baseBefore = localStorage.getItem('your-data.sync.base');
			const snapshotsBefore = (await s.snapshots.list()).length;
			const second = secondFile();
			s.refuseWith((r) => (second(r) ? refusal : undefined));
			await s.yours.pull();
			expect(s.yours.syncProblem).toMatch(words);
			expect(s.yours.syncProblem).toContain('Your data here is as it was.');
			expect(s.yours.syncProblem).toContain('Pull');
			expect(s.yours.syncProblem).not.toContain('Push again');
			expect(s.yours.syncMessage).toBe('');
			expect(s.stores.dump()).toEqual(here);
			expect(localStorage.getItem('your-data.sync.base')).toBe(baseBefore);
			expect((await s.snapshots.list()).length).toBe(snapshotsBefore);
		}
	);
});

describe("a snapshot before an area's own import or bulk delete", () => {
	it('the one before clearing History keeps History, and restoring it brings every entry back', async () => {
		const stores = MemoryStores.filled(filledData(), [historyEntry('h1'), historyEntry('h2')]);
		const snapshots = new SnapshotStore(`before-change-${Math.random()}`);
		expect(await snapshotBefore('clear-history', stores, snapshots)).toBe(true);
		const [snap] = await snapshots.list();
		expect(snap).toMatchObject({ reason: 'clear-history', counts: { history: 2, requests: 3 } });
		stores.h = [];
		const yours = new YourDataState(stores, snapshots);
		await yours.restoreSnapshot(snap!.id);
		expect(yours.problem).toBe('');
		expect(stores.h.map((e) => e.id).sort()).toEqual(['h1', 'h2']);
	});

	it('the one before an import is of the data as it was, and restoring it takes the import out', async () => {
		const stores = MemoryStores.filled();
		const snapshots = new SnapshotStore(`before-change-${Math.random()}`);
		const before = structuredClone(stores.dump());
		expect(await snapshotBefore('import-collections', stores, snapshots)).toBe(true);
		const [snap] = await snapshots.list();
		expect(snap).toMatchObject({ reason: 'import-collections', counts: { history: 0 } });
		stores.c.push({
			id: 'col-imported',
			name: 'Imported',
			requests: [{ ...stores.c[0]!.requests[0]!, id: 'r9' }]
		});
		await new YourDataState(stores, snapshots).restoreSnapshot(snap!.id);
		expect(stores.dump().collections).toEqual(before.collections);
	});
});

describe('Sync on first open', () => {
	it('in Demo mode offers the demo project and the token that may write to it, so Push works at once', async () => {
		const app = createCodehostApp();
		const client = () =>
			createClient({
				baseUrl: ROOT,
				env: { online: () => true, pageOrigin: () => undefined },
				retryLimit: 0,
				transport: async (input, init) => app.fetch(new Request(input, init))
			});
		const yours = new YourDataState(
			MemoryStores.filled(),
			new SnapshotStore(`first-${Math.random()}`),
			client
		);
		await yours.open();
		expect(yours.project).toBe(DEMO_SYNC_PROJECT);
		expect(yours.token).toBe(DEMO_SYNC_TOKEN);
		await yours.push();
		expect(yours.syncProblem).toBeFalsy();
		expect(yours.syncMessage).toMatch(/^Pushed/);
	});
});
