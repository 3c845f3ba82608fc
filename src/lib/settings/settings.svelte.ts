import {
	connectionError,
	effectiveApiRoot,
	SECRET_KEYS,
	SECRET_SERVICES,
	SERVICE_IDS,
	type Connection,
	type Secrets,
	type SecretService,
	type ServiceId
} from './connection';
import { isRemembered, setRemembered } from './secret-storage';
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
	/** Per service: its secrets are kept on this device ("Remember on this device"), or this tab only. */
	remember = $state<Record<SecretService, boolean>>({ codehost: false, energy: false });
	loaded = $state(false);
	/** Bumped on every applied change, so areas can reload without a page reload. */
	revision = $state(0);
	#loading: Promise<void> | undefined;

	load(): Promise<void> {
		this.#loading ??= (async () => {
			this.connections = await loadConnections();
			this.secrets = loadSecrets();
			this.#readRemember();
			// Another tab's choice applies here too, so this tab never writes a device copy back.
			if (typeof window !== 'undefined')
				window.addEventListener('storage', (e) => {
					if (e.storageArea === localStorage) this.#readRemember();
				});
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
		saveSecrets(this.secrets, this.remember.energy);
		this.revision++;
	}

	/** Ticking moves the service's secrets to this device; unticking removes that copy at once. */
	setRemember(service: SecretService, remember: boolean): void {
		this.remember = { ...this.remember, [service]: remember };
		setRemembered(SECRET_KEYS[service], remember);
	}

	#readRemember(): void {
		this.remember = Object.fromEntries(
			SECRET_SERVICES.map((service) => [service, isRemembered(SECRET_KEYS[service])])
		) as Record<SecretService, boolean>;
	}

	get services(): readonly ServiceId[] {
		return SERVICE_IDS;
	}
}

export const settings = new Settings();
