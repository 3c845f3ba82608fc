import { afterEach, describe, expect, it } from 'vitest';
import {
	DroppedConnection,
	FAULT_KINDS,
	noFaults,
	withFaults,
	type FaultSwitches
} from '$lib/fakes/faults';
import { demoFaults } from '$lib/fakes/demo-transport';
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
