/**
 * Edges of the send path (src/lib/codehost/send.ts) that the main send tests do not reach: what a
 * bare request strips, a redirect the browser followed by itself, and refused token calls.
 */
import { describe, expect, it } from 'vitest';
import { TOKEN_BODY_NOT_KEPT, requestTokens, sendTokenRequest } from '$lib/codehost/send';
import { ROOT, fakeAuth, followed, moved, opaque, server } from './send-server';

describe('a request sent bare', () => {
	it('CH-AUTH-2, CH-SUDO-2: drops the credential headers the user typed, whatever their case, and keeps the others', async () => {
		const auth = fakeAuth('personal', 'private-token-header');
		const { seen, send } = server(() => Response.json([]), auth);
		await send({
			method: 'GET',
			target: '/projects',
			credentials: 'omit',
			headers: { 'PRIVATE-TOKEN': 'typed-token', Sudo: 'bob', Accept: 'application/json' }
		});
		expect(seen).toHaveLength(1);
		expect(seen[0]!.headers).toMatchObject({ accept: 'application/json' });
		expect(seen[0]!.headers['private-token']).toBeUndefined();
		expect(seen[0]!.headers['sudo']).toBeUndefined();
		expect(seen[0]!.credentials).toBe('omit');
	});
});

describe('CH-REDIR-1: a redirect the browser followed by itself', () => {
	it('is shown as one 301 hop from the URL sent (token hidden) to where the answer came from', async () => {
		const auth = fakeAuth('personal', 'private-token-query');
		const { send } = server(() => followed(`${ROOT}/projects/new`), auth);
		const outcome = await send({ method: 'GET', target: '/projects/old' });
		expect(outcome.hops).toEqual([
			{
				status: 301,
				from: `${ROOT}/projects/old?private_token=[redacted]`,
				to: `${ROOT}/projects/new`
			}
		]);
	});

	it('is not added again after hops the send path followed itself', async () => {
		const auth = fakeAuth('personal', 'private-token-header');
		const { send } = server(
			(_, i) => (i === 0 ? moved(302, `${ROOT}/projects/mid`) : followed(`${ROOT}/projects/end`)),
			auth
		);
		const outcome = await send({ method: 'GET', target: '/projects/start' });
		expect(outcome.hops).toEqual([
			{ status: 302, from: `${ROOT}/projects/start`, to: `${ROOT}/projects/mid` }
		]);
	});

	it('a plain answer has no hop', async () => {
		const auth = fakeAuth('personal', 'private-token-header');
		const outcome = await server(() => Response.json([]), auth).send({
			method: 'GET',
			target: '/projects'
		});
		expect(outcome.hops).toEqual([]);
	});
});

describe('CH-REDIR-1: the bare probe of an opaque redirect', () => {
	it('is sent once, never retried, even when it meets a 503', async () => {
		const auth = fakeAuth('personal', 'private-token-header');
		const { seen, send } = server(
			(s) => (s.probe ? new Response('busy', { status: 503 }) : opaque()),
			auth,
			true
		);
		const outcome = await send({ method: 'GET', target: '/projects' });
		expect(seen.filter((s) => s.probe)).toHaveLength(1);
		expect(outcome.hops).toEqual([]);
	});
});

describe('CH-AUTH-1: token calls', () => {
	it('are recorded with a note in place of the bodies', async () => {
		const auth = fakeAuth('none', 'none');
		const { records, context } = server(
			() => Response.json({ access_token: 'at-1', refresh_token: 'rt-1' }),
			auth
		);
		await sendTokenRequest('grant_type=password&password=pw-1', context);
		expect(TOKEN_BODY_NOT_KEPT).toBe('(not kept: sign-in and token refresh carry credentials)');
		expect(records[0]!.requestBody).toBe('(not kept: sign-in and token refresh carry credentials)');
	});

	it('a granted call gives both tokens', async () => {
		const auth = fakeAuth('none', 'none');
		const { context } = server(
			() => Response.json({ access_token: 'at-1', refresh_token: 'rt-1', expires_in: 7200 }),
			auth
		);
		expect(await requestTokens({ grant_type: 'password' }, context)).toMatchObject({
			accessToken: 'at-1',
			refreshToken: 'rt-1',
			expiresIn: 7200
		});
	});

	it('a refusal throws the provider’s error code', async () => {
		const auth = fakeAuth('none', 'none');
		const { context } = server(
			() =>
				Response.json(
					{ error: 'invalid_grant', error_description: 'The provided grant is invalid.' },
					{ status: 400 }
				),
			auth
		);
		await expect(requestTokens({ grant_type: 'password' }, context)).rejects.toThrow(
			/^invalid_grant$/
		);
	});

	it('an answer that is not JSON throws with its status', async () => {
		const auth = fakeAuth('none', 'none');
		const { context } = server(
			() => new Response('<html>bad gateway</html>', { status: 502 }),
			auth
		);
		await expect(requestTokens({ grant_type: 'password' }, context)).rejects.toThrow(
			/^status 502$/
		);
	});

	it('an error status is a refusal even when its body looks like tokens', async () => {
		const auth = fakeAuth('none', 'none');
		const { context } = server(
			() => Response.json({ access_token: 'at-1', refresh_token: 'rt-1' }, { status: 401 }),
			auth
		);
		await expect(requestTokens({ grant_type: 'password' }, context)).rejects.toThrow(
			/^status 401$/
		);
	});
});
