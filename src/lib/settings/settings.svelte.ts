import { createClient, type HttpClient } from '$lib/http/client';
import type { Exchange } from '$lib/http/exchange';
import { browserEnv } from '$lib/http/reachability';
import {
	connectionError,
	effectiveApiRoot,
	SERVICE_IDS,
	type Connection,
	type Secrets,
	type ServiceId
} from './connection';
import {
	defaultConnections,
	emptySecrets,
	loadConnections,
	loadSecrets,
	saveConnections,
	saveSecrets,
	type Connections
} from './persistence';
import { transportFor } from './transport';

/** Connections and secrets for the whole app; pages read it, services get clients from it. */
export class Settings {
	connections = $state<Connections>(defaultConnections());
	secrets = $state<Secrets>(emptySecrets());
	loaded = $state(false);
	/** Bumped on every applied change, so areas can reload without a page reload. */
	revision = $state(0);
	#loading: Promise<void> | undefined;

	load(): Promise<void> {
		this.#loading ??= (async () => {
			this.connections = await loadConnections();
			this.secrets = loadSecrets();
			this.loaded = true;
		})();
		return this.#loading;
	}

	connection(service: ServiceId): Connection {
		return this.connections[service];
	}

	apiRoot(service: ServiceId): string {
		return effectiveApiRoot(service, this.connections[service]);
	}

	/** Applies a connection if it is valid; returns the problem otherwise and changes nothing. */
	async apply(service: ServiceId, connection: Connection): Promise<string | null> {
		const error = connectionError(connection);
		if (error) return error;
		this.connections = { ...this.connections, [service]: { ...connection } };
		this.revision++;
		await saveConnections($state.snapshot(this.connections));
		return null;
	}

	setSecrets(secrets: Secrets): void {
		this.secrets = { ...secrets };
		saveSecrets(this.secrets);
		this.revision++;
	}

	/** An HTTP client for a service as it is configured now. */
	client(service: ServiceId, onExchange?: (e: Exchange) => void): HttpClient {
		const connection = $state.snapshot(this.connections[service]);
		const live = connection.mode === 'live';
		const headers: Record<string, string> = { accept: 'application/json' };
		// In Demo mode the demo transport supplies the demo token; a real token never goes to a fake.
		const token = this.secrets.apiToken;
		if (service === 'energy' && live && token) headers['Token'] = token;
		return createClient({
			baseUrl: effectiveApiRoot(service, connection),
			transport: transportFor(service, connection),
			headers,
			secrets: () => (token ? [token] : []),
			onExchange,
			// A fake in the page has no origin to probe: a failure there is never CORS.
			env: live ? browserEnv : { ...browserEnv, pageOrigin: () => undefined }
		});
	}

	get services(): readonly ServiceId[] {
		return SERVICE_IDS;
	}
}

export const settings = new Settings();
