/** Who a request is, for the demo code host: its tokens, the session cookie and sudo. */
import { describe, expect, it } from 'vitest';
import { createCodehostApp } from '$lib/fakes/codehost/app';
import { call, PAT } from './demo-host';

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
