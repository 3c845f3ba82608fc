import type { HttpClient } from '$lib/http/client';
import type { BuyRequest } from './purchase/buy-request';
import {
	AccountEnvelopeSchema,
	AccountPageSchema,
	BuyResponseSchema,
	OrderEnvelopeSchema,
	OrderPageSchema,
	type Account,
	type AccountPage,
	type BuyResponse,
	type Order,
	type OrderPage
} from './schemas';

/** The five endpoints of the energy rental API: every call is POST (EN-BASE-1). */

/** POST /account/list, no body (EN-ACCL-1). */
export async function listAccounts(client: HttpClient, signal?: AbortSignal): Promise<AccountPage> {
	const { data } = await client.json(
		{ method: 'POST', path: 'account/list', signal },
		AccountPageSchema
	);
	return data;
}

/** POST /account/get/{id}, no body; `id` is the per-user number (EN-ACCG-1). */
export async function getAccount(
	client: HttpClient,
	id: number,
	signal?: AbortSignal
): Promise<Account> {
	const { data } = await client.json(
		{ method: 'POST', path: `account/get/${encodeURIComponent(id)}`, signal },
		AccountEnvelopeSchema
	);
	return data.data;
}

/**
 * POST /buy/energy. Spends money: never retried, whatever fails (ARCHITECTURE rule 5). A failure
 * without an answer (network, timeout) leaves the outcome unknown; the caller reconciles.
 */
export async function buyEnergy(
	client: HttpClient,
	request: BuyRequest,
	signal?: AbortSignal
): Promise<BuyResponse> {
	const { data } = await client.json(
		{ method: 'POST', path: 'buy/energy', json: request, retry: false, signal },
		BuyResponseSchema
	);
	return data;
}

/** POST /order/get/{guid}, no body (EN-GET-1). */
export async function getOrder(
	client: HttpClient,
	guid: number,
	signal?: AbortSignal
): Promise<Order> {
	const { data } = await client.json(
		{ method: 'POST', path: `order/get/${encodeURIComponent(guid)}`, retry: false, signal },
		OrderEnvelopeSchema
	);
	return data.data;
}

export type SortDirection = 'desc' | 'asc';

export interface OrderListQuery {
	page?: number;
	perPage?: number;
	/** By creation time (EN-LIST-1: default `created_at|desc`). */
	sort?: SortDirection;
	/** Only orders with this status. */
	status?: number;
}

/**
 * The `filter` shape is not shown by the seed (EN-LIST-1 says only "array of arrays of
 * objects"). We send `[[{field, operator, value}]]`, the shape the demo service reads.
 */
export function orderListBody(query: OrderListQuery): Record<string, unknown> {
	const body: Record<string, unknown> = { sort: `created_at|${query.sort ?? 'desc'}` };
	if (query.perPage) body.per_page = query.perPage;
	if (query.page) body.page = query.page;
	if (query.status !== undefined)
		body.filter = [[{ field: 'status', operator: '=', value: query.status }]];
	return body;
}

/** POST /order/list (EN-LIST-1); the answer is the page envelope (EN-LIST-2). */
export async function listOrders(
	client: HttpClient,
	query: OrderListQuery = {},
	signal?: AbortSignal
): Promise<OrderPage> {
	const { data } = await client.json(
		{ method: 'POST', path: 'order/list', json: orderListBody(query), retry: false, signal },
		OrderPageSchema
	);
	return data;
}

/** The page number a `links` entry points at (URLs are host-relative paths, EN-LIST-2). */
export function pageOfLink(url: string | null): number | null {
	if (!url) return null;
	try {
		const page = Number(new URL(url, 'http://host.invalid').searchParams.get('page'));
		return Number.isInteger(page) && page > 0 ? page : null;
	} catch {
		return null;
	}
}
