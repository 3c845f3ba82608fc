/** The demo service's own reading of the contract: statuses, periods, estimate tokens, TRON addresses. */
import { describe, expect, it } from 'vitest';
import {
	encodeTronAddress,
	isEstimateToken,
	isValidPeriod,
	readTronAddress,
	STATUS
} from '$lib/fakes/energy/rules';

describe('the energy rules of the demo service', () => {
	it('EN-ST-1: the statuses by number', () => {
		expect(STATUS).toEqual({
			pending: 0,
			awaitingPayment: 1,
			delegating: 2,
			delegated: 3,
			reclaimed: 4,
			paid: 5,
			error: 6
		});
	});

	it('EN-LIM-1: only six periods are sold: 1 hour and 1, 3, 7, 15, 30 days', () => {
		const valid: [string, number][] = [
			['hours', 1],
			...[1, 3, 7, 15, 30].map((d): [string, number] => ['days', d])
		];
		for (const [type, amount] of valid) expect(isValidPeriod(type, amount)).toBe(true);
		for (const [type, amount] of [
			['hours', 2],
			['days', 2],
			['weeks', 1],
			['days', null],
			[1, 1]
		] as const)
			expect(isValidPeriod(type, amount)).toBe(false);
	});

	it('EN-BUY-4: the estimate token is one of eight, case-sensitive', () => {
		for (const token of ['USDT', 'USDC', 'USDD', 'USDJ', 'JST', 'TUSD', 'stUSDT', 'WTRX'])
			expect(isEstimateToken(token)).toBe(true);
		for (const token of ['usdt', 'STUSDT', 'TRX', 7]) expect(isEstimateToken(token)).toBe(false);
	});

	it('a TRON address is base58check of 0x41 and 20 bytes; the hex form reads as the same address', () => {
		const account = new Uint8Array(20).map((_, i) => i * 11);
		const address = encodeTronAddress(account);
		expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
		expect(readTronAddress(address)).toEqual({ address });
		const hex = '41' + [...account].map((b) => b.toString(16).padStart(2, '0')).join('');
		expect(readTronAddress(hex)).toEqual({ address });
	});

	it('says why an address is refused: not base58, not a TRON address, or a wrong checksum; spaces are not trimmed', () => {
		const address = encodeTronAddress(new Uint8Array(20).fill(7));
		expect(readTronAddress('0OIl')).toEqual({ failure: 'not base58' });
		expect(readTronAddress(` ${address}`)).toEqual({ failure: 'not base58' });
		expect(readTronAddress(address.slice(0, -1))).toEqual({ failure: 'not a TRON address' });
		const other = address.at(-1) === '2' ? '3' : '2';
		expect(readTronAddress(address.slice(0, -1) + other)).toEqual({ failure: 'checksum' });
	});
});
