/** Auth methods of the seed (§5) and how each travels (CH-AUTH-0..6, CH-SUDO-2). No Svelte here. */

export type AuthMethod = 'none' | 'personal' | 'oauth' | 'job' | 'session' | 'impersonation';

export type AuthWay =
	| 'private-token-header'
	| 'private-token-query'
	| 'bearer'
	| 'access-token-query'
	| 'job-token-header'
	| 'job-token-query'
	| 'cookie'
	| 'none';

export interface AuthMethodInfo {
	id: AuthMethod;
	label: string;
	ways: AuthWay[];
	note: string;
}

export const AUTH_METHODS: readonly AuthMethodInfo[] = [
	{
		id: 'none',
		label: 'None',
		ways: ['none'],
		note: 'Only public data, or 401 where authentication is required.'
	},
	{
		id: 'personal',
		label: 'Personal, project or group access token',
		ways: ['private-token-header', 'bearer', 'private-token-query'],
		note: 'Project access tokens depend on the subscription tier.'
	},
	{
		id: 'oauth',
		label: 'OAuth 2.0 token',
		ways: ['bearer', 'access-token-query'],
		note: 'Valid two hours after creation; renewed with the refresh token at the provider’s token endpoint.'
	},
	{
		id: 'job',
		label: 'Job token',
		ways: ['job-token-header', 'job-token-query'],
		note: 'Only some endpoints accept it (job artifacts, releases).'
	},
	{
		id: 'session',
		label: 'Session cookie',
		ways: ['cookie'],
		note: 'The cookie _service_session is set by signing in to the web application and cannot be made through the API.'
	},
	{
		id: 'impersonation',
		label: 'Impersonation token',
		ways: ['private-token-header', 'bearer', 'private-token-query'],
		note: 'A personal access token an administrator made to act as a user; works unless the administrator switched impersonation_enabled off.'
	}
];

export const WAY_LABELS: Record<AuthWay, string> = {
	'private-token-header': 'PRIVATE-TOKEN header',
	'private-token-query': 'private_token query parameter',
	bearer: 'Authorization: Bearer header',
	'access-token-query': 'access_token query parameter',
	'job-token-header': 'JOB-TOKEN header',
	'job-token-query': 'job_token query parameter',
	cookie: 'Browser cookie (credentials: include)',
	none: 'Nothing sent'
};

export function methodInfo(method: AuthMethod): AuthMethodInfo {
	return AUTH_METHODS.find((m) => m.id === method)!;
}

export type SudoWay = 'header' | 'query';

export interface AuthInput {
	method: AuthMethod;
	way: AuthWay;
	token: string;
	sudo?: string;
	sudoWay?: SudoWay;
}

export interface AppliedAuth {
	headers: Record<string, string>;
	/** Extra query pairs, already encoded. */
	query: string[];
	credentials: RequestCredentials;
	warnings: string[];
}

const enc = (v: string) => encodeURIComponent(v).replace(/\+/g, '%2B');

/** Headers, query pairs and fetch credentials for an auth choice. */
export function applyAuth(input: AuthInput): AppliedAuth {
	const out: AppliedAuth = { headers: {}, query: [], credentials: 'omit', warnings: [] };
	const token = input.token.trim();
	const info = methodInfo(input.method);
	const way = info.ways.includes(input.way) ? input.way : info.ways[0]!;
	if (input.method === 'session') {
		out.credentials = 'include';
		out.warnings.push(SESSION_COOKIE_WARNING);
	} else if (input.method !== 'none' && token) {
		switch (way) {
			case 'private-token-header':
				out.headers['PRIVATE-TOKEN'] = token;
				break;
			case 'bearer':
				out.headers['Authorization'] = `Bearer ${token}`;
				break;
			// Ways of the session and no-auth methods, handled above: nothing to attach here.
			case 'cookie':
			case 'none':
				break;
			case 'private-token-query':
				out.query.push(`private_token=${enc(token)}`);
				break;
			case 'access-token-query':
				out.query.push(`access_token=${enc(token)}`);
				break;
			case 'job-token-header':
				out.headers['JOB-TOKEN'] = token;
				break;
			case 'job-token-query':
				out.query.push(`job_token=${enc(token)}`);
				break;
		}
		if (way.endsWith('-query')) out.warnings.push(QUERY_TOKEN_WARNING);
	}
	const sudo = input.sudo?.trim();
	if (sudo) {
		if (input.sudoWay === 'query') out.query.push(`sudo=${enc(sudo)}`);
		else out.headers['Sudo'] = sudo;
		if (input.method !== 'personal' && input.method !== 'oauth' && input.method !== 'impersonation')
			out.warnings.push(
				'Sudo works only for an administrator’s OAuth or personal access token with the sudo scope.'
			);
	}
	return out;
}

export const QUERY_TOKEN_WARNING =
	'The token travels in the URL: URLs end up in server logs, proxy logs and browser history. Prefer a header.';

export const SESSION_COOKIE_WARNING =
	'The browser sends the session cookie only with credentials: include, and the server refuses credentials from other origins (its CORS answer allows any origin but no credentials). From this app on another origin, expect the browser to block the answer.';

/** Whether a request is authenticated in the seed's sense (for the keyset availability column). */
export function isAuthenticated(input: Pick<AuthInput, 'method' | 'token'>): boolean {
	if (input.method === 'none') return false;
	if (input.method === 'session') return true;
	return input.token.trim() !== '';
}

/**
 * A server-given URL (a Link, a Location) with the current auth: query credentials are added when
 * missing, and a token already in the query is replaced by the current one (after a refresh).
 * Nothing else in the URL changes.
 */
export function authorizeUrl(url: string, applied: AppliedAuth, token: string): string {
	const current = token.trim()
		? url.replace(
				/([?&](?:access_token|private_token|job_token)=)[^&]*/,
				(_m, name: string) => `${name}${enc(token.trim())}`
			)
		: url;
	const missing = applied.query.filter(
		(q) => !new RegExp(`[?&]${q.split('=', 1)[0] ?? q}=`).test(current)
	);
	return missing.length
		? `${current}${current.includes('?') ? '&' : '?'}${missing.join('&')}`
		: current;
}
