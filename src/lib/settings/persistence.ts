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
		saveConnectionsCopy(connections);
	} catch (error) {
		saveConnectionsCopy(undefined);
		if (isQuotaExceeded(error)) throw error;
		reportStorageFault(error);
	}
}

/**
 * A copy of what IndexedDB holds, in localStorage: read at once, so a page is drawn before the
 * first paint rather than in a long task after it, when IndexedDB answers (issue 29). IndexedDB
 * stays the record (settings.svelte.ts puts its answer in place if the two differ). Modes and
 * addresses only, as in IndexedDB: secrets are kept elsewhere (secret-storage.ts).
 */
const COPY_KEY = 'settings.connections';

/** The copy; undefined when there is none (a first visit, or settings saved before it) or unreadable. */
export function loadConnectionsCopy(local = localStorageOrNone()): Connections | undefined {
	try {
		const text = local?.getItem(COPY_KEY);
		return text ? sanitize(JSON.parse(text)) : undefined;
	} catch {
		return undefined;
	}
}

/** Writes the copy, or (undefined) removes it; a refused write leaves the copy out. */
export function saveConnectionsCopy(
	connections: Connections | undefined,
	local = localStorageOrNone()
): void {
	try {
		if (connections) local?.setItem(COPY_KEY, JSON.stringify(sanitize(connections)));
		else local?.removeItem(COPY_KEY);
	} catch {
		try {
			local?.removeItem(COPY_KEY);
		} catch {
			// Web storage refused altogether: the page waits for IndexedDB, as without a copy.
		}
	}
}

function localStorageOrNone(): Storage | undefined {
	try {
		return typeof localStorage === 'undefined' ? undefined : localStorage;
	} catch {
		return undefined;
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
