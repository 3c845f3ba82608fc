import { describe, expect, it } from 'vitest';
import { checkDraft, draftFromOrder } from '$lib/energy/buy-request';
import { FRESH, sampleOrder } from './helpers';

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
