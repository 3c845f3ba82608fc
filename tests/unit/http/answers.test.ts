/**
 * How the HTTP core reads an answer that must be 2xx JSON, and what a person is told when it is
 * not: a redirect, an error status, an HTML page, an empty body, a connection that drops.
 */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { createClient, type ClientOptions, type RequestSpec } from '$lib/http/client';
import type { Exchange } from '$lib/http/exchange';
import { ApiProblem } from '$lib/http/problem';

const ROOT = 'https://api.test/api/v4';

function client(answer: () => Response | Promise<Response>, options: Partial<ClientOptions> = {}) {
	return createClient({
		baseUrl: ROOT,
		transport: async () => answer(),
		env: { online: () => true, pageOrigin: () => undefined },
		retryLimit: 0,
		...options
	});
}

async function problemOf(promise: Promise<unknown>): Promise<ApiProblem> {
	const error = await promise.then(
		() => undefined,
		(e: unknown) => e
	);
	expect(error).toBeInstanceOf(ApiProblem);
	return error as ApiProblem;
}

const read = (answer: () => Response, spec: Partial<RequestSpec> = {}) =>
	problemOf(client(answer).json({ method: 'post', path: 'projects', ...spec }));

describe('a redirect where JSON was expected is not followed (credentials stay with this server)', () => {
	it('CH-REDIR-1: a 3xx answer is a problem naming the redirect, from 300 to 399', async () => {
		for (const status of [300, 301, 308, 399]) {
			const problem = await read(
				() => new Response(null, { status, headers: { location: 'https://evil.test/' } })
			);
			expect(problem.kind).toBe('http');
			expect(problem.status).toBe(status);
			expect(problem.method).toBe('POST');
			expect(problem.message).toBe(
				`POST ${ROOT}/projects answered with a redirect, which was not followed: your credentials stay with this server.`
			);
			expect(problem.hint).toMatch(/base URL/);
		}
	});

	it('an opaque redirect (what a browser gives for redirect: manual) is the same problem', async () => {
		const problem = await read(() => {
			const response = Response.json({});
			Object.defineProperty(response, 'type', { value: 'opaqueredirect' });
			return response;
		});
		expect(problem.message).toMatch(/answered with a redirect, which was not followed/);
	});

	it('a 400 is an error answer, not a redirect', async () => {
		const problem = await read(
			() =>
				new Response('{"message":"400 Bad request"}', { status: 400, statusText: 'Bad Request' })
		);
		expect(problem.kind).toBe('http');
		expect(problem.method).toBe('POST');
		expect(problem.message).toBe(`POST ${ROOT}/projects answered 400 Bad Request.`);
		expect(problem.body).toEqual({ message: '400 Bad request' });
	});

	it('an error answer without a status text says only the status', async () => {
		const problem = await read(() => new Response('{}', { status: 409 }));
		expect(problem.message).toBe(`POST ${ROOT}/projects answered 409.`);
	});
});

describe('an unreadable answer', () => {
	it('an HTML error page is unreadable (parse), whatever its status', async () => {
		for (const html of ['<html><body>Bad gateway</body></html>', '\n  <!DOCTYPE html><p>x</p>']) {
			const problem = await read(() => new Response(html, { status: 502 }));
			expect(problem.kind).toBe('parse');
			expect(problem.status).toBe(502);
			expect(problem.method).toBe('POST');
			expect(problem.message).toMatch(/not JSON \(it looks like an HTML page\)/);
			expect(problem.hint).toMatch(/HTML page/);
		}
	});

	it('a plain-text error answer stays an HTTP error with its status', async () => {
		const problem = await read(() => new Response('Service <b>down</b>', { status: 503 }));
		expect(problem.kind).toBe('http');
		expect(problem.status).toBe(503);
		expect(problem.bodyText).toBe('Service <b>down</b>');
	});

	it('a 2xx answer of plain text that merely contains a tag is not called an HTML page', async () => {
		const problem = await read(() => new Response('ok <b>done</b>', { status: 200 }));
		expect(problem.kind).toBe('parse');
		expect(problem.message).not.toMatch(/HTML/);
		expect(problem.hint).toMatch(/could not be read as JSON/);
	});

	it('a body of only white space is an empty body', async () => {
		const problem = await read(() => new Response(' \n\t ', { status: 200 }));
		expect(problem.kind).toBe('parse');
		expect(problem.message).toBe('The server answered with an empty body where JSON was expected.');
	});

	it('a contract break names the URL and status of the answer', async () => {
		const problem = await problemOf(
			client(() => Response.json({ id: 'x' }, { status: 201 })).json(
				{ method: 'POST', path: 'projects' },
				v.object({ id: v.number() })
			)
		);
		expect(problem.kind).toBe('contract');
		expect(problem.url).toBe(`${ROOT}/projects`);
		expect(problem.status).toBe(201);
		expect(problem.bodyText).toBe('{"id":"x"}');
	});
});

describe('failures without a whole answer', () => {
	it('a connection that drops while the body is read is a problem that says so (without the token), and is recorded', async () => {
		const exchanges: Exchange[] = [];
		const problem = await problemOf(
			client(
				() =>
					new Response(
						new ReadableStream({
							start(controller) {
								controller.error(new TypeError('terminated'));
							}
						}),
						{ status: 200 }
					),
				{ onExchange: (e) => exchanges.push(e) }
			).send({ method: 'get', path: 'projects', query: 'private_token=pt-secret' })
		);
		expect(problem.kind).toBe('network');
		expect(problem.status).toBe(200);
		expect(problem.method).toBe('GET');
		expect(problem.message).toBe(
			`The connection dropped while reading the answer to GET ${ROOT}/projects?private_token=[redacted].`
		);
		// An error message is shown and may be copied: it never carries the token.
		expect(problem.url).toBe(`${ROOT}/projects?private_token=[redacted]`);
		expect(problem.hint).toMatch(/could not be reached/);
		expect(exchanges).toHaveLength(1);
		expect(exchanges[0]!.status).toBe(200);
		expect(exchanges[0]!.problemKind).toBe('network');
		expect(exchanges[0]!.url).toBe(`${ROOT}/projects?private_token=[redacted]`);
	});

	it('a fetch aborted from elsewhere (an AbortError, no signal of ours) is "aborted"', async () => {
		const problem = await problemOf(
			client(() => {
				throw new DOMException('The operation was aborted.', 'AbortError');
			}).send({ method: 'GET', path: 'projects' })
		);
		expect(problem.kind).toBe('aborted');
		expect(problem.message).toBe(`GET ${ROOT}/projects was cancelled.`);
		expect(problem.hint).toBe('The request was cancelled before it finished.');
	});

	it('another DOMException is not a cancellation', async () => {
		const problem = await problemOf(
			client(() => {
				throw new DOMException('nope', 'NetworkError');
			}).send({ method: 'GET', path: 'projects' })
		);
		expect(problem.kind).toBe('network');
		expect(problem.message).toBe(`GET ${ROOT}/projects could not reach the server.`);
	});

	it('a timeout says the call took too long', async () => {
		const problem = await problemOf(
			client(() => new Promise<Response>(() => {}), { timeoutMs: 50 }).send({
				method: 'GET',
				path: 'slow'
			})
		);
		expect(problem.kind).toBe('timeout');
		expect(problem.message).toBe(`GET ${ROOT}/slow took too long and was stopped.`);
		expect(problem.hint).toMatch(/did not answer in time/);
	});

	it('a CORS refusal says the browser blocked the answer', async () => {
		let calls = 0;
		const problem = await problemOf(
			createClient({
				baseUrl: ROOT,
				transport: async () => {
					if (calls++ === 0) throw new TypeError('Failed to fetch');
					return new Response(null);
				},
				env: { online: () => true, pageOrigin: () => 'https://app.test' }
			}).send({ method: 'GET', path: 'projects', retry: false })
		);
		expect(problem.kind).toBe('cors');
		expect(problem.message).toBe(
			`The browser blocked the answer to GET ${ROOT}/projects: the server does not allow this app's origin (CORS).`
		);
	});
});
