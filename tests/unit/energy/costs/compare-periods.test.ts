import { describe, expect, it } from 'vitest';
import type { BuyRequest } from '$lib/energy/purchase/buy-request';
import { comparePeriods } from '$lib/energy/costs/compare-periods';
import { FRESH, sampleOrder } from '../helpers';

const request: BuyRequest = {
	format: 'json',
	to: FRESH,
	period_type: 'hours',
	period_amount: 1,
	amount_source: 'amount',
	amount: 65_000
};

describe('Compare periods', () => {
	it('the six periods, priced from the orders of each; blank where there are none', () => {
		const orders = [
			// 1 hour: 60 sun per energy; the recipient already received energy (no activation fee).
			sampleOrder({ guid: 1, status: 4, energy_amount: 65_000, order_cost: '3.900000' }),
			// 7 days: 520 sun per energy.
			sampleOrder({
				guid: 2,
				status: 4,
				period_type: 'days',
				hours: 0,
				days: 7,
				energy_amount: 100_000,
				order_cost: '52.000000'
			})
		];
		const rows = comparePeriods(orders, request);
		expect(rows.map((r) => r.label)).toEqual([
			'1 hour',
			'1 day',
			'3 days',
			'7 days',
			'15 days',
			'30 days'
		]);
		expect(rows[0]).toMatchObject({
			cost: { min: '3.900000', max: '3.900000' },
			perDay: { min: '93.600000' }
		});
		expect(rows[3]).toMatchObject({
			cost: { min: '33.800000', max: '33.800000' },
			perDay: { min: '4.828571' }
		});
		expect(rows[1]).toMatchObject({ cost: null, perDay: null, basedOn: 0 });
	});

	it('no history at all: every period blank', () => {
		expect(comparePeriods([], request).every((r) => r.cost === null)).toBe(true);
	});
});
