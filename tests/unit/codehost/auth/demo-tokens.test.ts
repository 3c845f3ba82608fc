import { describe, expect, it } from 'vitest';
import { DEMO_SIGN_IN, DEMO_TOKENS, demoTokensFor } from '$lib/codehost/auth/demo-tokens';
import { createCodehostApp } from '$lib/fakes/codehost/app';

const ROOT = 'https://codehost.demo/api/v4';

/** What the demo answers to GET `path` with a token sent the way its method sends it. */
async function ask(token: string, path = '/user') {
	const app = createCodehostApp();
	const headers: Record<string, string> = token.startsWith('glcbt-')
		? { 'JOB-TOKEN': token }
		: token.startsWith('oauth-')
			? { Authorization: `Bearer ${token}` }
			: { 'PRIVATE-TOKEN': token };
	const answer = await app.fetch(new Request(`${ROOT}${path}`, { headers }));
	return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

describe('the demo tokens offered in the Token field do what they say', () => {
	it('each is offered for the auth methods it belongs to', () => {
		expect(demoTokensFor('personal').map((t) => t.token)).toContain('glpat-demo-token');
		expect(demoTokensFor('job').map((t) => t.token)).toEqual(['glcbt-demo-job-token']);
		expect(demoTokensFor('none')).toEqual([]);
		expect(new Set(DEMO_TOKENS.map((t) => t.token)).size).toBe(DEMO_TOKENS.length);
	});

	it('the demo answers each as described', async () => {
		expect(await ask('glpat-demo-token')).toMatchObject({
			status: 200,
			body: { username: 'root' }
		});
		expect(await ask('glpat-user-token')).toMatchObject({
			status: 200,
			body: { username: 'alice' }
		});
		expect((await ask('glpat-nosudo-token')).status).toBe(200);
		expect((await ask('glimp-demo-token')).body).toMatchObject({ username: 'alice' });
		expect((await ask('gldt-demo-deploy-token')).status).toBe(401);
		expect((await ask('glcbt-demo-job-token', '/projects/1/releases')).status).toBe(200);
		expect((await ask('glcbt-demo-job-token')).status).toBe(401);
		expect((await ask('oauth-expired-demo')).status).toBe(401);
		expect((await ask('oauth-revoked-demo')).status).toBe(401);
	});

	it('the sign-in shown in Demo mode works', async () => {
		const app = createCodehostApp();
		const answer = await app.fetch(
			new Request('https://codehost.demo/oauth/token', {
				method: 'POST',
				headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
				body: new URLSearchParams({ grant_type: 'password', ...DEMO_SIGN_IN }).toString()
			})
		);
		expect(answer.status).toBe(200);
		expect(await answer.json()).toHaveProperty('access_token');
	});
});
