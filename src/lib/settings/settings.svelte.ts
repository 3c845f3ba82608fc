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

/** Connections and secrets for the whole app. Kept free of the HTTP stack so the shell stays small. */
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

	get services(): readonly ServiceId[] {
		return SERVICE_IDS;
	}
}

export const settings = new Settings();
