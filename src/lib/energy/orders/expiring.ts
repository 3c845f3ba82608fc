import { reclaimAt, STATUS } from '../model';
import type { Order } from '../schemas';

/** Delegated orders by the time their energy is taken back, and the reminder rules. */

export interface ExpiringOrder {
	guid: number;
	to: string;
	energy: number | null;
	/** When the rental ends and the energy is reclaimed (ms). */
	endsAt: number;
}

/** What the orders known to a page hold (an OrderBook): each order, and when its statuses were seen. */
export interface KnownOrders {
	readonly orders: Readonly<Record<number, Order>>;
	readonly tracked: Readonly<Record<number, { firstSeen: Partial<Record<number, number>> }>>;
}

/** The known orders that will be reclaimed, as they are at `now`, soonest first. */
export function expiringIn(known: KnownOrders, now: number): ExpiringOrder[] {
	return expiringOrders(
		Object.values(known.orders),
		(guid) => known.tracked[guid]?.firstSeen[STATUS.delegated],
		now
	);
}

/** Delegated orders whose end is known and still ahead, soonest first. */
export function expiringOrders(
	orders: readonly Order[],
	delegatedSeen: (guid: number) => number | undefined,
	now: number
): ExpiringOrder[] {
	return orders
		.filter((o) => o.status === STATUS.delegated)
		.flatMap((o) => {
			const endsAt = reclaimAt(o, delegatedSeen(o.guid));
			return endsAt !== null && endsAt > now
				? [{ guid: o.guid, to: o.to, energy: o.energy_amount, endsAt }]
				: [];
		})
		.sort((a, b) => a.endsAt - b.endsAt || a.guid - b.guid);
}

/** A reminder set for an order: when it fires, and what it was set for. */
export interface Reminder {
	guid: number;
	endsAt: number;
	fireAt: number;
}

export function reminderFor(order: ExpiringOrder, minutesBefore: number): Reminder {
	return {
		guid: order.guid,
		endsAt: order.endsAt,
		fireAt: order.endsAt - minutesBefore * 60_000
	};
}

/**
 * Whether a reminder may fire now: the order is still delegated, still ends when it did when
 * the reminder was set, and has not ended. An order that changed status never reminds.
 */
export function stillDue(reminder: Reminder, current: ExpiringOrder | undefined, now: number) {
	return current !== undefined && current.endsAt === reminder.endsAt && now < reminder.endsAt;
}

/** The minutes a user may choose (1 to 24 hours' worth). */
export function validMinutes(value: unknown): number | null {
	const n = typeof value === 'string' ? Number(value.trim()) : value;
	return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 1440 ? n : null;
}
