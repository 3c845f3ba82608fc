import { describe, expect, it } from 'vitest';
import { formatNumber } from '$lib/ui/number-format';

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
