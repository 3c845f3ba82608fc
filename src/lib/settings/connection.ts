/** The three services the app is a client of; one name across layers. */
export type ServiceId = 'codehost' | 'energy' | 'bible';
export type Mode = 'demo' | 'live';

export const SERVICE_IDS: readonly ServiceId[] = ['codehost', 'energy', 'bible'];

export const SERVICE_LABELS: Record<ServiceId, string> = {
	codehost: 'Code host',
	energy: 'Energy rental',
	bible: 'Bible'
};

/** Where each API lives below the base URL the user enters (CH-ROOT-1, EN-BASE-1, BI-BASE-1). */
export const API_ROOTS: Record<ServiceId, string> = {
	codehost: '/api/v4',
	energy: '/api/v1/private',
	bible: '/api/v1'
};

/** Shown in the shell while in Demo mode; the demo transport answers for these hosts. */
export const DEMO_BASE_URLS: Record<ServiceId, string> = {
	codehost: 'https://codehost.demo',
	energy: 'https://energy.demo',
	bible: 'https://bible.demo'
};

export interface Connection {
	mode: Mode;
	/** The server's base URL as the user typed it (without the API root). */
	baseUrl: string;
	/** Optional CORS proxy that forwards to baseUrl. */
	proxyUrl: string;
}

/** Secrets are kept apart from the connection so they never reach IndexedDB by accident. */
export interface Secrets {
	/** Energy rental `Token` header. */
	apiToken: string;
}

/** The services with secrets, each with its own "Remember on this device". */
export type SecretService = 'codehost' | 'energy';
export const SECRET_SERVICES: readonly SecretService[] = ['codehost', 'energy'];

/** Web Storage keys of each service's secrets (the explorer's auth; the energy token). */
export const SECRET_KEYS: Record<SecretService, string> = {
	codehost: 'codehost.explorer.secrets',
	energy: 'client.secrets'
};

export function defaultConnection(): Connection {
	return { mode: 'demo', baseUrl: '', proxyUrl: '' };
}

/** A message saying what to fix, or null when the URL is usable. */
export function baseUrlError(value: string, { required = true } = {}): string | null {
	const trimmed = value.trim();
	if (trimmed === '')
		return required ? 'Enter the server’s address, for example https://api.example.com.' : null;
	let url: URL;
	try {
		url = new URL(trimmed);
	} catch {
		return 'Enter an absolute URL starting with https:// (or http://), for example https://api.example.com.';
	}
	if (url.protocol !== 'https:' && url.protocol !== 'http:')
		return `Only http and https addresses work here, not ${url.protocol.replace(':', '')}:.`;
	if (url.search || url.hash || /[?#]/.test(trimmed))
		return 'Leave out the query string and fragment; enter just the server address.';
	if (url.username || url.password)
		return 'Do not put credentials in the URL; use the token fields.';
	return null;
}

/** The URL the app calls: the proxy's origin (and path) in place of the server's, then the API root. */
export function effectiveApiRoot(service: ServiceId, connection: Connection): string {
	const base =
		connection.mode === 'demo'
			? DEMO_BASE_URLS[service]
			: connection.baseUrl.trim().replace(/\/+$/, '');
	const proxy = connection.mode === 'live' ? connection.proxyUrl.trim().replace(/\/+$/, '') : '';
	let root = base;
	if (proxy) {
		const path = new URL(base).pathname.replace(/\/+$/, '');
		root = proxy + path;
	}
	// Accept a base URL that already ends with the API root.
	return root.endsWith(API_ROOTS[service]) ? root : root + API_ROOTS[service];
}

/** Whether the connection can be used as it is. */
export function connectionError(connection: Connection): string | null {
	if (connection.mode === 'demo') return null;
	return baseUrlError(connection.baseUrl) ?? baseUrlError(connection.proxyUrl, { required: false });
}
