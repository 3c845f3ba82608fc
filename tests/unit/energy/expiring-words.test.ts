import { describe, expect, it } from 'vitest';
import { expiringOrders, stillDue, validMinutes } from '$lib/energy/orders/expiring';
import { feesText, rangeText } from '$lib/energy/costs/price-words';
import { sampleOrder } from './helpers';

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

describe('the estimate in words: the edges', () => {
	it('one price when the range is one amount', () => {
		expect(rangeText({ min: '3.900000', max: '3.900000' })).toBe('about 3.90 TRX');
	});

	it('both fees in one sentence; an uncertain delegation fee says when it applies; sentences apart', () => {
		expect(
			feesText({
				activation: { amount: '1.100000' },
				delegation: { amount: '0.500000', certain: false },
				smallerThan: null
			})
		).toBe(
			'The range includes an activation fee of 1.10 TRX, charged if the recipient is not yet activated on TRON (it has not received energy through your account before), and a delegation fee of 0.50 TRX for a small order, if the amount is small enough (your orders of this size or larger paid it).'
		);
		expect(
			feesText({ activation: { amount: null }, delegation: null, smallerThan: 65_000 })
		).toMatch(/in the range\. Orders under 65,000/);
	});
});
