/** Who a request is, for the demo code host: every auth method of the seed (§5). */

export interface Principal {
	username: string;
	admin: boolean;
	scopes: string[];
	via: 'personal' | 'impersonation' | 'oauth' | 'job' | 'session';
}

/** Why a credential is refused: `expired` and `revoked` are OAuth's own answers. */
export type AuthRefusal = { refused: 'unauthorized' | 'expired' | 'revoked' };
/** Why sudo is refused. */
export type SudoRefusal = { refused: 'unauthorized' | 'not-admin' | 'no-scope' | 'no-user' };

/** Personal, impersonation, job and deploy tokens the demo accepts (docs/demo-and-live.md). */
export const DEMO_TOKENS: Record<string, Principal | 'deploy'> = {
	'glpat-demo-token': { username: 'root', admin: true, scopes: ['api', 'sudo'], via: 'personal' },
	'glpat-user-token': { username: 'alice', admin: false, scopes: ['api', 'sudo'], via: 'personal' },
	'glpat-nosudo-token': { username: 'root', admin: true, scopes: ['api'], via: 'personal' },
	'glimp-demo-token': { username: 'alice', admin: false, scopes: ['api'], via: 'impersonation' },
	'glcbt-demo-job-token': { username: 'root', admin: false, scopes: [], via: 'job' },
	'gldt-demo-deploy-token': 'deploy'
};
export const DEMO_SESSION = 'demo-session';
export const OAUTH_TTL_SECONDS = 7200;
export const DEMO_PASSWORD = 'demo-password';

interface OAuthGrant {
	access: string;
	refresh: string;
	createdAt: number;
	revoked: boolean;
	principal: Principal;
}

/** OAuth 2.0 provider state: a refresh spends both tokens (single use). */
export class OAuthProvider {
	#byAccess = new Map<string, OAuthGrant>();
	#byRefresh = new Map<string, OAuthGrant>();
	#n = 0;
	refreshes = 0;
	now: () => number;

	constructor(now: () => number = () => Math.floor(Date.now() / 1000)) {
		this.now = now;
		const root: Principal = {
			username: 'root',
			admin: true,
			scopes: ['api', 'sudo'],
			via: 'oauth'
		};
		// Seeded: an expired token whose refresh token still works, and a revoked one.
		this.#add({
			access: 'oauth-expired-demo',
			refresh: 'oauth-refresh-demo',
			createdAt: this.now() - 3 * 3600,
			revoked: false,
			principal: root
		});
		this.#add({
			access: 'oauth-revoked-demo',
			refresh: 'oauth-revoked-refresh',
			createdAt: this.now(),
			revoked: true,
			principal: root
		});
	}

	#add(grant: OAuthGrant) {
		this.#byAccess.set(grant.access, grant);
		this.#byRefresh.set(grant.refresh, grant);
	}

	#issue(principal: Principal) {
		this.#n++;
		const grant: OAuthGrant = {
			access: `oauth-access-${this.#n}-${Math.random().toString(36).slice(2, 10)}`,
			refresh: `oauth-refresh-${this.#n}-${Math.random().toString(36).slice(2, 10)}`,
			createdAt: this.now(),
			revoked: false,
			principal
		};
		this.#add(grant);
		return {
			access_token: grant.access,
			token_type: 'bearer',
			expires_in: OAUTH_TTL_SECONDS,
			refresh_token: grant.refresh,
			created_at: grant.createdAt,
			scope: principal.scopes.join(' ')
		};
	}

	password(username: string, password: string) {
		if (password !== DEMO_PASSWORD || !['root', 'alice'].includes(username.toLowerCase()))
			return null;
		const admin = username.toLowerCase() === 'root';
		return this.#issue({
			username: username.toLowerCase(),
			admin,
			scopes: admin ? ['api', 'sudo'] : ['api'],
			via: 'oauth'
		});
	}

	refresh(refreshToken: string) {
		const grant = this.#byRefresh.get(refreshToken);
		if (!grant || grant.revoked) return null;
		this.refreshes++;
		this.#byRefresh.delete(grant.refresh);
		this.#byAccess.delete(grant.access);
		return this.#issue(grant.principal);
	}

	check(access: string): Principal | 'expired' | 'revoked' | null {
		const grant = this.#byAccess.get(access);
		if (!grant) return null;
		if (grant.revoked) return 'revoked';
		if (this.now() - grant.createdAt >= OAUTH_TTL_SECONDS) return 'expired';
		return grant.principal;
	}

	/** Test hook: age every live grant by `seconds`. */
	age(seconds: number) {
		for (const g of this.#byAccess.values()) g.createdAt -= seconds;
	}
}

export type Credential =
	| { kind: 'none' }
	| { kind: 'private'; token: string }
	| { kind: 'bearer'; token: string }
	| { kind: 'access'; token: string }
	| { kind: 'job'; token: string }
	| { kind: 'cookie'; session: string };

/** Reads the credential the way the seed lets each travel. */
export function credentialOf(request: Request, url: URL): Credential {
	const h = request.headers;
	const q = url.searchParams;
	const bearer = h.get('authorization')?.match(/^Bearer\s+(.+)$/i)?.[1];
	if (h.get('private-token')) return { kind: 'private', token: h.get('private-token')! };
	if (q.get('private_token')) return { kind: 'private', token: q.get('private_token')! };
	if (bearer) return { kind: 'bearer', token: bearer };
	if (q.get('access_token')) return { kind: 'access', token: q.get('access_token')! };
	if (h.get('job-token')) return { kind: 'job', token: h.get('job-token')! };
	if (q.get('job_token')) return { kind: 'job', token: q.get('job_token')! };
	// The demo transport stands in for the browser's cookie jar with x-demo-cookie.
	const cookie = h.get('cookie') ?? h.get('x-demo-cookie') ?? '';
	const session = /(?:^|;\s*)_service_session=([^;]+)/.exec(cookie)?.[1];
	if (session) return { kind: 'cookie', session };
	return { kind: 'none' };
}
