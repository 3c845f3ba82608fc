import { describe, expect, it } from 'vitest';
import { fromSun, requestedEnergy, toSun } from '$lib/energy/costs/estimate';
import { FRESH } from './helpers';

describe('TRX amounts in sun', () => {
	it('EN-ORD-5: six decimals are kept, more are cut; zero has no sign', () => {
		expect(toSun('1.1234567')).toBe(1_123_456n);
		expect(toSun('-0.5')).toBe(-500_000n);
		expect(fromSun(0n)).toBe('0.000000');
		expect(fromSun(-1n)).toBe('-0.000001');
	});

	it('EN-BUY-3: an estimate counts each destination, not the blanks between commas', () => {
		const one = requestedEnergy({
			format: 'json',
			to: FRESH,
			period_type: 'hours',
			period_amount: 1,
			amount_source: 'estimate',
			estimate_to: FRESH,
			estimate_token: 'USDT',
			estimate_adjust_percent: '0'
		});
		const withBlanks = requestedEnergy({
			format: 'json',
			to: FRESH,
			period_type: 'hours',
			period_amount: 1,
			amount_source: 'estimate',
			estimate_to: `${FRESH}, ,`,
			estimate_token: 'USDT',
			estimate_adjust_percent: '0'
		});
		expect(withBlanks).toEqual(one);
	});
});
