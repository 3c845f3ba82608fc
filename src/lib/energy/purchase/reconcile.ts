import type { HttpClient } from '$lib/http/client';
import { getOrder, listOrders } from '../api';
import type { BuyRequest } from './buy-request';
import type { Order } from '../schemas';

/** How many of the newest orders we look at to find a purchase whose answer was lost. */
export const RECONCILE_WINDOW = 25;

export const NO_GUIDS: ReadonlySet<number> = new Set();

/** The guids of the newest orders, read just before a purchase. */
export async function newestGuids(client: HttpClient): Promise<Set<number>> {
	const page = await listOrders(client, { page: 1, perPage: RECONCILE_WINDOW, sort: 'desc' });
	return new Set(page.data.map((o) => o.guid));
}

/** Whether an order is the one the request asked for. */
export function matchesRequest(order: Order, request: BuyRequest): boolean {
	if (order.to !== request.to || order.period_type !== request.period_type) return false;
	const length = request.period_type === 'hours' ? order.hours : order.days;
	if (length !== request.period_amount) return false;
	if (request.amount_source === 'amount')
		return order.estimate_task_id === null && order.energy_amount === request.amount;
	return order.estimate_task !== null && order.estimate_task?.token === request.estimate_token;
}

/**
 * The new orders (not there before the purchase) that match the request, newest first. After a
 * purchase with no answer (connection dropped, timeout) this tells whether the order exists;
 * the purchase is never sent again (ARCHITECTURE rule 5). Throws an ApiProblem when the list
 * cannot be read either.
 */
export async function findPlacedOrders(
	client: HttpClient,
	request: BuyRequest,
	before: ReadonlySet<number>
): Promise<Order[]> {
	const page = await listOrders(client, { page: 1, perPage: RECONCILE_WINDOW, sort: 'desc' });
	const found: Order[] = [];
	for (const item of page.data) {
		if (before.has(item.guid)) continue;
		const order = await getOrder(client, item.guid);
		if (matchesRequest(order, request)) found.push(order);
	}
	return found;
}

/**
 * After a purchase that did get an answer: other new orders matching the same request, i.e.
 * what the list shows, not why. Causes vary (another device, a network-level re-send of a
 * dropped request); the seed offers no idempotency key, so the user is told what was seen.
 */
export async function findDuplicates(
	client: HttpClient,
	request: BuyRequest,
	before: ReadonlySet<number>,
	placedGuid: number
): Promise<Order[]> {
	return (await findPlacedOrders(client, request, new Set([...before, placedGuid]))).filter(
		(o) => o.guid !== placedGuid
	);
}
