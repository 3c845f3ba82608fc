/**
 * The OAuth calls a person makes (sign in, refresh now). A refresh after an expired token is the
 * send path's own (send.ts); both end at the token endpoint through `requestTokens`.
 */
import type { ExchangeState } from '../exchange.svelte';
import { refreshForm } from './oauth';
import { requestTokens } from '../send';

export class OAuthCalls {
	#exchange: ExchangeState;

	constructor(exchange: ExchangeState) {
		this.#exchange = exchange;
	}

	/** Signs in at the provider with a password grant (the demo offers one) and keeps both tokens. */
	async signIn(username: string, password: string): Promise<void> {
		const { auth } = this.#exchange;
		try {
			const form = { grant_type: 'password', username, password };
			const tokens = await requestTokens(form, this.#exchange.context());
			auth.setMethod('oauth');
			auth.setTokens(tokens);
			auth.oauthMessage = 'Signed in: access token valid for two hours, refresh token kept.';
		} catch (error) {
			auth.oauthMessage = `Sign-in failed: ${error instanceof Error ? error.message : String(error)}.`;
		}
	}

	/** "Refresh now": spends the refresh token at once for a new pair. */
	refreshNow(): Promise<boolean> {
		const context = this.#exchange.context();
		return this.#exchange.auth.refreshNow((token) => requestTokens(refreshForm(token), context));
	}
}
