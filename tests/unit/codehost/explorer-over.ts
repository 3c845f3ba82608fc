/** An explorer whose requests go to `transport` (a fake, a hostile host), as unit tests need it. */
import { ExplorerState } from '$lib/codehost/explorer.svelte';
import { HistoryStore } from '$lib/codehost/history/history';
import { createClient } from '$lib/http/client';

export const ROOT = 'https://codehost.demo/api/v4';

export function explorerOver(
	transport: typeof fetch,
	options: { live?: boolean } = {}
): ExplorerState {
	return new ExplorerState(
		{
			apiRoot: ROOT,
			live: options.live ?? false,
			remember: false,
			client: ({ secrets, onExchange }) =>
				createClient({
					baseUrl: ROOT,
					transport,
					secrets,
					onExchange,
					env: { online: () => true, pageOrigin: () => undefined }
				})
		},
		new HistoryStore(0)
	);
}
