import { serve, type Http2Bindings, type HttpBindings } from '@hono/node-server';
import type { Hono } from 'hono';
import { createFakeApp } from '../src/lib/fakes/apps';
import { CODEHOST_EXPOSED_HEADERS } from '../src/lib/contracts/codehost-cors';
import { withCors } from '../src/lib/fakes/cors';
import {
	DroppedConnection,
	noFaults,
	withFaults,
	type FaultSwitches
} from '../src/lib/fakes/faults';
import { SERVICE_IDS, SERVICE_LABELS, type ServiceId } from '../src/lib/settings/connection';

export interface RunningFake {
	service: ServiceId;
	label: string;
	url: string;
	faults: FaultSwitches;
	close: () => Promise<void>;
}

const EXPOSED: Record<ServiceId, readonly string[]> = {
	codehost: CODEHOST_EXPOSED_HEADERS,
	// Not documented for these two; exposing Retry-After lets the app honour throttling in Live mode.
	energy: ['Retry-After'],
	bible: ['Retry-After']
};

/** `/__faults` reads (GET) or sets (POST, JSON) the switches, so tests can make a fake fail. */
async function controlFaults(request: Request, faults: FaultSwitches): Promise<Response> {
	if (request.method === 'POST') {
		Object.assign(faults, noFaults(), (await request.json()) as Partial<FaultSwitches>);
	}
	return Response.json(faults, { headers: { 'access-control-allow-origin': '*' } });
}

export async function startFakeServers(options: {
	host?: string;
	portBase: number;
	latencyMs?: number;
}): Promise<RunningFake[]> {
	const host = options.host ?? '127.0.0.1';
	return Promise.all(
		SERVICE_IDS.map(
			(service, i) =>
				new Promise<RunningFake>((resolve) => {
					let app: Hono = createFakeApp[service]();
					const faults: FaultSwitches = { ...noFaults(), latencyMs: options.latencyMs ?? 0 };
					const faulty = withCors(
						withFaults((r) => app.fetch(r), faults),
						EXPOSED[service]
					);
					const port = options.portBase + i;
					const server = serve(
						{
							hostname: host,
							port,
							fetch: async (request: Request, env: HttpBindings | Http2Bindings) => {
								const path = new URL(request.url).pathname;
								if (path === '/__faults') return controlFaults(request, faults);
								if (path === '/__reset') {
									app = createFakeApp[service]();
									Object.assign(faults, noFaults());
									return new Response(null, { status: 204 });
								}
								try {
									return await faulty(request);
								} catch (error) {
									if (error instanceof DroppedConnection) {
										env.incoming.socket.destroy();
										return new Response(null, { status: 500 });
									}
									throw error;
								}
							}
						},
						() =>
							resolve({
								service,
								label: SERVICE_LABELS[service],
								url: `http://${host}:${port}`,
								faults,
								close: () => new Promise((done) => server.close(() => done()))
							})
					);
				})
		)
	);
}
