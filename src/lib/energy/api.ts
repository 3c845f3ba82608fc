import type { HttpClient } from '$lib/http/client';
import { AccountPageSchema, type AccountPage } from './schemas';

/** POST /account/list, no body (EN-ACCL-1). */
export async function listAccounts(client: HttpClient, signal?: AbortSignal): Promise<AccountPage> {
	const { data } = await client.json(
		{ method: 'POST', path: 'account/list', signal },
		AccountPageSchema
	);
	return data;
}
