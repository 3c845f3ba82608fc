import { describe, expect, it } from 'vitest';
import { createCodehostApp } from '$lib/fakes/codehost/app';
import { createClient, type HttpClient } from '$lib/http/client';
import {
	baseAfterPush,
	baseOf,
	listFiles,
	planPull,
	planPush,
	pullFiles,
	pushCommit,
	SyncProblem,
	type SyncBase,
	type SyncTarget
} from '$lib/your-data/sync';
import { filesOf, readFiles } from '$lib/your-data/sync-files';
import { filledData } from './fixtures';

const ROOT = 'https://codehost.demo/api/v4';

/** A client of the demo code host, recording every request body it sends. */
function demo(app = createCodehostApp(), sent: string[] = []) {
	const client: HttpClient = createClient({
		baseUrl: ROOT,
		env: { online: () => true, pageOrigin: () => undefined },
		retryLimit: 0,
		transport: async (input, init) => {
			const request = new Request(input, init);
			sent.push(`${request.method} ${request.url}\n${await request.clone().text()}`);
			return app.fetch(request);
		}
	});
	return { app, client, sent };
}

const target = (over: Partial<SyncTarget> = {}): SyncTarget => ({
	project: 'diaspora/client-1',
	branch: 'main',
	folder: 'my-data',
	token: 'glpat-demo-token',
	...over
});

async function push(
	client: HttpClient,
	t: SyncTarget,
	data: ReturnType<typeof filledData>,
	base: SyncBase,
	secrets: string[] = []
) {
	const local = filesOf(data);
	const actions = planPush(local, await listFiles(client, t), base, t);
	const commit = await pushCommit(client, t, actions, secrets);
	return { actions, base: baseAfterPush(base, local, actions, commit, t) };
}

describe('sync with a repository', () => {
	it('push writes one commit; a pull elsewhere brings back every request, environment and note', async () => {
		const { app, client, sent } = demo();
		const t = target();
		const { actions } = await push(client, t, filledData(), {});
		expect(actions.map((a) => a.action)).toEqual(Array(actions.length).fill('create'));
		expect(sent.filter((s) => s.startsWith('POST'))).toHaveLength(1);
		// Another browser: nothing here, no base.
		const other = demo(app).client;
		const { files } = await pullFiles(other, t);
		const pulled = readFiles(planPull(new Map(), files, {}).files);
		const want = filledData();
		const strip = (d: typeof want) => ({
			collections: d.collections.map((c) => ({
				name: c.name,
				requests: c.requests.map(({ id: _, ...r }) => r)
			})),
			environments: d.environments.map(({ id: _, ...e }) => e),
			notes: d.notes,
			plans: d.plans
		});
		expect(strip({ ...want, ...pulled })).toEqual(strip(want));
	});

	it('the tree is read page by page, following Link', async () => {
		const { client, sent } = demo();
		const t = target();
		const data = filledData();
		data.collections[0]!.requests = Array.from({ length: 130 }, (_, i) => ({
			...data.collections[0]!.requests[0]!,
			id: `r${i}`,
			name: `Request ${i}`
		}));
		await push(client, t, data, {});
		expect((await listFiles(client, t)).length).toBe(130 + 1 + 2 + 2);
		expect(sent.filter((s) => s.includes('/repository/tree')).length).toBeGreaterThanOrEqual(3);
	});

	it('a file changed by someone else since the last pull is never overwritten', async () => {
		const { app, client } = demo();
		const t = target();
		const first = await push(client, t, filledData(), {});
		// Someone else changes a request in the repository.
		const other = demo(app).client;
		const theirs = filledData();
		theirs.collections[0]!.requests[0]!.query = 'per_page=99';
		const otherBase = baseOf(
			(await pullFiles(other, t)).files,
			(await pullFiles(other, t)).commits
		);
		await push(other, t, theirs, otherBase);
		// This browser changed the same request, and pushes without pulling.
		const mine = filledData();
		mine.collections[0]!.requests[0]!.query = 'per_page=1';
		const attempt = push(client, t, mine, first.base);
		await expect(attempt).rejects.toThrow(SyncProblem);
		await expect(attempt).rejects.toMatchObject({ conflict: true });
		const { files } = await pullFiles(client, t);
		expect(files.get('requests/projects/list-projects.json')).toContain('per_page=99');
		// Pulling finds the request changed in both places.
		const plan = planPull(filesOf(mine), files, first.base);
		expect(plan.conflicts.map((c) => c.path)).toEqual(['requests/projects/list-projects.json']);
	});

	it('a file that would hold a secret is refused before any request is sent', async () => {
		const { client, sent } = demo();
		const t = target();
		const data = filledData();
		data.environments[0]!.values.host = 'glpat-secret-value-1';
		const local = filesOf(data);
		const actions = planPush(local, [], {}, t);
		const before = sent.length;
		await expect(pushCommit(client, t, actions, ['glpat-secret-value-1'])).rejects.toThrow(
			/would contain one of your tokens/
		);
		expect(sent.length).toBe(before);
	});

	it('each refusal says what to do: 401, 404 project, 404 branch', async () => {
		const { client } = demo();
		await expect(listFiles(client, target({ token: 'nope' }))).rejects.toThrow(/\(401\)/);
		await expect(
			pushCommit(
				client,
				target({ token: 'nope' }),
				[{ action: 'create', file_path: 'my-data/a.json', content: '{}' }],
				[]
			)
		).rejects.toThrow(/did not accept the token \(401\)/);
		await expect(listFiles(client, target({ project: '999999' }))).rejects.toThrow(
			/project “999999” was not found/
		);
		await expect(listFiles(client, target({ branch: 'no-such' }))).rejects.toThrow(
			/branch “no-such” does not exist/
		);
	});

	it('a lost connection is said as such, and nothing is changed', async () => {
		const client = createClient({
			baseUrl: ROOT,
			env: { online: () => true, pageOrigin: () => undefined },
			retryLimit: 0,
			transport: async () => {
				throw new TypeError('Failed to fetch');
			}
		});
		await expect(pullFiles(client, target())).rejects.toThrow(
			/could not be reached.*Nothing was changed/
		);
	});
});
