/**
 * What the HTTP core decides for each request about credentials: which cookie policy, whether the
 * browser may follow a redirect, and which body is recorded (redacted) in the exchange.
 */
import { describe, expect, it, vi } from 'vitest';
import { createClient, type ClientOptions } from '$lib/http/client';
import { sameOrigin, withoutCredentialParams } from '$lib/http/credentials';
import type { Exchange } from '$lib/http/exchange';

const ROOT = 'https://api.test/api/v4';

interface Seen {
	url: string;
	headers: Headers;
	body: string;
	credentials?: RequestCredentials;
	redirect?: RequestRedirect;
}

function setup(options: Partial<ClientOptions> = {}) {
	const seen: Seen[] = [];
	const transport: typeof fetch = async (input, init) => {
		const request = new Request(input, init);
		seen.push({
			url: request.url,
			headers: request.headers,
			body: request.body ? await request.clone().text() : '',
			credentials: init?.credentials ?? request.credentials,
			redirect: init?.redirect ?? request.redirect
		});
		return Response.json({});
	};
	const exchanges: Exchange[] = [];
	const client = createClient({
		baseUrl: ROOT,
		transport,
		env: { online: () => true, pageOrigin: () => undefined },
		onExchange: (e) => exchanges.push(e),
		...options
	});
	return { client, seen, exchanges };
}

describe('CH-REDIR-1: the browser never follows a redirect of a request that carries a credential', () => {
	it('a token in a header the caller set (no cookies) keeps the redirect manual', async () => {
		const { client, seen } = setup();
		await client.send({
			method: 'GET',
			path: 'projects',
			headers: { 'PRIVATE-TOKEN': 'glpat-x' },
			redirect: 'follow'
		});
		await client.send({
			method: 'GET',
			path: 'projects',
			headers: { Sudo: 'alice' },
			redirect: 'follow'
		});
		expect(seen.map((r) => r.redirect)).toEqual(['manual', 'manual']);
	});

	it('a token in the query string (any spelling of the name) keeps the redirect manual', async () => {
		const { client, seen } = setup();
		await client.send({
			method: 'GET',
			path: 'projects',
			query: 'page=2&private_token=x',
			redirect: 'follow'
		});
		await client.send({
			method: 'GET',
			path: 'projects',
			query: 'PRIVATE%5FTOKEN=x',
			redirect: 'follow'
		});
		await client.send({ method: 'GET', path: 'projects?access_token=x', redirect: 'follow' });
		expect(seen.map((r) => r.redirect)).toEqual(['manual', 'manual', 'manual']);
	});

	it('cookies sent with the request (credentials: include) keep the redirect manual', async () => {
		const { client, seen } = setup({ credentials: 'include' });
		await client.send({ method: 'GET', path: 'projects', redirect: 'follow' });
		expect(seen[0]!.credentials).toBe('include');
		expect(seen[0]!.redirect).toBe('manual');
	});

	it('a request with no credential at all may be followed by the browser', async () => {
		const { client, seen } = setup();
		await client.send({
			method: 'GET',
			path: 'projects',
			query: 'page=2&per_page=5',
			redirect: 'follow'
		});
		expect(seen[0]!.redirect).toBe('follow');
	});
});

describe('the cookie policy of one request', () => {
	it('a request may omit cookies that the client would send', async () => {
		const { client, seen } = setup({ credentials: 'include' });
		await client.send({ method: 'GET', path: 'projects', credentials: 'omit', redirect: 'follow' });
		expect(seen[0]!.credentials).toBe('omit');
		expect(seen[0]!.redirect).toBe('follow');
	});

	it('without a choice of its own a request takes the client’s policy', async () => {
		const { client, seen } = setup({ credentials: 'same-origin' });
		await client.send({ method: 'GET', path: 'projects' });
		expect(seen[0]!.credentials).toBe('same-origin');
	});
});

describe('the origin a credential belongs to', () => {
	it('two URLs without a readable origin are never the same origin', () => {
		expect(sameOrigin('not a url', 'also not a url')).toBe(false);
		expect(sameOrigin('data:text/plain,a', 'data:text/plain,a')).toBe(false);
		expect(sameOrigin('file:///api/x', 'file:///api')).toBe(false);
	});

	it('credential parameters go, the fragment stays once, byte for byte', () => {
		expect(withoutCredentialParams('https://a.test/p?private_token=x&a=1#frag')).toBe(
			'https://a.test/p?a=1#frag'
		);
		expect(withoutCredentialParams('https://a.test/p?a=1&sudo=root#x?job_token=1')).toBe(
			'https://a.test/p?a=1#x?job_token=1'
		);
		expect(withoutCredentialParams('https://a.test/p?token=x#frag')).toBe('https://a.test/p#frag');
	});
});

describe('request bodies as sent and as recorded', () => {
	it('a form body is sent as given, and recorded with its secret fields redacted', async () => {
		const { client, seen, exchanges } = setup();
		const form = 'grant_type=password&username=root&password=hunter22';
		await client.send({
			method: 'POST',
			path: 'oauth/token',
			body: form,
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' }
		});
		expect(seen[0]!.body).toBe(form);
		expect(seen[0]!.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
		expect(exchanges[0]!.requestBody).toBe('grant_type=password&username=root&password=[redacted]');
	});

	it('URLSearchParams are recorded as the form they send, secrets redacted', async () => {
		const { client, seen, exchanges } = setup();
		const params = new URLSearchParams({ refresh_token: 'r-secret', grant_type: 'refresh_token' });
		await client.send({ method: 'POST', path: 'oauth/token', body: params });
		expect(seen[0]!.body).toBe('refresh_token=r-secret&grant_type=refresh_token');
		expect(exchanges[0]!.requestBody).toBe('refresh_token=[redacted]&grant_type=refresh_token');
	});

	it('CH-PAY-2: a request without a JSON body gets no JSON Content-Type', async () => {
		const { client, seen, exchanges } = setup();
		await client.send({ method: 'GET', path: 'projects' });
		expect(seen[0]!.headers.get('content-type')).toBeNull();
		expect(exchanges[0]!.requestBody).toBeUndefined();
	});

	it('CH-PAY-2: a JSON body keeps a JSON Content-Type the caller chose', async () => {
		const { client, seen } = setup();
		await client.send({
			method: 'POST',
			path: 'projects',
			json: { name: 'x' },
			headers: { 'Content-Type': 'application/merge-patch+json' }
		});
		expect(seen[0]!.headers.get('content-type')).toBe('application/merge-patch+json');
	});

	it('the recorded duration is the time the call took', async () => {
		vi.useFakeTimers();
		try {
			const exchanges: Exchange[] = [];
			const client = createClient({
				baseUrl: ROOT,
				// A server that takes 200 ms to answer.
				transport: () =>
					new Promise((resolve) => setTimeout(() => resolve(Response.json({})), 200)),
				env: { online: () => true, pageOrigin: () => undefined },
				onExchange: (e) => exchanges.push(e)
			});
			let answered = false;
			const done = () => (answered = true);
			void client.send({ method: 'GET', path: 'projects' }).then(done, done);
			// The fake clock moves only from one timer to the next: exactly the server's 200 ms.
			while (!answered) await vi.advanceTimersToNextTimerAsync();
			expect(exchanges[0]!.durationMs).toBe(200);
		} finally {
			vi.useRealTimers();
		}
	});
});
