import { describe, expect, it } from 'vitest';
import {
	checkDraft,
	draftFor,
	draftFromOrder,
	draftFromRequest,
	type BuyRequest
} from '$lib/energy/purchase/buy-request';
import { FRESH, HOUR_REQUEST, sampleOrder } from './helpers';

const OTHER = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb';

describe('"Buy again" on an order', () => {
	it('fills the form with its recipient, amount and period, ready to review as the same purchase', () => {
		const order = sampleOrder({ energy_amount: 131_000, period_type: 'days', hours: 0, days: 7 });
		const draft = draftFromOrder(order);
		expect(draft).toMatchObject({ to: FRESH, periodId: '7d', source: 'amount', amount: '131000' });
		const check = checkDraft(draft);
		expect(check.ok && check.request).toMatchObject({
			to: FRESH,
			period_type: 'days',
			period_amount: 7,
			amount_source: 'amount',
			amount: 131_000
		});
	});

	it('an hour order comes back as 1 hour; an estimate order as the same estimate', () => {
		expect(draftFromOrder(sampleOrder({ energy_amount: 65_000 })).periodId).toBe('1h');
		const estimate = sampleOrder({
			energy_amount: null,
			period_type: 'days',
			hours: 0,
			days: 30,
			estimate_task_id: 5,
			estimate_task: { id: 5, token: 'USDC', currency: 'TRX', from: FRESH, to: [OTHER, FRESH] }
		});
		expect(draftFromOrder(estimate)).toMatchObject({
			periodId: '30d',
			source: 'estimate',
			estimateTo: `${OTHER},${FRESH}`,
			estimateToken: 'USDC'
		});
		expect(checkDraft(draftFromOrder(estimate)).ok).toBe(true);
	});
});

describe('"Buy again" of a purchase confirmed here', () => {
	it('fills in exactly what was confirmed: an exact amount, or the same estimate with its surplus', () => {
		const week = {
			...HOUR_REQUEST,
			period_type: 'days',
			period_amount: 7,
			amount: 131_000
		} as const;
		expect(draftFromRequest(week)).toMatchObject({
			to: FRESH,
			periodId: '7d',
			source: 'amount',
			amount: '131000'
		});
		expect(checkDraft(draftFromRequest(week))).toEqual({ ok: true, request: week });
		const estimate: BuyRequest = {
			format: 'json',
			to: FRESH,
			period_type: 'hours',
			period_amount: 1,
			amount_source: 'estimate',
			estimate_to: `${OTHER},${FRESH}`,
			estimate_token: 'stUSDT',
			estimate_adjust_percent: '1.5'
		};
		expect(checkDraft(draftFromRequest(estimate))).toEqual({ ok: true, request: estimate });
	});

	it("an order placed otherwise than confirmed is bought again as confirmed, never with the server's terms", () => {
		const served = sampleOrder({
			to: OTHER,
			energy_amount: 650,
			period_type: 'days',
			hours: 0,
			days: 3
		});
		expect(checkDraft(draftFor(served, { request: HOUR_REQUEST }))).toEqual({
			ok: true,
			request: HOUR_REQUEST
		});
		// Not placed from this browser: nothing else to go by than the order itself.
		expect(draftFor(served, null)).toMatchObject({ to: OTHER, amount: '650', periodId: '3d' });
	});
});
