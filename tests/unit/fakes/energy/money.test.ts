/** The demo energy service's money: TRX as exact integers of sun. */
import { describe, expect, it } from 'vitest';
import { fromSun, toSun } from '$lib/fakes/energy/money';
import { demoAddress } from '$lib/fakes/energy/service';

describe('toSun and fromSun', () => {
	it('money is exact in sun', () => {
		expect(toSun('1.1')).toBe(1_100_000n);
		expect(fromSun(toSun('250.000000') - 5_000_000n)).toBe('245.000000');
		expect(demoAddress('x')).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
	});

	it('reads a decimal with fewer or more than six places, and writes six, a minus sign kept', () => {
		expect(toSun('250')).toBe(250_000_000n);
		expect(toSun('0.0000019')).toBe(1n);
		expect(fromSun(0n)).toBe('0.000000');
		expect(fromSun(-1_500_000n)).toBe('-1.500000');
		expect(fromSun(toSun('4.333333'))).toBe('4.333333');
	});
});
