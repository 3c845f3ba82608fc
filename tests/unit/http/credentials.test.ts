import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createClient } from '$lib/http/client';
import { hasCredentialParam, sameOrigin, withoutCredentialParams } from '$lib/http/credentials';
import { isApiProblem } from '$lib/http/problem';

const ROOT = 'https://api.test/api/v1/private';

function recorder(
	answer: () => Response = () => Response.json({}),
	secrets: readonly string[] = []
) {
	const seen: {
		url: string;
		headers: Headers;
		credentials?: RequestCredentials;
		redirect?: RequestRedirect;
	}[] = [];
	const transport: typeof fetch = async (input, init) => {
		const request = new Request(input, init);
		seen.push({
			url: request.url,
			headers: request.headers,
			credentials: init?.credentials ?? request.credentials,
			redirect: init?.redirect ?? request.redirect
		});
		return answer();
	};
	const client = createClient({
		baseUrl: ROOT,
		transport,
		credentialHeaders: () => ({ Token: 'energy-secret' }),
		credentials: 'include',
		secrets: () => secrets,
		env: { online: () => true, pageOrigin: () => undefined }
	});
	return { client, seen };
}

describe('the HTTP core keeps credentials on the base URL’s origin', () => {
	it('EN-AUTH-1: the Token header goes to the base URL’s origin, and nowhere else', async () => {
		const { client, seen } = recorder();
		await client.send({ method: 'POST', path: 'order/list' });
		await client.send({ method: 'POST', path: 'https://elsewhere.test/api/v1/private/order/list' });
		expect(seen[0]!.headers.get('token')).toBe('energy-secret');
		expect(seen[1]!.headers.get('token')).toBeNull();
	});

	it('CH-AUTH-2, CH-SUDO-2: a request to another origin loses every credential header, parameter and cookie', async () => {
		const { client, seen } = recorder();
		await client.send({
			method: 'GET',
			path: 'https://elsewhere.test/api/v4/projects?page=2&private_token=t1&PRIVATE%5FTOKEN=t2&access_token=t3&job_token=t4&sudo=root&per_page=5',
			headers: {
				'PRIVATE-TOKEN': 't5',
				Authorization: 'Bearer t6',
				'JOB-TOKEN': 't7',
				Sudo: 'root',
				'X-Other': 'kept'
			}
		});
		const [r] = seen;
		expect(r!.url).toBe('https://elsewhere.test/api/v4/projects?page=2&per_page=5');
		for (const name of ['private-token', 'authorization', 'job-token', 'sudo', 'token'])
			expect(r!.headers.get(name)).toBeNull();
		expect(r!.headers.get('x-other')).toBe('kept');
		expect(r!.credentials).toBe('omit');
	});

	it('CH-REDIR-1: a request that carries a credential never lets the browser follow a redirect; one without may', async () => {
		const { client, seen } = recorder();
		await client.send({ method: 'GET', path: 'x', redirect: 'follow' });
		await client.send({
			method: 'GET',
			path: 'https://elsewhere.test/x',
			redirect: 'follow'
		});
		expect(seen[0]!.redirect).toBe('manual');
		expect(seen[1]!.redirect).toBe('follow');
	});

	it('a redirect answer where JSON was expected is a problem that says it was not followed', async () => {
		const { client } = recorder(
			() => new Response(null, { status: 307, headers: { location: 'https://evil.test/' } })
		);
		const error = await client
			.json({ method: 'POST', path: 'buy/energy' })
			.catch((e: unknown) => e);
		expect(isApiProblem(error)).toBe(true);
		expect((error as Error).message).toMatch(/redirect, which was not followed/);
	});
});

describe('CH-AUTH-2: a secret variable’s value is a credential in the HTTP core', () => {
	const KEY = 'p@ss w/rd+1!"é';

	it('a header or parameter holding it, in any written form, is not sent to another origin', async () => {
		const { client, seen } = recorder(undefined, [KEY]);
		const b64 = Buffer.from(KEY).toString('base64url');
		await client.send({
			method: 'GET',
			path: `https://elsewhere.test/x?a=1&k=${encodeURIComponent(KEY).replace(/%20/g, '+')}&b=2`,
			headers: { 'X-Api-Key': KEY, 'X-Signed': `v1.${b64}`, 'X-Other': 'kept' }
		});
		const [r] = seen;
		expect(r!.url).toBe('https://elsewhere.test/x?a=1&b=2');
		expect(r!.headers.get('x-api-key')).toBeNull();
		expect(r!.headers.get('x-signed')).toBeNull();
		expect(r!.headers.get('x-other')).toBe('kept');
	});

	it('on the base URL’s origin it goes out, and the browser never follows a redirect with it', async () => {
		const { client, seen } = recorder(undefined, [KEY]);
		await client.send({
			method: 'GET',
			path: 'projects',
			headers: { 'X-Api-Key': KEY },
			redirect: 'follow'
		});
		expect(seen[0]!.headers.get('x-api-key')).toBe(KEY);
		expect(seen[0]!.redirect).toBe('manual');
	});
});

describe('credential helpers', () => {
	it('same origin means scheme, host and port', () => {
		expect(sameOrigin('https://a.test/x', 'https://a.test/api')).toBe(true);
		expect(sameOrigin('http://a.test/x', 'https://a.test/api')).toBe(false);
		expect(sameOrigin('https://a.test:8443/x', 'https://a.test/api')).toBe(false);
		expect(sameOrigin('https://b.a.test/x', 'https://a.test/api')).toBe(false);
		expect(sameOrigin('not a url', 'https://a.test/api')).toBe(false);
	});

	it('other parameters are kept byte for byte, in order', () => {
		fc.assert(
			fc.property(
				fc.array(
					fc.tuple(
						fc
							.stringMatching(/^[a-z][a-z0-9_%]{0,8}$/)
							.filter((n) => !hasCredentialParam(`?${n}=1`)),
						fc.stringMatching(/^[A-Za-z0-9%+._~-]{0,8}$/)
					),
					{ maxLength: 6 }
				),
				fc.constantFrom('private_token', 'Access_Token', 'job%5Ftoken', 'sudo'),
				(pairs, secret) => {
					const plain = pairs.map(([k, v]) => `${k}=${v}`).join('&');
					const url = `https://a.test/p?${plain ? `${plain}&` : ''}${secret}=s3cret`;
					expect(withoutCredentialParams(url)).toBe(`https://a.test/p${plain ? `?${plain}` : ''}`);
				}
			)
		);
	});
});
