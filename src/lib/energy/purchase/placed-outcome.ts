/**
 * What the answer to a purchase means for the buyer: the order failed (EN-ERR-1), it was placed
 * as the person reviewed and confirmed it, or the server says it placed something else: another
 * recipient, amount, period, or a cost outside the estimate that was reviewed. The answer is
 * never taken at its word: each of those terms is set against what was confirmed.
 */
import { formatNumber } from '$lib/ui/number-format';
import { checkTronAddress } from '../address';
import type { BuyRequest } from './buy-request';
import { toSun, type CostEstimate } from '../costs/estimate';
import { describePeriod, PERIODS, STATUS } from '../model';
import { trxText } from '../amounts';
import { rangeText } from '../costs/price-words';

/** What the person reviewed and confirmed. */
export interface Reviewed {
	request: BuyRequest;
	/** The cost estimate shown when the purchase was confirmed; null when none was shown. */
	estimate: CostEstimate | null;
}

/** The terms an answer says were placed; numbers as a server may write them. */
export interface PlacedTerms {
	to: string;
	energy_amount: number | string | null;
	period_type: string;
	hours: number | string;
	days: number | string;
	order_cost: string;
	energy_delegation_fee: string;
	address_activation_fee: string;
	estimate_task?: { token: string; to: readonly string[] } | null;
}

export type Term = 'recipient' | 'energy' | 'period' | 'cost';

/** One term that differs: what the person asked for, and what the answer says. */
export interface Difference {
	term: Term;
	asked: string;
	placed: string;
}

const DECIMAL = /^\d+(\.\d+)?$/;

/** One way of writing a number: "5.0" and "5", "0065000" and 65000 are the same. */
function canonical(value: number | string): string {
	const text = String(value).trim();
	if (!DECIMAL.test(text)) return text;
	const [int = '', frac = ''] = text.split('.');
	const whole = int.replace(/^0+(?=\d)/, '');
	const rest = frac.replace(/0+$/, '');
	return rest ? `${whole}.${rest}` : whole;
}

const sameNumber = (a: number | string, b: number | string) => canonical(a) === canonical(b);

/** An address in its base58 form, so the hex form of the same address is the same. */
function canonicalAddress(address: string): string {
	const check = checkTronAddress(address);
	return check.ok ? check.address : address.trim();
}

function periodWords(request: BuyRequest): string {
	const period = PERIODS.find(
		(p) => p.period_type === request.period_type && p.period_amount === request.period_amount
	);
	return period?.label ?? `${request.period_amount} ${request.period_type}`;
}

const estimateWords = (token: string, to: readonly string[]) =>
	`the energy estimated for ${token} transfers to ${to.join(', ')}`;

function energyDifference(request: BuyRequest, placed: PlacedTerms): Difference | null {
	const amount = placed.energy_amount;
	const task = placed.estimate_task ?? null;
	if (request.amount_source === 'amount') {
		const asked = `${formatNumber(request.amount)} energy`;
		if (amount === null)
			return task
				? { term: 'energy', asked, placed: estimateWords(task.token, task.to) }
				: { term: 'energy', asked, placed: 'an amount not given' };
		return sameNumber(amount, request.amount)
			? null
			: { term: 'energy', asked, placed: `${amountWords(amount)} energy` };
	}
	const wanted = request.estimate_to.split(',').map((a) => canonicalAddress(a));
	const asked = estimateWords(request.estimate_token, wanted);
	if (!task)
		// An estimate order's amount is known only later (EN-ORD-3): only a fixed amount differs.
		return amount === null
			? null
			: { term: 'energy', asked, placed: `${amountWords(amount)} energy` };
	const had = new Set(task.to.map((a) => canonicalAddress(a)));
	const same =
		task.token === request.estimate_token &&
		had.size === new Set(wanted).size &&
		wanted.every((a) => had.has(a));
	return same ? null : { term: 'energy', asked, placed: estimateWords(task.token, task.to) };
}

const amountWords = (amount: number | string) =>
	typeof amount === 'number' ? formatNumber(amount) : amount;

function periodDifference(request: BuyRequest, placed: PlacedTerms): Difference | null {
	const length = placed.period_type === 'hours' ? placed.hours : placed.days;
	if (placed.period_type === request.period_type && sameNumber(length, request.period_amount))
		return null;
	const known = placed.period_type === 'hours' || placed.period_type === 'days';
	return {
		term: 'period',
		asked: periodWords(request),
		placed: known
			? describePeriod({
					period_type: placed.period_type,
					hours: Number(placed.hours),
					days: Number(placed.days)
				})
			: `${String(length)} ${placed.period_type}`
	};
}

/**
 * The cost against the estimate that was reviewed. The range holds every fee whose amount this
 * account has been charged before; a fee the review said may come on top, its amount not known
 * (activation of a new recipient, a small order's delegation fee), may lift the charge above it
 * by that fee as the answer itemizes it. No estimate shown, nothing to set the cost against.
 */
function costDifference(estimate: CostEstimate | null, placed: PlacedTerms): Difference | null {
	if (estimate?.kind !== 'history') return null;
	const asked = rangeText(estimate.cost);
	const charge = placed.order_cost.trim();
	if (!DECIMAL.test(charge)) return { term: 'cost', asked, placed: charge };
	let allowance = 0n;
	if (estimate.fees.activation && estimate.fees.activation.amount === null)
		allowance += feeSun(placed.address_activation_fee);
	if (estimate.fees.smallerThan !== null) allowance += feeSun(placed.energy_delegation_fee);
	const sun = toSun(charge);
	const within = sun >= toSun(estimate.cost.min) && sun <= toSun(estimate.cost.max) + allowance;
	return within ? null : { term: 'cost', asked, placed: trxText(charge) };
}

const feeSun = (fee: string) => (DECIMAL.test(fee.trim()) ? toSun(fee.trim()) : 0n);

const TERMS: readonly Term[] = ['recipient', 'energy', 'period', 'cost'];

/**
 * The terms of the answers that differ from what was reviewed, in the order recipient, energy,
 * period, cost; for a term several answers contradict (the purchase's, then a later read of the
 * order), the first that does is named.
 */
export function placedDifferences(
	reviewed: Reviewed,
	...answers: readonly (PlacedTerms | undefined)[]
): Difference[] {
	const { request } = reviewed;
	const found = new Map<Term, Difference>();
	for (const placed of answers) {
		if (!placed) continue;
		const differences = [
			canonicalAddress(placed.to) === canonicalAddress(request.to)
				? null
				: { term: 'recipient' as const, asked: request.to, placed: placed.to },
			energyDifference(request, placed),
			periodDifference(request, placed),
			costDifference(reviewed.estimate, placed)
		];
		for (const d of differences) if (d && !found.has(d.term)) found.set(d.term, d);
	}
	return TERMS.flatMap((term) => found.get(term) ?? []);
}

const TERM_WORDS: Record<Term, string> = {
	recipient: 'Recipient',
	energy: 'Energy',
	period: 'Period',
	cost: 'Cost'
};

/** One difference in words: "Recipient: you asked for T…; the server's answer says T…." */
export function differenceText(d: Difference): string {
	const asked =
		d.term === 'cost' ? `the estimate you reviewed was ${d.asked}` : `you asked for ${d.asked}`;
	return `${TERM_WORDS[d.term]}: ${asked}; the server's answer says ${d.placed}.`;
}

/** The panel's heading and words for a purchase's answer. */
export interface PlacedVerdict {
	/** EN-ERR-1: the order was created failed (insufficient funds); nothing was delivered. */
	failed: boolean;
	heading: string;
	/** What the failure means and what to do next; null when it did not fail. */
	failure: string | null;
	/** What the answer says was placed otherwise than it was confirmed. */
	differences: Difference[];
}

/** EN-ERR-1: the words of a failed purchase: why, and the way forward (a new order). */
export const FAILED_WORDS =
	'The buyer account has insufficient funds. Nothing was delivered. Add funds, then place a new order, or change the amount to one your balance covers.';

/**
 * The verdict on a purchase's answer: failed at once (EN-ERR-1), placed, or placed otherwise than
 * confirmed. `order` is the purchase's answer; `later` the order as read since, whose terms are
 * checked too (a later failure is the live status's to tell, with its own words).
 */
export function placedVerdict(
	reviewed: Reviewed,
	order: PlacedTerms & { guid: number; status: number },
	later?: PlacedTerms
): PlacedVerdict {
	const failed = order.status === STATUS.error;
	const differences = placedDifferences(reviewed, order, later);
	const heading = failed
		? `Order ${order.guid} failed`
		: differences.length
			? `Order ${order.guid} placed, not as you confirmed`
			: `Order ${order.guid} placed`;
	return { failed, heading, failure: failed ? FAILED_WORDS : null, differences };
}
