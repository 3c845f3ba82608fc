/** The steps of one purchase as plain functions; the buy flow decides what the user sees. */
import type { HttpClient } from '$lib/http/client';
import { isApiProblem, type ApiProblem } from '$lib/http/problem';
import { buyEnergy } from './api';
import type { BuyRequest } from './buy-request';
import { outcomeUnknown, type RecentQuestion } from './buy-types';
import { findRecentSame } from './recent-orders';
import { findDuplicates, findPlacedOrders, newestGuids } from './reconcile';
import type { CreatedOrder, Order } from './schemas';

/**
 * Reads the newest orders for this purchase placed moments ago: a question for the user, or
 * null when there is none. A failed read never counts as "none found".
 */
export async function recentQuestion(
	client: HttpClient,
	request: BuyRequest,
	options: Parameters<typeof findRecentSame>[2]
): Promise<RecentQuestion | null> {
	try {
		const orders = await findRecentSame(client, request, options);
		return orders.length ? { kind: 'same', orders } : null;
	} catch (error) {
		if (!isApiProblem(error)) throw error;
		return { kind: 'unchecked', problem: error };
	}
}

/** The newest orders before the purchase: read during review, once more if that failed. */
export async function guidsBefore(
	snapshot: Promise<ReadonlySet<number>> | null,
	client: HttpClient
): Promise<ReadonlySet<number>> {
	try {
		return await (snapshot ?? newestGuids(client));
	} catch {
		return newestGuids(client);
	}
}

export type SendOutcome =
	| { kind: 'placed'; order: CreatedOrder; balance: string | null }
	/** The server said no: nothing was placed. */
	| { kind: 'refused'; problem: ApiProblem }
	/** No usable answer: the order may exist. */
	| { kind: 'lost'; problem: ApiProblem };

/** Sends the purchase once; never retried. */
export async function sendOnce(client: HttpClient, request: BuyRequest): Promise<SendOutcome> {
	try {
		const answer = await buyEnergy(client, request);
		return { kind: 'placed', order: answer.data, balance: answer.balance };
	} catch (error) {
		if (!isApiProblem(error)) throw error;
		return { kind: outcomeUnknown(error) ? 'lost' : 'refused', problem: error };
	}
}

export type LostOutcome =
	| { kind: 'found'; order: Order; duplicates: Order[] }
	| { kind: 'none' }
	| { kind: 'unknown'; problem: ApiProblem };

/** After a lost answer: whether the order exists, from the order list (never sent again). */
export async function findLost(
	client: HttpClient,
	request: BuyRequest,
	before: ReadonlySet<number>
): Promise<LostOutcome> {
	try {
		const found = await findPlacedOrders(client, request, before);
		// Newest first: the oldest is the purchase; any other appeared at the same time.
		const order = found.at(-1);
		return order ? { kind: 'found', order, duplicates: found.slice(0, -1) } : { kind: 'none' };
	} catch (error) {
		if (!isApiProblem(error)) throw error;
		return { kind: 'unknown', problem: error };
	}
}

/**
 * After a purchase that worked: other new orders with the same details. A failed check changes
 * nothing about the purchase, so it finds none.
 */
export async function checkDoubleOrder(
	client: HttpClient,
	request: BuyRequest,
	before: ReadonlySet<number>,
	placedGuid: number
): Promise<Order[]> {
	try {
		return await findDuplicates(client, request, before, placedGuid);
	} catch {
		return [];
	}
}
