import { createClient, type ClientOptions, type HttpClient } from '$lib/http/client';
import type { Exchange } from '$lib/http/exchange';
import { browserEnv } from '$lib/http/reachability';
import { effectiveApiRoot, type Connection, type ServiceId } from './connection';
import { transportFor } from './transport';

/** What an area adds to its client: what it records, what it redacts, its own credential. */
export interface ClientExtras {
	onExchange?: (e: Exchange) => void;
	/** Values to redact wherever the exchange is recorded (the service's own secret is added). */
	secrets?: () => readonly string[];
	/**
	 * The area's credential headers (energy's `Token`), sent only to the API root's origin. Demo
	 * mode drops them: a real token never goes to a fake, whose transport supplies its own.
	 */
	credentialHeaders?: ClientOptions['credentialHeaders'];
	/** How long an answer may take (the client's default: 15 s). */
	timeoutMs?: number;
	/** Retries of an idempotent request (the client's default: 2); 0 sends each request once. */
	retryLimit?: number;
}

/**
 * An HTTP client for a service's connection as it is at this moment: where it goes, through
 * which transport (Demo or Live), what it redacts. Each area's own auth comes in `extras`.
 */
export function clientFor(
	service: ServiceId,
	connection: Connection,
	serviceSecret: string,
	extras: ClientExtras = {}
): HttpClient {
	const live = connection.mode === 'live';
	const credentialHeaders = live ? extras.credentialHeaders : undefined;
	return createClient({
		baseUrl: effectiveApiRoot(service, connection),
		...transportFor(service, { ...connection }),
		headers: { accept: 'application/json' },
		credentialHeaders: () => credentialHeaders?.() ?? {},
		secrets: () => [...(serviceSecret ? [serviceSecret] : []), ...(extras.secrets?.() ?? [])],
		onExchange: extras.onExchange,
		timeoutMs: extras.timeoutMs,
		retryLimit: extras.retryLimit,
		// A fake in the page has no origin to probe: a failure there is never CORS.
		env: live ? browserEnv : { ...browserEnv, pageOrigin: () => undefined }
	});
}
