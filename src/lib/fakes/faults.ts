/** Fault switches: make a fake fail the way real servers do, so every failure path can be shown. */
export type FaultKind = 'none' | '429' | '500' | '503' | 'malformed-json' | 'html-error' | 'drop';

export const FAULT_KINDS: readonly FaultKind[] = [
	'none',
	'429',
	'500',
	'503',
	'malformed-json',
	'html-error',
	'drop'
];

export interface FaultSwitches {
	/** Added to every answer, in ms. */
	latencyMs: number;
	fault: FaultKind;
	/** How many requests the fault applies to; 0 means every request until switched off. */
	times: number;
	/** Seconds sent in Retry-After with 429 and 503. */
	retryAfterSeconds: number;
}

export function noFaults(): FaultSwitches {
	return { latencyMs: 0, fault: 'none', times: 0, retryAfterSeconds: 1 };
}

/** Thrown by a fake to mean "the connection dropped": transports turn it into a network failure. */
export class DroppedConnection extends Error {
	override readonly name = 'DroppedConnection';
	constructor() {
		super('The demo server dropped the connection.');
	}
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Wraps a fake's fetch handler with the switches. The switches object is read on every
 * request, so changing it takes effect at once.
 */
export function withFaults(
	handler: (request: Request) => Response | Promise<Response>,
	switches: FaultSwitches
): (request: Request) => Promise<Response> {
	return async (request) => {
		if (switches.latencyMs > 0) await sleep(switches.latencyMs);
		const fault = switches.fault;
		if (fault !== 'none') {
			if (switches.times > 0) {
				switches.times--;
				if (switches.times === 0) switches.fault = 'none';
			}
			const faulty = faultResponse(fault, switches.retryAfterSeconds);
			if (faulty) return faulty;
			throw new DroppedConnection();
		}
		return handler(request);
	};
}

function faultResponse(fault: FaultKind, retryAfterSeconds: number): Response | null {
	switch (fault) {
		case '429':
			return new Response('Retry later\n', {
				status: 429,
				headers: {
					'content-type': 'text/plain',
					'retry-after': String(retryAfterSeconds),
					...rateLimitHeaders(retryAfterSeconds)
				}
			});
		case '500':
			return Response.json({ message: '500 Internal Server Error' }, { status: 500 });
		case '503':
			return new Response('Service Unavailable', {
				status: 503,
				headers: { 'content-type': 'text/plain', 'retry-after': String(retryAfterSeconds) }
			});
		case 'malformed-json':
			return new Response('{"data": [{"broken": tru', {
				status: 200,
				headers: { 'content-type': 'application/json' }
			});
		case 'html-error':
			return new Response(
				'<!DOCTYPE html><html><head><title>Checking your browser</title></head><body><h1>403 Forbidden</h1><p>Checking your browser before accessing the site.</p></body></html>',
				{ status: 403, headers: { 'content-type': 'text/html; charset=utf-8' } }
			);
		default:
			return null;
	}
}

/** The edge throttle's RateLimit-* headers, as the real code host sends them with a 429. */
function rateLimitHeaders(retryAfterSeconds: number): Record<string, string> {
	const reset = Math.floor(Date.now() / 1000) + retryAfterSeconds;
	return {
		'ratelimit-name': 'throttle_authenticated_api',
		'ratelimit-limit': '60',
		'ratelimit-observed': '61',
		'ratelimit-remaining': '0',
		'ratelimit-reset': String(reset),
		'ratelimit-resettime': new Date(reset * 1000).toUTCString()
	};
}
