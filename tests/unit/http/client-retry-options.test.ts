import { describe, expect, it } from 'vitest';
import { createClient } from '$lib/http/client';

function counting(status: number, headers: Record<string, string> = { 'retry-after': '0' }) {
	const calls: number[] = [];
	const transport = (async () => {
		calls.push(performance.now());
		return new Response('busy', { status, headers });
	}) as typeof fetch;
	return { transport, calls };
}
const env = { online: () => true, pageOrigin: () => 'https://api.test' };

describe('HttpClient honours its retry options', () => {
	it('retryLimit: 0 sends a GET once', async () => {
		const { transport, calls } = counting(503);
		const c = createClient({ baseUrl: 'https://api.test', transport, env, retryLimit: 0 });
		await c.send({ method: 'GET', path: 'x' });
		expect(calls).toHaveLength(1);
	});
	it('retryLimit: 4 retries a GET four times', async () => {
		const { transport, calls } = counting(503);
		const c = createClient({ baseUrl: 'https://api.test', transport, env, retryLimit: 4 });
		await c.send({ method: 'GET', path: 'x' });
		expect(calls).toHaveLength(5);
	});
	it('413 is not in RETRY_STATUS_CODES, so it is not retried', async () => {
		const { transport, calls } = counting(413);
		const c = createClient({ baseUrl: 'https://api.test', transport, env });
		await c.send({ method: 'GET', path: 'x' });
		expect(calls).toHaveLength(1);
	});
	it('never waits longer than maxRetryAfterMs', async () => {
		const { transport, calls } = counting(429, { 'retry-after': '3600' });
		const c = createClient({
			baseUrl: 'https://api.test',
			transport,
			env,
			retryLimit: 1,
			maxRetryAfterMs: 50
		});
		await c.send({ method: 'GET', path: 'x' });
		expect(calls).toHaveLength(2);
	}, 2000);
});
