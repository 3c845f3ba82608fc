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
	waitWords,
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

/**
 * A client of the demo code host whose answers the test may replace: `answer` returns the
 * response to send instead, or undefined to let the demo answer.
 */
function answering(answer: (request: Request) => Response | undefined, app = createCodehostApp()) {
	const sent: string[] = [];
	const client = createClient({
		baseUrl: ROOT,
		env: { online: () => true, pageOrigin: () => undefined },
		retryLimit: 0,
		transport: async (input, init) => {
			const request = new Request(input, init);
			sent.push(`${request.method} ${new URL(request.url).pathname}`);
			return answer(request) ?? app.fetch(request);
		}
	});
	return { app, client, sent };
}

const reply = (status: number, body: unknown, headers: Record<string, string> = {}) =>
	new Response(JSON.stringify(body), {
		status,
		headers: { 'content-type': 'application/json', ...headers }
	});
const isCommit = (r: Request) => r.method === 'POST' && r.url.includes('/repository/commits');
const isTree = (r: Request) => r.url.includes('/repository/tree');
const CREATE = [{ action: 'create' as const, file_path: 'my-data/a.json', content: '{}' }];

describe('sync refusals say what happened and what to do', () => {
	it('CH-ST-2, CH-AUTH-0, CH-ERR-4: a 401 says the token was not accepted, on Push and on Pull', async () => {
		const unauthorized = () => reply(401, { message: '401 Unauthorized' });
		const onCommit = answering((r) => (isCommit(r) ? unauthorized() : undefined)).client;
		await expect(pushCommit(onCommit, target(), CREATE, [])).rejects.toThrow(
			'The code host did not accept the token (401): it is wrong, has expired or was revoked. Create a personal access token with the api scope on the code host, enter it in Token, and press Push again. Nothing was pushed, and your data here is as it was.'
		);
		const onTree = answering((r) => (isTree(r) ? unauthorized() : undefined)).client;
		await expect(pullFiles(onTree, target())).rejects.toThrow(
			/did not accept the token \(401\).*press Pull again\. Your data here is as it was\.$/
		);
		// Push reads the tree first: its 401 there still says Push.
		await expect(listFiles(onTree, target(), 'push')).rejects.toThrow(/press Push again/);
	});

	it('CH-ST-2: a 403 for lack of scope on the commit says the token may only read, and to make one with the api scope', async () => {
		const { client } = answering((r) =>
			isCommit(r)
				? reply(403, {
						error: 'insufficient_scope',
						error_description:
							'The request requires higher privileges than provided by the access token.',
						scope: 'api'
					})
				: undefined
		);
		await expect(pushCommit(client, target(), CREATE, [])).rejects.toThrow(
			'This token may only read (403): writing to a repository needs a token with the api scope. Create a personal access token with the api scope, enter it in Token, and press Push again. Nothing was pushed, and your data here is as it was.'
		);
	});

	it('CH-ST-2: any other 403 on the commit names the branch: protected, or a role that may not push to it', async () => {
		const { client } = answering((r) =>
			isCommit(r)
				? reply(403, { message: '403 Forbidden - You are not allowed to push into this branch' })
				: undefined
		);
		const attempt = pushCommit(client, target({ branch: 'release' }), CREATE, []);
		await expect(attempt).rejects.toThrow(
			'The code host does not let this token push to the branch “release” (403): the branch is protected, or your role in the project may not push to it. Enter in Branch a branch you may push to, or ask a maintainer of the project to let you push to this one, then press Push again. Nothing was pushed, and your data here is as it was.'
		);
		await expect(attempt).rejects.toMatchObject({ conflict: false });
	});

	it('CH-ST-2: a 403 on reading says the token may not read the project’s files (and, for lack of scope, which scope)', async () => {
		const forbidden = answering((r) =>
			isTree(r) ? reply(403, { message: '403 Forbidden' }) : undefined
		).client;
		await expect(pullFiles(forbidden, target())).rejects.toThrow(
			'The code host does not let this token read this project’s files (403): your role in the project may not see its code. Ask a maintainer of the project for access, or enter another project, then press Pull again. Your data here is as it was.'
		);
		const scope = answering((r) =>
			isTree(r) ? reply(403, { error: 'insufficient_scope', scope: 'read_api' }) : undefined
		).client;
		await expect(pullFiles(scope, target())).rejects.toThrow(
			/may not read the repository \(403\): it needs the read_api or api scope/
		);
	});

	it('CH-ST-2: a 409 on the commit (someone else pushed first) says so, and to pull first', async () => {
		const { client } = answering((r) =>
			isCommit(r) ? reply(409, { message: 'A file with this name already exists' }) : undefined
		);
		const attempt = pushCommit(client, target(), CREATE, []);
		await expect(attempt).rejects.toThrow(
			'Someone changed your data in the repository since your last pull, so nothing was pushed and their version stands. Press Pull to bring their changes here (you choose what to keep), then Push again. Your data here is as it was.'
		);
		await expect(attempt).rejects.toMatchObject({ conflict: true });
	});

	it('CH-ERR-1: a 400 whose message is the stale last_commit_id, a file created or removed meanwhile, is the same conflict; another 400 gives its message', async () => {
		for (const message of [
			'You are attempting to update a file that has changed since you started editing it.',
			'A file with this name already exists',
			"A file with this name doesn't exist"
		]) {
			const { client } = answering((r) => (isCommit(r) ? reply(400, { message }) : undefined));
			await expect(pushCommit(client, target(), CREATE, [])).rejects.toMatchObject({
				conflict: true,
				message: expect.stringMatching(/^Someone changed your data/) as unknown
			});
		}
		const { client } = answering((r) =>
			isCommit(r) ? reply(400, { message: 'commit_message is missing' }) : undefined
		);
		await expect(pushCommit(client, target(), CREATE, [])).rejects.toMatchObject({
			conflict: false,
			message:
				'The code host refused the commit: commit_message is missing. Nothing was pushed, and your data here is as it was. Check Project, Branch and Folder, then press Push again.'
		});
	});

	it('CH-LIM-1: a 429 says how long Retry-After asks to wait, on Push and on Pull', async () => {
		const limited = (headers: Record<string, string>) =>
			reply(429, { message: '429 Too Many Requests' }, headers);
		const push = answering((r) =>
			isCommit(r) ? limited({ 'Retry-After': '30' }) : undefined
		).client;
		await expect(pushCommit(push, target(), CREATE, [])).rejects.toThrow(
			'The code host is limiting how many requests it takes (429). Wait about 30 seconds, then press Push again. Nothing was pushed, and your data here is as it was.'
		);
		const pull = answering((r) =>
			isTree(r) ? limited({ 'Retry-After': '600' }) : undefined
		).client;
		await expect(pullFiles(pull, target())).rejects.toThrow(
			'The code host is limiting how many requests it takes (429). Wait about 10 minutes, then press Pull again. Your data here is as it was.'
		);
		const bare = answering((r) => (isTree(r) ? limited({}) : undefined)).client;
		await expect(pullFiles(bare, target())).rejects.toThrow(/Wait a minute, then press Pull/);
	});

	it('CH-LIM-1: Retry-After in seconds or as a date, in words', () => {
		const now = Date.UTC(2026, 0, 1, 12, 0, 0);
		expect(waitWords('1', now)).toBe('about 1 second');
		expect(waitWords('89', now)).toBe('about 89 seconds');
		expect(waitWords('120', now)).toBe('about 2 minutes');
		expect(waitWords(new Date(now + 45_000).toUTCString(), now)).toBe('about 45 seconds');
		expect(waitWords('7200', now)).toMatch(/^until \d/);
		expect(waitWords('soon', now)).toBeNull();
		expect(waitWords(null, now)).toBeNull();
	});

	it('a commit whose answer never came says the commit may have been made, and to pull to find out', async () => {
		const { client } = answering((r) => {
			if (isCommit(r)) throw new TypeError('Failed to fetch');
			return undefined;
		});
		await expect(pushCommit(client, target(), CREATE, [])).rejects.toThrow(
			/answer to the commit did not come.*may or may not have been made.*press Pull/
		);
	});
});
