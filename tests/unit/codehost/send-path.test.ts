/**
 * The explorer's one send path (src/lib/codehost/send.ts), driven directly with a scripted server:
 * redirects hop by hop, what each hop and note says, one OAuth refresh, and the token calls.
 */
import { describe, expect, it } from 'vitest';
import { MAX_HOPS, TOKEN_BODY_NOT_KEPT, sendTokenRequest } from '$lib/codehost/send';
import { ORIGIN, ROOT, TOKEN, fakeAuth, followed, moved, opaque, server } from './send-server';

const EVIL = 'https://evil.test';

describe('CH-REDIR-1: redirects, hop by hop', () => {
	it('a same-origin 301 is followed with the token; the hop is shown without it', async () => {
		const auth = fakeAuth('personal', 'private-token-query');
		const { seen, send } = server(
			(s) =>
				s.url.includes('/projects/old')
					? moved(301, `/api/v4/projects/new?private_token=${TOKEN}`)
					: Response.json({ id: 1 }),
			auth
		);
		const outcome = await send({ method: 'get', target: '/projects/old', query: 'a=1' });
		expect(seen.map((s) => s.url)).toEqual([
			`${ROOT}/projects/old?a=1&private_token=${TOKEN}`,
			`${ROOT}/projects/new?private_token=${TOKEN}`
		]);
		expect(seen.every((s) => s.method === 'GET')).toBe(true);
		expect(outcome.hops).toEqual([
			{
				status: 301,
				from: `${ROOT}/projects/old?a=1&private_token=[redacted]`,
				to: `${ROOT}/projects/new`
			}
		]);
		expect(outcome.result.response.status).toBe(200);
		expect(outcome.url).toBe(`${ROOT}/projects/new?private_token=${TOKEN}`);
		expect(outcome.credentialed).toBe(true);
		expect(outcome.redirectNote).toBeUndefined();
		expect(outcome.offsite).toBeUndefined();
		expect(outcome.refreshed).toBe(false);
	});

	it(`stops after ${MAX_HOPS} redirects and says so`, async () => {
		const auth = fakeAuth('personal', 'private-token-header');
		const { seen, send } = server((_, i) => moved(302, `${ROOT}/loop/${i + 1}`), auth);
		const outcome = await send({ method: 'GET', target: '/loop/0' });
		expect(MAX_HOPS).toBe(5);
		expect(seen).toHaveLength(MAX_HOPS + 1);
		expect(outcome.hops.map((h) => h.to)).toEqual([1, 2, 3, 4, 5].map((n) => `${ROOT}/loop/${n}`));
		expect(outcome.hops.every((h) => h.status === 302)).toBe(true);
		expect(outcome.redirectNote).toBe(
			'Stopped after 5 redirects: the server keeps sending this request elsewhere.'
		);
		expect(seen.every((s) => s.headers['private-token'] === TOKEN)).toBe(true);
	});

	it('a redirect to another origin is not followed with the credential, and names where it leads', async () => {
		const auth = fakeAuth('personal', 'private-token-header');
		const { seen, send } = server(() => moved(308, `${EVIL}/x?private_token=${TOKEN}&b=2`), auth);
		const outcome = await send({ method: 'GET', target: '/projects' });
		expect(seen).toHaveLength(1);
		expect(outcome.offsite).toBe(`${EVIL}/x?b=2`);
		expect(outcome.hops).toEqual([]);
		expect(outcome.redirectNote).toBe(
			`308: moved to ${EVIL}/x?b=2, on another server than the base URL. Not followed with your credentials: they belong to ${ORIGIN}. You can send the request there without them.`
		);
	});

	it('a request sent without credentials follows a redirect to another origin, still bare', async () => {
		const auth = fakeAuth('personal', 'private-token-header');
		const { seen, send } = server(
			(s) => (s.url.startsWith(EVIL) ? Response.json([]) : moved(302, `${EVIL}/x`)),
			auth
		);
		const outcome = await send({ method: 'GET', target: '/projects', credentials: 'omit' });
		expect(seen.map((s) => s.url)).toEqual([`${ROOT}/projects`, `${EVIL}/x`]);
		expect(seen.every((s) => !('private-token' in s.headers) && s.credentials === 'omit')).toBe(
			true
		);
		expect(outcome.hops).toEqual([{ status: 302, from: `${ROOT}/projects`, to: `${EVIL}/x` }]);
		expect(outcome.credentialed).toBe(false);
		expect(outcome.offsite).toBeUndefined();
	});

	it('a POST is never repeated at a new address; the note names it (token hidden)', async () => {
		const auth = fakeAuth('personal', 'private-token-query');
		const { seen, send } = server(
			() => moved(307, `${ROOT}/projects/2?private_token=${TOKEN}`),
			auth
		);
		const outcome = await send({ method: 'post', target: '/projects', body: 'name=x' });
		expect(seen).toHaveLength(1);
		expect(seen[0]!.method).toBe('POST');
		expect(seen[0]!.body).toBe('name=x');
		expect(outcome.hops).toEqual([]);
		expect(outcome.redirectNote).toBe(
			`307: moved to ${ROOT}/projects/2?private_token=[redacted]. Not followed: a POST is not repeated at a new address automatically, since the method could change. Send it to the new URL yourself.`
		);
	});

	it('a 3xx without Location says why it cannot be followed, in Demo and in Live', async () => {
		const auth = fakeAuth('personal', 'private-token-header');
		const demo = await server(() => moved(302), auth).send({ method: 'GET', target: '/p' });
		expect(demo.redirectNote).toBe('302 without a readable Location: the server did not send one.');
		const live = await server(() => moved(301), auth, true).send({ method: 'GET', target: '/p' });
		expect(live.redirectNote).toBe(
			'301 without a readable Location: the browser hides it from another origin (not in Access-Control-Expose-Headers).'
		);
	});

	it('an answer that is no redirect carries no note', async () => {
		const auth = fakeAuth('personal', 'private-token-header');
		const outcome = await server(() => Response.json([], { status: 404 }), auth).send({
			method: 'GET',
			target: '/p'
		});
		expect(outcome.redirectNote).toBeUndefined();
		expect(outcome.hops).toEqual([]);
	});
});

describe('CH-REDIR-1: opaque redirects in a browser', () => {
	it('a GET learns where it leads from the same GET sent bare, then keeps its token at home', async () => {
		const auth = fakeAuth('personal', 'private-token-header');
		const { seen, send } = server(
			(s) => (s.probe ? followed(`${EVIL}/landing`) : opaque()),
			auth,
			true
		);
		const outcome = await send({ method: 'GET', target: '/projects', headers: { Accept: 'x/y' } });
		expect(seen).toHaveLength(2);
		expect(seen[0]!.headers['private-token']).toBe(TOKEN);
		expect(seen[1]!.url).toBe(`${ROOT}/projects`);
		expect(seen[1]!.headers['private-token']).toBeUndefined();
		expect(seen[1]!.headers['accept']).toBe('x/y');
		expect(outcome.offsite).toBe(`${EVIL}/landing`);
		expect(outcome.redirectNote).toMatch(/^A redirect: moved to https:\/\/evil\.test\/landing/);
	});

	it('a same-origin opaque redirect is followed with the token, recorded as a 301 hop', async () => {
		const auth = fakeAuth('personal', 'private-token-header');
		const { seen, send } = server(
			(s, i) =>
				s.probe ? followed(`${ROOT}/projects/new`) : i === 0 ? opaque() : Response.json([]),
			auth,
			true
		);
		const outcome = await send({ method: 'GET', target: '/projects/old' });
		expect(seen.map((s) => [s.url, s.headers['private-token']])).toEqual([
			[`${ROOT}/projects/old`, TOKEN],
			[`${ROOT}/projects/old`, undefined],
			[`${ROOT}/projects/new`, TOKEN]
		]);
		expect(outcome.hops).toEqual([
			{ status: 301, from: `${ROOT}/projects/old`, to: `${ROOT}/projects/new` }
		]);
	});

	it('when the bare GET is not redirected, or fails, the redirect is reported unfollowed', async () => {
		const auth = fakeAuth('personal', 'private-token-header');
		const note =
			'The server redirected this request, and the browser does not show this page where to. It was not followed with your credentials.';
		const plain = server((s) => (s.probe ? Response.json([]) : opaque()), auth, true);
		expect((await plain.send({ method: 'GET', target: '/p' })).redirectNote).toBe(note);
		const failing = server(
			(s) => {
				if (s.probe) throw new TypeError('Failed to fetch');
				return opaque();
			},
			auth,
			true
		);
		const outcome = await failing.send({ method: 'GET', target: '/p' });
		expect(outcome.redirectNote).toBe(note);
		expect(outcome.hops).toEqual([]);
	});

	it('an opaque redirect of a POST is not probed nor followed', async () => {
		const auth = fakeAuth('personal', 'private-token-header');
		const { seen, send } = server(() => opaque(), auth, true);
		const outcome = await send({ method: 'DELETE', target: '/projects/1' });
		expect(seen).toHaveLength(1);
		expect(outcome.redirectNote).toBe(
			'The server redirected this DELETE; the browser does not reveal the new URL to this page (cross-origin). Not followed.'
		);
	});
});

describe('CH-AUTH-1: one OAuth refresh', () => {
	const expired = () =>
		Response.json(
			{
				error: 'invalid_token',
				error_description: 'Token is expired. You can either do re-authorization or token refresh.'
			},
			{ status: 401 }
		);

	it('an expired token is refreshed once and the request repeated with the new one', async () => {
		const auth = fakeAuth('oauth', 'bearer', () => 'oauth-new');
		const { seen, send } = server((_, i) => (i === 0 ? expired() : Response.json({ ok: 1 })), auth);
		const outcome = await send({ method: 'GET', target: '/user' });
		expect(auth.refreshes).toEqual([TOKEN]);
		expect(seen.map((s) => s.headers['authorization'])).toEqual([
			`Bearer ${TOKEN}`,
			'Bearer oauth-new'
		]);
		expect(outcome.refreshed).toBe(true);
		expect(outcome.result.response.status).toBe(200);
	});

	it('a refresh that fails leaves the 401 as the answer, sent once', async () => {
		const auth = fakeAuth('oauth', 'bearer', () => null);
		const { seen, send } = server(() => expired(), auth);
		const outcome = await send({ method: 'GET', target: '/user' });
		expect(seen).toHaveLength(1);
		expect(auth.refreshes).toEqual([TOKEN]);
		expect(outcome.refreshed).toBe(true);
		expect(outcome.result.response.status).toBe(401);
	});

	it('a second expiry is not refreshed again; other methods and bare requests never refresh', async () => {
		const again = fakeAuth('oauth', 'bearer', () => 'oauth-new');
		const twice = server(() => expired(), again);
		expect((await twice.send({ method: 'GET', target: '/user' })).result.response.status).toBe(401);
		expect(again.refreshes).toHaveLength(1);
		expect(twice.seen).toHaveLength(2);

		const personal = fakeAuth('personal', 'bearer', () => 'other');
		await server(() => expired(), personal).send({ method: 'GET', target: '/user' });
		expect(personal.refreshes).toEqual([]);

		const bare = fakeAuth('oauth', 'bearer', () => 'other');
		await server(() => expired(), bare).send({
			method: 'GET',
			target: '/user',
			credentials: 'omit'
		});
		expect(bare.refreshes).toEqual([]);
	});
});

describe('what each request carries', () => {
	it('a GET sends no body and lets a bare request be followed; other methods keep both manual', async () => {
		const auth = fakeAuth('none', 'none');
		const { seen, send } = server(() => Response.json({}), auth);
		await send({ method: 'GET', target: '/projects', body: 'ignored' });
		await send({ method: 'PUT', target: '/projects/1', body: 'name=y' });
		expect(seen.map((s) => [s.method, s.body, s.redirect])).toEqual([
			['GET', '', 'follow'],
			['PUT', 'name=y', 'manual']
		]);
	});

	it('a request is never retried by the send path (a 503 is the answer)', async () => {
		const auth = fakeAuth('personal', 'private-token-header');
		const { seen, send } = server(() => new Response('busy', { status: 503 }), auth);
		const outcome = await send({ method: 'GET', target: '/projects' });
		expect(seen).toHaveLength(1);
		expect(outcome.result.response.status).toBe(503);
	});

	it('CH-AUTH-1: a token call goes to the provider’s endpoint bare and is recorded without bodies', async () => {
		const auth = fakeAuth('none', 'none');
		const { seen, records, context } = server(
			() => Response.json({ access_token: 'at-1', refresh_token: 'rt-1' }),
			auth
		);
		const result = await sendTokenRequest(
			'grant_type=password&username=root&password=pw-1',
			context
		);
		expect(result.text).toContain('at-1');
		expect(seen).toHaveLength(1);
		expect(seen[0]).toMatchObject({
			method: 'POST',
			url: `${ORIGIN}/oauth/token`,
			body: 'grant_type=password&username=root&password=pw-1',
			credentials: 'omit',
			redirect: 'manual'
		});
		expect(seen[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
		expect(records).toHaveLength(1);
		expect(records[0]!.requestBody).toBe(TOKEN_BODY_NOT_KEPT);
		expect(records[0]!.responseBody).toBe(TOKEN_BODY_NOT_KEPT);
		expect(records[0]!.status).toBe(200);
	});

	it('a token call that gets no answer is recorded without bodies either', async () => {
		const auth = fakeAuth('none', 'none');
		const { records, context } = server(() => {
			throw new TypeError('Failed to fetch');
		}, auth);
		await expect(sendTokenRequest('password=pw-1', context)).rejects.toThrow();
		expect(records).toHaveLength(1);
		expect(records[0]!.requestBody).toBe(TOKEN_BODY_NOT_KEPT);
		expect(records[0]!.responseBody).toBeUndefined();
	});
});
