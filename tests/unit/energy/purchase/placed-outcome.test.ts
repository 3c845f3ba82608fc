import { describe, expect, it } from 'vitest';
import type { BuyRequest } from '$lib/energy/purchase/buy-request';
import type { CostEstimate } from '$lib/energy/costs/estimate';
import {
	differenceText,
	placedDifferences,
	placedVerdict,
	type PlacedTerms,
	type Reviewed
} from '$lib/energy/purchase/placed-outcome';
import { FRESH, HOUR_REQUEST } from '../helpers';

const OTHER = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb';
/** FRESH in its hex form (`41` and the 20 account bytes). */
const FRESH_HEX = '41a614f803b6fd780986a42c78ec9c7f77e6ded13c';

/** An estimate shown in the review: 3.9–5.0 TRX, every fee's amount known. */
const shown = (patch: Partial<Extract<CostEstimate, { kind: 'history' }>> = {}): CostEstimate => ({
	kind: 'history',
	basedOn: 1,
	energy: { min: 65000, max: 65000 },
	cost: { min: '3.900000', max: '5.000000' },
	balanceAfter: null,
	overBalance: 'no',
	fees: { activation: { amount: '1.100000' }, delegation: null, smallerThan: null },
	...patch
});

const reviewed = (
	request: BuyRequest = HOUR_REQUEST,
	estimate: CostEstimate | null = shown()
): Reviewed => ({ request, estimate });

/** What the purchase's answer says: exactly what HOUR_REQUEST asked, for 5 TRX, unless patched. */
const placed = (patch: Partial<PlacedTerms> = {}): PlacedTerms => ({
	to: FRESH,
	energy_amount: 65000,
	period_type: 'hours',
	hours: 1,
	days: 0,
	order_cost: '5.000000',
	energy_delegation_fee: '0.000000',
	address_activation_fee: '1.100000',
	estimate_task: null,
	...patch
});

const texts = (r: Reviewed, p: PlacedTerms) => placedDifferences(r, p).map(differenceText);

describe('the answer to a purchase, set against what was confirmed', () => {
	it('an answer with the terms confirmed names no difference', () => {
		expect(placedDifferences(reviewed(), placed())).toEqual([]);
	});

	it('another recipient is named, with both addresses in full', () => {
		expect(texts(reviewed(), placed({ to: OTHER }))).toEqual([
			`Recipient: you asked for ${FRESH}; the server's answer says ${OTHER}.`
		]);
	});

	it('another amount of energy is named', () => {
		expect(texts(reviewed(), placed({ energy_amount: 650 }))).toEqual([
			"Energy: you asked for 65,000 energy; the server's answer says 650 energy."
		]);
		// An exact purchase answered as an order whose amount is left open.
		expect(texts(reviewed(), placed({ energy_amount: null }))).toEqual([
			"Energy: you asked for 65,000 energy; the server's answer says an amount not given."
		]);
	});

	it('another period is named: another length, or days for hours', () => {
		expect(texts(reviewed(), placed({ period_type: 'days', hours: 0, days: 3 }))).toEqual([
			"Period: you asked for 1 hour; the server's answer says 3 days."
		]);
		const week = { ...HOUR_REQUEST, period_type: 'days', period_amount: 7 } as const;
		expect(
			texts(reviewed(week, null), placed({ period_type: 'days', hours: 0, days: 30 }))
		).toEqual(["Period: you asked for 7 days; the server's answer says 30 days."]);
	});

	it('a cost outside the estimate reviewed is named, above it or below it', () => {
		expect(texts(reviewed(), placed({ order_cost: '50.000000' }))).toEqual([
			"Cost: the estimate you reviewed was about 3.90–5.00 TRX; the server's answer says 50.00 TRX."
		]);
		expect(texts(reviewed(), placed({ order_cost: '0.050000' }))).toHaveLength(1);
		// The edges of the range are within it.
		expect(texts(reviewed(), placed({ order_cost: '3.900000' }))).toEqual([]);
		expect(texts(reviewed(), placed({ order_cost: '5.000000' }))).toEqual([]);
		expect(texts(reviewed(), placed({ order_cost: '5.000001' }))).toHaveLength(1);
	});

	it('a fee the review said may come on top, its amount not known, does not count against the cost; anything more does', () => {
		// The review said: a new recipient pays an activation fee whose amount these orders do not show.
		const unknownFee = shown({
			cost: { min: '3.900000', max: '3.900000' },
			fees: { activation: { amount: null }, delegation: null, smallerThan: null }
		});
		const r = reviewed(HOUR_REQUEST, unknownFee);
		expect(
			texts(r, placed({ order_cost: '5.000000', address_activation_fee: '1.100000' }))
		).toEqual([]);
		expect(
			texts(r, placed({ order_cost: '6.000000', address_activation_fee: '1.100000' }))
		).toHaveLength(1);
		// A small order's delegation fee, said to be possible but not known.
		const smallFee = shown({
			cost: { min: '0.600000', max: '0.600000' },
			fees: { activation: null, delegation: null, smallerThan: 20000 }
		});
		expect(
			texts(
				reviewed(HOUR_REQUEST, smallFee),
				placed({ order_cost: '1.100000', energy_delegation_fee: '0.500000' })
			)
		).toEqual([]);
	});

	it('no estimate was shown: the cost is not set against anything', () => {
		expect(
			placedDifferences(reviewed(HOUR_REQUEST, null), placed({ order_cost: '999.0' }))
		).toEqual([]);
		expect(
			placedDifferences(reviewed(HOUR_REQUEST, { kind: 'no-history' }), placed({ order_cost: '9' }))
		).toEqual([]);
	});

	it('several differences at once are each named, in the order recipient, energy, period, cost', () => {
		const lie = placed({
			to: OTHER,
			energy_amount: 650,
			period_type: 'days',
			hours: 0,
			days: 3,
			order_cost: '50.000000'
		});
		expect(placedDifferences(reviewed(), lie)).toEqual([
			{ term: 'recipient', asked: FRESH, placed: OTHER },
			{ term: 'energy', asked: '65,000 energy', placed: '650 energy' },
			{ term: 'period', asked: '1 hour', placed: '3 days' },
			{ term: 'cost', asked: 'about 3.90–5.00 TRX', placed: '50.00 TRX' }
		]);
	});

	it('the same values written differently are no difference: "65000" and 65000, "5.0" and "5", "1" and 1, hex and base58', () => {
		const r = reviewed(HOUR_REQUEST, shown({ cost: { min: '5', max: '5' } }));
		expect(
			placedDifferences(
				r,
				placed({ energy_amount: '65000', hours: '1', order_cost: '5.0', to: FRESH_HEX })
			)
		).toEqual([]);
		expect(placedDifferences(r, placed({ energy_amount: '065000', order_cost: '5' }))).toEqual([]);
		const thousand = { ...HOUR_REQUEST, amount: 1000 };
		expect(placedDifferences(reviewed(thousand, null), placed({ energy_amount: '1000' }))).toEqual(
			[]
		);
		expect(
			placedDifferences(reviewed(thousand, null), placed({ energy_amount: '1000.0' }))
		).toEqual([]);
	});

	it('an estimate purchase: its amount is not known at first; another token or other destinations are named', () => {
		const request: BuyRequest = {
			format: 'json',
			to: FRESH,
			period_type: 'days',
			period_amount: 1,
			amount_source: 'estimate',
			estimate_to: `${OTHER},${FRESH}`,
			estimate_token: 'USDT',
			estimate_adjust_percent: '0.04'
		};
		const answer = (patch: Partial<PlacedTerms>) =>
			placed({ period_type: 'days', hours: 0, days: 1, energy_amount: null, ...patch });
		const task = { token: 'USDT', to: [FRESH, OTHER] };
		expect(placedDifferences(reviewed(request, null), answer({ estimate_task: task }))).toEqual([]);
		// Read later, with the amount the estimate came to.
		expect(
			placedDifferences(
				reviewed(request, null),
				answer({ estimate_task: task, energy_amount: 131_053 })
			)
		).toEqual([]);
		expect(
			texts(reviewed(request, null), answer({ estimate_task: { token: 'USDC', to: [OTHER] } }))
		).toEqual([
			`Energy: you asked for the energy estimated for USDT transfers to ${OTHER}, ${FRESH}; the server's answer says the energy estimated for USDC transfers to ${OTHER}.`
		]);
		// Answered as a fixed amount instead of an estimate.
		expect(texts(reviewed(request, null), answer({ energy_amount: 650 }))).toHaveLength(1);
	});

	it('a later read of the order is checked too; the first answer that contradicts a term is the one named', () => {
		const later = placed({ to: OTHER, energy_amount: 1 });
		expect(placedDifferences(reviewed(), placed({ energy_amount: 650 }), later)).toEqual([
			{ term: 'recipient', asked: FRESH, placed: OTHER },
			{ term: 'energy', asked: '65,000 energy', placed: '650 energy' }
		]);
		expect(placedDifferences(reviewed(), placed(), undefined)).toEqual([]);
	});
});

describe('the verdict on a purchase', () => {
	const order = (patch: Partial<PlacedTerms> & { status?: number } = {}) => ({
		guid: 31000004,
		status: 0,
		...placed(patch)
	});

	it('placed as confirmed: "Order … placed", nothing to warn of', () => {
		expect(placedVerdict(reviewed(), order())).toEqual({
			failed: false,
			heading: 'Order 31000004 placed',
			failure: null,
			differences: []
		});
	});

	it('placed otherwise than confirmed: never a plain "Order placed"', () => {
		const verdict = placedVerdict(reviewed(), order({ to: OTHER }));
		expect(verdict.heading).toBe('Order 31000004 placed, not as you confirmed');
		expect(verdict.differences.map((d) => d.term)).toEqual(['recipient']);
		// A later read that contradicts the confirmation turns it too.
		expect(
			placedVerdict(reviewed(), order(), placed({ days: 3, period_type: 'days' })).heading
		).toBe('Order 31000004 placed, not as you confirmed');
	});

	it('EN-ERR-1: an order created with status 6 is a failure: why, that nothing was delivered, and to add funds and place a new order', () => {
		const verdict = placedVerdict(reviewed(), order({ status: 6 }));
		expect(verdict.failed).toBe(true);
		expect(verdict.heading).toBe('Order 31000004 failed');
		expect(verdict.failure).toMatch(/insufficient funds/);
		expect(verdict.failure).toMatch(/Nothing was delivered/);
		expect(verdict.failure).toMatch(/Add funds, then place a new order/);
		// Every other status is not a failure of the purchase.
		for (const status of [0, 1, 2, 3, 4, 5])
			expect(placedVerdict(reviewed(), order({ status })).failed, String(status)).toBe(false);
	});

	it('EN-ERR-1: a failed order that differs from the confirmation says both', () => {
		const verdict = placedVerdict(reviewed(), order({ status: 6, to: OTHER }));
		expect(verdict.heading).toBe('Order 31000004 failed');
		expect(verdict.differences.map((d) => d.term)).toEqual(['recipient']);
	});
});
