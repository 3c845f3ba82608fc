import { describe, expect, it } from 'vitest';
import {
	aboutDuration,
	compareDecimal,
	describePeriod,
	ESTIMATE_TOKENS,
	isDeliveryFinal,
	isEstimateToken,
	isTerminal,
	isValidPeriod,
	paymentWords,
	reclaimAt,
	statusMeaning,
	PERIODS,
	RECOMMENDED_ADJUST_PERCENT,
	shortAddress,
	statusLabel,
	timelineStatuses,
	USUAL_SEQUENCE
} from '$lib/energy/model';

describe('energy order vocabulary', () => {
	it('EN-LIM-1: only six periods are valid', () => {
		expect(PERIODS.map((p) => `${p.period_type}:${p.period_amount}`)).toEqual([
			'hours:1',
			'days:1',
			'days:3',
			'days:7',
			'days:15',
			'days:30'
		]);
		for (const p of PERIODS) expect(isValidPeriod(p.period_type, p.period_amount)).toBe(true);
		for (const [type, amount] of [
			['hours', 2],
			['hours', 24],
			['days', 2],
			['days', 14],
			['days', 31],
			['days', 0],
			['weeks', 1],
			['hours', 1.5]
		] as const)
			expect(isValidPeriod(type, amount), `${type} ${amount}`).toBe(false);
	});

	it('EN-BUY-6: a period amount may be a string', () => {
		expect(isValidPeriod('days', '7')).toBe(true);
		expect(isValidPeriod('days', '8')).toBe(false);
	});

	it('EN-BUY-4: estimate tokens are the eight of the seed, case-sensitive', () => {
		expect([...ESTIMATE_TOKENS]).toEqual([
			'USDT',
			'USDC',
			'USDD',
			'USDJ',
			'JST',
			'TUSD',
			'stUSDT',
			'WTRX'
		]);
		expect(isEstimateToken('stUSDT')).toBe(true);
		for (const wrong of ['usdt', 'STUSDT', 'Usdt', 'wtrx', 'TRX', '']) {
			expect(isEstimateToken(wrong), wrong).toBe(false);
		}
	});

	it('EN-BUY-5: the recommended surplus percent is 0.04', () => {
		expect(RECOMMENDED_ADJUST_PERCENT).toBe('0.04');
	});

	it('EN-ST-1: status labels as the seed names them', () => {
		expect([0, 1, 2, 3, 4, 5, 6].map(statusLabel)).toEqual([
			'Pending',
			'Awaiting payment',
			'Delegation in progress',
			'Delegated',
			'Reclaimed',
			'Paid',
			'Error'
		]);
		expect(statusLabel(9)).toBe('Unknown status 9');
	});

	it('EN-ST-2: the usual sequence is 0, 5, 2, 3, 4; delivery ends at 3 or 6, polling at 4 or 6', () => {
		expect([...USUAL_SEQUENCE]).toEqual([0, 5, 2, 3, 4]);
		expect([0, 1, 2, 3, 4, 5, 6].filter(isDeliveryFinal)).toEqual([3, 6]);
		expect([0, 1, 2, 3, 4, 5, 6].filter(isTerminal)).toEqual([4, 6]);
	});

	it('EN-ORD-4: hours or days give the duration', () => {
		expect(describePeriod({ period_type: 'hours', hours: 1, days: 0 })).toBe('1 hour');
		expect(describePeriod({ period_type: 'days', hours: 0, days: 15 })).toBe('15 days');
		expect(describePeriod({ period_type: 'days', hours: 0, days: 1 })).toBe('1 day');
		expect(describePeriod({ period_type: 'hours', hours: 3, days: 0 })).toBe('3 hours');
	});

	it('long addresses are cut to their ends; times are said roughly, as a person would', () => {
		expect(shortAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe('TR7NHq…jLj6t');
		expect(shortAddress('T12345678901234')).toBe('T12345…01234');
		expect(shortAddress('T1234567890123')).toBe('T1234567890123');
		expect(aboutDuration(29_999)).toBe('less than a minute');
		expect(aboutDuration(40 * 60_000)).toBe('about 40 min');
		expect(aboutDuration(89 * 60_000)).toBe('about 89 min');
		expect(aboutDuration(90 * 60_000)).toBe('about 2 h');
		expect(aboutDuration(47 * 3_600_000)).toBe('about 47 h');
		expect(aboutDuration(48 * 3_600_000)).toBe('about 2 days');
	});

	it('EN-ORD-5: decimal strings compare exactly, without floating point', () => {
		expect(compareDecimal('0.1', '0.10')).toBe(0);
		expect(compareDecimal('4.000000', '11.790000')).toBe(-1);
		expect(compareDecimal('9007199254740993.000001', '9007199254740993')).toBe(1);
	});
});

describe('timelineStatuses', () => {
	it('EN-ST-3: an order paid from the balance shows no "Awaiting payment" step', () => {
		expect(timelineStatuses(2, { 0: 1, 5: 2, 2: 3 })).toEqual([0, 5, 2, 3, 4]);
	});

	it('EN-ST-2: an order seen awaiting payment keeps that step, before Paid', () => {
		expect(timelineStatuses(1, { 0: 1, 1: 2 })).toEqual([0, 1, 5, 2, 3, 4]);
		expect(timelineStatuses(3, { 0: 1, 1: 2, 5: 3 })).toEqual([0, 1, 5, 2, 3, 4]);
	});

	it('EN-ST-2: a failed order shows the steps it reached, then Error', () => {
		expect(timelineStatuses(6, {})).toEqual([0, 6]);
		expect(timelineStatuses(6, { 0: 1, 5: 2, 6: 3 })).toEqual([0, 5, 6]);
	});
});

describe('order facts in words', () => {
	it('EN-ERR-2: payment reads as words from what was paid', () => {
		expect(paymentWords({ order_cost: '3.900000', order_cost_paid: '3.900000' })).toBe(
			'Paid in full'
		);
		expect(paymentWords({ order_cost: '262.000000', order_cost_paid: '0.000000' })).toBe(
			'Not paid'
		);
		expect(paymentWords({ order_cost: '11.790000', order_cost_paid: '4.000000' })).toBe(
			'Partly paid: 4.00 of 11.79 TRX'
		);
	});

	it('EN-ERR-1: a failed order owes nothing: "Not charged", never "Partly paid … still owed"', () => {
		expect(paymentWords({ order_cost: '262.000000', order_cost_paid: '0.000000', status: 6 })).toBe(
			'Not charged'
		);
		expect(paymentWords({ order_cost: '262.000000', order_cost_paid: '1.000000', status: 6 })).toBe(
			'1.00 TRX taken before it failed'
		);
	});

	it('EN-ST-1: every status is explained in words, with the way forward where there is one', () => {
		const order = { order_cost: '11.790000', order_cost_paid: '4.000000' };
		for (const status of [0, 1, 2, 3, 4, 5, 6]) {
			const text = statusMeaning({ ...order, status });
			expect(text.length).toBeGreaterThan(20);
			expect(text).not.toMatch(/code|guid|status \d|payment_status/);
		}
		expect(statusMeaning({ ...order, status: 1 })).toContain(
			'4.00 of 11.79 TRX is paid. Add funds to your buyer balance'
		);
		const failed = statusMeaning({ status: 6, order_cost: '262.000000', order_cost_paid: '0' });
		expect(failed).toContain('nothing was charged');
		expect(failed).toContain('place a new order');
		expect(statusMeaning({ ...order, status: 3 })).toContain('before the rental period ends');
	});

	it('EN-ST-2, EN-ORD-4: energy is reclaimed one paid period after the order, else after first seen', () => {
		const created = Date.UTC(2026, 10, 23, 12, 0);
		const hour = { period_type: 'hours', hours: 1, days: 0 };
		const days = { period_type: 'days', hours: 0, days: 3 };
		expect(reclaimAt({ ...hour, created_at: new Date(created).toISOString() }, 5)).toBe(
			created + 3_600_000
		);
		expect(reclaimAt(days, created)).toBe(created + 3 * 86_400_000);
		expect(reclaimAt({ ...hour, created_at: 'not a date' }, undefined)).toBeNull();
	});
});
