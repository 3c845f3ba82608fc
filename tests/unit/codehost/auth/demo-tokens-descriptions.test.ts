/**
 * The Token field's Demo-mode list: which tokens each auth method offers, and that each token's
 * description says what the demo code host then does with it.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_TOKENS, demoTokensFor } from '$lib/codehost/auth/demo-tokens';
import { createCodehostApp } from '$lib/fakes/codehost/app';

const ROOT = 'https://codehost.demo/api/v4';

async function ask(token: string, path = '/user', extra: Record<string, string> = {}) {
	const app = createCodehostApp();
	const headers: Record<string, string> = token.startsWith('glcbt-')
		? { 'JOB-TOKEN': token }
		: token.startsWith('oauth-')
			? { Authorization: `Bearer ${token}` }
			: { 'PRIVATE-TOKEN': token };
	const answer = await app.fetch(
		new Request(`${ROOT}${path}`, { headers: { ...headers, ...extra } })
	);
	return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

const can = (token: string) => DEMO_TOKENS.find((t) => t.token === token)!.can;

describe('demo tokens by auth method', () => {
	it('each method offers its tokens, in the order of the list', () => {
		const tokens = (m: Parameters<typeof demoTokensFor>[0]) => demoTokensFor(m).map((t) => t.token);
		expect(tokens('personal')).toEqual([
			'glpat-demo-token',
			'glpat-user-token',
			'glpat-nosudo-token',
			'gldt-demo-deploy-token',
			'glimp-demo-token'
		]);
		expect(tokens('impersonation')).toEqual(['gldt-demo-deploy-token', 'glimp-demo-token']);
		expect(tokens('oauth')).toEqual(['oauth-expired-demo', 'oauth-revoked-demo']);
		expect(tokens('job')).toEqual(['glcbt-demo-job-token']);
		expect(tokens('session')).toEqual([]);
	});
});

describe('each description says what the demo does', () => {
	it('CH-SUDO-1: glpat-demo-token is root, an administrator who may act as another user', async () => {
		expect(can('glpat-demo-token')).toMatch(/^root, an administrator with the sudo scope/);
		expect(can('glpat-demo-token')).toMatch(/acting as another user/);
		expect(await ask('glpat-demo-token', '/user', { Sudo: 'alice' })).toMatchObject({
			status: 200,
			body: { username: 'alice' }
		});
	});

	it('CH-SUDO-4: glpat-user-token is alice, not an administrator: Sudo answers 403', async () => {
		expect(can('glpat-user-token')).toBe('alice, not an administrator: Sudo is refused (403)');
		expect(await ask('glpat-user-token', '/user', { Sudo: 'root' })).toEqual({
			status: 403,
			body: { message: '403 Forbidden - Must be admin to use sudo' }
		});
	});

	it('CH-SUDO-5: glpat-nosudo-token is root without the sudo scope: insufficient scope', async () => {
		expect(can('glpat-nosudo-token')).toBe(
			'root without the sudo scope: Sudo is refused (insufficient scope)'
		);
		expect(await ask('glpat-nosudo-token')).toMatchObject({ body: { username: 'root' } });
		expect((await ask('glpat-nosudo-token', '/user', { Sudo: 'alice' })).body).toMatchObject({
			error: 'insufficient_scope'
		});
	});

	it('CH-AUTH-6: the deploy token is refused with 401', async () => {
		expect(can('gldt-demo-deploy-token')).toBe('a deploy token: this API refuses it (401)');
		expect((await ask('gldt-demo-deploy-token')).status).toBe(401);
	});

	it('CH-AUTH-5: the impersonation token acts as alice', async () => {
		expect(can('glimp-demo-token')).toBe('an impersonation token acting as alice');
		expect((await ask('glimp-demo-token')).body).toMatchObject({ username: 'alice' });
	});

	it('CH-AUTH-3: the job token is accepted by releases only, not by /user', async () => {
		expect(can('glcbt-demo-job-token')).toBe(
			'a job token: only job artifacts and releases accept it'
		);
		expect((await ask('glcbt-demo-job-token', '/projects/1/releases')).status).toBe(200);
		expect((await ask('glcbt-demo-job-token')).status).toBe(401);
	});

	it('CH-AUTH-1: the expired OAuth token names the refresh credential that renews it', async () => {
		expect(can('oauth-expired-demo')).toMatch(/^an expired access token: refreshed once/);
		const refresh = /refresh credential (\S+)$/.exec(can('oauth-expired-demo'))![1]!;
		const app = createCodehostApp();
		const answer = await app.fetch(
			new Request('https://codehost.demo/oauth/token', {
				method: 'POST',
				headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
				body: new URLSearchParams({
					grant_type: 'refresh_token',
					refresh_token: refresh
				}).toString()
			})
		);
		expect(answer.status).toBe(200);
		expect(await answer.json()).toHaveProperty('access_token');
	});

	it('the revoked OAuth token: 401, sign in again', async () => {
		expect(can('oauth-revoked-demo')).toBe('a revoked access token: 401, sign in again');
		expect((await ask('oauth-revoked-demo')).status).toBe(401);
	});
});
