/**
 * The energy area's client and session: the connection Settings provide, with the energy API's
 * own credential added here, the `Token` header (the client sends it only to the API root's
 * origin, and only in Live mode: the demo's transport supplies its own). A .svelte.ts because
 * pages take it from here, as they take the rest of the area's state.
 */
import type { HttpClient } from '$lib/http/client';
import { AreaSession, type SessionSource } from '$lib/settings/area-session.svelte';
import type { ClientExtras } from '$lib/settings/client-for';

export function energyClient(
	connection: SessionSource<'energy'>,
	extras?: ClientExtras
): HttpClient {
	return connection.client({
		...extras,
		credentialHeaders: (): Record<string, string> =>
			connection.secret ? { Token: connection.secret } : {}
	});
}

/** The energy area's session: every client it makes carries the energy token. */
export function energySession(connection: SessionSource<'energy'>): AreaSession<'energy'> {
	return new AreaSession<'energy'>({
		service: 'energy',
		mode: connection.mode,
		apiRoot: connection.apiRoot,
		secret: connection.secret,
		client: (extras) => energyClient(connection, extras)
	});
}
