/** OAuth 2.0 token life (CH-AUTH-1): time left, refresh at the token endpoint, one refresh at a time. */

export interface OAuthTokens {
	accessToken: string;
	refreshToken: string;
	/** Unix seconds. */
	createdAt: number;
	/** Seconds; the seed's validity is two hours. */
	expiresIn: number;
}

export const OAUTH_VALIDITY_SECONDS = 7200;

/** The token endpoint of the provider: `/oauth/token` on the base URL, not under the API root. */
export function tokenEndpoint(apiRoot: string): string {
	return apiRoot.replace(/\/+$/, '').replace(/\/api\/v4$/, '') + '/oauth/token';
}

export function secondsLeft(tokens: OAuthTokens, nowMs = Date.now()): number {
	return Math.max(0, Math.round(tokens.createdAt + tokens.expiresIn - nowMs / 1000));
}

export function formatTimeLeft(seconds: number): string {
	if (seconds <= 0) return 'expired';
	const h = Math.floor(seconds / 3600);
	const m = Math.floor((seconds % 3600) / 60);
	const s = seconds % 60;
	return h ? `${h} h ${m} min left` : m ? `${m} min ${s} s left` : `${s} s left`;
}

/** The token response of the provider, checked field by field. */
export function parseTokenResponse(body: unknown, nowMs = Date.now()): OAuthTokens | null {
	if (!body || typeof body !== 'object') return null;
	const b = body as Record<string, unknown>;
	if (typeof b.access_token !== 'string' || typeof b.refresh_token !== 'string') return null;
	return {
		accessToken: b.access_token,
		refreshToken: b.refresh_token,
		createdAt: typeof b.created_at === 'number' ? b.created_at : Math.floor(nowMs / 1000),
		expiresIn: typeof b.expires_in === 'number' ? b.expires_in : OAUTH_VALIDITY_SECONDS
	};
}

/** A 401 that says the OAuth token expired (the only 401 that triggers an automatic refresh). */
export function isExpiredTokenAnswer(status: number, body: unknown): boolean {
	if (status !== 401 || !body || typeof body !== 'object') return false;
	const b = body as Record<string, unknown>;
	return (
		b.error === 'invalid_token' &&
		typeof b.error_description === 'string' &&
		/expired/i.test(b.error_description)
	);
}

/**
 * Whether a 401 should be answered by a (shared) refresh and one retry: the token expired, or the
 * request carried a token that another request has already refreshed away (a refresh revokes
 * the old access token, so that request now meets "revoked" rather than "expired").
 */
export function needsFreshToken(
	status: number,
	body: unknown,
	usedToken: string,
	currentToken: string
): boolean {
	if (status !== 401) return false;
	return isExpiredTokenAnswer(status, body) || (currentToken !== '' && usedToken !== currentToken);
}

export type RefreshRequest = (refreshToken: string) => Promise<OAuthTokens>;

/** The token endpoint's form for a refresh. */
export function refreshForm(refreshToken: string): Record<string, string> {
	return { grant_type: 'refresh_token', refresh_token: refreshToken };
}

/**
 * Keeps the tokens and serializes refreshes: a refresh spends both tokens, so two requests
 * meeting a 401 at once must cause one refresh, not two. A failed refresh clears the tokens.
 */
export class OAuthSession {
	#tokens: OAuthTokens | null;
	#inflight: Promise<OAuthTokens | null> | undefined;
	#onChange: (tokens: OAuthTokens | null, error?: string) => void;
	refreshCount = 0;

	constructor(
		onChange: (tokens: OAuthTokens | null, error?: string) => void = () => {},
		tokens: OAuthTokens | null = null
	) {
		this.#onChange = onChange;
		this.#tokens = tokens;
	}

	get tokens(): OAuthTokens | null {
		return this.#tokens;
	}

	set(tokens: OAuthTokens | null): void {
		this.#tokens = tokens;
	}

	/**
	 * Refreshes once, with `request` (the call at the token endpoint). `usedAccessToken` is the
	 * token the failed request carried: if the tokens changed since, another refresh already
	 * happened and its result is used.
	 */
	refresh(request: RefreshRequest, usedAccessToken?: string): Promise<OAuthTokens | null> {
		if (this.#inflight) return this.#inflight;
		const current = this.#tokens;
		if (!current) return Promise.resolve(null);
		if (usedAccessToken !== undefined && current.accessToken !== usedAccessToken)
			return Promise.resolve(current);
		this.refreshCount++;
		this.#inflight = request(current.refreshToken)
			.then(
				(tokens) => {
					this.#tokens = tokens;
					this.#onChange(tokens);
					return tokens;
				},
				(error: unknown) => {
					this.#tokens = null;
					this.#onChange(
						null,
						`The refresh failed (${error instanceof Error ? error.message : String(error)}): both tokens were cleared. Sign in again to get new ones.`
					);
					return null;
				}
			)
			.finally(() => {
				this.#inflight = undefined;
			});
		return this.#inflight;
	}
}
