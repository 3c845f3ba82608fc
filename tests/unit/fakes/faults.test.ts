import { afterEach, describe, expect, it } from 'vitest';
import {
	DroppedConnection,
	FAULT_KINDS,
	noFaults,
	withFaults,
	type FaultSwitches
} from '$lib/fakes/faults';
import { demoFaults, demoTransport } from '$lib/fakes/demo-transport';
import { createClient } from '$lib/http/client';
import { ApiProblem } from '$lib/http/problem';
import { SERVICE_IDS } from '$lib/settings/connection';

afterEach(() => {
	for (const id of SERVICE_IDS) Object.assign(demoFaults[id], noFaults());
});

const okHandler = () => Response.json({ ok: true });
const request = () => new Request('https://codehost.demo/api/v4/projects');

function faulty(patch: Partial<FaultSwitches>) {
	const switches = { ...noFaults(), ...patch };
	return { switches, handle: withFaults(okHandler, switches) };
}

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

describe('withFaults', () => {
	it('passes requests through when no fault is set', async () => {
		const { handle } = faulty({});
		const response = await handle(request());
		expect(response.status).toBe(200);
		expect(await response.json()).toEqual({ ok: true });
	});

	it('CH-LIM-1: "429" answers 429 with Retry-After in seconds', async () => {
		const { handle } = faulty({ fault: '429', retryAfterSeconds: 7 });
		const response = await handle(request());
		expect(response.status).toBe(429);
		expect(response.headers.get('retry-after')).toBe('7');
		expect(await response.text()).toBe('Retry later\n');
	});

	it('"500" answers 500 with a JSON message', async () => {
		const response = await faulty({ fault: '500' }).handle(request());
		expect(response.status).toBe(500);
		expect(await response.json()).toEqual({ message: '500 Internal Server Error' });
	});

	it('"503" answers 503 with Retry-After', async () => {
		const response = await faulty({ fault: '503', retryAfterSeconds: 2 }).handle(request());
		expect(response.status).toBe(503);
		expect(response.headers.get('retry-after')).toBe('2');
	});

	it('"malformed-json" answers 200 application/json with a body that does not parse', async () => {
		const response = await faulty({ fault: 'malformed-json' }).handle(request());
		expect(response.status).toBe(200);
		expect(response.headers.get('content-type')).toMatch(/application\/json/);
		const text = await response.text();
		expect(() => JSON.parse(text)).toThrow();
	});

	it('"html-error" answers an HTML page', async () => {
		const response = await faulty({ fault: 'html-error' }).handle(request());
		expect(response.status).toBe(403);
		expect(response.headers.get('content-type')).toMatch(/text\/html/);
		expect(await response.text()).toMatch(/^<!DOCTYPE html>/);
	});

	it('"drop" throws DroppedConnection', async () => {
		await expect(faulty({ fault: 'drop' }).handle(request())).rejects.toBeInstanceOf(
			DroppedConnection
		);
	});

	it('every fault kind other than none changes the answer', async () => {
		for (const fault of FAULT_KINDS.filter((f) => f !== 'none')) {
			const outcome = await faulty({ fault })
				.handle(request())
				.then(
					async (r) => `${r.status} ${await r.text()}`,
					() => 'thrown'
				);
			expect(outcome, fault).not.toBe('200 {"ok":true}');
		}
	});

	it('"times" counts down, then switches the fault off', async () => {
		const { switches, handle } = faulty({ fault: '500', times: 2 });
		expect((await handle(request())).status).toBe(500);
		expect(switches.times).toBe(1);
		expect((await handle(request())).status).toBe(500);
		expect(switches.times).toBe(0);
		expect(switches.fault).toBe('none');
		expect((await handle(request())).status).toBe(200);
	});

	it('"times" 0 keeps the fault on until switched off', async () => {
		const { switches, handle } = faulty({ fault: '503', times: 0 });
		for (let i = 0; i < 4; i++) expect((await handle(request())).status).toBe(503);
		switches.fault = 'none';
		expect((await handle(request())).status).toBe(200);
	});

	it('latency delays the answer', async () => {
		const { handle } = faulty({ latencyMs: 80 });
		const started = performance.now();
		const response = await handle(request());
		expect(performance.now() - started).toBeGreaterThanOrEqual(75);
		expect(response.status).toBe(200);
	});
});

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
