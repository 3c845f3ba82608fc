import { trx } from './amounts';

/** The energy order's vocabulary: statuses, periods, tokens (the seed's §3, §4, §8). */

/** EN-ST-1: status values and the labels the seed gives them. */
export const STATUS_LABELS = {
	0: 'Pending',
	1: 'Awaiting payment',
	2: 'Delegation in progress',
	3: 'Delegated',
	4: 'Reclaimed',
	5: 'Paid',
	6: 'Error'
} as const satisfies Record<number, string>;

export type OrderStatus = keyof typeof STATUS_LABELS;

/** The statuses by name, so code reads `STATUS.error`, not `6`. */
export const STATUS = {
	pending: 0,
	awaitingPayment: 1,
	delegating: 2,
	delegated: 3,
	reclaimed: 4,
	paid: 5,
	error: 6
} as const satisfies Record<string, OrderStatus>;
export const ORDER_STATUSES = [0, 1, 2, 3, 4, 5, 6] as const satisfies readonly OrderStatus[];

export function statusLabel(status: number): string {
	return (STATUS_LABELS as Record<number, string>)[status] ?? `Unknown status ${status}`;
}

/** EN-ST-2: the usual sequence. */
export const USUAL_SEQUENCE = [0, 5, 2, 3, 4] as const satisfies readonly OrderStatus[];

/**
 * The statuses an order's timeline shows: the usual sequence, with "Awaiting payment" only when
 * the order was seen there (an order paid from the balance never passes it, EN-ST-3), and a
 * failed order as the steps it reached, then Error.
 */
export function timelineStatuses(status: number, seen: Partial<Record<number, number>>): number[] {
	const list: number[] = [...USUAL_SEQUENCE];
	if (status === STATUS.awaitingPayment || seen[STATUS.awaitingPayment] !== undefined)
		list.splice(1, 0, STATUS.awaitingPayment);
	if (status !== STATUS.error) return list;
	const reached = list.filter((s) => seen[s] !== undefined);
	return [...(reached.length ? reached : [STATUS.pending]), STATUS.error];
}

/** Delivery is over for the buyer: delegated (3) or failed (6). Polling slows down after these. */
export const DELIVERY_FINAL: ReadonlySet<number> = new Set([STATUS.delegated, STATUS.error]);
/** Nothing will change any more: reclaimed (4) or failed (6). Polling stops. */
export const TERMINAL: ReadonlySet<number> = new Set([STATUS.reclaimed, STATUS.error]);

export const isDeliveryFinal = (status: number) => DELIVERY_FINAL.has(status);
export const isTerminal = (status: number) => TERMINAL.has(status);

/** EN-LIM-1: the only six valid rental periods. */
export const PERIODS = [
	{ id: '1h', label: '1 hour', period_type: 'hours', period_amount: 1 },
	{ id: '1d', label: '1 day', period_type: 'days', period_amount: 1 },
	{ id: '3d', label: '3 days', period_type: 'days', period_amount: 3 },
	{ id: '7d', label: '7 days', period_type: 'days', period_amount: 7 },
	{ id: '15d', label: '15 days', period_type: 'days', period_amount: 15 },
	{ id: '30d', label: '30 days', period_type: 'days', period_amount: 30 }
] as const;
export type Period = (typeof PERIODS)[number];
export type PeriodId = Period['id'];
export type PeriodType = Period['period_type'];

export function isValidPeriod(periodType: unknown, periodAmount: unknown): boolean {
	const amount = typeof periodAmount === 'string' ? Number(periodAmount) : periodAmount;
	return PERIODS.some((p) => p.period_type === periodType && p.period_amount === amount);
}

export function periodById(id: string): Period | undefined {
	return PERIODS.find((p) => p.id === id);
}

/** The period of an order as words, from its `hours`/`days` (EN-ORD-4). */
export function describePeriod(order: {
	period_type: string;
	hours: number;
	days: number;
}): string {
	if (order.period_type === 'hours') return order.hours === 1 ? '1 hour' : `${order.hours} hours`;
	return order.days === 1 ? '1 day' : `${order.days} days`;
}

/** EN-BUY-4: case-sensitive estimate tokens. */
export const ESTIMATE_TOKENS = [
	'USDT',
	'USDC',
	'USDD',
	'USDJ',
	'JST',
	'TUSD',
	'stUSDT',
	'WTRX'
] as const;
export type EstimateToken = (typeof ESTIMATE_TOKENS)[number];
export const isEstimateToken = (value: unknown): value is EstimateToken =>
	(ESTIMATE_TOKENS as readonly unknown[]).includes(value);

/** EN-BUY-5: recommended surplus percent. */
export const RECOMMENDED_ADJUST_PERCENT = '0.04';

/** TRON facts: a USDT transfer to a holder ≈ 64,285 energy; to a fresh address ≈ 130,285. */
export const ENERGY_HINTS = [
	{ amount: 65_000, label: '65,000 — a USDT transfer to an address that holds USDT' },
	{ amount: 131_000, label: '131,000 — a USDT transfer to a fresh address' }
] as const;

/** Compares two non-negative decimal strings exactly (no floating point). */
export function compareDecimal(a: string, b: string): number {
	const [ai, af = ''] = a.split('.');
	const [bi, bf = ''] = b.split('.');
	const width = Math.max(af.length, bf.length);
	const x = BigInt((ai ?? '0') + af.padEnd(width, '0'));
	const y = BigInt((bi ?? '0') + bf.padEnd(width, '0'));
	return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * How much of an order is paid, in words (the seed leaves `payment_status` codes unnamed). A
 * failed order owes nothing: what it did not take is not "still owed".
 */
export function paymentWords(order: {
	order_cost: string;
	order_cost_paid: string;
	status?: number;
}): string {
	if (compareDecimal(order.order_cost_paid, order.order_cost) >= 0) return 'Paid in full';
	if (order.status === STATUS.error)
		return compareDecimal(order.order_cost_paid, '0') <= 0
			? 'Not charged'
			: `${trx(order.order_cost_paid)} TRX taken before it failed`;
	if (compareDecimal(order.order_cost_paid, '0') <= 0) return 'Not paid';
	return `Partly paid: ${trx(order.order_cost_paid)} of ${trx(order.order_cost)} TRX`;
}

/**
 * EN-ERR-2: part of the cost is still owed: less was paid than the order costs, and the order has
 * not failed (a failed order owes nothing, EN-ERR-1).
 */
export function stillOwed(order: {
	order_cost: string;
	order_cost_paid: string;
	status: number;
}): boolean {
	return (
		order.status !== STATUS.error && compareDecimal(order.order_cost_paid, order.order_cost) < 0
	);
}

/** What each status means for the buyer, and what to do (none of the API's own words). */
const MEANING: Record<number, string> = {
	[STATUS.pending]: 'Received: the cost is taken from your buyer balance next.',
	[STATUS.paid]: 'Paid: the energy is sent to the address next, usually within seconds.',
	[STATUS.delegating]: 'The energy is on its way to the address.',
	[STATUS.delegated]:
		'The energy is at the address: use it (for example, send the token transfer) before the rental period ends.',
	[STATUS.reclaimed]: 'The rental period ended and the energy was taken back. Nothing more to do.'
};

/**
 * The status in words, with the way forward: an order awaiting payment says how much is owed
 * and how to pay it; a failed one says its likely reason and what to do next.
 */
export function statusMeaning(order: {
	status: number;
	order_cost: string;
	order_cost_paid?: string;
}): string {
	const paid = order.order_cost_paid ?? '0';
	if (order.status === STATUS.awaitingPayment)
		return `Waiting for payment: your buyer balance did not cover the cost, ${trx(paid)} of ${trx(order.order_cost)} TRX is paid. Add funds to your buyer balance (in your energy provider's control panel) and the order goes on by itself; or, if you no longer need it, buy again with an amount your balance covers.`;
	if (order.status === STATUS.error)
		return `The order failed and nothing was delivered${compareDecimal(paid, '0') <= 0 ? '; nothing was charged' : ''}. Usually your buyer balance did not cover the cost (${trx(order.order_cost)} TRX): add funds, or choose a smaller amount, then place a new order.`;
	return MEANING[order.status] ?? statusLabel(order.status);
}

/** Length of an order's paid period in ms (EN-ORD-4). */
export function periodMs(order: { period_type: string; hours: number; days: number }): number {
	const hours = order.period_type === 'hours' ? order.hours : order.days * 24;
	return hours * 3_600_000;
}

/** A long address cut to its ends, e.g. `TR7NHq…jLj6t`. */
export function shortAddress(address: string): string {
	return address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-5)}` : address;
}

/** A time span as a person says it, roughly: "about 40 min", "about 3 h", "about 2 days". */
export function aboutDuration(ms: number): string {
	const minutes = Math.round(ms / 60_000);
	if (minutes < 1) return 'less than a minute';
	if (minutes < 90) return `about ${minutes} min`;
	const hours = Math.round(ms / 3_600_000);
	if (hours < 48) return `about ${hours} h`;
	return `about ${Math.round(ms / 86_400_000)} days`;
}

/**
 * When a delegated order's energy is reclaimed (EN-ST-2: at the end of the paid period): the
 * period counted from its creation (delegation follows within seconds to minutes), or else from
 * when this browser first saw it. null when neither is known.
 */
export function reclaimAt(
	order: { period_type: string; hours: number; days: number; created_at?: string },
	firstSeen: number | undefined
): number | null {
	const created = order.created_at ? Date.parse(order.created_at) : NaN;
	const start = Number.isFinite(created) ? created : firstSeen;
	return start === undefined ? null : start + periodMs(order);
}
