import { describe, expect, it } from 'vitest';
import { basisText, feesText, rangeText } from '$lib/energy/costs/price-words';

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

describe('the estimate in words', () => {
	it('one statement about fees, each named with its amount', () => {
		expect(
			feesText({ activation: { amount: '1.100000' }, delegation: null, smallerThan: null })
		).toBe(
			'The range includes an activation fee of 1.10 TRX, charged if the recipient is not yet activated on TRON (it has not received energy through your account before).'
		);
		expect(
			feesText({
				activation: null,
				delegation: { amount: '0.500000', certain: true },
				smallerThan: null
			})
		).toBe(
			'The range includes a delegation fee of 0.50 TRX for a small order (your orders of this size or larger paid it).'
		);
		expect(feesText({ activation: null, delegation: null, smallerThan: null })).toMatch(
			/^No fees on top: /
		);
		expect(feesText({ activation: null, delegation: null, smallerThan: 65_000 })).toBe(
			'Orders under 65,000 energy may pay a delegation fee for a small order; none of yours has, so its amount is not known and not in the range.'
		);
		expect(basisText(5, '1 hour')).toBe(
			'Based on your 5 latest 1-hour orders (their price per unit of energy)'
		);
		expect(basisText(1, '30 days')).toBe(
			'Based on your latest 30-day order (its price per unit of energy)'
		);
		expect(rangeText({ min: '3.900000', max: '5.000000' })).toBe('about 3.90–5.00 TRX');
		// A per-day range of a 30-day order: the ends read as a pair.
		expect(rangeText({ min: '4.333333', max: '4.370000' })).toBe('about 4.333–4.370 TRX');
	});
});
