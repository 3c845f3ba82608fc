import {
	applyAuth,
	isAuthenticated,
	methodInfo,
	type AppliedAuth,
	type AuthMethod,
	type AuthWay,
	type SudoWay
} from './auth';
import {
	formatTimeLeft,
	OAuthSession,
	secondsLeft,
	type OAuthTokens,
	type RefreshRequest
} from './oauth';
import { loadExplorerSecrets, saveExplorerSecrets, type ExplorerSecrets } from '../secrets/secrets';

/** The explorer's auth choice, OAuth timing and refresh; persisted like the energy token. */
export class AuthState {
	method = $state<AuthMethod>('none');
	way = $state<AuthWay>('none');
	token = $state('');
	refreshToken = $state('');
	createdAt = $state(0);
	expiresIn = $state(0);
	sudo = $state('');
	sudoWay = $state<SudoWay>('header');
	/** What the last refresh did, or why it failed. */
	oauthMessage = $state<string | null>(null);
	refreshes = $state(0);
	now = $state(Date.now());
	/** The token entered for each method in this tab (kept where the token is kept). */
	#tokens = $state<Partial<Record<AuthMethod, string>>>({});
	#remember: () => boolean;
	readonly session: OAuthSession;

	constructor(remember: () => boolean = () => false) {
		this.#remember = remember;
		const { tokens, ...saved } = loadExplorerSecrets();
		Object.assign(this, saved);
		this.#tokens = { ...tokens };
		this.session = new OAuthSession(
			(tokens, error) => this.#onRefreshed(tokens, error),
			this.#oauthTokens()
		);
	}

	#oauthTokens(): OAuthTokens | null {
		return this.method === 'oauth' && this.token && this.refreshToken
			? {
					accessToken: this.token,
					refreshToken: this.refreshToken,
					createdAt: this.createdAt,
					expiresIn: this.expiresIn || 7200
				}
			: null;
	}

	#onRefreshed(tokens: OAuthTokens | null, error?: string) {
		this.refreshes = this.session.refreshCount;
		if (tokens) {
			this.setTokens(tokens);
			this.oauthMessage = 'Refreshed: both the access token and the refresh token were replaced.';
		} else {
			this.token = '';
			this.refreshToken = '';
			this.createdAt = 0;
			this.oauthMessage = error ?? 'The refresh failed. Sign in again.';
			this.save();
		}
	}

	/** Switches method; the Token field then holds the token entered for that method, if any. */
	setMethod(method: AuthMethod) {
		if (method !== this.method) {
			this.#tokens = { ...this.#tokens, [this.method]: this.token };
			this.method = method;
			this.token = this.#tokens[method] ?? '';
		}
		const ways = methodInfo(method).ways;
		if (!ways.includes(this.way)) this.way = ways[0]!;
		this.save();
	}

	/**
	 * Follows a token reference (an environment's): the method, how it travels, and the token
	 * entered for that method in this tab. Says whether there is such a token.
	 */
	use(method: AuthMethod, way: AuthWay): boolean {
		this.setMethod(method);
		if (methodInfo(method).ways.includes(way)) this.way = way;
		this.save();
		return method === 'none' || method === 'session' || this.token.trim() !== '';
	}

	setTokens(tokens: OAuthTokens) {
		this.token = tokens.accessToken;
		this.refreshToken = tokens.refreshToken;
		this.createdAt = tokens.createdAt;
		this.expiresIn = tokens.expiresIn;
		this.session.set(tokens);
		this.save();
	}

	/** Call after editing token fields by hand, so the refresher sees them. */
	save() {
		this.session.set(this.#oauthTokens());
		const tokens = { ...this.#tokens, [this.method]: this.token };
		// Only tokens someone entered: an empty one is no token.
		for (const [m, t] of Object.entries(tokens)) if (!t) delete tokens[m as AuthMethod];
		this.#tokens = tokens;
		const s: ExplorerSecrets = {
			method: this.method,
			way: this.way,
			token: this.token,
			refreshToken: this.refreshToken,
			createdAt: this.createdAt,
			expiresIn: this.expiresIn,
			sudo: this.sudo,
			sudoWay: this.sudoWay,
			tokens
		};
		saveExplorerSecrets(s, this.#remember());
	}

	/** "Refresh now": spends the refresh token at once, with `request` (the token endpoint call). */
	async refreshNow(request: RefreshRequest): Promise<boolean> {
		this.save();
		if (!this.refreshToken) {
			this.oauthMessage = 'There is no refresh token to use. Sign in to get one.';
			return false;
		}
		return (await this.session.refresh(request)) !== null;
	}

	/** Refresh after an expired-token 401 that carried `usedToken`; one refresh for many callers. */
	async refreshAfterExpiry(usedToken: string, request: RefreshRequest): Promise<string | null> {
		const tokens = await this.session.refresh(request, usedToken);
		return tokens?.accessToken ?? null;
	}

	get applied(): AppliedAuth {
		return applyAuth({
			method: this.method,
			way: this.way,
			token: this.token,
			sudo: this.sudo,
			sudoWay: this.sudoWay
		});
	}

	get authenticated(): boolean {
		return isAuthenticated({ method: this.method, token: this.token });
	}

	/** Every token this tab holds (each method's), for hiding them in what is shown or kept. */
	get secrets(): string[] {
		return [this.token, this.refreshToken, ...Object.values(this.#tokens)].filter(
			(s, i, all): s is string => !!s && s.length >= 4 && all.indexOf(s) === i
		);
	}

	get timeLeft(): string | null {
		if (this.method !== 'oauth' || !this.token || !this.createdAt) return null;
		return formatTimeLeft(
			secondsLeft(
				{
					accessToken: this.token,
					refreshToken: this.refreshToken,
					createdAt: this.createdAt,
					expiresIn: this.expiresIn || 7200
				},
				this.now
			)
		);
	}

	/** Keeps the time left current; returns the stopper for an $effect. */
	tick(): () => void {
		const timer = setInterval(() => (this.now = Date.now()), 1000);
		return () => clearInterval(timer);
	}
}
