import { describe, expect, it } from 'vitest';
import type { BuyRequest } from '$lib/energy/purchase/buy-request';
import { purchaseSummary, sameRequest } from '$lib/energy/purchase/pending-purchase';
import { FRESH } from './helpers';

const exact: BuyRequest = {
	format: 'json',
	to: FRESH,
	period_type: 'days',
	period_amount: 3,
	amount_source: 'amount',
	amount: 131000
};
const estimate: BuyRequest = {
	format: 'json',
	to: FRESH,
	period_type: 'hours',
	period_amount: 1,
	amount_source: 'estimate',
	estimate_to: FRESH,
	estimate_token: 'USDT',
	estimate_adjust_percent: '0.04'
};

describe('a purchase named and compared', () => {
	it('names each period and an estimate purchase in words', () => {
		expect(purchaseSummary(exact)).toBe(`131,000 energy for ${FRESH} for 3 days`);
		expect(purchaseSummary(estimate)).toBe(
			`the energy estimated for USDT transfers for ${FRESH} for 1 hour`
		);
		expect(purchaseSummary({ ...exact, period_amount: 4 })).toBe(
			`131,000 energy for ${FRESH} for 4 days`
		);
	});

	it('EN-BUY-1: an exact purchase is never the same as an estimate one, either way round', () => {
		const sameTarget = { ...estimate, period_type: 'days', period_amount: 3 } as BuyRequest;
		expect(sameRequest(exact, sameTarget)).toBe(false);
		expect(sameRequest(sameTarget, exact)).toBe(false);
		expect(sameRequest(estimate, { ...estimate })).toBe(true);
	});
});
