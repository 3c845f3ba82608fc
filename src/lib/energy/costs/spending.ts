import { toSun } from './estimate';
import type { Order } from '../schemas';

/** What left the buyer balance, per day or week, by status (from the orders read in full). */

export type SpendUnit = 'day' | 'week';

export interface SpendBucket {
	/** Local midnight the bucket starts at (a Monday for weeks). */
	start: number;
	/** Sun paid per status, and in all. */
	byStatus: Record<number, bigint>;
	total: bigint;
}

/** Local midnight of the day (or of the Monday of the week) `ms` falls in. */
export function bucketStart(ms: number, unit: SpendUnit): number {
	const d = new Date(ms);
	d.setHours(0, 0, 0, 0);
	if (unit === 'week') d.setDate(d.getDate() - ((d.getDay() + 6) % 7));
	return d.getTime();
}

/**
 * The TRX paid (`order_cost_paid`: an order that failed for lack of funds paid nothing) per
 * bucket and status, oldest first, with empty buckets in between so gaps show as gaps. Orders
 * without a creation time cannot be placed in time and are left out.
 */
export function spendingBuckets(orders: readonly Order[], unit: SpendUnit): SpendBucket[] {
	const buckets = new Map<number, SpendBucket>();
	for (const o of orders) {
		const at = o.created_at ? Date.parse(o.created_at) : NaN;
		if (!Number.isFinite(at)) continue;
		const start = bucketStart(at, unit);
		const bucket = buckets.get(start) ?? { start, byStatus: {}, total: 0n };
		const paid = toSun(o.order_cost_paid);
		bucket.byStatus[o.status] = (bucket.byStatus[o.status] ?? 0n) + paid;
		bucket.total += paid;
		buckets.set(start, bucket);
	}
	const starts = [...buckets.keys()].sort((a, b) => a - b);
	if (!starts.length) return [];
	const all: SpendBucket[] = [];
	for (let start = starts[0]!; start <= starts.at(-1)!; start = nextStart(start, unit))
		all.push(buckets.get(start) ?? { start, byStatus: {}, total: 0n });
	return all;
}

/** The next bucket's start: calendar days, so a daylight-saving change does not drift. */
function nextStart(start: number, unit: SpendUnit): number {
	const d = new Date(start);
	d.setDate(d.getDate() + (unit === 'week' ? 7 : 1));
	return d.getTime();
}

/**
 * The value axis for a chart whose tallest bar is `most` sun: round steps (1, 2 or 5 times a
 * power of ten) from 0 up to the first step at or above `most`, about three of them.
 */
export function axisTicks(most: bigint): bigint[] {
	if (most <= 0n) return [0n];
	const rough = Number(most) / 3;
	const magnitude = 10 ** Math.floor(Math.log10(rough));
	const step = BigInt(
		Math.max(1, [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? magnitude * 10)
	);
	const ticks: bigint[] = [0n];
	while (ticks.at(-1)! < most) ticks.push(ticks.at(-1)! + step);
	return ticks;
}
