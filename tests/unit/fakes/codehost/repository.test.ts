import { describe, expect, it } from 'vitest';
import { createCodehostApp } from '$lib/fakes/codehost/app';
import { CHANGED_SINCE, fromBase64, toBase64 } from '$lib/fakes/codehost/repository';
import { linksByRel } from '$lib/http/link-header';

const BASE = 'https://codehost.demo';
const PAT = { 'PRIVATE-TOKEN': 'glpat-demo-token' };
type App = ReturnType<typeof createCodehostApp>;

const call = (app: App, path: string, init: RequestInit = {}) =>
	app.fetch(new Request(`${BASE}${path}`, init));

const commit = (app: App, body: unknown, headers: Record<string, string> = PAT) =>
	call(app, '/api/v4/projects/1/repository/commits', {
		method: 'POST',
		headers: { ...headers, 'content-type': 'application/json' },
		body: JSON.stringify(body)
	});

const fileOf = async (app: App, path: string, ref = 'main') =>
	call(app, `/api/v4/projects/1/repository/files/${encodeURIComponent(path)}?ref=${ref}`, {
		headers: PAT
	});

describe('demo code host: a writable repository', () => {
	it('a commit creates files that the tree and the file API then show, as UTF-8', async () => {
		const app = createCodehostApp();
		const res = await commit(app, {
			branch: 'main',
			commit_message: 'Add data',
			actions: [
				{ action: 'create', file_path: 'data/a.json', content: '{"name": "Psalm 23 ✓"}\n' },
				{ action: 'create', file_path: 'data/sub/b.json', content: '{}\n' }
			]
		});
		expect(res.status).toBe(201);
		const created = (await res.json()) as { id: string };
		const file = (await (await fileOf(app, 'data/a.json')).json()) as Record<string, unknown>;
		expect(file).toMatchObject({ file_path: 'data/a.json', last_commit_id: created.id });
		expect(fromBase64(file.content as string)).toBe('{"name": "Psalm 23 ✓"}\n');
		const tree = await call(app, '/api/v4/projects/1/repository/tree?path=data&recursive=true');
		expect(((await tree.json()) as { path: string }[]).map((e) => e.path)).toEqual([
			'data/a.json',
			'data/sub',
			'data/sub/b.json'
		]);
		const raw = await call(
			app,
			`/api/v4/projects/1/repository/files/${encodeURIComponent('data/a.json')}/raw?ref=main`
		);
		expect(await raw.text()).toBe('{"name": "Psalm 23 ✓"}\n');
		expect(raw.headers.get('x-gitlab-last-commit-id')).toBe(created.id);
	});

	it('the tree is paginated with Link; a missing folder is 404 Tree Not Found', async () => {
		const app = createCodehostApp();
		const actions = Array.from({ length: 25 }, (_, i) => ({
			action: 'create',
			file_path: `many/f${String(i).padStart(2, '0')}.json`,
			content: String(i)
		}));
		expect((await commit(app, { branch: 'main', commit_message: 'm', actions })).status).toBe(201);
		const first = await call(app, '/api/v4/projects/1/repository/tree?path=many&recursive=true');
		expect(((await first.json()) as unknown[]).length).toBe(20);
		expect(linksByRel(first.headers.get('link')).next).toContain('page=2');
		const missing = await call(app, '/api/v4/projects/1/repository/tree?path=nothing-here');
		expect(missing.status).toBe(404);
		expect(await missing.json()).toEqual({ message: '404 Tree Not Found' });
	});

	it('an update with an old last_commit_id is refused whole with the server’s message', async () => {
		const app = createCodehostApp();
		const one = (await (
			await commit(app, {
				branch: 'main',
				commit_message: 'one',
				actions: [
					{ action: 'create', file_path: 'x.json', content: '1' },
					{ action: 'create', file_path: 'y.json', content: '1' }
				]
			})
		).json()) as { id: string };
		const two = await commit(app, {
			branch: 'main',
			commit_message: 'two',
			actions: [{ action: 'update', file_path: 'x.json', content: '2', last_commit_id: one.id }]
		});
		expect(two.status).toBe(201);
		const stale = await commit(app, {
			branch: 'main',
			commit_message: 'three',
			actions: [
				{ action: 'update', file_path: 'y.json', content: '3', last_commit_id: one.id },
				{ action: 'update', file_path: 'x.json', content: '3', last_commit_id: one.id }
			]
		});
		expect(stale.status).toBe(400);
		expect(await stale.json()).toEqual({ message: CHANGED_SINCE });
		// All or nothing: y.json, whose id was right, is unchanged too.
		const y = (await (await fileOf(app, 'y.json')).json()) as { content: string };
		expect(fromBase64(y.content)).toBe('1');
		const x = (await (await fileOf(app, 'x.json')).json()) as { content: string };
		expect(fromBase64(x.content)).toBe('2');
	});

	it('create of a file that is there, and update or delete of one that is not, are 400', async () => {
		const app = createCodehostApp();
		const again = await commit(app, {
			branch: 'main',
			commit_message: 'c',
			actions: [{ action: 'create', file_path: 'README.md', content: 'x' }]
		});
		expect(await again.json()).toEqual({ message: 'A file with this name already exists' });
		const gone = await commit(app, {
			branch: 'main',
			commit_message: 'c',
			actions: [{ action: 'delete', file_path: 'nope.json' }]
		});
		expect(gone.status).toBe(400);
		expect(await gone.json()).toEqual({ message: "A file with this name doesn't exist" });
	});

	it('a commit needs a token (401) and a branch that exists; base64 content is read', async () => {
		const app = createCodehostApp();
		expect(
			(await commit(app, { branch: 'main', commit_message: 'c', actions: [] }, {})).status
		).toBe(401);
		const noBranch = await commit(app, {
			branch: 'no-such-branch',
			commit_message: 'c',
			actions: [{ action: 'create', file_path: 'a', content: 'a' }]
		});
		expect(noBranch.status).toBe(400);
		const b64 = await commit(app, {
			branch: 'feature/login',
			commit_message: 'c',
			actions: [
				{ action: 'create', file_path: 'b.txt', content: toBase64('é'), encoding: 'base64' }
			]
		});
		expect(b64.status).toBe(201);
		const read = (await (await fileOf(app, 'b.txt', 'feature%2Flogin')).json()) as {
			content: string;
		};
		expect(fromBase64(read.content)).toBe('é');
		// Another branch is another set of files.
		expect((await fileOf(app, 'b.txt')).status).toBe(404);
	});
});
