import type { BuyRequest } from '../purchase/buy-request';
import { ENERGY_HINTS } from '../model';

/**
 * The API has no price quote, so the review estimates the cost from the price the person
 * entered ("Your price"), or else from this account's own orders of the same period: their cost
 * per unit of energy, fees taken out (they depend on the order). Then the fees this account has
 * been charged that could apply to this order are put back in, so the range brackets the charge.
 */

/** What an order tells about price (EN-ORD-1; decimal strings, EN-ORD-5). */
export interface PricedOrder {
	guid: number;
	energy_amount: number | null;
	period_type: string;
	hours: number;
	days: number;
	order_cost: string;
	energy_delegation_fee: string;
	address_activation_fee: string;
	/** Sent by some servers though the seed does not list it; orders newest first when known. */
	created_at?: string;
	/** The recipient and status (from `order/get`): who has received energy through this account. */
	to?: string;
	status?: number;
}

/** How many of the newest orders of a period the estimate reads. */
export const ESTIMATE_HISTORY = 5;

export interface Range {
	min: string;
	max: string;
}

/** A priced estimate: the energy, the cost range, the balance after, and the fees in the range. */
interface Priced {
	/** The energy priced: one amount, or a range for an estimate order. */
	energy: { min: number; max: number };
	cost: Range;
	/** The buyer balance minus the cost; null when the balance is not known. */
	balanceAfter: Range | null;
	/** Whether the cost is above the balance: at any amount in the range, or only some. */
	overBalance: 'no' | 'maybe' | 'yes';
	fees: Fees;
}

export type CostEstimate =
	/** From this account's earlier orders of the same period. */
	| ({
			kind: 'history';
			/** How many orders the price per unit comes from. */
			basedOn: number;
	  } & Priced)
	/** From the price the person entered ("Your price", your-price.svelte.ts). */
	| ({ kind: 'price'; sunPerUnit: number } & Priced)
	| { kind: 'no-history' };

/** The fees put into the range, each with the amount this account was charged. */
export interface Fees {
	/**
	 * The recipient has not received energy through this account: if it is not activated on
	 * chain, the activation fee is charged (top of the range only). `amount` is null when this
	 * account was never charged one, so its amount is unknown.
	 */
	activation: { amount: string | null } | null;
	/**
	 * Orders of this size or larger paid the delegation fee (the fee for a very small order):
	 * `certain` when the whole range is at or below such a size (then it is in the bottom too).
	 */
	delegation: { amount: string; certain: boolean } | null;
	/**
	 * No order paid a delegation fee, and this amount is below every order size known to pay
	 * none: a fee for a small order may come, of an amount not known (the energy size named).
	 */
	smallerThan: number | null;
}

const SUN = 1_000_000n;

/** TRX decimal string → sun (6 decimals; more are cut). */
export function toSun(decimal: string): bigint {
	const negative = decimal.startsWith('-');
	const [int = '0', frac = ''] = (negative ? decimal.slice(1) : decimal).split('.');
	const sun = BigInt(int || '0') * SUN + BigInt(frac.padEnd(6, '0').slice(0, 6));
	return negative ? -sun : sun;
}

export function fromSun(sun: bigint): string {
	const abs = sun < 0n ? -sun : sun;
	return `${sun < 0n ? '-' : ''}${abs / SUN}.${(abs % SUN).toString().padStart(6, '0')}`;
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** The energy a request buys: exact, or the usual range per planned transfer (TRON facts). */
export function requestedEnergy(request: BuyRequest): { min: number; max: number } {
	if (request.amount_source === 'amount') return { min: request.amount, max: request.amount };
	const transfers = request.estimate_to.split(',').filter((s) => s.trim()).length;
	const surplus = 1 + (Number(request.estimate_adjust_percent) || 0) / 100;
	const [low, high] = [ENERGY_HINTS[0].amount, ENERGY_HINTS[1].amount];
	return {
		min: Math.ceil(transfers * low * surplus),
		max: Math.ceil(transfers * high * surplus)
	};
}

const created = (o: PricedOrder) => (o.created_at ? Date.parse(o.created_at) || 0 : 0);

/** The newest orders of the request's period with a known amount and cost (EN-ORD-4). */
export function comparableOrders(
	orders: readonly PricedOrder[],
	request: Pick<BuyRequest, 'period_type' | 'period_amount'>,
	limit = ESTIMATE_HISTORY
): PricedOrder[] {
	return orders
		.filter(
			(o) =>
				o.period_type === request.period_type &&
				(o.period_type === 'hours' ? o.hours : o.days) === request.period_amount &&
				o.energy_amount !== null &&
				o.energy_amount > 0 &&
				[o.order_cost, o.energy_delegation_fee, o.address_activation_fee].every((d) =>
					DECIMAL.test(d)
				)
		)
		.sort((a, b) => created(b) - created(a) || b.guid - a.guid)
		.slice(0, limit);
}

/** Statuses after which the recipient has received energy, or will: not awaiting payment or failed. */
const DELIVERING = new Set([0, 2, 3, 4, 5]);

/** The fees this account has been charged that could apply to `request` (any period). */
export function applicableFees(
	orders: readonly PricedOrder[],
	request: Pick<BuyRequest, 'to'>,
	energy: { min: number; max: number }
): Fees {
	const valid = orders.filter((o) =>
		[o.energy_delegation_fee, o.address_activation_fee].every((d) => DECIMAL.test(d))
	);
	const received = valid.some(
		(o) => o.to === request.to && o.status !== undefined && DELIVERING.has(o.status)
	);
	const charged = (fee: 'address_activation_fee' | 'energy_delegation_fee') =>
		valid.filter((o) => toSun(o[fee]) > 0n);
	const most = (list: PricedOrder[], fee: 'address_activation_fee' | 'energy_delegation_fee') =>
		fromSun(list.reduce((max, o) => (toSun(o[fee]) > max ? toSun(o[fee]) : max), 0n));
	const activations = charged('address_activation_fee');
	const delegations = charged('energy_delegation_fee').filter((o) => o.energy_amount !== null);
	const largestPaying = Math.max(0, ...delegations.map((o) => o.energy_amount!));
	const free = valid.filter(
		(o) => o.energy_amount !== null && toSun(o.energy_delegation_fee) === 0n
	);
	const smallestFree = Math.min(...free.map((o) => o.energy_amount!));
	return {
		activation: received
			? null
			: { amount: activations.length ? most(activations, 'address_activation_fee') : null },
		delegation:
			delegations.length && energy.min <= largestPaying
				? {
						amount: most(delegations, 'energy_delegation_fee'),
						certain: energy.max <= largestPaying
					}
				: null,
		smallerThan:
			!delegations.length && free.length && energy.min < smallestFree ? smallestFree : null
	};
}

/**
 * Estimates a purchase's cost and the balance after it. An order that failed for lack of funds
 * counts too: it still carries the cost the service asked (EN-ERR-1).
 */
export function estimateCost(
	orders: readonly PricedOrder[],
	request: BuyRequest,
	balance: string | null
): CostEstimate {
	const basis = comparableOrders(orders, request);
	if (!basis.length) return { kind: 'no-history' };
	let net = 0n;
	let units = 0n;
	for (const o of basis) {
		const paidForEnergy =
			toSun(o.order_cost) - toSun(o.energy_delegation_fee) - toSun(o.address_activation_fee);
		net += paidForEnergy > 0n ? paidForEnergy : 0n;
		units += BigInt(o.energy_amount!);
	}
	// Rounded up to the sun: an estimate that errs, errs towards caution.
	const price = (amount: number) => (BigInt(amount) * net + units - 1n) / units;
	return { kind: 'history', basedOn: basis.length, ...priced(orders, request, balance, price) };
}

/**
 * Estimates a purchase's cost from the price the person entered (sun per unit of energy for the
 * request's period), with the fees this account's orders tell of: from the first order on.
 */
export function estimateFromPrice(
	orders: readonly PricedOrder[],
	request: BuyRequest,
	balance: string | null,
	sunPerUnit: number
): CostEstimate {
	const perUnit = BigInt(sunPerUnit);
	return {
		kind: 'price',
		sunPerUnit,
		...priced(orders, request, balance, (amount) => BigInt(amount) * perUnit)
	};
}

/** The range for the request's energy at `price` (sun for an amount), fees and balance after. */
function priced(
	orders: readonly PricedOrder[],
	request: BuyRequest,
	balance: string | null,
	price: (amount: number) => bigint
): Priced {
	const energy = requestedEnergy(request);
	const fees = applicableFees(orders, request, energy);
	const delegation = fees.delegation ? toSun(fees.delegation.amount) : 0n;
	const min = price(energy.min) + (fees.delegation?.certain ? delegation : 0n);
	const max = price(energy.max) + delegation + toSun(fees.activation?.amount ?? '0');
	const known = balance !== null && DECIMAL.test(balance);
	const have = known ? toSun(balance) : 0n;
	return {
		energy,
		cost: { min: fromSun(min), max: fromSun(max) },
		balanceAfter: known ? { min: fromSun(have - max), max: fromSun(have - min) } : null,
		overBalance: !known || max <= have ? 'no' : min > have ? 'yes' : 'maybe',
		fees
	};
}
