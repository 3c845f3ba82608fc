import { describe, expect, it } from 'vitest';
import { expiringOrders, stillDue, validMinutes } from '$lib/energy/orders/expiring';
import { sampleOrder } from '../helpers';

const HOUR = 3_600_000;

describe('Expiring soon: the edges', () => {
	it('EN-ST-2: orders ending at the same time are listed by number; one ending right now is over', () => {
		// Delegated 1-hour orders first seen at 0 end at one hour.
		const orders = [9, 2, 5].map((guid) => sampleOrder({ guid, status: 3 }));
		expect(expiringOrders(orders, () => 0, 0).map((o) => o.guid)).toEqual([2, 5, 9]);
		expect(expiringOrders(orders, () => 0, HOUR)).toEqual([]);
	});

	it('a reminder is due until the moment the rental ends, not at it', () => {
		const order = { guid: 1, to: 'T', energy: 1, endsAt: HOUR };
		const reminder = { guid: 1, endsAt: HOUR, fireAt: HOUR - 60_000 };
		expect(stillDue(reminder, order, HOUR - 1)).toBe(true);
		expect(stillDue(reminder, order, HOUR)).toBe(false);
	});

	it('the minutes: 1 and 1440 are allowed, as typed or as numbers', () => {
		expect(validMinutes('1')).toBe(1);
		expect(validMinutes('1440')).toBe(1440);
		expect(validMinutes(30)).toBe(30);
		expect(validMinutes(null)).toBeNull();
	});
});

describe('Expiring soon', () => {
	it('lists delegated orders by the time their energy is reclaimed, soonest first', () => {
		const created = (ms: number) => new Date(ms).toISOString();
		const orders = [
			sampleOrder({
				guid: 1,
				status: 3,
				period_type: 'days',
				hours: 0,
				days: 1,
				created_at: created(0)
			}),
			sampleOrder({ guid: 2, status: 3, created_at: created(0) }),
			sampleOrder({ guid: 3, status: 4, created_at: created(0) }),
			// Ended already.
			sampleOrder({ guid: 4, status: 3, created_at: created(-2 * HOUR) })
		];
		expect(expiringOrders(orders, () => undefined, 60_000).map((o) => [o.guid, o.endsAt])).toEqual([
			[2, HOUR],
			[1, 24 * HOUR]
		]);
	});

	it('minutes are whole, from 1 to 1440', () => {
		expect(validMinutes('15')).toBe(15);
		expect(validMinutes('0')).toBeNull();
		expect(validMinutes('2.5')).toBeNull();
		expect(validMinutes('1441')).toBeNull();
	});
});
