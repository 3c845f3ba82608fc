import { describe, expect, it } from 'vitest';
import { axisTicks, bucketStart, spendingBuckets } from '$lib/energy/costs/spending';
import { sampleOrder } from '../helpers';

const at = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).toISOString();

describe('spending per day or week, by status', () => {
	const orders = [
		sampleOrder({ guid: 1, created_at: at(2026, 11, 23), status: 4, order_cost_paid: '5.000000' }),
		sampleOrder({
			guid: 2,
			created_at: at(2026, 11, 23, 20),
			status: 3,
			order_cost_paid: '3.900000'
		}),
		sampleOrder({ guid: 3, created_at: at(2026, 11, 25), status: 1, order_cost_paid: '4.000000' }),
		// Failed for lack of funds: paid nothing, spent nothing.
		sampleOrder({
			guid: 4,
			created_at: at(2026, 11, 25),
			status: 6,
			order_cost: '262.000000',
			order_cost_paid: '0.000000'
		}),
		// No creation time: cannot be placed in time.
		sampleOrder({ guid: 5, status: 4, order_cost_paid: '9.000000' })
	];

	it('sums what was paid per local day and status, with empty days between', () => {
		const days = spendingBuckets(orders, 'day');
		expect(days.map((b) => new Date(b.start).getDate())).toEqual([23, 24, 25]);
		expect(days[0]!.byStatus).toEqual({ 4: 5_000_000n, 3: 3_900_000n });
		expect(days[0]!.total).toBe(8_900_000n);
		expect(days[1]!.total).toBe(0n);
		expect(days[2]!.byStatus).toEqual({ 1: 4_000_000n, 6: 0n });
		expect(days[2]!.total).toBe(4_000_000n);
	});

	it('a week starts on Monday; the whole span is one week here', () => {
		const weeks = spendingBuckets(orders, 'week');
		expect(weeks).toHaveLength(1);
		// 2026-11-23 is a Monday.
		expect(weeks[0]!.start).toBe(new Date(2026, 10, 23).getTime());
		expect(weeks[0]!.total).toBe(12_900_000n);
		expect(bucketStart(new Date(2026, 10, 29, 23).getTime(), 'week')).toBe(
			new Date(2026, 10, 23).getTime()
		);
	});

	it('no dated orders: no buckets', () => {
		expect(spendingBuckets([sampleOrder()], 'day')).toEqual([]);
	});
});

describe('the spending chart’s value axis', () => {
	const trx = (n: number) => BigInt(Math.round(n * 1_000_000));

	it('goes from 0 in round steps to the first step at or above the tallest bar', () => {
		expect(axisTicks(trx(262))).toEqual([0, 100, 200, 300].map(trx));
		expect(axisTicks(trx(12.5))).toEqual([0, 5, 10, 15].map(trx));
		expect(axisTicks(trx(5))).toEqual([0, 2, 4, 6].map(trx));
		expect(axisTicks(trx(0.9))).toEqual([0, 0.5, 1].map(trx));
	});

	it('has only 0 when nothing was paid', () => {
		expect(axisTicks(0n)).toEqual([0n]);
	});
});

describe('spending over several weeks', () => {
	it('orders read newest first are drawn oldest first, one bar a week, empty weeks kept', () => {
		const orders = [
			sampleOrder({ guid: 3, created_at: at(2026, 11, 26), order_cost_paid: '2.000000' }),
			sampleOrder({ guid: 1, created_at: at(2026, 11, 4), order_cost_paid: '1.000000' })
		];
		const weeks = spendingBuckets(orders, 'week');
		expect(weeks.map((w) => w.start)).toEqual(
			[2, 9, 16, 23].map((d) => bucketStart(new Date(2026, 10, d).getTime(), 'week'))
		);
		expect(weeks.map((w) => w.total)).toEqual([1_000_000n, 0n, 0n, 2_000_000n]);
	});
});
