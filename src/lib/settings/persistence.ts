import { createStore, get, set, type UseStore } from 'idb-keyval';
import { isQuotaExceeded, reportStorageFault } from '$lib/ui/storage-faults';
import { browserStorages, readSecret, writeSecret } from './secret-storage';
import {
	defaultConnection,
	SECRET_KEYS,
	SERVICE_IDS,
	type Connection,
	type Secrets,
	type ServiceId
} from './connection';

export type Connections = Record<ServiceId, Connection>;

const CONNECTIONS_KEY = 'connections';

let store: UseStore | undefined;
function settingsStore(): UseStore {
	store ??= createStore('client-settings', 'kv');
	return store;
}

export function defaultConnections(): Connections {
	return { codehost: defaultConnection(), energy: defaultConnection(), bible: defaultConnection() };
}

function sanitize(value: unknown): Connections {
	const out = defaultConnections();
	if (!value || typeof value !== 'object') return out;
	for (const id of SERVICE_IDS) {
		const c = (value as Record<string, Partial<Connection> | undefined>)[id];
		if (!c) continue;
		out[id] = {
			mode: c.mode === 'live' ? 'live' : 'demo',
			baseUrl: typeof c.baseUrl === 'string' ? c.baseUrl : '',
			proxyUrl: typeof c.proxyUrl === 'string' ? c.proxyUrl : ''
		};
	}
	return out;
}

/** Non-secret settings live in IndexedDB. */
export async function loadConnections(): Promise<Connections> {
	try {
		return sanitize(await get(CONNECTIONS_KEY, settingsStore()));
	} catch (error) {
		// Private windows may refuse IndexedDB: fall back to defaults rather than fail to start.
		reportStorageFault(error);
		return defaultConnections();
	}
}

/**
 * Writes the settings. If IndexedDB is refused they apply for this page only (the app-wide
 * notice says so); a full storage is an error the caller shows.
 */
export async function saveConnections(connections: Connections): Promise<void> {
	try {
		await set(CONNECTIONS_KEY, sanitize(connections), settingsStore());
	} catch (error) {
		if (isQuotaExceeded(error)) throw error;
		reportStorageFault(error);
	}
}

export function emptySecrets(): Secrets {
	return { apiToken: '' };
}

/** The energy API token, from wherever its "Remember on this device" choice put it. */
export function loadSecrets(storages = browserStorages()): Secrets {
	const raw = readSecret(SECRET_KEYS.energy, storages);
	if (!raw) return emptySecrets();
	try {
		const parsed = JSON.parse(raw) as Partial<Secrets>;
		return { apiToken: String(parsed.apiToken ?? '') };
	} catch {
		return emptySecrets();
	}
}

export function saveSecrets(
	secrets: Secrets,
	remember: boolean,
	storages = browserStorages()
): void {
	writeSecret(
		SECRET_KEYS.energy,
		JSON.stringify({ apiToken: secrets.apiToken }),
		remember,
		storages
	);
}
