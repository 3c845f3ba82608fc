import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserEnv, classifyFetchFailure, type ReachabilityEnv } from '$lib/http/reachability';

function probeTransport(answer: 'ok' | 'fail') {
	const calls: { input: RequestInfo | URL; init?: RequestInit }[] = [];
	const transport = (async (input: RequestInfo | URL, init?: RequestInit) => {
		calls.push({ input, init });
		if (answer === 'fail') throw new TypeError('Failed to fetch');
		return new Response(null, { status: 200 });
	}) as typeof fetch;
	return { transport, calls };
}

const env = (online: boolean, pageOrigin: string | undefined): ReachabilityEnv => ({
	online: () => online,
	pageOrigin: () => pageOrigin
});

describe('classifyFetchFailure', () => {
	it('says "network" when offline, without probing', async () => {
		const { transport, calls } = probeTransport('ok');
		expect(
			await classifyFetchFailure('https://api.test/x', transport, env(false, 'https://app.test'))
		).toBe('network');
		expect(calls).toHaveLength(0);
	});

	it('says "network" for a same-origin URL (CORS cannot be the cause), without probing', async () => {
		const { transport, calls } = probeTransport('ok');
		expect(
			await classifyFetchFailure('https://app.test/api', transport, env(true, 'https://app.test'))
		).toBe('network');
		expect(calls).toHaveLength(0);
	});

	it('says "network" when the page origin is unknown or the URL unreadable', async () => {
		const { transport, calls } = probeTransport('ok');
		expect(await classifyFetchFailure('https://api.test/x', transport, env(true, undefined))).toBe(
			'network'
		);
		expect(await classifyFetchFailure('not a url', transport, env(true, 'https://app.test'))).toBe(
			'network'
		);
		expect(calls).toHaveLength(0);
	});

	it('says "cors" when a no-cors probe of the origin gets through', async () => {
		const { transport, calls } = probeTransport('ok');
		expect(
			await classifyFetchFailure(
				'https://api.test:8443/api/v4/projects?page=2',
				transport,
				env(true, 'https://app.test')
			)
		).toBe('cors');
		expect(calls).toHaveLength(1);
		expect(calls[0]!.input).toBe('https://api.test:8443/');
		expect(calls[0]!.init).toMatchObject({
			mode: 'no-cors',
			method: 'GET',
			credentials: 'omit',
			cache: 'no-store'
		});
		expect(calls[0]!.init?.signal).toBeInstanceOf(AbortSignal);
	});

	it('says "network" when the probe fails too', async () => {
		const { transport, calls } = probeTransport('fail');
		expect(
			await classifyFetchFailure('https://api.test/x', transport, env(true, 'https://app.test'))
		).toBe('network');
		expect(calls).toHaveLength(1);
	});
});

describe('browserEnv', () => {
	afterEach(() => {
		vi.unstubAllGlobals();
	});

	it('reads the browser’s online state and the page origin', () => {
		vi.stubGlobal('navigator', { onLine: false });
		vi.stubGlobal('location', { origin: 'https://app.test' });
		expect(browserEnv.online()).toBe(false);
		expect(browserEnv.pageOrigin()).toBe('https://app.test');
		vi.stubGlobal('navigator', { onLine: true });
		expect(browserEnv.online()).toBe(true);
	});

	it('without a browser: online, and no page origin', () => {
		vi.stubGlobal('navigator', undefined);
		vi.stubGlobal('location', undefined);
		expect(browserEnv.online()).toBe(true);
		expect(browserEnv.pageOrigin()).toBeUndefined();
	});
});
