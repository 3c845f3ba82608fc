import { describe, expect, it } from 'vitest';
import { createCodehostApp, EXTERNAL_URL_HEADER, MAX_OFFSET } from '$lib/fakes/codehost/app';
import { linksByRel } from '$lib/http/link-header';

const BASE = 'https://codehost.demo';
function call(app: ReturnType<typeof createCodehostApp>, path: string, init: RequestInit = {}) {
	return app.fetch(new Request(path.startsWith('http') ? path : `${BASE}${path}`, init));
}
const PAT = { 'PRIVATE-TOKEN': 'glpat-demo-token' };

describe('demo code host: listings and pagination', () => {
	const app = createCodehostApp();

	it('CH-OFF-1, CH-OFF-2: offset is the default with Link and every x-* header', async () => {
		const res = await call(app, '/api/v4/users?per_page=5&page=2');
		expect(res.status).toBe(200);
		for (const h of [
			'x-next-page',
			'x-page',
			'x-per-page',
			'x-prev-page',
			'x-total',
			'x-total-pages'
		])
			expect(res.headers.has(h)).toBe(true);
		expect(Object.keys(linksByRel(res.headers.get('link')))).toEqual([
			'prev',
			'next',
			'first',
			'last'
		]);
		expect((await res.json()).length).toBe(5);
	});

	it('CH-OFF-1: per_page defaults to 20 and is served as at most 100', async () => {
		expect((await (await call(app, '/api/v4/projects')).json()).length).toBe(20);
		const res = await call(app, '/api/v4/projects?per_page=500');
		expect(res.headers.get('x-per-page')).toBe('100');
	});

	it('CH-OFF-4: above 10,000 projects the totals and rel="last" are left out; next still works', async () => {
		const res = await call(app, '/api/v4/projects?per_page=100');
		expect(res.headers.has('x-total')).toBe(false);
		expect(res.headers.has('x-total-pages')).toBe(false);
		const links = linksByRel(res.headers.get('link'));
		expect(links.last).toBeUndefined();
		expect(links.next).toContain('page=2');
		expect(res.headers.get('x-prev-page')).toBe('');
	});

	it('CH-OFF-6: past the maximum offset the answer is 405 with the reference body', async () => {
		const res = await call(app, `/api/v4/projects?per_page=100&page=${MAX_OFFSET / 100 + 1}`);
		expect(res.status).toBe(405);
		expect((await res.json()).error).toBe(
			'Offset pagination has a maximum allowed offset of 50000 for requests that return objects of type Project. Remaining records can be retrieved using keyset pagination.'
		);
	});

	it('CH-OFF-7: users past the offset limit are pointed at keyset', async () => {
		const res = await call(app, '/api/v4/users?per_page=100&page=501');
		expect(res.status).toBe(405);
		expect((await res.json()).error).toMatch(/type User.*keyset/);
	});

	it('CH-EP-1, CH-KEY-1, CH-KEY-2, CH-KEY-4: keyset on projects gives only Link with id_after, sorted query', async () => {
		const res = await call(
			app,
			'/api/v4/projects?pagination=keyset&per_page=3&order_by=id&sort=asc'
		);
		const items = (await res.json()) as { id: number }[];
		expect(items.map((p) => p.id)).toEqual([1, 2, 3]);
		expect([...res.headers.keys()].filter((k) => k.startsWith('x-'))).toEqual([]);
		const next = linksByRel(res.headers.get('link')).next!;
		expect(next).toBe(
			`${BASE}/api/v4/projects?id_after=3&order_by=id&pagination=keyset&per_page=3&sort=asc`
		);
		const page2 = (await (await call(app, next)).json()) as { id: number }[];
		expect(page2[0]!.id).toBe(4);
	});

	it('CH-OFF-3: Link URLs carry the configured host, which may differ from the one called (behind a proxy)', async () => {
		const header = { [EXTERNAL_URL_HEADER]: 'https://external.example:8443/ignored/path' };
		const offset = await call(app, '/api/v4/projects?per_page=5', { headers: header });
		for (const url of Object.values(linksByRel(offset.headers.get('link'))))
			expect(url.startsWith('https://external.example:8443/api/v4/projects?')).toBe(true);
		const keyset = await call(
			app,
			'/api/v4/projects?pagination=keyset&order_by=id&sort=asc&per_page=5',
			{ headers: header }
		);
		expect(linksByRel(keyset.headers.get('link')).next).toMatch(
			/^https:\/\/external\.example:8443\/api\/v4\/projects\?id_after=5&/
		);
		const moved = await call(app, '/api/v4/projects/diaspora%2Fold-client', {
			headers: header,
			redirect: 'manual'
		});
		expect(moved.headers.get('location')).toMatch(/^https:\/\/external\.example:8443\//);
		// A switch at start-up does the same for every request; a bad value is ignored.
		const configured = createCodehostApp({ externalUrl: 'http://localhost:9999' });
		const res = await call(configured, '/api/v4/groups?per_page=2');
		expect(linksByRel(res.headers.get('link')).next).toMatch(/^http:\/\/localhost:9999\//);
		const bad = await call(app, '/api/v4/groups?per_page=2', {
			headers: { [EXTERNAL_URL_HEADER]: 'not a url' }
		});
		expect(linksByRel(bad.headers.get('link')).next).toMatch(/^https:\/\/codehost\.demo\//);
	});

	it('CH-KEY-3: when no records remain there is no Link and the array is empty', async () => {
		const res = await call(
			app,
			'/api/v4/projects?pagination=keyset&per_page=50&order_by=id&sort=asc&id_after=10050'
		);
		expect(res.headers.get('link')).toBeNull();
		expect(await res.json()).toEqual([]);
	});

	it('CH-KEY-2: users keyset uses an opaque cursor', async () => {
		const res = await call(
			app,
			'/api/v4/users?pagination=keyset&per_page=2&order_by=username&sort=asc'
		);
		expect(linksByRel(res.headers.get('link')).next).toMatch(/cursor=/);
	});

	it('CH-KEY-1: keyset without order_by or sort is refused with what is missing', async () => {
		for (const path of ['projects', 'users', 'groups']) {
			const res = await call(app, `/api/v4/${path}?pagination=keyset&per_page=2`);
			expect(res.status).toBe(400);
			expect(await res.json()).toEqual({ error: 'order_by is missing, sort is missing' });
		}
		const noSort = await call(app, '/api/v4/projects?pagination=keyset&order_by=id');
		expect(await noSort.json()).toEqual({ error: 'sort is missing' });
	});

	it('CH-KEY-6: keyset only where the table allows it', async () => {
		expect((await call(app, '/api/v4/namespaces?pagination=keyset', { headers: PAT })).status).toBe(
			405
		);
		expect(
			(await call(app, '/api/v4/projects?pagination=keyset&order_by=name&sort=asc')).status
		).toBe(405);
		// Groups: unauthenticated only.
		expect(
			(await call(app, '/api/v4/groups?pagination=keyset&order_by=name&sort=asc')).status
		).toBe(200);
		const authed = await call(app, '/api/v4/groups?pagination=keyset&order_by=name&sort=asc', {
			headers: PAT
		});
		expect(authed.status).toBe(405);
		expect((await authed.json()).error).toBe(
			'Keyset pagination is not yet available for this type of request'
		);
	});

	it('CH-EP-14: namespaces, groups and users are paginated listings', async () => {
		for (const path of ['/api/v4/namespaces', '/api/v4/groups', '/api/v4/users']) {
			const res = await call(app, path, { headers: PAT });
			expect(res.headers.get('x-page'), path).toBe('1');
		}
	});
});

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

describe('demo code host: auth, sudo', () => {
	it('CH-AUTH-2: a personal token as PRIVATE-TOKEN, private_token or Bearer', async () => {
		const app = createCodehostApp();
		for (const init of [
			{ headers: PAT },
			{ headers: { Authorization: 'Bearer glpat-demo-token' } }
		])
			expect((await call(app, '/api/v4/user', init)).status).toBe(200);
		expect((await call(app, '/api/v4/user?private_token=glpat-demo-token')).status).toBe(200);
	});

	it('CH-AUTH-0, CH-ERR-4: a wrong or missing token gives 401 {"message":"401 Unauthorized"}', async () => {
		const app = createCodehostApp();
		const res = await call(app, '/api/v4/user', { headers: { 'PRIVATE-TOKEN': 'nope' } });
		expect(res.status).toBe(401);
		expect(await res.json()).toEqual({ message: '401 Unauthorized' });
		expect((await call(app, '/api/v4/user')).status).toBe(401);
	});

	it('CH-AUTH-3, CH-EP-12, CH-EP-13: a job token works on artifacts and releases only', async () => {
		const app = createCodehostApp();
		const job = { 'JOB-TOKEN': 'glcbt-demo-job-token' };
		expect((await call(app, '/api/v4/projects/1/jobs/7/artifacts', { headers: job })).status).toBe(
			200
		);
		expect(
			(await call(app, '/api/v4/projects/1/releases?job_token=glcbt-demo-job-token')).status
		).toBe(200);
		expect((await call(app, '/api/v4/user', { headers: job })).status).toBe(401);
	});

	it('CH-AUTH-4: the session cookie _service_session is used when present', async () => {
		const app = createCodehostApp();
		const res = await call(app, '/api/v4/user', {
			headers: { cookie: '_service_session=demo-session' }
		});
		expect((await res.json()).authenticated_via).toBe('session');
	});

	it('CH-AUTH-5: an impersonation token is used like a personal token', async () => {
		const app = createCodehostApp();
		const me = await (
			await call(app, '/api/v4/user', { headers: { 'PRIVATE-TOKEN': 'glimp-demo-token' } })
		).json();
		expect(me).toMatchObject({ username: 'alice', authenticated_via: 'impersonation' });
	});

	it('CH-AUTH-6: a deploy token cannot be used with the API', async () => {
		const app = createCodehostApp();
		expect(
			(await call(app, '/api/v4/user', { headers: { 'PRIVATE-TOKEN': 'gldt-demo-deploy-token' } }))
				.status
		).toBe(401);
	});

	it('CH-SUDO-1, CH-SUDO-2, CH-SUDO-3: an admin token with the sudo scope acts as another user (header or query, username case-insensitive)', async () => {
		const app = createCodehostApp();
		const viaHeader = await (
			await call(app, '/api/v4/user', { headers: { ...PAT, Sudo: 'ALICE' } })
		).json();
		expect(viaHeader.username).toBe('alice');
		const viaQuery = await (await call(app, '/api/v4/user?sudo=2', { headers: PAT })).json();
		expect(viaQuery.username).toBe('alice');
	});

	it('CH-SUDO-4: a non-admin token gets 403 Must be admin', async () => {
		const app = createCodehostApp();
		const res = await call(app, '/api/v4/user', {
			headers: { 'PRIVATE-TOKEN': 'glpat-user-token', Sudo: 'root' }
		});
		expect(res.status).toBe(403);
		expect(await res.json()).toEqual({ message: '403 Forbidden - Must be admin to use sudo' });
	});

	it('CH-SUDO-5: a token without the sudo scope gets 403 insufficient_scope', async () => {
		const app = createCodehostApp();
		const res = await call(app, '/api/v4/user', {
			headers: { 'PRIVATE-TOKEN': 'glpat-nosudo-token', Sudo: 'alice' }
		});
		expect(res.status).toBe(403);
		expect(await res.json()).toMatchObject({ error: 'insufficient_scope', scope: 'sudo' });
	});

	it('CH-SUDO-6: an unknown sudo user gets 404 naming it', async () => {
		const app = createCodehostApp();
		const res = await call(app, '/api/v4/user', { headers: { ...PAT, Sudo: '123' } });
		expect(res.status).toBe(404);
		expect(await res.json()).toEqual({ message: "404 User with ID or username '123' Not Found" });
	});
});

describe('demo code host: OAuth 2.0', () => {
	const form = (body: Record<string, string>) => ({
		method: 'POST',
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams(body).toString()
	});

	it('CH-AUTH-1: the token endpoint issues a two-hour token; access_token query and Bearer both work', async () => {
		const app = createCodehostApp();
		const tokens = await (
			await call(
				app,
				'/oauth/token',
				form({ grant_type: 'password', username: 'root', password: 'demo-password' })
			)
		).json();
		expect(tokens).toMatchObject({ token_type: 'bearer', expires_in: 7200 });
		expect((await call(app, `/api/v4/user?access_token=${tokens.access_token}`)).status).toBe(200);
		expect(
			(
				await call(app, '/api/v4/user', {
					headers: { Authorization: `Bearer ${tokens.access_token}` }
				})
			).status
		).toBe(200);
	});

	it('CH-AUTH-1: an expired token answers invalid_token; the refresh is single use and spends the old tokens', async () => {
		const app = createCodehostApp();
		const expired = await call(app, '/api/v4/user', {
			headers: { Authorization: 'Bearer oauth-expired-demo' }
		});
		expect(expired.status).toBe(401);
		expect((await expired.json()).error_description).toMatch(/Token is expired/);
		const fresh = await (
			await call(
				app,
				'/oauth/token',
				form({ grant_type: 'refresh_token', refresh_token: 'oauth-refresh-demo' })
			)
		).json();
		expect(fresh.refresh_token).not.toBe('oauth-refresh-demo');
		const again = await call(
			app,
			'/oauth/token',
			form({ grant_type: 'refresh_token', refresh_token: 'oauth-refresh-demo' })
		);
		expect(again.status).toBe(400);
		expect((await again.json()).error).toBe('invalid_grant');
	});

	it('CH-AUTH-1: a revoked token says so', async () => {
		const app = createCodehostApp();
		const res = await call(app, '/api/v4/user?access_token=oauth-revoked-demo');
		expect((await res.json()).error_description).toMatch(/revoked/);
	});
});

describe('demo code host: payloads and error shapes', () => {
	const json = (body: unknown, headers: Record<string, string> = {}) => ({
		method: 'POST',
		headers: { ...PAT, 'content-type': 'application/json', ...headers },
		body: JSON.stringify(body)
	});

	it('CH-EP-3, CH-ST-1: POST /projects by JSON body or query string answers 201', async () => {
		const app = createCodehostApp();
		expect((await call(app, '/api/v4/projects', json({ name: 'A b' }))).status).toBe(201);
		expect(
			(await call(app, '/api/v4/projects?name=Q&description=x', { method: 'POST', headers: PAT }))
				.status
		).toBe(201);
	});

	it('CH-ERR-1: a missing attribute answers 400 with a message string naming it', async () => {
		const app = createCodehostApp();
		const res = await call(app, '/api/v4/snippets', json({ file_name: 'a', content: 'b' }));
		expect(res.status).toBe(400);
		expect(await res.json()).toEqual({ message: '400 (Bad request) "title" not given' });
	});

	it('CH-ERR-2: a validation failure answers 400 with a nested message object', async () => {
		const app = createCodehostApp();
		const body = await (await call(app, '/api/v4/projects', json({ name: 'bad!' }))).json();
		expect(body.message.route.path).toEqual(["can't be blank"]);
	});

	it('CH-SPAM-1: spam without CAPTCHA has message.error', async () => {
		const app = createCodehostApp();
		const res = await call(
			app,
			'/api/v4/snippets',
			json({ title: 't', file_name: 'f', content: 'lottery', visibility: 'public' })
		);
		expect((await res.json()).message.error).toMatch(/spam/);
	});

	it('CH-EP-15, CH-SPAM-2, CH-SPAM-3: snippets; spam with CAPTCHA, then resubmission with the two headers succeeds once', async () => {
		const app = createCodehostApp();
		const snippet = { title: 't', file_name: 'f', content: 'casino', visibility: 'public' };
		const first = await (await call(app, '/api/v4/snippets', json(snippet))).json();
		expect(first).toMatchObject({
			needs_captcha_response: true,
			captcha_site_key: expect.any(String)
		});
		const ok = await call(
			app,
			'/api/v4/snippets',
			json(snippet, {
				'X-Service-Captcha-Response': 'solved',
				'X-Service-Spam-Log-Id': String(first.spam_log_id)
			})
		);
		expect(ok.status).toBe(201);
		const reused = await call(
			app,
			'/api/v4/snippets',
			json(snippet, {
				'X-Service-Captcha-Response': 'solved',
				'X-Service-Spam-Log-Id': String(first.spam_log_id)
			})
		);
		expect(reused.status).toBe(409);
	});

	it('CH-EP-6, CH-PAY-6: pipeline variables arrive from a bracketed form and from a JSON array', async () => {
		const app = createCodehostApp();
		const formBody = 'ref=main&variables[0][key]=A&variables[0][value]=1%2B2';
		const viaForm = await (
			await call(app, '/api/v4/projects/1/pipeline', {
				method: 'POST',
				headers: { ...PAT, 'content-type': 'application/x-www-form-urlencoded' },
				body: formBody
			})
		).json();
		expect(viaForm.variables).toEqual([{ key: 'A', value: '1+2' }]);
		const viaJson = await (
			await call(
				app,
				'/api/v4/projects/1/pipeline',
				json({ ref: 'main', variables: [{ key: 'B', value: 'x' }] })
			)
		).json();
		expect(viaJson.variables).toEqual([{ key: 'B', value: 'x' }]);
	});

	it('CH-EP-5: import takes a multipart form with a file and override_params hash', async () => {
		const app = createCodehostApp();
		const form = new FormData();
		form.set('namespace', 'tools');
		form.set('path', 'imported');
		form.set('override_params[visibility]', 'private');
		form.set('file', new Blob(['archive']), 'export.tar.gz');
		const res = await call(app, '/api/v4/projects/import', {
			method: 'POST',
			headers: PAT,
			body: form
		});
		expect(res.status).toBe(201);
		expect((await res.json()).override_params).toEqual({ visibility: 'private' });
	});

	it('CH-EP-4: DELETE share with numeric ids answers 204; a non-numeric group 400', async () => {
		const app = createCodehostApp();
		expect(
			(await call(app, '/api/v4/projects/1/share/3', { method: 'DELETE', headers: PAT })).status
		).toBe(204);
		expect(
			(await call(app, '/api/v4/projects/1/share/abc', { method: 'DELETE', headers: PAT })).status
		).toBe(400);
	});
});
