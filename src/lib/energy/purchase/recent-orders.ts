import type { HttpClient } from '$lib/http/client';
import { formatNumber } from '$lib/ui/number-format';
import { trxText } from '../amounts';
import { getOrder, listOrders } from '../api';
import type { BuyRequest } from './buy-request';
import { aboutDuration, describePeriod, STATUS, statusLabel } from '../model';
import { matchesRequest } from './reconcile';
import type { Order } from '../schemas';

/**
 * The same order placed moments ago, perhaps in another browser or on another device. The API
 * has no idempotency key, and the purchase lock only reaches this browser's tabs, so before a
 * purchase is sent the newest orders are read and a recent twin makes the app ask first.
 */

/**
 * How far back "just placed" reaches: 10 minutes. A user who turns to a second browser does
 * so because the first seemed stuck, and delivery itself can take minutes (EN-FLOW-1); a
 * deliberate repeat of the shortest rental (1 hour) comes long after. The same span is
 * allowed the other way, for a device clock that runs behind the server's.
 */
export const RECENT_WINDOW_MS = 10 * 60_000;

/** How many of the newest orders are looked at (one list read; details only as needed). */
export const RECENT_LIST_SIZE = 10;

/** When the order was placed, from the server's `created_at`; null when it does not say. */
export function placedAt(order: { created_at?: string }): number | null {
	const ms = order.created_at ? Date.parse(order.created_at) : NaN;
	return Number.isFinite(ms) ? ms : null;
}

/** Its energy is still on its way or delegated: nothing failed and nothing was reclaimed. */
const stillActive = (status: number) => status !== STATUS.error && status !== STATUS.reclaimed;

/** The same recipient, energy (or estimate: token and destinations) and period. */
export function sameOrder(order: Order, request: BuyRequest): boolean {
	if (!matchesRequest(order, request)) return false;
	if (request.amount_source === 'amount') return true;
	const wanted = new Set(request.estimate_to.split(',').map((s) => s.trim()));
	const had = new Set(order.estimate_task?.to ?? []);
	return wanted.size === had.size && [...wanted].every((a) => had.has(a));
}

/**
 * Whether `order` is the same purchase placed recently. A failed order charged nothing, so
 * buying again after it is no double. Without a creation time, an order whose energy is still
 * on its way or delegated counts (the same rental is running now).
 */
export function isRecentSame(
	order: Order,
	request: BuyRequest,
	now: number,
	windowMs = RECENT_WINDOW_MS
): boolean {
	if (order.status === STATUS.error || !sameOrder(order, request)) return false;
	const at = placedAt(order);
	return at === null ? stillActive(order.status) : Math.abs(now - at) <= windowMs;
}

export interface RecentCheckOptions {
	now: number;
	/** Orders already read in full: their fixed fields (recipient, amount, period, time) are trusted. */
	known?: (guid: number) => Order | undefined;
	/** Orders the user already knows of (placed here, or already asked about): never asked again. */
	ignore?: ReadonlySet<number>;
	windowMs?: number;
}

/**
 * The newest orders that are this purchase placed recently, newest first. One list read, then
 * `order/get` only for orders that may match (the list is sorted newest first, so the first one
 * older than the window ends the search). Throws the ApiProblem when the orders cannot be read.
 */
export async function findRecentSame(
	client: HttpClient,
	request: BuyRequest,
	options: RecentCheckOptions
): Promise<Order[]> {
	const windowMs = options.windowMs ?? RECENT_WINDOW_MS;
	const page = await listOrders(client, { page: 1, perPage: RECENT_LIST_SIZE, sort: 'desc' });
	const found: Order[] = [];
	for (const item of page.data) {
		const cached = options.known?.(item.guid);
		const at = cached ? placedAt(cached) : null;
		if (at !== null && options.now - at > windowMs) break;
		if (options.ignore?.has(item.guid)) continue;
		if (cached && !sameOrder(cached, request)) continue;
		// Read fresh: its status is named in the question.
		const order = await getOrder(client, item.guid);
		const time = placedAt(order);
		if (time !== null && options.now - time > windowMs) break;
		if (isRecentSame(order, request, options.now, windowMs)) found.push(order);
	}
	return found;
}

/**
 * The order in words for the question: "order 31000004, placed 2 min ago (10:42): 65,000 energy
 * for 1 hour, 3.90 TRX, now Delegated".
 */
export function describeRecent(order: Order, now: number): string {
	const at = placedAt(order);
	const when =
		at === null
			? 'placed recently'
			: `placed ${now - at < 60_000 ? 'less than a minute ago' : `${aboutDuration(now - at).replace('about ', '')} ago`} (${timeOfDay(at)})`;
	const energy =
		order.energy_amount === null
			? 'the estimated energy'
			: `${formatNumber(order.energy_amount)} energy`;
	return `order ${order.guid}, ${when}: ${energy} for ${describePeriod(order)}, ${trxText(order.order_cost)}, now ${statusLabel(order.status)}`;
}

let clock: Intl.DateTimeFormat | undefined;
const timeOfDay = (ms: number) =>
	(clock ??= new Intl.DateTimeFormat(undefined, { timeStyle: 'short' })).format(ms);
