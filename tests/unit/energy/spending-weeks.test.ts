import { describe, expect, it } from 'vitest';
import { bucketStart, spendingBuckets } from '$lib/energy/costs/spending';
import { sampleOrder } from './helpers';

const at = (y: number, m: number, d: number) => new Date(y, m - 1, d, 12).toISOString();

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
