import { createClient, type HttpClient } from '../../../src/lib/http/client';
import { createEnergyApp, DEMO_ENERGY_TOKEN } from '../../../src/lib/fakes/energy/app';
import { defaultTiming } from '../../../src/lib/fakes/energy/service';
import { memoryStore } from '../../../src/lib/fakes/energy/store';

export const BASE = 'https://energy.demo/api/v1/private';
/** A valid address the demo has not seen (the USDT contract's address). */
export const FRESH = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

export interface Harness {
	client: HttpClient;
	clock: { t: number; now(): number };
	requests: Request[];
	/** Set to make the transport fail the next matching requests as if the connection dropped. */
	drop: { path: string; times: number; afterHandling: boolean };
}

/** The demo service over an in-memory transport, with a clock the test moves. */
export function energyHarness(
	options: { token?: string | null; stepMs?: number; timeoutMs?: number } = {}
): Harness {
	const clock = {
		t: 1_700_000_000_000,
		now() {
			return this.t;
		}
	};
	const app = createEnergyApp({
		clock,
		store: memoryStore(),
		timing: () => defaultTiming(options.stepMs ?? 3000)
	});
	const requests: Request[] = [];
	const drop = { path: '', times: 0, afterHandling: false };
	const headers: Record<string, string> = { accept: 'application/json' };
	const token = options.token === undefined ? DEMO_ENERGY_TOKEN : options.token;
	if (token !== null) headers.Token = token;
	const client = createClient({
		baseUrl: BASE,
		headers,
		timeoutMs: options.timeoutMs,
		env: { online: () => true, pageOrigin: () => undefined },
		transport: async (input, init) => {
			const request = new Request(input, init);
			requests.push(request.clone());
			if (drop.times > 0 && new URL(request.url).pathname.endsWith(drop.path)) {
				drop.times--;
				if (drop.afterHandling) await app.fetch(request);
				throw new TypeError('Failed to fetch');
			}
			return app.fetch(request);
		}
	});
	return { client, clock, requests, drop };
}

export const pathsOf = (requests: Request[]) =>
	requests.map((r) => `${r.method} ${new URL(r.url).pathname.replace('/api/v1/private', '')}`);
