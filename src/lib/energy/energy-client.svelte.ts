/**
 * The energy area's client: the connection Settings provide, with the energy API's own
 * credential added here, the `Token` header (the client sends it only to the API root's origin,
 * and only in Live mode: the demo's transport supplies its own). A .svelte.ts because pages take
 * it from here, as they take the rest of the area's state.
 */
import type { HttpClient } from '$lib/http/client';
import type { ClientExtras } from '$lib/settings/client-for';

export interface EnergyConnection {
	readonly apiRoot: string;
	/** The energy API token from Settings (empty when none is set). */
	readonly secret: string;
	client(extras?: ClientExtras): HttpClient;
}

export function energyClient(connection: EnergyConnection): HttpClient {
	return connection.client({
		credentialHeaders: (): Record<string, string> =>
			connection.secret ? { Token: connection.secret } : {}
	});
}
