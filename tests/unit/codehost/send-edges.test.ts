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

describe('CH-REDIR-1: a secret variable is a credential, like the token', () => {
	const EVIL = 'https://evil.test';
	const KEY = 'SECRET-VAR-VALUE-42';
	const everyHeader = (seen: { headers: Record<string, string>; url: string }[]) =>
		seen.map((s) => `${s.url} ${JSON.stringify(s.headers)}`).join('\n');

	it('the "where does it lead" probe of an opaque redirect never carries it', async () => {
		const auth = fakeAuth('none', 'none');
		const { seen, send } = server(
			(s) => (s.probe ? followed(`${EVIL}/landing`) : opaque()),
			auth,
			true,
			[KEY]
		);
		const outcome = await send({
			method: 'GET',
			target: '/projects',
			headers: { 'X-Api-Key': KEY, Accept: 'application/json' }
		});
		expect(seen[0]!.headers['x-api-key']).toBe(KEY);
		const probe = seen.find((s) => s.probe)!;
		expect(probe.headers['x-api-key']).toBeUndefined();
		expect(probe.headers['accept']).toBe('application/json');
		expect(outcome.offsite).toBe(`${EVIL}/landing`);
		expect(outcome.redirectNote).not.toContain(KEY);
	});

	it('a request carrying it never lets the browser follow a redirect by itself', async () => {
		const auth = fakeAuth('none', 'none');
		const { seen, send } = server(() => Response.json([]), auth, true, [KEY]);
		await send({ method: 'GET', target: '/projects', headers: { 'X-Api-Key': KEY } });
		expect(seen[0]!.redirect).toBe('manual');
	});

	it('a 302 to another origin is not followed with it; "send there without credentials" sends none of it', async () => {
		const auth = fakeAuth('none', 'none');
		const { seen, send } = server(
			(s) =>
				s.url.startsWith(EVIL) ? Response.json({ ok: true }) : moved(302, `${EVIL}/x?k=${KEY}`),
			auth,
			false,
			[KEY]
		);
		const first = await send({ method: 'GET', target: '/projects', headers: { 'X-Api-Key': KEY } });
		expect(seen).toHaveLength(1);
		expect(first.offsite).toBeDefined();
		expect(first.redirectNote).not.toContain(KEY);
		await send({
			method: 'GET',
			target: first.offsite!,
			headers: { 'X-Api-Key': KEY, 'X-Plain': 'kept' },
			credentials: 'omit'
		});
		const there = seen.filter((s) => s.url.startsWith(EVIL));
		expect(there).toHaveLength(1);
		expect(everyHeader(there)).not.toContain(KEY);
		expect(there[0]!.headers['x-plain']).toBe('kept');
	});

	it('in any written form: a percent-encoded or base64 copy in a header or the query is kept home', async () => {
		const secret = 'p@ss w/rd+1!"é';
		const auth = fakeAuth('none', 'none');
		const { seen, send } = server(() => Response.json([]), auth, false, [secret]);
		const b64 = Buffer.from(secret).toString('base64');
		await send({
			method: 'GET',
			target: `${EVIL}/p`,
			query: `q=${encodeURIComponent(secret)}&keep=1`,
			headers: { 'X-B64': `Basic ${b64}`, 'X-Plain': 'kept' }
		});
		expect(seen).toHaveLength(1);
		expect(seen[0]!.url).toBe(`${EVIL}/p?keep=1`);
		expect(seen[0]!.headers['x-b64']).toBeUndefined();
		expect(seen[0]!.headers['x-plain']).toBe('kept');
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
