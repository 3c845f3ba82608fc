import { describe, expect, it } from 'vitest';
import { exactTrxText, trx, trxRange, trxText } from '$lib/energy/amounts';

describe('TRX amounts', () => {
	it('shows two or three decimals instead of the six the service writes', () => {
		expect(trxText('5.850000')).toBe('5.85 TRX');
		expect(trxText('250.000000')).toBe('250.00 TRX');
		expect(trxText('3.901560')).toBe('3.902 TRX');
		expect(trxText('1234.500000')).toBe('1,234.50 TRX');
		expect(trx('-51.100000')).toBe('-51.10');
	});

	it('never rounds a small charge down to nothing', () => {
		expect(trx('0.000400')).toBe('0.0004');
		expect(trx('0.000000')).toBe('0.00');
	});

	it('keeps the exact value for whoever asks, and an odd value as it came', () => {
		expect(exactTrxText('5.850000')).toBe('5.850000 TRX');
		expect(trx('lots')).toBe('lots');
	});

	it('writes both ends of a range with the same decimals', () => {
		expect(trxRange('4.333333', '4.370000')).toEqual(['4.333', '4.370']);
		expect(trxRange('3.900000', '5.000000')).toEqual(['3.90', '5.00']);
		expect(trxRange('0.000400', '1.000000')).toEqual(['0.0004', '1.0000']);
		expect(trxRange('lots', '4.370000')).toEqual(['lots', '4.37']);
	});
});
