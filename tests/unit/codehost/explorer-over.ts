/** An explorer whose requests go to `transport` (a fake, a hostile host), as unit tests need it. */
import { AreaSession } from '$lib/settings/area-session.svelte';
import { ExplorerState } from '$lib/codehost/explorer.svelte';
import { HistoryStore } from '$lib/codehost/history/history';
import { createClient } from '$lib/http/client';

export const ROOT = 'https://codehost.demo/api/v4';

export function explorerOver(
	transport: typeof fetch,
	options: { live?: boolean } = {}
): ExplorerState {
	return new ExplorerState(
		new AreaSession({
			service: 'codehost',
			mode: options.live ? 'live' : 'demo',
			apiRoot: ROOT,
			secret: '',
			client: ({ secrets, onExchange } = {}) =>
				createClient({
					baseUrl: ROOT,
					transport,
					secrets,
					onExchange,
					env: { online: () => true, pageOrigin: () => undefined }
				})
		}),
		new HistoryStore(0)
	);
}

/** Signed in by OAuth with the demo's expired access token (and its refresh token), on GET /user. */
export function withExpiredOAuth(explorer: ExplorerState): ExplorerState {
	explorer.auth.setMethod('oauth');
	explorer.auth.token = 'oauth-expired-demo';
	explorer.auth.refreshToken = 'oauth-refresh-demo';
	explorer.auth.save();
	explorer.form.path = '/user';
	explorer.form.query = '';
	return explorer;
}
