import { createClient, type ClientOptions, type HttpClient } from '$lib/http/client';
import type { Exchange } from '$lib/http/exchange';
import { browserEnv } from '$lib/http/reachability';
import { effectiveApiRoot, type ServiceId } from './connection';
import { settings } from './settings.svelte';
import { transportFor } from './transport';

/** An HTTP client for a service as it is configured at this moment. */
export function clientFor(
	service: ServiceId,
	onExchange?: (e: Exchange) => void,
	/** Per-area additions, e.g. the explorer's credentials mode and its own secrets to redact. */
	extra: Pick<ClientOptions, 'secrets'> = {}
): HttpClient {
	const connection = { ...settings.connection(service) };
	const live = connection.mode === 'live';
	// In Demo mode the demo transport supplies the demo token; a real token never goes to a fake.
	const token = settings.secrets.apiToken;
	const credentialHeaders: Record<string, string> =
		service === 'energy' && live && token ? { Token: token } : {};
	return createClient({
		baseUrl: effectiveApiRoot(service, connection),
		...transportFor(service, connection),
		headers: { accept: 'application/json' },
		credentialHeaders: () => credentialHeaders,
		secrets: () => [...(token ? [token] : []), ...(extra.secrets?.() ?? [])],
		onExchange,
		// A fake in the page has no origin to probe: a failure there is never CORS.
		env: live ? browserEnv : { ...browserEnv, pageOrigin: () => undefined }
	});
}
