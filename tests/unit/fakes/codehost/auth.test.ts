/** The demo code host's OAuth 2.0 provider and how a credential travels. */
import { describe, expect, it } from 'vitest';
import { createCodehostApp } from '$lib/fakes/codehost/app';
import { credentialOf } from '$lib/fakes/codehost/auth';
import { call } from './demo-host';

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

describe('credentialOf', () => {
	const read = (path: string, headers: Record<string, string> = {}) => {
		const url = new URL(`https://codehost.demo${path}`);
		return credentialOf(new Request(url, { headers }), url);
	};

	it('CH-AUTH-2, CH-AUTH-1: a personal token in the header or the query, an OAuth token as Bearer or access_token', () => {
		expect(read('/x', { 'PRIVATE-TOKEN': 'a' })).toEqual({ kind: 'private', token: 'a' });
		expect(read('/x?private_token=b')).toEqual({ kind: 'private', token: 'b' });
		expect(read('/x', { Authorization: 'bearer c' })).toEqual({ kind: 'bearer', token: 'c' });
		expect(read('/x?access_token=d')).toEqual({ kind: 'access', token: 'd' });
	});

	it('CH-AUTH-3, CH-AUTH-4: a job token in the header or the query; the session cookie, or the demo’s stand-in for it', () => {
		expect(read('/x', { 'JOB-TOKEN': 'e' })).toEqual({ kind: 'job', token: 'e' });
		expect(read('/x?job_token=f')).toEqual({ kind: 'job', token: 'f' });
		expect(read('/x', { cookie: 'a=1; _service_session=s1' })).toEqual({
			kind: 'cookie',
			session: 's1'
		});
		expect(read('/x', { 'x-demo-cookie': '_service_session=s2' })).toEqual({
			kind: 'cookie',
			session: 's2'
		});
		expect(read('/x', { cookie: 'other=1' })).toEqual({ kind: 'none' });
	});

	it('a personal token wins over any other credential sent with it', () => {
		expect(read('/x?access_token=d', { 'PRIVATE-TOKEN': 'a', Authorization: 'Bearer c' })).toEqual({
			kind: 'private',
			token: 'a'
		});
	});
});
