import { createStore, get, promisifyRequest, type UseStore } from 'idb-keyval';
import { isQuotaExceeded, reportStorageFault } from '$lib/ui/storage-faults';
import { formatOf, NewerData } from '$lib/ui/stored-format';
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

export const CONNECTIONS_KEY = 'connections';
/**
 * The record's format: 2 is the connections with `format: 2` beside them. A format-1 record (the
 * same, with no version: builds before versions) is upgraded on load; one of a newer format is
 * never overwritten (the Settings page says so).
 */
export const CONNECTIONS_FORMAT = 2;

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

const record = (connections: Connections) => ({
	format: CONNECTIONS_FORMAT,
	...sanitize(connections)
});

/** The connections kept, and NewerData if a newer build wrote them (then: the defaults). */
export interface KeptConnections {
	connections: Connections;
	newer?: NewerData;
}

function readKept(stored: unknown): KeptConnections {
	const format = formatOf(stored);
	return format > CONNECTIONS_FORMAT
		? { connections: defaultConnections(), newer: new NewerData('settings', format) }
		: { connections: sanitize(stored) };
}

/** Non-secret settings live in IndexedDB; a format-1 record is written back as format 2. */
export async function loadKeptConnections(): Promise<KeptConnections> {
	try {
		return await settingsStore()('readwrite', async (store) => {
			const stored: unknown = await promisifyRequest(store.get(CONNECTIONS_KEY));
			const kept = readKept(stored);
			if (stored !== undefined && formatOf(stored) < CONNECTIONS_FORMAT)
				store.put(record(kept.connections), CONNECTIONS_KEY);
			await promisifyRequest(store.transaction);
			return kept;
		});
	} catch (error) {
		try {
			// Not upgraded (no room): read as it is, and upgraded by the next save.
			if (isQuotaExceeded(error)) return readKept(await get(CONNECTIONS_KEY, settingsStore()));
		} catch {
			// Refused altogether: as below.
		}
		// Private windows may refuse IndexedDB: fall back to defaults rather than fail to start.
		reportStorageFault(error);
		return { connections: defaultConnections() };
	}
}

export async function loadConnections(): Promise<Connections> {
	return (await loadKeptConnections()).connections;
}

/**
 * Writes the settings. If IndexedDB is refused they apply for this page only (the app-wide
 * notice says so); a full storage is an error the caller shows, and so is NewerData (a newer
 * build wrote them: they are left as they are).
 */
export async function saveConnections(connections: Connections): Promise<void> {
	try {
		await settingsStore()('readwrite', async (store) => {
			const stored: unknown = await promisifyRequest(store.get(CONNECTIONS_KEY));
			const newer = readKept(stored).newer;
			if (newer) throw newer;
			store.put(record(connections), CONNECTIONS_KEY);
			await promisifyRequest(store.transaction);
		});
		saveConnectionsCopy(connections);
	} catch (error) {
		saveConnectionsCopy(undefined);
		if (isQuotaExceeded(error) || error instanceof NewerData) throw error;
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
		if (!text) return undefined;
		const copy: unknown = JSON.parse(text);
		// A newer build's copy: not read (IndexedDB's answer then says what to do).
		return formatOf(copy) > CONNECTIONS_FORMAT ? undefined : sanitize(copy);
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
		if (connections) local?.setItem(COPY_KEY, JSON.stringify(record(connections)));
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
