/** The demo code host's routes: paths and identifiers, projects, and the errors of the API root. */
import { describe, expect, it } from 'vitest';
import { createCodehostApp, DEMO_CODEHOST_TOKENS } from '$lib/fakes/codehost/app';
import { demoProjects } from '$lib/fakes/codehost/data';
import { BASE, call } from './demo-host';

const ORIGIN = 'https://codehost.demo';

async function get(path: string, headers: Record<string, string> = {}) {
	const response = await createCodehostApp().fetch(new Request(`${ORIGIN}${path}`, { headers }));
	const text = await response.text();
	return { response, headers: response.headers, text, body: JSON.parse(text) as unknown };
}

describe('demo code host: paths and identifiers', () => {
	const app = createCodehostApp();

	it('CH-PATH-1, CH-EP-2: a project by id or by namespace%2Fproject, without authentication', async () => {
		const byId = await (await call(app, '/api/v4/projects/1')).json();
		const byPath = await (await call(app, '/api/v4/projects/diaspora%2Fclient-1')).json();
		expect(byPath.id).toBe(1);
		expect(byId.path_with_namespace).toBe('diaspora/client-1');
	});

	it('CH-PATH-4: a project path differs from its name', async () => {
		const p = await (await call(app, '/api/v4/projects/1')).json();
		expect(p.name).not.toBe(p.path);
	});

	it('CH-PATH-3: an unencoded namespaced path matches no endpoint (404)', async () => {
		const res = await call(app, '/api/v4/projects/diaspora/client-1');
		expect(res.status).toBe(404);
		expect(await res.json()).toEqual({ error: '404 Not Found' });
	});

	it('CH-PATH-2, CH-EP-9, CH-EP-10, CH-EP-11: file paths, branches and tags with / are matched only when encoded', async () => {
		expect(
			(await call(app, '/api/v4/projects/1/repository/files/docs%2Fguide%2FREADME.md?ref=main'))
				.status
		).toBe(200);
		expect(
			(await call(app, '/api/v4/projects/1/repository/files/docs/guide/README.md?ref=main')).status
		).toBe(404);
		expect((await call(app, '/api/v4/projects/1/branches/feature%2Flogin/commits')).status).toBe(
			200
		);
		expect((await call(app, '/api/v4/projects/1/repository/tags/release%2F1.0')).status).toBe(200);
		expect((await call(app, '/api/v4/projects/1/repository/tags/release/1.0')).status).toBe(404);
	});

	it('CH-ID-1, CH-EP-7: issue id 46 is iid 5 in project 42; by id it is not found', async () => {
		const issue = await (await call(app, '/api/v4/projects/42/issues/5')).json();
		expect(issue).toMatchObject({ id: 46, iid: 5 });
		expect((await call(app, '/api/v4/projects/42/issues/46')).status).toBe(404);
	});

	it('CH-EP-8: issue notes are paginated', async () => {
		const res = await call(app, '/api/v4/projects/42/issues/5/notes?per_page=2');
		expect(res.headers.get('x-total')).toBe('5');
		expect((await res.json()).length).toBe(2);
	});

	it('CH-REDIR-1: a renamed project answers 301 with Location', async () => {
		const res = await call(app, '/api/v4/projects/diaspora%2Fold-client');
		expect(res.status).toBe(301);
		expect(res.headers.get('location')).toBe(`${BASE}/api/v4/projects/81`);
	});

	it('CH-ROOT-1, CH-ERR-3: the API root is /api/v4; .json is optional; unknown routes 404 with error', async () => {
		expect((await call(app, '/api/v4/projects/1.json')).status).toBe(200);
		expect(await (await call(app, '/api/v3/projects')).json()).toEqual({ error: '404 Not Found' });
	});

	it('CH-PAY-3: a too long query string answers 414', async () => {
		expect((await call(app, `/api/v4/projects?search=${'x'.repeat(5000)}`)).status).toBe(414);
	});
});

describe('code host fake: projects and errors', () => {
	it('CH-EP-2, CH-PATH-1: GET /projects/:id by numeric id, without authentication', async () => {
		const { response, body } = await get('/api/v4/projects/1');
		expect(response.status).toBe(200);
		expect(body).toMatchObject({
			id: 1,
			path_with_namespace: demoProjects()[0]!.path_with_namespace
		});
	});

	it('CH-PATH-1: GET /projects/:id by NAMESPACE%2FPROJECT', async () => {
		const project = demoProjects()[5]!;
		const encoded = project.path_with_namespace.replace('/', '%2F');
		expect(encoded).toContain('%2F');
		const { response, body } = await get(`/api/v4/projects/${encoded}`);
		expect(response.status).toBe(200);
		expect(body).toEqual(project);
	});

	it('CH-PATH-3: an unencoded namespace/project matches no endpoint: 404', async () => {
		const { response, body } = await get(
			`/api/v4/projects/${demoProjects()[5]!.path_with_namespace}`
		);
		expect(response.status).toBe(404);
		expect(body).toEqual({ error: '404 Not Found' });
	});

	it('CH-PATH-4: a project path differs from its name', () => {
		const project = demoProjects()[0]!;
		expect(project.path).not.toBe(project.name);
	});

	it('an unknown project answers 404 {"message":"404 Project Not Found"}', async () => {
		const { response, body } = await get('/api/v4/projects/99999');
		expect(response.status).toBe(404);
		expect(body).toEqual({ message: '404 Project Not Found' });
	});

	it('CH-ERR-3: an unknown route answers 404 {"error":"404 Not Found"}', async () => {
		for (const path of ['/api/v4/nothing-here', '/api/v4/projects/1/nope/2', '/elsewhere']) {
			const { response, body } = await get(path);
			expect(response.status, path).toBe(404);
			expect(body, path).toEqual({ error: '404 Not Found' });
		}
	});

	it('CH-ERR-4, CH-AUTH-0: a wrong PRIVATE-TOKEN answers 401 {"message":"401 Unauthorized"}', async () => {
		const { response, text } = await get('/api/v4/projects', { 'PRIVATE-TOKEN': 'wrong' });
		expect(response.status).toBe(401);
		expect(JSON.parse(text)).toEqual({ message: '401 Unauthorized' });
	});

	it('CH-AUTH-1, CH-AUTH-2: wrong Bearer or query tokens are refused the same way', async () => {
		for (const [path, headers] of [
			['/api/v4/projects', { Authorization: 'Bearer wrong' }],
			['/api/v4/projects?private_token=wrong', {}],
			['/api/v4/projects?access_token=wrong', {}]
		] as const) {
			const { response, body } = await get(path, headers);
			expect(response.status, path).toBe(401);
			expect(body).toEqual({ message: '401 Unauthorized' });
		}
	});

	it('CH-AUTH-2: a valid token is accepted in the header, as Bearer or in the query', async () => {
		const token = DEMO_CODEHOST_TOKENS[0]!;
		expect((await get('/api/v4/projects', { 'PRIVATE-TOKEN': token })).response.status).toBe(200);
		expect(
			(await get('/api/v4/projects', { Authorization: `Bearer ${token}` })).response.status
		).toBe(200);
		expect((await get(`/api/v4/projects?private_token=${token}`)).response.status).toBe(200);
	});
});
