import { afterEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { buildUrl, createClient, type ClientOptions } from '$lib/http/client';
import type { Exchange } from '$lib/http/exchange';
import { ApiProblem } from '$lib/http/problem';
import type { ReachabilityEnv } from '$lib/http/reachability';

interface Call {
	input: RequestInfo | URL;
	init?: RequestInit;
	url: string;
	method: string;
	headers: Headers;
	body: string;
	signal?: AbortSignal | null;
	at: number;
}

type Handler = (call: Call, index: number) => Response | Promise<Response>;

/** A fetch stand-in that records every call; ky hands it a Request as `input`. */
function fakeTransport(handler: Handler) {
	const calls: Call[] = [];
	const transport = (async (input: RequestInfo | URL, init?: RequestInit) => {
		const isRequest = input instanceof Request;
		const call: Call = {
			input,
			init,
			url: isRequest ? input.url : String(input),
			method: (isRequest ? input.method : (init?.method ?? 'GET')).toUpperCase(),
			headers: new Headers(isRequest ? input.headers : init?.headers),
			body: isRequest && input.body ? await input.clone().text() : '',
			signal: isRequest ? input.signal : init?.signal,
			at: performance.now()
		};
		calls.push(call);
		return handler(call, calls.length - 1);
	}) as typeof fetch;
	return { transport, calls };
}

const BASE = 'https://api.test/api/v4';
const sameOrigin: ReachabilityEnv = { online: () => true, pageOrigin: () => 'https://api.test' };

function client(transport: typeof fetch, options: Partial<ClientOptions> = {}) {
	return createClient({ baseUrl: BASE, transport, env: sameOrigin, ...options });
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
	new Response(JSON.stringify(body), {
		status,
		headers: { 'content-type': 'application/json', ...headers }
	});

/** Resolves never, but rejects as fetch does when the request's signal aborts. */
function hangUntilAborted(call: Call): Promise<Response> {
	return new Promise((_, reject) => {
		const signal = call.signal;
		if (!signal) return;
		if (signal.aborted) reject(signal.reason);
		signal.addEventListener('abort', () => reject(signal.reason), { once: true });
	});
}

/**
 * Runs the fake clock (vi.useFakeTimers) one timer at a time until `promise` settles, so every
 * wait is exactly as long as the code under test asked for, however busy the machine.
 */
async function onFakeClock<T>(promise: Promise<T>): Promise<T> {
	let settled = false;
	promise.then(
		() => (settled = true),
		() => (settled = true)
	);
	while (!settled) await vi.advanceTimersToNextTimerAsync();
	return promise;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => {
	vi.useRealTimers();
});

async function problemOf(promise: Promise<unknown>): Promise<ApiProblem> {
	try {
		await promise;
	} catch (error) {
		expect(error).toBeInstanceOf(ApiProblem);
		return error as ApiProblem;
	}
	throw new Error('expected the call to fail');
}

describe('buildUrl', () => {
	it('CH-ROOT-1: joins the API root and the path with one slash', () => {
		expect(buildUrl('https://h.test/api/v4/', '/projects')).toBe('https://h.test/api/v4/projects');
		expect(buildUrl('https://h.test/api/v4', 'projects')).toBe('https://h.test/api/v4/projects');
	});

	it('CH-PATH-1: keeps %2F in paths untouched', () => {
		expect(buildUrl(BASE, 'projects/diaspora%2Fdiaspora-client/issues/3')).toBe(
			`${BASE}/projects/diaspora%2Fdiaspora-client/issues/3`
		);
	});

	it('CH-PAY-7: appends a string query exactly as written, so %2B stays %2B', () => {
		expect(buildUrl(BASE, 'search', 'scope=projects&search=c%2B%2B')).toBe(
			`${BASE}/search?scope=projects&search=c%2B%2B`
		);
		expect(buildUrl(BASE, 'search', '?search=a%2Bb')).toBe(`${BASE}/search?search=a%2Bb`);
	});

	it('CH-PAY-7: encodes a literal + in a record query as %2B and skips undefined values', () => {
		expect(
			buildUrl(BASE, 'search', { search: 'c++', page: 2, archived: false, x: undefined })
		).toBe(`${BASE}/search?search=c%2B%2B&page=2&archived=false`);
		expect(buildUrl(BASE, 'p', new URLSearchParams({ a: '1 2' }))).toBe(`${BASE}/p?a=1+2`);
	});

	it('CH-OFF-3: uses an absolute URL (a Link URL) as given, ignoring the base', () => {
		const link = 'https://other.test/api/v4/projects?page=2&per_page=20';
		expect(buildUrl(BASE, link)).toBe(link);
		expect(buildUrl(BASE, link, 'extra=1')).toBe(`${link}&extra=1`);
	});
});

describe('HttpClient.send: what reaches the transport', () => {
	it('CH-PATH-1, CH-PAY-7: the transport sees %2F and %2B exactly as built', async () => {
		const { transport, calls } = fakeTransport(() => json([]));
		await client(transport).send({
			method: 'get',
			path: 'projects/a%2Fb/repository/files/dir%2Ffile.txt',
			query: 'ref=feature%2Bx'
		});
		expect(calls[0]!.url).toBe(
			`${BASE}/projects/a%2Fb/repository/files/dir%2Ffile.txt?ref=feature%2Bx`
		);
		expect(calls[0]!.input).toBeInstanceOf(Request);
	});

	it('CH-PAY-2: a JSON body is sent with Content-Type application/json', async () => {
		const { transport, calls } = fakeTransport(() => json({ id: 1 }, 201));
		await client(transport, { headers: { 'PRIVATE-TOKEN': 't0ken-value' } }).send({
			method: 'post',
			path: 'projects',
			json: { name: 'demo' }
		});
		expect(calls[0]!.method).toBe('POST');
		expect(calls[0]!.headers.get('content-type')).toBe('application/json');
		expect(calls[0]!.headers.get('private-token')).toBe('t0ken-value');
		expect(JSON.parse(calls[0]!.body)).toEqual({ name: 'demo' });
	});
});

describe('HttpClient.send: the answer as it comes', () => {
	it("tells onHead the answer's status and headers before its body is read", async () => {
		let letBodyGo = () => {};
		const body = new ReadableStream<Uint8Array>({
			start(controller) {
				letBodyGo = () => {
					controller.enqueue(new TextEncoder().encode('[1,2]'));
					controller.close();
				};
			}
		});
		const transport = (async () =>
			new Response(body, {
				status: 200,
				headers: { Link: '<https://next>; rel="next"' }
			})) as typeof fetch;
		const heads: { status: number; link: string | null }[] = [];
		const sending = client(transport).send({
			method: 'GET',
			path: 'projects',
			retry: false,
			onHead: (response) =>
				heads.push({ status: response.status, link: response.headers.get('link') })
		});
		await new Promise((r) => setTimeout(r, 0));
		expect(heads).toEqual([{ status: 200, link: '<https://next>; rel="next"' }]);
		letBodyGo();
		expect((await sending).text).toBe('[1,2]');
		expect(heads).toHaveLength(1);
	});
});

describe('HttpClient retries', () => {
	it('retries a GET on 503 up to retryLimit, then resolves with the last response', async () => {
		const { transport, calls } = fakeTransport(
			(_, i) => new Response(`attempt ${i + 1}`, { status: 503, headers: { 'retry-after': '0' } })
		);
		const result = await client(transport, { retryLimit: 2 }).send({ method: 'GET', path: 'x' });
		expect(calls).toHaveLength(3);
		expect(result.response.status).toBe(503);
		expect(result.text).toBe('attempt 3');
		expect(result.exchange.retries).toBe(2);
	});

	it('retries a GET on 500 and returns the first success', async () => {
		const { transport, calls } = fakeTransport((_, i) =>
			i === 0 ? json({ message: 'boom' }, 500) : json({ ok: true })
		);
		const result = await client(transport, { retryLimit: 1 }).send({ method: 'GET', path: 'x' });
		expect(calls).toHaveLength(2);
		expect(result.response.status).toBe(200);
		expect(JSON.parse(result.text)).toEqual({ ok: true });
		expect(result.exchange.retries).toBe(1);
	});

	it('never retries a POST (money-spending calls): 503 gives exactly one call', async () => {
		const { transport, calls } = fakeTransport(
			() => new Response('busy', { status: 503, headers: { 'retry-after': '0' } })
		);
		const result = await client(transport, { retryLimit: 3 }).send({
			method: 'POST',
			path: 'buy/energy',
			json: { amount: 65000 }
		});
		expect(calls).toHaveLength(1);
		expect(result.response.status).toBe(503);
		expect(result.exchange.retries).toBe(0);
	});

	it('never retries a PATCH either', async () => {
		const { transport, calls } = fakeTransport(() => json({}, 500));
		await client(transport, { retryLimit: 3 }).send({ method: 'PATCH', path: 'x', json: {} });
		expect(calls).toHaveLength(1);
	});

	it('retry: false on a GET sends one request', async () => {
		const { transport, calls } = fakeTransport(
			() => new Response('busy', { status: 503, headers: { 'retry-after': '0' } })
		);
		const result = await client(transport, { retryLimit: 3 }).send({
			method: 'GET',
			path: 'x',
			retry: false
		});
		expect(calls).toHaveLength(1);
		expect(result.response.status).toBe(503);
	});

	it('does not retry a 404', async () => {
		const { transport, calls } = fakeTransport(() => json({ message: '404 Not Found' }, 404));
		await client(transport, { retryLimit: 3 }).send({ method: 'GET', path: 'x' });
		expect(calls).toHaveLength(1);
	});

	it('CH-LIM-1: on 429 with Retry-After: 1 waits that second before retrying', async () => {
		vi.useFakeTimers();
		const { transport, calls } = fakeTransport((_, i) =>
			i === 0
				? new Response('Retry later\n', { status: 429, headers: { 'retry-after': '1' } })
				: json([])
		);
		const result = await onFakeClock(
			client(transport, { retryLimit: 2 }).send({ method: 'GET', path: 'x' })
		);
		expect(calls).toHaveLength(2);
		expect(result.response.status).toBe(200);
		// The retry's own backoff (300 ms) is not what is waited: the server's second is.
		expect(calls[1]!.at - calls[0]!.at).toBe(1000);
	});

	it('honours Retry-After given as an HTTP date', async () => {
		vi.useFakeTimers();
		// On a whole second: an HTTP date has no milliseconds.
		vi.setSystemTime(new Date('2026-03-01T12:00:00.000Z'));
		const { transport, calls } = fakeTransport((_, i) =>
			i === 0
				? new Response('', {
						status: 503,
						headers: { 'retry-after': new Date(Date.now() + 2000).toUTCString() }
					})
				: json([])
		);
		const result = await onFakeClock(
			client(transport, { retryLimit: 1 }).send({ method: 'GET', path: 'x' })
		);
		expect(calls).toHaveLength(2);
		expect(result.response.status).toBe(200);
		expect(calls[1]!.at - calls[0]!.at).toBe(2000);
	});
});

describe('HttpClient.json problems', () => {
	it('an HTTP error becomes kind "http" with status, body text and parsed body', async () => {
		const body = { message: '404 Project Not Found' };
		const { transport } = fakeTransport(() => json(body, 404));
		const problem = await problemOf(client(transport).json({ method: 'GET', path: 'projects/9' }));
		expect(problem.kind).toBe('http');
		expect(problem.status).toBe(404);
		expect(problem.bodyText).toBe(JSON.stringify(body));
		expect(problem.body).toEqual(body);
		expect(problem.method).toBe('GET');
		expect(problem.url).toBe(`${BASE}/projects/9`);
		expect(problem.headers['content-type']).toBe('application/json');
		expect(problem.message).toContain('404');
		expect(problem.hint).toMatch(/Nothing was found/);
	});

	it('an HTML body becomes kind "parse" with a preview and an HTML hint', async () => {
		const html = `<!DOCTYPE html><html><body><h1>Sign in</h1>${'x'.repeat(500)}</body></html>`;
		const { transport } = fakeTransport(
			() => new Response(html, { status: 200, headers: { 'content-type': 'text/html' } })
		);
		const problem = await problemOf(client(transport).json({ method: 'GET', path: 'projects' }));
		expect(problem.kind).toBe('parse');
		expect(problem.status).toBe(200);
		expect(problem.bodyText).toBe(html);
		expect(problem.bodyPreview.startsWith('<!DOCTYPE html><html><body><h1>Sign in</h1>')).toBe(
			true
		);
		expect(problem.bodyPreview.length).toBeLessThan(html.length);
		expect(problem.bodyPreview.endsWith('…')).toBe(true);
		expect(problem.message).toMatch(/HTML/);
		expect(problem.hint).toMatch(/HTML page/);
	});

	it('an empty body becomes kind "parse" saying the body was empty', async () => {
		const { transport } = fakeTransport(() => new Response('', { status: 200 }));
		const problem = await problemOf(client(transport).json({ method: 'GET', path: 'x' }));
		expect(problem.kind).toBe('parse');
		expect(problem.bodyPreview).toBe('');
		expect(problem.message).toMatch(/empty body/);
	});

	it('broken JSON becomes kind "parse" with the body shown as text', async () => {
		const broken = '{"data": [{"broken": tru';
		const { transport } = fakeTransport(
			() => new Response(broken, { status: 200, headers: { 'content-type': 'application/json' } })
		);
		const problem = await problemOf(client(transport).json({ method: 'GET', path: 'x' }));
		expect(problem.kind).toBe('parse');
		expect(problem.bodyPreview).toBe(broken);
		expect(problem.hint).toMatch(/could not be read as JSON/);
	});

	it('a body that breaks the schema becomes kind "contract" naming the field path', async () => {
		const schema = v.object({ id: v.number(), owner: v.object({ name: v.string() }) });
		const { transport } = fakeTransport(() => json({ id: 1, owner: { name: 5 } }));
		const problem = await problemOf(client(transport).json({ method: 'GET', path: 'x' }, schema));
		expect(problem.kind).toBe('contract');
		expect(problem.message).toContain('`owner.name`');
		expect(problem.hint).toContain('`owner.name`');
		expect(problem.body).toEqual({ id: 1, owner: { name: 5 } });
	});

	it('a body that matches the schema is returned typed', async () => {
		const schema = v.object({ id: v.number() });
		const { transport } = fakeTransport(() => json({ id: 7, extra: true }));
		const { data, result } = await client(transport).json({ method: 'GET', path: 'x' }, schema);
		expect(data).toEqual({ id: 7 });
		expect(result.response.status).toBe(200);
	});
});

describe('HttpClient failures without an answer', () => {
	it('kind "timeout" when the transport does not answer within timeoutMs', async () => {
		vi.useFakeTimers();
		const { transport, calls } = fakeTransport(hangUntilAborted);
		const exchanges: Exchange[] = [];
		const started = performance.now();
		const problem = await onFakeClock(
			problemOf(
				client(transport, { timeoutMs: 100, onExchange: (e) => exchanges.push(e) }).send({
					method: 'GET',
					path: 'slow'
				})
			)
		);
		expect(problem.kind).toBe('timeout');
		expect(problem.url).toBe(`${BASE}/slow`);
		// Stopped when timeoutMs ran out, not later.
		expect(performance.now() - started).toBe(100);
		expect(exchanges[0]?.durationMs).toBe(100);
		expect(calls).toHaveLength(1);
		expect(exchanges).toHaveLength(1);
		expect(exchanges[0]!.problemKind).toBe('timeout');
		expect(exchanges[0]!.status).toBeUndefined();
	});

	it('a per-request timeoutMs overrides the client one', async () => {
		const { transport } = fakeTransport(hangUntilAborted);
		const problem = await problemOf(
			client(transport, { timeoutMs: 60_000 }).send({ method: 'GET', path: 'x', timeoutMs: 50 })
		);
		expect(problem.kind).toBe('timeout');
	});

	it('kind "aborted" when the caller aborts', async () => {
		const { transport, calls } = fakeTransport(hangUntilAborted);
		const controller = new AbortController();
		setTimeout(() => controller.abort(), 30);
		const problem = await problemOf(
			client(transport, { timeoutMs: 5000 }).send({
				method: 'GET',
				path: 'x',
				signal: controller.signal
			})
		);
		expect(problem.kind).toBe('aborted');
		expect(calls).toHaveLength(1);
	});

	it("an unretried request (the explorer's) times out too, even from a transport that ignores the abort", async () => {
		const { transport, calls } = fakeTransport(() => new Promise<Response>(() => {}));
		const exchanges: Exchange[] = [];
		const problem = await problemOf(
			client(transport, { timeoutMs: 60_000, onExchange: (e) => exchanges.push(e) }).send({
				method: 'GET',
				path: 'slow',
				retry: false,
				timeoutMs: 50
			})
		);
		expect(problem.kind).toBe('timeout');
		expect(calls).toHaveLength(1);
		expect(exchanges[0]!.problemKind).toBe('timeout');
	});

	it("an unretried request is cancelled with its caller's signal, and says so", async () => {
		const { transport, calls } = fakeTransport(hangUntilAborted);
		const controller = new AbortController();
		setTimeout(() => controller.abort(), 30);
		const problem = await problemOf(
			client(transport, { timeoutMs: 5000 }).send({
				method: 'GET',
				path: 'x',
				retry: false,
				signal: controller.signal
			})
		);
		expect(problem.kind).toBe('aborted');
		expect(calls[0]!.signal?.aborted).toBe(true);
	});

	it('kind "network" when fetch fails and the browser is offline (no probe sent)', async () => {
		const { transport, calls } = fakeTransport(() => {
			throw new TypeError('Failed to fetch');
		});
		const problem = await problemOf(
			client(transport, {
				env: { online: () => false, pageOrigin: () => 'https://app.test' }
			}).send({ method: 'GET', path: 'x', retry: false })
		);
		expect(problem.kind).toBe('network');
		expect(calls).toHaveLength(1);
	});

	it('kind "cors" when fetch fails cross-origin but a no-cors probe reaches the server', async () => {
		const { transport, calls } = fakeTransport((call) => {
			if (call.init?.mode === 'no-cors') return new Response(null, { status: 200 });
			throw new TypeError('Failed to fetch');
		});
		const problem = await problemOf(
			client(transport, {
				env: { online: () => true, pageOrigin: () => 'https://app.test' }
			}).send({ method: 'GET', path: 'projects', retry: false })
		);
		expect(problem.kind).toBe('cors');
		expect(problem.hint).toMatch(/Proxy URL/);
		expect(calls).toHaveLength(2);
		expect(calls[1]!.url).toBe('https://api.test/');
		expect(calls[1]!.init?.mode).toBe('no-cors');
		expect(calls[1]!.init?.credentials).toBe('omit');
	});

	it('kind "network" when the no-cors probe fails too', async () => {
		const { transport, calls } = fakeTransport(() => {
			throw new TypeError('Failed to fetch');
		});
		const problem = await problemOf(
			client(transport, {
				env: { online: () => true, pageOrigin: () => 'https://app.test' }
			}).send({ method: 'GET', path: 'x', retry: false })
		);
		expect(problem.kind).toBe('network');
		expect(calls).toHaveLength(2);
		expect(calls[1]!.init?.mode).toBe('no-cors');
	});
});

describe('exchange record', () => {
	it('records method, URL, status, headers, body, duration, size and retries', async () => {
		vi.useFakeTimers();
		const body = JSON.stringify({ name: 'café ☕ 😀' });
		// Each attempt takes the server 100 ms.
		const { transport } = fakeTransport(async (_, i) => {
			await wait(100);
			return i === 0
				? new Response('', { status: 503, headers: { 'retry-after': '0' } })
				: new Response(body, {
						status: 200,
						headers: { 'content-type': 'application/json', 'x-total': '3' }
					});
		});
		const seen: Exchange[] = [];
		const result = await onFakeClock(
			client(transport, { onExchange: (e) => seen.push(e) }).send({
				method: 'get',
				path: 'projects',
				query: 'page=2'
			})
		);
		expect(seen).toEqual([result.exchange]);
		const exchange = result.exchange;
		expect(exchange.method).toBe('GET');
		expect(exchange.url).toBe(`${BASE}/projects?page=2`);
		expect(exchange.status).toBe(200);
		expect(exchange.responseHeaders['content-type']).toBe('application/json');
		expect(exchange.responseHeaders['x-total']).toBe('3');
		expect(exchange.responseBody).toBe(body);
		// From the first attempt sent to the answer's body read: both attempts.
		expect(exchange.durationMs).toBe(200);
		expect(exchange.sizeBytes).toBe(new TextEncoder().encode(body).length);
		expect(exchange.sizeBytes).toBeGreaterThan(body.length);
		expect(exchange.retries).toBe(1);
		expect(Number.isNaN(Date.parse(exchange.startedAt))).toBe(false);
	});

	it('CH-AUTH-1, CH-AUTH-2, CH-AUTH-3, EN-AUTH-1: secret headers and query values are redacted', async () => {
		const { transport, calls } = fakeTransport(() => json({ ok: true }));
		const result = await client(transport, {
			headers: { 'PRIVATE-TOKEN': 'glpat-header-secret' }
		}).send({
			method: 'GET',
			path: 'projects',
			query: 'private_token=pt-secret&access_token=at-secret&job_token=jt-secret&page=2',
			headers: {
				Authorization: 'Bearer bearer-secret',
				Token: 'energy-secret',
				'JOB-TOKEN': 'job-header-secret',
				Accept: 'application/json'
			}
		});
		// The real request carried the real values.
		expect(calls[0]!.headers.get('private-token')).toBe('glpat-header-secret');
		expect(calls[0]!.url).toContain('private_token=pt-secret');
		const exchange = result.exchange;
		expect(exchange.requestHeaders['private-token']).toBe('[redacted]');
		expect(exchange.requestHeaders['authorization']).toBe('[redacted]');
		expect(exchange.requestHeaders['token']).toBe('[redacted]');
		expect(exchange.requestHeaders['job-token']).toBe('[redacted]');
		expect(exchange.requestHeaders['accept']).toBe('application/json');
		expect(exchange.url).toBe(
			`${BASE}/projects?private_token=[redacted]&access_token=[redacted]&job_token=[redacted]&page=2`
		);
		const text = JSON.stringify(exchange);
		for (const secret of [
			'glpat-header-secret',
			'pt-secret',
			'at-secret',
			'jt-secret',
			'bearer-secret',
			'energy-secret',
			'job-header-secret'
		])
			expect(text).not.toContain(secret);
	});

	it('a value given through secrets() never appears in the exchange', async () => {
		const secret = 's3cret-value';
		const { transport } = fakeTransport((call) =>
			json({ echo: call.body, note: `your key ${secret}` })
		);
		const seen: Exchange[] = [];
		const result = await client(transport, {
			secrets: () => [secret],
			onExchange: (e) => seen.push(e)
		}).send({
			method: 'POST',
			path: `keys/${secret}`,
			query: `api_key=${secret}`,
			json: { key: secret }
		});
		expect(JSON.stringify(result.exchange)).not.toContain(secret);
		expect(JSON.stringify(seen)).not.toContain(secret);
		expect(result.exchange.url).toBe(`${BASE}/keys/[redacted]?api_key=[redacted]`);
		expect(result.exchange.requestBody).toBe('{"key":"[redacted]"}');
		// The caller still gets the real answer.
		expect(result.text).toContain(secret);
	});

	it('a failed call is recorded with its problem kind and a redacted URL', async () => {
		const { transport } = fakeTransport(() => {
			throw new TypeError('Failed to fetch');
		});
		const seen: Exchange[] = [];
		const problem = await problemOf(
			client(transport, { onExchange: (e) => seen.push(e) }).send({
				method: 'GET',
				path: 'x',
				query: 'private_token=pt-secret',
				retry: false
			})
		);
		expect(problem.kind).toBe('network');
		expect(problem.url).toBe(`${BASE}/x?private_token=[redacted]`);
		expect(problem.message).not.toContain('pt-secret');
		expect(seen).toHaveLength(1);
		expect(seen[0]!.problemKind).toBe('network');
		expect(seen[0]!.url).toBe(`${BASE}/x?private_token=[redacted]`);
		expect(seen[0]!.sizeBytes).toBe(0);
	});
});

describe('buildUrl', () => {
	it('CH-ROOT-1: one slash between root and path, however many either side has', () => {
		expect(buildUrl('https://h.test/api/v4//', '//projects')).toBe(
			'https://h.test/api/v4/projects'
		);
	});

	it('a relative path that carries a URL in its query is still relative', () => {
		expect(buildUrl('https://h.test/api/v4', 'import?url=https://x.test/a')).toBe(
			'https://h.test/api/v4/import?url=https://x.test/a'
		);
	});

	it('CH-PAY-7: only a leading "?" of a string query is dropped; the rest stays as written', () => {
		expect(buildUrl('https://h.test/api/v4', 'search', '?q=a?b')).toBe(
			'https://h.test/api/v4/search?q=a?b'
		);
		expect(buildUrl('https://h.test/api/v4', 'search?scope=x', 'q=1')).toBe(
			'https://h.test/api/v4/search?scope=x&q=1'
		);
	});
});
