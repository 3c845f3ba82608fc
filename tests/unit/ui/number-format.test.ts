import { describe, expect, it } from 'vitest';
import { formatDecimal, formatNumber } from '$lib/ui/number-format';

describe('formatNumber', () => {
	it('groups thousands with commas, whatever the user’s locale', () => {
		expect(formatNumber(0)).toBe('0');
		expect(formatNumber(999)).toBe('999');
		expect(formatNumber(65_000)).toBe('65,000');
		expect(formatNumber(1_234_567)).toBe('1,234,567');
		expect(formatNumber(-32_000)).toBe('-32,000');
	});

	it('writes every whole number as toLocaleString("en-US") does, at every length', () => {
		const samples = [1, 12, 123, 1_000, 10_001, 100_000, 999_999, 1_000_000, 2 ** 31, 2 ** 53 - 1];
		for (const n of samples.flatMap((x) => [x, -x, x - 1])) {
			expect(formatNumber(n)).toBe(n.toLocaleString('en-US'));
		}
	});

	it('writes fractions and numbers beyond the safe range as toLocaleString("en-US") does', () => {
		for (const n of [-0, 1234.5, 0.1234, -0.5, 2 ** 60, 1e21, Number.NaN, Infinity]) {
			expect(formatNumber(n)).toBe(n.toLocaleString('en-US'));
		}
	});
});

describe('formatDecimal', () => {
	it('rounds a decimal string half up to the digits that matter, keeping at least the minimum', () => {
		expect(formatDecimal('5.850000', 2, 3)).toBe('5.85');
		expect(formatDecimal('1.100000', 2, 3)).toBe('1.10');
		expect(formatDecimal('250.000000', 2, 3)).toBe('250.00');
		expect(formatDecimal('3.901560', 2, 3)).toBe('3.902');
		expect(formatDecimal('8.963180', 2, 3)).toBe('8.963');
		expect(formatDecimal('0.999500', 2, 3)).toBe('1.00');
		expect(formatDecimal('60', 0, 0)).toBe('60');
		expect(formatDecimal('59.5', 0, 0)).toBe('60');
	});

	it('groups thousands and keeps the sign, but never writes -0', () => {
		expect(formatDecimal('1234567.125000', 2, 3)).toBe('1,234,567.125');
		expect(formatDecimal('-51.100000', 2, 3)).toBe('-51.10');
		expect(formatDecimal('-0.000100', 2, 3)).toBe('0.00');
	});

	it('is exact beyond what a float holds', () => {
		expect(formatDecimal('9007199254740993.123456', 2, 3)).toBe('9,007,199,254,740,993.123');
	});

	it('gives back anything that is not a plain decimal as it was', () => {
		for (const odd of ['', 'abc', '1e3', '5.', '.5', ' 5,00 '])
			expect(formatDecimal(odd, 2, 3)).toBe(odd);
	});
});
