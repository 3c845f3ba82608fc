import type { HttpClient } from '$lib/http/client';
import { BibleListSchema, type Bible } from './schemas';

/** GET /bibles (BI-EP-1). */
export async function listBibles(client: HttpClient, signal?: AbortSignal): Promise<Bible[]> {
	const { data } = await client.json({ method: 'GET', path: 'bibles', signal }, BibleListSchema);
	return data.data;
}
