import { describe, expect, it } from 'vitest';
import type { BuyRequest } from '$lib/energy/purchase/buy-request';
import {
	comparableOrders,
	estimateCost,
	estimateFromPrice,
	fromSun,
	requestedEnergy,
	toSun,
	type PricedOrder
} from '$lib/energy/costs/estimate';
import { feesText } from '$lib/energy/costs/price-words';
import { FRESH } from '../helpers';

const TO = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

function order(guid: number, extra: Partial<PricedOrder> = {}): PricedOrder {
	return {
		guid,
		energy_amount: 65_000,
		period_type: 'hours',
		hours: 1,
		days: 0,
		order_cost: '3.900000',
		energy_delegation_fee: '0.000000',
		address_activation_fee: '0.000000',
		...extra
	};
}

const exact = (amount: number, period: Partial<BuyRequest> = {}): BuyRequest =>
	({
		format: 'json',
		to: TO,
		period_type: 'hours',
		period_amount: 1,
		amount_source: 'amount',
		amount,
		...period
	}) as BuyRequest;

describe('the cost estimate from earlier orders', () => {
	it('prices the amount at the cost per unit of the orders of the same period', () => {
		// 65,000 energy for 3.9 TRX: 60 sun a unit; 5,000,000 energy is then 300 TRX.
		const e = estimateCost([order(1)], exact(5_000_000), '250.000000');
		expect(e).toEqual({
			kind: 'history',
			basedOn: 1,
			energy: { min: 5_000_000, max: 5_000_000 },
			cost: { min: '300.000000', max: '300.000000' },
			balanceAfter: { min: '-50.000000', max: '-50.000000' },
			overBalance: 'yes',
			// No order shows an activation fee: its amount is unknown, so it is named, not added.
			fees: { activation: { amount: null }, delegation: null, smallerThan: null }
		});
	});

	it('says the cost fits when the balance covers it', () => {
		const e = estimateCost([order(1)], exact(65_000), '250.000000');
		expect(e).toMatchObject({
			cost: { min: '3.900000' },
			balanceAfter: { min: '246.100000' },
			overBalance: 'no'
		});
	});

	it('EN-LIM-1, EN-ORD-4: only orders of the same period count (1 day is not 1 hour, 3 days is not 1 day)', () => {
		const orders = [
			order(1),
			order(2, {
				period_type: 'days',
				hours: 0,
				days: 1,
				order_cost: '11.790000',
				energy_amount: 131_000
			}),
			order(3, {
				period_type: 'days',
				hours: 0,
				days: 3,
				order_cost: '31.440000',
				energy_amount: 131_000
			})
		];
		const day = estimateCost(
			orders,
			exact(131_000, { period_type: 'days', period_amount: 1 }),
			null
		);
		expect(day).toMatchObject({ basedOn: 1, cost: { min: '11.790000' }, balanceAfter: null });
		expect(
			estimateCost(orders, exact(65_000, { period_type: 'days', period_amount: 7 }), '1')
		).toEqual({
			kind: 'no-history'
		});
	});

	it('takes the fees out of the price per unit: they depend on the order, not the amount', () => {
		// 5 TRX = 65,000 × 60 sun + 1.1 TRX activation fee.
		const e = estimateCost(
			[order(1, { order_cost: '5.000000', address_activation_fee: '1.100000' })],
			exact(65_000),
			null
		);
		// The bottom is the energy alone; the top adds the activation fee back (a new recipient).
		expect(e).toMatchObject({ cost: { min: '3.900000', max: '5.000000' } });
	});

	it('averages over the newest five orders of the period, newest by creation time when sent', () => {
		const orders = [
			order(10, { order_cost: '6.500000' }), // 100 sun a unit, the oldest
			...[11, 12, 13, 14, 15].map((g) => order(g)) // 60 sun a unit
		];
		expect(comparableOrders(orders, exact(1)).map((o) => o.guid)).toEqual([15, 14, 13, 12, 11]);
		expect(estimateCost(orders, exact(65_000), null)).toMatchObject({
			basedOn: 5,
			cost: { min: '3.900000' }
		});
		const dated = orders.map((o) => ({
			...o,
			created_at: new Date(Date.UTC(2026, 0, o.guid === 10 ? 31 : o.guid)).toISOString()
		}));
		expect(comparableOrders(dated, exact(1))[0]!.guid).toBe(10);
	});

	it('EN-ORD-3, EN-ERR-1: an order without a known amount is skipped; a failed one still tells the price', () => {
		const orders = [
			order(1, { energy_amount: null, order_cost: '99.000000' }),
			order(2, { order_cost: '7.800000' }) // failed for lack of funds: the asked cost stands
		];
		expect(estimateCost(orders, exact(65_000), null)).toMatchObject({
			basedOn: 1,
			cost: { min: '7.800000' }
		});
	});

	it('rounds up to the sun, so the estimate never comes out low', () => {
		// 1 TRX for 3 units: a third of a TRX each.
		const e = estimateCost(
			[order(1, { energy_amount: 3, order_cost: '1.000000' })],
			exact(1),
			null
		);
		expect(e).toMatchObject({ cost: { min: '0.333334' } });
	});

	it('EN-BUY-5: an estimate order is priced as a range, from a holder to a fresh address per transfer, plus the surplus percent', () => {
		const request = {
			format: 'json',
			to: TO,
			period_type: 'hours',
			period_amount: 1,
			amount_source: 'estimate',
			estimate_to: `${TO},${TO}`,
			estimate_token: 'USDT',
			estimate_adjust_percent: '0.04'
		} as BuyRequest;
		// 0.04 is a percent: 0.04 % more, not 4 %.
		expect(requestedEnergy(request)).toEqual({ min: 130_052, max: 262_105 });
		const e = estimateCost([order(1)], request, '10.000000');
		expect(e).toMatchObject({
			cost: { min: '7.803120', max: '15.726300' },
			balanceAfter: { min: '-5.726300', max: '2.196880' },
			overBalance: 'maybe'
		});
	});

	it('EN-ORD-5: money is exact in decimal strings', () => {
		expect(toSun('0.1')).toBe(100_000n);
		expect(toSun('-1.5')).toBe(-1_500_000n);
		expect(fromSun(toSun('0.1') + toSun('0.2'))).toBe('0.300000');
		expect(fromSun(-1n)).toBe('-0.000001');
	});
});

describe('the estimate brackets the charge: fees this account has been charged', () => {
	const OTHER = 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW';
	// The demo's prices: 60 sun a unit for 1 hour; 1.1 TRX activation; 0.5 TRX below 32,000.
	const activated = order(1, {
		to: OTHER,
		status: 4,
		order_cost: '5.000000',
		address_activation_fee: '1.100000'
	});
	const small = order(2, {
		to: OTHER,
		status: 3,
		energy_amount: 20_000,
		order_cost: '1.700000',
		energy_delegation_fee: '0.500000'
	});

	it('a recipient new to this account: the top includes the activation fee it was charged before', () => {
		const e = estimateCost([activated], exact(65_000), '250.000000');
		expect(e).toMatchObject({
			cost: { min: '3.900000', max: '5.000000' },
			balanceAfter: { min: '245.000000', max: '246.100000' },
			fees: { activation: { amount: '1.100000' }, delegation: null }
		});
		// The demo charged 5.00 TRX for this order: inside the range.
	});

	it('a recipient that has received energy through this account: no activation fee', () => {
		const e = estimateCost([activated], exact(65_000, { to: OTHER }), null);
		expect(e).toMatchObject({
			cost: { min: '3.900000', max: '3.900000' },
			fees: { activation: null, delegation: null }
		});
	});

	it('EN-ERR-1: an order that failed or awaits payment delivered nothing: the recipient still counts as new', () => {
		for (const status of [1, 6]) {
			const e = estimateCost([{ ...activated, status }], exact(65_000, { to: OTHER }), null);
			expect(e).toMatchObject({ fees: { activation: { amount: '1.100000' } } });
		}
	});

	it('never charged an activation fee: the range leaves it out and says its amount is unknown', () => {
		const e = estimateCost([order(1)], exact(65_000), null);
		expect(e).toMatchObject({
			cost: { min: '3.900000', max: '3.900000' },
			fees: { activation: { amount: null } }
		});
		if (e.kind !== 'history') throw new Error('expected an estimate');
		expect(feesText(e.fees)).toContain('your orders do not show its amount');
	});

	it('the delegation fee counts at or below sizes that paid it, in the whole range when every amount is', () => {
		const orders = [activated, small];
		const at = estimateCost(orders, exact(20_000, { to: OTHER }), null);
		// 20,000 × 60 sun = 1.2 TRX, plus 0.5 TRX.
		expect(at).toMatchObject({
			cost: { min: '1.700000', max: '1.700000' },
			fees: { delegation: { amount: '0.500000', certain: true } }
		});
		expect(estimateCost(orders, exact(20_001, { to: OTHER }), null)).toMatchObject({
			cost: { min: '1.200060', max: '1.200060' },
			fees: { delegation: null }
		});
	});

	it('no order ever paid a delegation fee: an amount below every fee-free size is told it may pay one', () => {
		expect(estimateCost([activated], exact(20_000, { to: OTHER }), null)).toMatchObject({
			fees: { delegation: null, smallerThan: 65_000 }
		});
		expect(estimateCost([activated], exact(65_000, { to: OTHER }), null)).toMatchObject({
			fees: { smallerThan: null }
		});
		expect(estimateCost([activated, small], exact(10_000, { to: OTHER }), null)).toMatchObject({
			fees: { delegation: { certain: true }, smallerThan: null }
		});
	});

	it('EN-BUY-5: an estimate order spanning a size that paid the fee has it at the top only', () => {
		const request = {
			format: 'json',
			to: OTHER,
			period_type: 'hours',
			period_amount: 1,
			amount_source: 'estimate',
			estimate_to: TO,
			estimate_token: 'USDT',
			estimate_adjust_percent: '0'
		} as BuyRequest;
		const big = { ...small, energy_amount: 100_000, order_cost: '6.500000' };
		expect(estimateCost([activated, big], request, null)).toMatchObject({
			// 65,000 … 131,000 energy at 60 sun; the fee only where the amount is ≤ 100,000.
			cost: { min: '3.900000', max: '8.360000' },
			fees: { delegation: { certain: false } }
		});
	});
});

describe('the cost estimate from your price', () => {
	it('prices the amount at your price from the first order on, and says it is yours', () => {
		// 65,000 energy at 60 sun a unit: 3.9 TRX; no order tells of fees, so the activation fee is named.
		expect(estimateFromPrice([], exact(65_000), '250.000000', 60)).toEqual({
			kind: 'price',
			sunPerUnit: 60,
			energy: { min: 65_000, max: 65_000 },
			cost: { min: '3.900000', max: '3.900000' },
			balanceAfter: { min: '246.100000', max: '246.100000' },
			overBalance: 'no',
			fees: { activation: { amount: null }, delegation: null, smallerThan: null }
		});
	});

	it('adds the fees your orders tell of, and wins over what your orders cost', () => {
		const paidActivation = order(1, { order_cost: '5.000000', address_activation_fee: '1.100000' });
		const e = estimateFromPrice([paidActivation], exact(100_000), null, 80);
		expect(e).toMatchObject({
			kind: 'price',
			cost: { min: '8.000000', max: '9.100000' },
			balanceAfter: null,
			overBalance: 'no'
		});
	});

	it('says when your price puts the cost above the balance', () => {
		expect(estimateFromPrice([], exact(5_000_000), '250.000000', 60)).toMatchObject({
			cost: { min: '300.000000' },
			overBalance: 'yes'
		});
	});
});

describe('TRX amounts in sun', () => {
	it('EN-ORD-5: six decimals are kept, more are cut; zero has no sign', () => {
		expect(toSun('1.1234567')).toBe(1_123_456n);
		expect(toSun('-0.5')).toBe(-500_000n);
		expect(fromSun(0n)).toBe('0.000000');
		expect(fromSun(-1n)).toBe('-0.000001');
	});

	it('EN-BUY-3: an estimate counts each destination, not the blanks between commas', () => {
		const one = requestedEnergy({
			format: 'json',
			to: FRESH,
			period_type: 'hours',
			period_amount: 1,
			amount_source: 'estimate',
			estimate_to: FRESH,
			estimate_token: 'USDT',
			estimate_adjust_percent: '0'
		});
		const withBlanks = requestedEnergy({
			format: 'json',
			to: FRESH,
			period_type: 'hours',
			period_amount: 1,
			amount_source: 'estimate',
			estimate_to: `${FRESH}, ,`,
			estimate_token: 'USDT',
			estimate_adjust_percent: '0'
		});
		expect(withBlanks).toEqual(one);
	});
});
