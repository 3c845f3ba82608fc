import { createStore, get, set, type UseStore } from 'idb-keyval';
import {
	defaultConnection,
	SERVICE_IDS,
	type Connection,
	type Secrets,
	type ServiceId
} from './connection';

export type Connections = Record<ServiceId, Connection>;

const CONNECTIONS_KEY = 'connections';
const SECRETS_KEY = 'client.secrets';

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
	} catch {
		// Private windows may refuse IndexedDB: fall back to defaults rather than fail to start.
		return defaultConnections();
	}
}

export async function saveConnections(connections: Connections): Promise<void> {
	await set(CONNECTIONS_KEY, sanitize(connections), settingsStore());
}

export function emptySecrets(): Secrets {
	return { apiToken: '', remember: false };
}

export interface SecretStorages {
	session: Storage | undefined;
	local: Storage | undefined;
}

function browserStorages(): SecretStorages {
	return {
		session: typeof sessionStorage === 'undefined' ? undefined : sessionStorage,
		local: typeof localStorage === 'undefined' ? undefined : localStorage
	};
}

/** Secrets come from localStorage only if the user chose "Remember on this device". */
export function loadSecrets(storages = browserStorages()): Secrets {
	const raw = storages.local?.getItem(SECRETS_KEY) ?? storages.session?.getItem(SECRETS_KEY);
	if (!raw) return emptySecrets();
	try {
		const parsed = JSON.parse(raw) as Partial<Secrets>;
		return { apiToken: String(parsed.apiToken ?? ''), remember: parsed.remember === true };
	} catch {
		return emptySecrets();
	}
}

export function saveSecrets(secrets: Secrets, storages = browserStorages()): void {
	const raw = JSON.stringify(secrets);
	if (secrets.remember) {
		storages.local?.setItem(SECRETS_KEY, raw);
		storages.session?.removeItem(SECRETS_KEY);
	} else {
		// Unticking "Remember" forgets the device copy at once.
		storages.local?.removeItem(SECRETS_KEY);
		storages.session?.setItem(SECRETS_KEY, raw);
	}
}
