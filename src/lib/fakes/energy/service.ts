import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { fromSun, toSun } from './money';
import {
	encodeTronAddress,
	isEstimateToken,
	isValidPeriod,
	readTronAddress,
	STATUS
} from './rules';

/**
 * The demo energy rental service's domain: accounts, orders and the order status machine,
 * driven by a clock. Plain data in, plain data out, so the state can live in IndexedDB.
 */

export interface Clock {
	now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };

export interface DemoAccount {
	guid: number;
	user_id: number;
	id: number;
	section: 'buyer' | 'affiliate' | 'seller' | 'dealer';
	currency: string;
	balance: string;
}

export interface FakeEstimate {
	id: number;
	token: string;
	currency: string;
	from: string;
	to: string[];
}

export interface FakeOrder {
	guid: number;
	createdAt: number;
	/** Time per step of 0 → 5 → 2 → 3 for this order, fixed at creation. */
	stepMs: number;
	/** From delegation to reclaim (the paid period, compressed in the demo). */
	reclaimMs: number;
	/** A status that never changes (Error, and the seeded history); null for the clocked machine. */
	fixedStatus: number | null;
	to: string;
	/** The amount delegated; hidden (null) in responses while an estimate is pending. */
	energyAmount: number;
	estimate: FakeEstimate | null;
	period_type: 'hours' | 'days';
	hours: number;
	days: number;
	order_cost: string;
	order_cost_paid: string;
	energy_delegation_fee: string;
	address_activation_fee: string;
}

export interface EnergyState {
	version: 1;
	nextGuid: number;
	nextTaskId: number;
	accounts: DemoAccount[];
	orders: FakeOrder[];
	/** Addresses that are activated on chain (and hold USDT, for estimates). */
	seenAddresses: string[];
}

export interface MachineTiming {
	stepMs: number;
	/** The paid period's length in the demo, per hour of the real period. */
	reclaimMsPerHour: number;
}

/** A few seconds per step in Demo; the paid period compressed to a minute per hour. */
export const DEFAULT_STEP_MS = 3000;

export function defaultTiming(stepMs = DEFAULT_STEP_MS): MachineTiming {
	return { stepMs, reclaimMsPerHour: stepMs * 20 };
}

// ---------------------------------------------------------------- money, exactly (in sun)

export { fromSun, toSun } from './money';

/** Price per unit of energy in sun, by period. */
const PRICE_SUN: Record<string, bigint> = {
	'hours:1': 60n,
	'days:1': 90n,
	'days:3': 240n,
	'days:7': 520n,
	'days:15': 1050n,
	'days:30': 2000n
};
/** Orders below this size pay the delegation fee ("fee for a very small order size"). */
export const SMALL_ORDER_ENERGY = 32_000;
export const DELEGATION_FEE = '0.500000';
export const ACTIVATION_FEE = '1.100000';

// ---------------------------------------------------------------- seed data

/** A deterministic valid address from a label. */
export function demoAddress(label: string): string {
	return encodeTronAddress(sha256(utf8ToBytes(label)).subarray(0, 20));
}

export function demoTxid(guid: number): string {
	return bytesToHex(sha256(utf8ToBytes(`demo-delegation-${guid}`)));
}

export const SEEN_ADDRESSES = [demoAddress('demo-wallet-1'), demoAddress('demo-wallet-2')];

export function demoAccounts(): DemoAccount[] {
	const sections = ['buyer', 'affiliate', 'seller', 'dealer'] as const;
	const balances = ['250.000000', '12.500000', '0.000000', '0.000000'];
	return sections.map((section, i) => ({
		guid: 40_112_300 + i,
		user_id: 7001,
		id: i + 1,
		section,
		currency: 'TRX',
		balance: balances[i]!
	}));
}

export function seedState(now: number, timing: MachineTiming = defaultTiming()): EnergyState {
	const day = 86_400_000;
	const history = (guid: number, ago: number, extra: Partial<FakeOrder>): FakeOrder => ({
		guid,
		createdAt: now - ago,
		stepMs: timing.stepMs,
		reclaimMs: timing.reclaimMsPerHour,
		fixedStatus: null,
		to: SEEN_ADDRESSES[0]!,
		energyAmount: 65_000,
		estimate: null,
		period_type: 'hours',
		hours: 1,
		days: 0,
		order_cost: '3.900000',
		order_cost_paid: '3.900000',
		energy_delegation_fee: '0.000000',
		address_activation_fee: '0.000000',
		...extra
	});
	return {
		version: 1,
		nextGuid: 31_000_004,
		nextTaskId: 5_001,
		accounts: demoAccounts(),
		seenAddresses: [...SEEN_ADDRESSES],
		orders: [
			// The first order to this address: it paid the activation fee (order_cost includes it).
			history(31_000_001, 3 * day, {
				fixedStatus: STATUS.reclaimed,
				order_cost: '5.000000',
				order_cost_paid: '5.000000',
				address_activation_fee: ACTIVATION_FEE
			}),
			// Partly paid (EN-ERR-2): the internal account covered part; the rest awaits payment.
			history(31_000_002, 2 * day, {
				fixedStatus: STATUS.awaitingPayment,
				period_type: 'days',
				hours: 0,
				days: 1,
				energyAmount: 131_000,
				order_cost: '11.790000',
				order_cost_paid: '4.000000',
				to: SEEN_ADDRESSES[1]!
			}),
			// Insufficient funds at the time (EN-ERR-1).
			history(31_000_003, day, {
				fixedStatus: STATUS.error,
				period_type: 'days',
				hours: 0,
				days: 30,
				energyAmount: 131_000,
				order_cost: '262.000000',
				order_cost_paid: '0.000000'
			})
		]
	};
}

// ---------------------------------------------------------------- the status machine

/** EN-ST-2: 0 → 5 → 2 → 3 by the clock, then 4 when the (compressed) paid period ends. */
export function statusAt(order: FakeOrder, now: number): number {
	if (order.fixedStatus !== null) return order.fixedStatus;
	const elapsed = now - order.createdAt;
	const step = order.stepMs;
	if (elapsed < step) return STATUS.pending;
	if (elapsed < 2 * step) return STATUS.paid;
	if (elapsed < 3 * step) return STATUS.delegating;
	if (elapsed < 3 * step + order.reclaimMs) return STATUS.delegated;
	return STATUS.reclaimed;
}

const DELEGATED_OR_LATER = new Set<number>([STATUS.delegating, STATUS.delegated, STATUS.reclaimed]);

/** Fields common to every order answer (EN-ORD-1). */
function baseView(order: FakeOrder, status: number) {
	// EN-ORD-3: an estimate's amount is unknown until the order is paid.
	const amountKnown =
		order.estimate === null || (status !== STATUS.pending && status !== STATUS.error);
	return {
		guid: order.guid,
		estimate_task_id: order.estimate?.id ?? null,
		status,
		order_cost: order.order_cost,
		to: order.to,
		energy_amount: amountKnown ? order.energyAmount : null,
		period_type: order.period_type,
		hours: order.hours,
		days: order.days,
		energy_delegation_fee: order.energy_delegation_fee,
		address_activation_fee: order.address_activation_fee,
		estimate_task: order.estimate ? { ...order.estimate, to: [...order.estimate.to] } : null,
		// Not in the seed; a Laravel model sends its timestamps like this.
		created_at: new Date(order.createdAt).toISOString()
	};
}

/** The order as `buy/energy` answers it: no payment fields, no transactions (EN-BUY-7). */
export function createdView(order: FakeOrder, now: number) {
	const view = baseView(order, statusAt(order, now));
	// EN-BUY-8: at creation an estimate order's energy_amount is null.
	if (order.estimate) view.energy_amount = null;
	return view;
}

/** The full order as `order/get` answers it (EN-GET-1). */
export function fullView(order: FakeOrder, now: number) {
	const status = statusAt(order, now);
	const paid = toSun(order.order_cost_paid) >= toSun(order.order_cost);
	return {
		...baseView(order, status),
		payment_status: paid ? 1 : 0,
		order_cost_paid: order.order_cost_paid,
		resource_txs: DELEGATED_OR_LATER.has(status)
			? [{ order_guid: order.guid, delegate_txid: demoTxid(order.guid) }]
			: []
	};
}

// ---------------------------------------------------------------- buying

export type Fields = Record<string, unknown>;
export type ValidationErrors = Record<string, string[]>;

export const present = (v: unknown) => v !== undefined && v !== null && v !== '';
export const asInt = (v: unknown): number | null => {
	const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
	return typeof n === 'number' && Number.isInteger(n) ? n : null;
};

/** Laravel-style validation of `buy/energy` (EN-BUY-1 … EN-BUY-6, EN-LIM-1, EN-FMT-1). */
export function validateBuy(body: Fields): ValidationErrors {
	const errors: ValidationErrors = {};
	const add = (field: string, message: string) => (errors[field] ??= []).push(message);
	for (const field of ['to', 'period_amount', 'period_type', 'amount_source'])
		if (!present(body[field])) add(field, `The ${field.replace(/_/g, ' ')} field is required.`);
	if (present(body.to)) {
		const check = readTronAddress(String(body.to));
		if ('failure' in check) add('to', `The to must be a valid TRON address (${check.failure}).`);
	}
	if (present(body.period_type) && body.period_type !== 'days' && body.period_type !== 'hours')
		add('period_type', 'The selected period type is invalid.');
	if (present(body.period_amount)) {
		if (asInt(body.period_amount) === null)
			add('period_amount', 'The period amount must be an integer.');
		else if (!isValidPeriod(body.period_type, asInt(body.period_amount)))
			add(
				'period_amount',
				'The selected period amount is invalid. Valid periods: 1 hour; 1, 3, 7, 15 or 30 days.'
			);
	}
	if (present(body.format) && body.format !== 'json' && body.format !== 'xml')
		add('format', 'The selected format is invalid.');
	const source = body.amount_source;
	if (present(source) && source !== 'amount' && source !== 'estimate')
		add('amount_source', 'The selected amount source is invalid.');
	if (source === 'amount') {
		if (!present(body.amount))
			add('amount', 'The amount field is required when amount source is amount.');
		else {
			const amount = asInt(body.amount);
			if (amount === null || amount < 1) add('amount', 'The amount must be at least 1.');
		}
	}
	if (source === 'estimate') {
		if (!present(body.estimate_to))
			add('estimate_to', 'The estimate to field is required when amount source is estimate.');
		else {
			const bad = String(body.estimate_to)
				.split(',')
				.map((item, i) => ({ i, item, check: readTronAddress(item) }))
				.find(({ check }) => 'failure' in check);
			if (bad && 'failure' in bad.check)
				add(
					'estimate_to',
					`The estimate to is invalid: Address ${bad.i + 1} (${bad.item}): ${bad.check.failure}.`
				);
		}
		if (!present(body.estimate_token))
			add('estimate_token', 'The estimate token field is required when amount source is estimate.');
		else if (!isEstimateToken(body.estimate_token))
			add('estimate_token', 'The selected estimate token is invalid.');
		const pct = body.estimate_adjust_percent;
		if (!present(pct))
			add(
				'estimate_adjust_percent',
				'The estimate adjust percent field is required when amount source is estimate.'
			);
		else if (!/^\d+(\.\d+)?$/.test(String(pct).trim()))
			add('estimate_adjust_percent', 'The estimate adjust percent must be a number.');
	}
	return errors;
}

/** Laravel's summary line: the first message, and how many more. */
export function validationMessage(errors: ValidationErrors): string {
	const all = Object.values(errors).flat();
	const more = all.length - 1;
	return more > 0
		? `${all[0] ?? ''} (and ${more} more error${more === 1 ? '' : 's'})`
		: (all[0] ?? 'The given data was invalid.');
}

/** Places an order on a validated body; mutates the state. */
export function placeOrder(state: EnergyState, body: Fields, now: number, timing: MachineTiming) {
	const checked = readTronAddress(String(body.to));
	const to = 'address' in checked ? checked.address : String(body.to);
	const periodType = body.period_type as 'hours' | 'days';
	const periodAmount = asInt(body.period_amount)!;
	let energy: number;
	let estimate: FakeEstimate | null = null;
	if (body.amount_source === 'estimate') {
		const recipients = String(body.estimate_to)
			.split(',')
			.map((s) => {
				const read = readTronAddress(s);
				return 'address' in read ? read.address : s;
			});
		const base = recipients.reduce(
			(sum, r) => sum + (state.seenAddresses.includes(r) ? 65_000 : 131_000),
			0
		);
		const pct = Number(String(body.estimate_adjust_percent));
		energy = Math.ceil(base * (1 + pct / 100));
		estimate = {
			id: state.nextTaskId++,
			token: String(body.estimate_token),
			currency: 'TRX',
			from: to,
			to: recipients
		};
	} else {
		energy = asInt(body.amount)!;
	}
	const price = PRICE_SUN[`${periodType}:${periodAmount}`]!;
	const delegationFee = energy < SMALL_ORDER_ENERGY ? DELEGATION_FEE : '0.000000';
	const activationFee = state.seenAddresses.includes(to) ? '0.000000' : ACTIVATION_FEE;
	// order_cost includes both fees (energy facts).
	const cost = BigInt(energy) * price + toSun(delegationFee) + toSun(activationFee);
	const buyer = state.accounts.find((a) => a.section === 'buyer')!;
	const funded = toSun(buyer.balance) >= cost;
	const hours = periodType === 'hours' ? periodAmount : 0;
	const days = periodType === 'days' ? periodAmount : 0;
	const order: FakeOrder = {
		guid: state.nextGuid++,
		createdAt: now,
		stepMs: timing.stepMs,
		reclaimMs: timing.reclaimMsPerHour * (hours || days * 24),
		// EN-ERR-1: insufficient funds: created with status 6 at once, nothing debited.
		fixedStatus: funded ? null : STATUS.error,
		to,
		energyAmount: energy,
		estimate,
		period_type: periodType,
		hours,
		days,
		order_cost: fromSun(cost),
		order_cost_paid: funded ? fromSun(cost) : '0.000000',
		energy_delegation_fee: delegationFee,
		address_activation_fee: activationFee
	};
	if (funded) {
		buyer.balance = fromSun(toSun(buyer.balance) - cost);
		if (!state.seenAddresses.includes(to)) state.seenAddresses.push(to);
	}
	state.orders.push(order);
	return { order, balance: buyer.balance };
}
