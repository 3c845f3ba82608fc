import type { Hono } from 'hono';
import type { Prepare } from '../http/client';
import type { DemoServiceId } from './services';
import { DEMO_ENERGY_TOKEN } from './energy/token';
import { DroppedConnection, noFaults, withFaults, type FaultSwitches } from './faults';

/** Each service's fake is its own chunk: the Bible demo does not download the code host's. */
const LOAD_APP: Record<DemoServiceId, () => Promise<Hono>> = {
	codehost: () => import('./codehost/app').then((m) => m.createCodehostApp()),
	energy: () => import('./energy/app').then((m) => m.createEnergyApp()),
	bible: () => import('./bible/app').then((m) => m.createBibleApp())
};

/** One fake per service for the life of the page, and its live-editable fault switches. */
const apps = new Map<DemoServiceId, Promise<Hono>>();
const loaded = new Set<DemoServiceId>();

function appFor(service: DemoServiceId): Promise<Hono> {
	let app = apps.get(service);
	if (!app) {
		app = LOAD_APP[service]().then(
			(created) => {
				loaded.add(service);
				return created;
			},
			(error: unknown) => {
				apps.delete(service);
				throw error;
			}
		);
		apps.set(service, app);
	}
	return app;
}
export const demoFaults: Record<DemoServiceId, FaultSwitches> = {
	codehost: noFaults(),
	energy: noFaults(),
	bible: noFaults()
};

/** The energy fake needs a token; in Demo mode the transport supplies the demo one unless one was sent. */
const DEMO_HEADERS: Partial<Record<DemoServiceId, Record<string, string>>> = {
	energy: { token: DEMO_ENERGY_TOKEN }
};

export interface DemoService {
	fetch: typeof fetch;
	/** Loads the demo data a request will need (the Bible's book), with progress. */
	prepare: Prepare;
}

const PREPARE: Partial<Record<DemoServiceId, Prepare>> = {
	bible: async (request) => (await import('./bible/app')).prepareBibleRequest(request.url, request)
};

export function demoService(service: DemoServiceId): DemoService {
	return {
		fetch: demoTransport(service),
		async prepare(request) {
			if (!loaded.has(service)) request.onProgress?.({ loaded: 0, total: 0 });
			await appFor(service);
			await PREPARE[service]?.(request);
		}
	};
}

/** A fetch-compatible function answered in the page by the service's fake. */
export function demoTransport(service: DemoServiceId): typeof fetch {
	const handle = withFaults(
		async (request) => (await appFor(service)).fetch(request),
		demoFaults[service]
	);
	return async (input, init) => {
		const request = new Request(input, init);
		const extra = DEMO_HEADERS[service];
		const headers = new Headers(request.headers);
		for (const [k, v] of Object.entries(extra ?? {})) if (!headers.has(k)) headers.set(k, v);
		// Stands in for the browser's cookie jar: as if signed in to the demo web app (CH-AUTH-4).
		if (service === 'codehost' && (init?.credentials ?? request.credentials) === 'include')
			headers.set('x-demo-cookie', '_service_session=demo-session');
		const signal = request.signal;
		if (signal.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
		try {
			const answer = handle(new Request(request, { headers }));
			// Honour aborts (ky's timeout, the user's Cancel) while a fake waits on its latency.
			return await new Promise<Response>((resolve, reject) => {
				const onAbort = () =>
					reject(signal.reason ?? new DOMException('The operation was aborted.', 'AbortError'));
				signal.addEventListener('abort', onAbort, { once: true });
				answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
			});
		} catch (error) {
			// A dropped connection looks to the caller exactly like fetch's own network failure.
			if (error instanceof DroppedConnection) throw new TypeError('Failed to fetch');
			throw error;
		}
	};
}
