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
import { NewerData } from '$lib/ui/stored-format';
import {
	defaultConnections,
	emptySecrets,
	loadKeptConnections,
	loadConnectionsCopy,
	loadSecrets,
	saveConnections,
	saveConnectionsCopy,
	saveSecrets,
	type Connections
} from './persistence';

/** Connections and secrets for the whole app. Kept free of the HTTP stack so the shell stays small. */
export class Settings {
	connections = $state<Connections>(defaultConnections());
	secrets = $state<Secrets>(emptySecrets());
	/** Per service: its secrets are kept on this device ("Remember on this device"), or this tab only. */
	remember = $state<Record<SecretService, boolean>>({ codehost: false, energy: false });
	/** The connections are known, so a page can be drawn: from IndexedDB, or from its copy. */
	loaded = $state(false);
	/** IndexedDB has answered: what edits the connections (the Settings form) waits for this. */
	stored = $state(false);
	/** Why the connections shown are not the ones kept (a newer build wrote them); '' when they are. */
	notKept = $state('');
	/** Bumped on every applied change, so areas can reload without a page reload. */
	revision = $state(0);
	#loading: Promise<void> | undefined;

	/**
	 * Loads the settings. The connections come at once from the copy kept beside IndexedDB, or on a
	 * first visit (no service worker yet) are the defaults: the page is then drawn before the first
	 * paint, not in a long task after it (issue 29). IndexedDB's answer is put in place if it
	 * differs. A returning visitor with no copy yet (saved before there was one) waits for it.
	 */
	load(): Promise<void> {
		this.#loading ??= (async () => {
			this.secrets = loadSecrets();
			this.#readRemember();
			// Another tab's choice applies here too, so this tab never writes a device copy back.
			if (typeof window !== 'undefined')
				window.addEventListener('storage', (e) => {
					if (e.storageArea === localStorage) this.#readRemember();
				});
			const early = loadConnectionsCopy() ?? (firstVisit() ? defaultConnections() : undefined);
			if (early) {
				this.connections = early;
				this.loaded = true;
			}
			const kept = await loadKeptConnections();
			const stored = kept.connections;
			this.notKept = kept.newer?.message ?? '';
			if (JSON.stringify(stored) !== JSON.stringify(early)) {
				this.connections = stored;
				if (early) this.revision++;
			}
			saveConnectionsCopy(stored);
			this.loaded = true;
			this.stored = true;
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
		try {
			await saveConnections($state.snapshot(this.connections));
		} catch (error) {
			// A newer build's settings are left as they are: this applies for this page only.
			if (error instanceof NewerData) return `Not saved. ${error.message}`;
			throw error;
		}
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

/** No service worker controls the page: nothing was kept by this app in this browser yet. */
const firstVisit = () => typeof navigator !== 'undefined' && !navigator.serviceWorker?.controller;

export const settings = new Settings();
