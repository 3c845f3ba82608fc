import {
	applyAuth,
	isAuthenticated,
	methodInfo,
	type AppliedAuth,
	type AuthMethod,
	type AuthWay,
	type SudoWay
} from './auth';
import { formatTimeLeft, OAuthSession, secondsLeft, type OAuthTokens } from './oauth';
import { loadExplorerSecrets, saveExplorerSecrets, type ExplorerSecrets } from './secrets';

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
	#remember: () => boolean;
	readonly session: OAuthSession;

	constructor(
		refresh: (refreshToken: string) => Promise<OAuthTokens>,
		remember: () => boolean = () => false
	) {
		this.#remember = remember;
		const saved = loadExplorerSecrets();
		Object.assign(this, saved);
		this.session = new OAuthSession(
			refresh,
			(tokens, error) => this.#onRefreshed(tokens, error),
			this.#tokens()
		);
	}

	#tokens(): OAuthTokens | null {
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

	setMethod(method: AuthMethod) {
		this.method = method;
		const ways = methodInfo(method).ways;
		if (!ways.includes(this.way)) this.way = ways[0]!;
		this.save();
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
		this.session.set(this.#tokens());
		const s: ExplorerSecrets = {
			method: this.method,
			way: this.way,
			token: this.token,
			refreshToken: this.refreshToken,
			createdAt: this.createdAt,
			expiresIn: this.expiresIn,
			sudo: this.sudo,
			sudoWay: this.sudoWay
		};
		saveExplorerSecrets(s, this.#remember());
	}

	async refreshNow(): Promise<boolean> {
		this.save();
		if (!this.refreshToken) {
			this.oauthMessage = 'There is no refresh token to use. Sign in to get one.';
			return false;
		}
		return (await this.session.refresh()) !== null;
	}

	/** Refresh after an expired-token 401 that carried `usedToken`; one refresh for many callers. */
	async refreshAfterExpiry(usedToken: string): Promise<string | null> {
		const tokens = await this.session.refresh(usedToken);
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

	get secrets(): string[] {
		return [this.token, this.refreshToken].filter((s) => s.length >= 4);
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
