import { base58 } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';

/**
 * The demo service's own reading of the contract (statuses, periods, tokens, TRON addresses),
 * written apart from the client's so that Demo mode catches the client's mistakes instead of
 * sharing them.
 */

/** EN-ST-1: the order statuses by name. */
export const STATUS = {
	pending: 0,
	awaitingPayment: 1,
	delegating: 2,
	delegated: 3,
	reclaimed: 4,
	paid: 5,
	error: 6
} as const;

/** EN-BUY-4: the periods the service sells. */
const PERIODS: Record<string, readonly number[]> = { hours: [1], days: [1, 3, 7, 15, 30] };

export function isValidPeriod(periodType: unknown, periodAmount: number | null): boolean {
	return (
		typeof periodType === 'string' &&
		periodAmount !== null &&
		(PERIODS[periodType]?.includes(periodAmount) ?? false)
	);
}

/** EN-BUY-5: the tokens an estimate may be for. */
const TOKENS = ['USDT', 'USDC', 'USDD', 'USDJ', 'JST', 'TUSD', 'stUSDT', 'WTRX'];
export const isEstimateToken = (value: unknown) =>
	typeof value === 'string' && TOKENS.includes(value);

const checksumOf = (payload: Uint8Array) => sha256(sha256(payload)).subarray(0, 4);

/** Encodes 20 account bytes as a base58check TRON address (version byte 0x41). */
export function encodeTronAddress(account: Uint8Array): string {
	const full = new Uint8Array(25);
	full[0] = 0x41;
	full.set(account.subarray(0, 20), 1);
	full.set(checksumOf(full.subarray(0, 21)), 21);
	return base58.encode(full);
}

/**
 * The base58 address the service stores for `input`, or why it refuses it. The hex form
 * (`41` + 40 hex digits) is read as TronWeb reads it; surrounding spaces are not trimmed.
 */
export function readTronAddress(input: string): { address: string } | { failure: string } {
	if (/^41[0-9a-fA-F]{40}$/.test(input)) {
		const account = new Uint8Array(20);
		for (let i = 0; i < 20; i++)
			account[i] = Number.parseInt(input.slice(2 + 2 * i, 4 + 2 * i), 16);
		return { address: encodeTronAddress(account) };
	}
	let bytes: Uint8Array;
	try {
		bytes = base58.decode(input);
	} catch {
		return { failure: 'not base58' };
	}
	if (input.length !== 34 || bytes.length !== 25 || bytes[0] !== 0x41)
		return { failure: 'not a TRON address' };
	const sum = checksumOf(bytes.subarray(0, 21));
	if (sum.some((b, i) => b !== bytes[21 + i])) return { failure: 'checksum' };
	return { address: input };
}
