/**
 * The OAuth calls a person makes against the demo code host: signing in keeps both tokens and
 * says for how long; a wrong password says it failed; "Refresh now" replaces both tokens.
 */
import { describe, expect, it } from 'vitest';
import { createCodehostApp } from '$lib/fakes/codehost/app';
import { DEMO_PASSWORD } from '$lib/fakes/codehost/auth';
import { explorerOver } from '../explorer-over';

function explorer() {
	const app = createCodehostApp();
	return explorerOver(async (input, init) => app.fetch(new Request(input, init)));
}

describe('OAuthCalls', () => {
	it('signing in keeps the access and refresh tokens and switches to OAuth', async () => {
		const e = explorer();
		await e.oauth.signIn('root', DEMO_PASSWORD);
		expect(e.auth.method).toBe('oauth');
		expect(e.auth.token).not.toBe('');
		expect(e.auth.refreshToken).not.toBe('');
		expect(e.auth.oauthMessage).toBe(
			'Signed in: access token valid for two hours, refresh token kept.'
		);
	});

	it('a wrong password says the sign-in failed and keeps no token', async () => {
		const e = explorer();
		await e.oauth.signIn('root', 'not-the-password');
		expect(e.auth.token).toBe('');
		expect(e.auth.oauthMessage).toMatch(/^Sign-in failed: /);
	});

	it('"Refresh now" replaces both tokens; without a refresh token it says to sign in', async () => {
		const e = explorer();
		expect(await e.oauth.refreshNow()).toBe(false);
		expect(e.auth.oauthMessage).toBe('There is no refresh token to use. Sign in to get one.');
		await e.oauth.signIn('root', DEMO_PASSWORD);
		const before = { token: e.auth.token, refresh: e.auth.refreshToken };
		expect(await e.oauth.refreshNow()).toBe(true);
		expect(e.auth.token).not.toBe(before.token);
		expect(e.auth.refreshToken).not.toBe(before.refresh);
	});
});
