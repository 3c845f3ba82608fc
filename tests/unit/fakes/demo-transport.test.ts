/** The demo transport: each service's fake, behind the fault switches Settings show. */
import { afterEach, describe, expect, it } from 'vitest';
import { noFaults } from '$lib/fakes/faults';
import { demoFaults, demoTransport } from '$lib/fakes/demo-transport';
import { createClient } from '$lib/http/client';
import { ApiProblem } from '$lib/http/problem';
import { SERVICE_IDS } from '$lib/settings/connection';

afterEach(() => {
	for (const id of SERVICE_IDS) Object.assign(demoFaults[id], noFaults());
});

function codehostClient(extra: { retryLimit?: number } = {}) {
	return createClient({
		baseUrl: 'https://codehost.demo/api/v4',
		transport: demoTransport('codehost'),
		env: { online: () => true, pageOrigin: () => 'https://codehost.demo' },
		...extra
	});
}

async function problemOf(promise: Promise<unknown>): Promise<ApiProblem> {
	try {
		await promise;
	} catch (error) {
		expect(error).toBeInstanceOf(ApiProblem);
		return error as ApiProblem;
	}
	throw new Error('expected the call to fail');
}

describe('demoTransport with demoFaults', () => {
	it('answers from the fake when no fault is set', async () => {
		const response = await demoTransport('codehost')('https://codehost.demo/api/v4/projects/1');
		expect(response.status).toBe(200);
		expect(await response.json()).toMatchObject({ id: 1 });
	});

	it('EN-AUTH-1: supplies the demo Token to the energy fake', async () => {
		const response = await demoTransport('energy')(
			'https://energy.demo/api/v1/private/account/list',
			{ method: 'POST' }
		);
		expect(response.status).toBe(200);
	});

	it('a switch changed after the transport was made takes effect at once', async () => {
		const transport = demoTransport('codehost');
		demoFaults.codehost.fault = '500';
		expect((await transport('https://codehost.demo/api/v4/projects')).status).toBe(500);
		demoFaults.codehost.fault = 'none';
		expect((await transport('https://codehost.demo/api/v4/projects')).status).toBe(200);
	});

	it('faults are per service', async () => {
		demoFaults.energy.fault = '500';
		expect((await demoTransport('bible')('https://bible.demo/api/v1/bibles')).status).toBe(200);
	});

	it('"drop" rejects with TypeError("Failed to fetch"), like fetch itself', async () => {
		demoFaults.codehost.fault = 'drop';
		const outcome = demoTransport('codehost')('https://codehost.demo/api/v4/projects');
		await expect(outcome).rejects.toBeInstanceOf(TypeError);
		await expect(outcome).rejects.toThrow('Failed to fetch');
	});

	it('"drop" reaches the client as a network problem', async () => {
		demoFaults.codehost.fault = 'drop';
		const problem = await problemOf(
			codehostClient().send({ method: 'GET', path: 'projects', retry: false })
		);
		expect(problem.kind).toBe('network');
	});

	it('"malformed-json" reaches client.json as a parse problem', async () => {
		demoFaults.codehost.fault = 'malformed-json';
		const problem = await problemOf(codehostClient().json({ method: 'GET', path: 'projects' }));
		expect(problem.kind).toBe('parse');
		expect(problem.bodyPreview).toBe('{"data": [{"broken": tru');
	});

	it('"html-error" reaches the client as the HTML page, shown as text', async () => {
		demoFaults.codehost.fault = 'html-error';
		const result = await codehostClient().send({ method: 'GET', path: 'projects' });
		expect(result.response.status).toBe(403);
		expect(result.text).toMatch(/^<!DOCTYPE html>/);
		const problem = await problemOf(codehostClient().json({ method: 'GET', path: 'projects' }));
		expect(problem.bodyText).toMatch(/^<!DOCTYPE html>/);
		expect(problem.bodyPreview).toMatch(/Checking your browser/);
	});

	it('CH-LIM-1: a one-off 429 is retried after Retry-After and the call succeeds', async () => {
		Object.assign(demoFaults.codehost, { fault: '429', times: 1, retryAfterSeconds: 0 });
		const { data, result } = await codehostClient().json({ method: 'GET', path: 'projects' });
		expect(Array.isArray(data)).toBe(true);
		expect(result.exchange.retries).toBe(1);
		expect(demoFaults.codehost.fault).toBe('none');
	});

	it('a lasting 503 ends, after the retries, as an http problem with status 503', async () => {
		Object.assign(demoFaults.codehost, { fault: '503', times: 0, retryAfterSeconds: 0 });
		const problem = await problemOf(codehostClient().json({ method: 'GET', path: 'projects' }));
		expect(problem.kind).toBe('http');
		expect(problem.status).toBe(503);
	});

	it('latency delays the answer, and an abort during it rejects at once', async () => {
		demoFaults.codehost.latencyMs = 60;
		const started = performance.now();
		const response = await demoTransport('codehost')('https://codehost.demo/api/v4/projects/1');
		expect(response.status).toBe(200);
		expect(performance.now() - started).toBeGreaterThanOrEqual(55);

		demoFaults.codehost.latencyMs = 5000;
		const controller = new AbortController();
		setTimeout(() => controller.abort(), 20);
		const abortedAt = performance.now();
		await expect(
			demoTransport('codehost')('https://codehost.demo/api/v4/projects/1', {
				signal: controller.signal
			})
		).rejects.toMatchObject({ name: 'AbortError' });
		expect(performance.now() - abortedAt).toBeLessThan(1000);
	});

	it('a client timeout during latency becomes a timeout problem', async () => {
		demoFaults.codehost.latencyMs = 5000;
		const client = createClient({
			baseUrl: 'https://codehost.demo/api/v4',
			transport: demoTransport('codehost'),
			timeoutMs: 80
		});
		const problem = await problemOf(client.send({ method: 'GET', path: 'projects' }));
		expect(problem.kind).toBe('timeout');
	});
});
