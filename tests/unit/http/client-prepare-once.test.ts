import { TimeoutError } from 'ky';
import { describe, expect, it } from 'vitest';
import { buildUrl, createClient, type ClientOptions, type Prepare } from '$lib/http/client';
import { ApiProblem } from '$lib/http/problem';

const BASE = 'https://api.test/api/v4';
const env = { online: () => true, pageOrigin: () => 'https://api.test' };

/** A transport that answers at once and keeps the signal each call was given. */
function answering() {
	const signals: AbortSignal[] = [];
	const abortedAtCall: boolean[] = [];
	const transport = ((_input: RequestInfo | URL, init?: RequestInit) => {
		signals.push(init!.signal!);
		abortedAtCall.push(init!.signal!.aborted);
		return Promise.resolve(new Response('{"ok":true}', { status: 200 }));
	}) as typeof fetch;
	return { transport, signals, abortedAtCall };
}

function client(transport: typeof fetch, options: Partial<ClientOptions> = {}) {
	return createClient({ baseUrl: BASE, transport, env, ...options });
}

async function problemOf(promise: Promise<unknown>): Promise<ApiProblem> {
	const error: unknown = await promise.then(
		() => undefined,
		(e: unknown) => e
	);
	expect(error).toBeInstanceOf(ApiProblem);
	return error as ApiProblem;
}

describe('buildUrl', () => {
	it('drops only a leading "?" of a query string, keeping one inside a value', () => {
		expect(buildUrl(BASE, 'items', '?q=a?b')).toBe(`${BASE}/items?q=a?b`);
		expect(buildUrl(BASE, 'items', 'q=a?b')).toBe(`${BASE}/items?q=a?b`);
	});
});

describe('prepare (work a request needs before it is sent)', () => {
	it('runs first, with the request, its signal and the loading callback', async () => {
		const order: string[] = [];
		const seen: Parameters<Prepare>[0][] = [];
		const onLoading = () => undefined;
		const signal = new AbortController().signal;
		const { transport } = answering();
		const api = client(
			((input: RequestInfo | URL, init?: RequestInit) => {
				order.push('send');
				return transport(input, init);
			}) as typeof fetch,
			{
				prepare: async (request) => {
					seen.push(request);
					await Promise.resolve();
					order.push('prepare');
				}
			}
		);
		await api.send({ method: 'get', path: 'items', signal, onLoading, retry: false });
		expect(order).toEqual(['prepare', 'send']);
		expect(seen).toEqual([{ method: 'GET', url: `${BASE}/items`, signal, onProgress: onLoading }]);
	});

	it('passes on its own ApiProblem as it is, and sends nothing', async () => {
		const { transport, signals } = answering();
		const own = new ApiProblem({
			kind: 'http',
			status: 503,
			message: 'Demo data missing',
			hint: 'h'
		});
		const problem = await problemOf(
			client(transport, { prepare: () => Promise.reject(own) }).send({ method: 'GET', path: 'x' })
		);
		expect(problem).toBe(own);
		expect(signals).toHaveLength(0);
	});

	it('turns any other failure into a network problem that names the request', async () => {
		const { transport, signals } = answering();
		const cause = new Error('chunk failed to load');
		const problem = await problemOf(
			client(transport, { prepare: () => Promise.reject(cause) }).send({
				method: 'post',
				path: 'items'
			})
		);
		expect(problem.kind).toBe('network');
		expect(problem.method).toBe('POST');
		expect(problem.url).toBe(`${BASE}/items`);
		expect(problem.message).toBe(`POST ${BASE}/items could not reach the server.`);
		expect(problem.hint).toMatch(/could not be reached|offline/);
		expect(problem.cause).toBe(cause);
		expect(signals).toHaveLength(0);
	});

	it('reports a cancelled request as cancelled when prepare fails after the abort', async () => {
		const { transport } = answering();
		const controller = new AbortController();
		const problem = await problemOf(
			client(transport, {
				prepare: () => {
					controller.abort();
					return Promise.reject(new DOMException('stopped', 'AbortError'));
				}
			}).send({ method: 'GET', path: 'x', signal: controller.signal })
		);
		expect(problem.kind).toBe('aborted');
		expect(problem.message).toBe(`GET ${BASE}/x was cancelled.`);
		expect(problem.hint).toBe('The request was cancelled before it finished.');
	});
});

describe('a request sent once (retry: false)', () => {
	const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

	it('goes out with a live signal when the caller gives none', async () => {
		const { transport, abortedAtCall } = answering();
		const result = await client(transport).send({ method: 'GET', path: 'x', retry: false });
		expect(result.response.status).toBe(200);
		expect(abortedAtCall).toEqual([false]);
	});

	it('goes out already cancelled when the caller’s signal was aborted before sending', async () => {
		const { transport, abortedAtCall } = answering();
		const controller = new AbortController();
		controller.abort();
		await client(transport).send({
			method: 'GET',
			path: 'x',
			retry: false,
			signal: controller.signal
		});
		expect(abortedAtCall).toEqual([true]);
	});

	it('is cancelled when the caller aborts while it is in flight', async () => {
		const controller = new AbortController();
		let signal: AbortSignal | undefined;
		const transport = ((_i: RequestInfo | URL, init?: RequestInit) =>
			new Promise<Response>((_, reject) => {
				signal = init!.signal!;
				signal.addEventListener('abort', () => reject(signal!.reason as Error));
			})) as typeof fetch;
		const sent = client(transport).send({
			method: 'GET',
			path: 'x',
			retry: false,
			signal: controller.signal
		});
		await wait(0);
		controller.abort();
		expect((await problemOf(sent)).kind).toBe('aborted');
		expect(signal!.aborted).toBe(true);
	});

	it('times out even when the transport ignores the abort, naming the request that timed out', async () => {
		const transport = (() => new Promise<Response>(() => undefined)) as typeof fetch;
		const problem = await problemOf(
			client(transport).send({ method: 'POST', path: 'x', retry: false, timeoutMs: 20 })
		);
		expect(problem.kind).toBe('timeout');
		expect(problem.message).toBe(`POST ${BASE}/x took too long and was stopped.`);
		expect(problem.cause).toBeInstanceOf(TimeoutError);
		expect((problem.cause as TimeoutError).request.method).toBe('POST');
	});

	it('leaves the answer alone after it arrived: no late timeout, no late abort', async () => {
		const { transport, signals } = answering();
		const controller = new AbortController();
		await client(transport).send({
			method: 'GET',
			path: 'x',
			retry: false,
			timeoutMs: 20,
			signal: controller.signal
		});
		await wait(50);
		expect(signals[0]!.aborted).toBe(false);
		controller.abort();
		expect(signals[0]!.aborted).toBe(false);
	});
});
