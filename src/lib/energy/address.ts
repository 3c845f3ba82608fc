import { base58 } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';

/**
 * TRON base58check addresses: 34 characters from the Bitcoin base58 alphabet, decoding to
 * 25 bytes: version byte 0x41, 20 bytes of account, then the first 4 bytes of
 * SHA-256(SHA-256(first 21 bytes)). A regex alone does not check the checksum.
 */
export const TRON_ADDRESS_LENGTH = 34;
export const TRON_VERSION_BYTE = 0x41;
const BASE58_ALPHABET = /^[1-9A-HJ-NP-Za-km-z]*$/;

export type AddressFailure = 'empty' | 'length' | 'alphabet' | 'version' | 'checksum' | 'ethereum';

/** `address` is the base58 form: the input itself, or what its hex form becomes. */
export type AddressCheck =
	| { ok: true; address: string; fromHex: boolean }
	| { ok: false; failure: AddressFailure; message: string };

/** The hex form TronWeb accepts: `41` and 20 bytes, 42 hex digits in any case, no `0x`. */
const HEX_ADDRESS = /^41[0-9a-fA-F]{40}$/;
/** `0x` and 40 hex digits (or the hex TRON form behind `0x`): an Ethereum-style address. */
const ETHEREUM_STYLE = /^0x([0-9a-fA-F]{40}|41[0-9a-fA-F]{40})$/;

const MESSAGES: Record<AddressFailure, string> = {
	empty: 'Enter a TRON address (34 characters starting with T).',
	length:
		'A TRON address has exactly 34 characters: copy the whole address again, with nothing before or after it.',
	alphabet:
		'A TRON address uses only base58 characters (no 0, O, I, l, spaces or punctuation): check for a mistyped character, or copy it again.',
	version:
		'This is not a TRON address: its version byte is not 0x41 (it should start with T). Enter the TRON address of the recipient.',
	checksum:
		'The checksum does not match: a character is mistyped. Copy the address again from its source.',
	ethereum:
		'This is an Ethereum-style address (0x…), not a TRON address. Enter the TRON address of the recipient: 34 characters starting with T (or its hex form, 42 characters starting with 41).'
};

function fail(failure: AddressFailure): AddressCheck {
	return { ok: false, failure, message: MESSAGES[failure] };
}

/** Checks one address and names the first failure: length, alphabet, version byte, checksum. */
export function checkTronAddress(input: string): AddressCheck {
	const address = input.trim();
	if (address === '') return fail('empty');
	if (HEX_ADDRESS.test(address)) {
		const account = new Uint8Array(20);
		for (let i = 0; i < 20; i++) account[i] = parseInt(address.slice(2 + 2 * i, 4 + 2 * i), 16);
		return { ok: true, address: encodeTronAddress(account), fromHex: true };
	}
	if (ETHEREUM_STYLE.test(address)) return fail('ethereum');
	if (address.length !== TRON_ADDRESS_LENGTH) return fail('length');
	if (!BASE58_ALPHABET.test(address)) return fail('alphabet');
	let bytes: Uint8Array;
	try {
		bytes = base58.decode(address);
	} catch {
		return fail('alphabet');
	}
	// 34 base58 characters can decode to 24 to 26 bytes; only 25 with version 0x41 is TRON.
	if (bytes.length !== 25 || bytes[0] !== TRON_VERSION_BYTE) return fail('version');
	const payload = bytes.subarray(0, 21);
	const expected = sha256(sha256(payload)).subarray(0, 4);
	const actual = bytes.subarray(21);
	for (let i = 0; i < 4; i++) if (expected[i] !== actual[i]) return fail('checksum');
	return { ok: true, address, fromHex: false };
}

export function isTronAddress(input: string): boolean {
	return checkTronAddress(input).ok;
}

/** Encodes 20 account bytes as a TRON address (used by the demo service and tests). */
export function encodeTronAddress(account: Uint8Array): string {
	if (account.length !== 20) throw new RangeError('A TRON account is 20 bytes.');
	const payload = new Uint8Array(21);
	payload[0] = TRON_VERSION_BYTE;
	payload.set(account, 1);
	const checksum = sha256(sha256(payload)).subarray(0, 4);
	const full = new Uint8Array(25);
	full.set(payload);
	full.set(checksum, 21);
	return base58.encode(full);
}

/** A comma-separated list of addresses (EN-BUY-3), each checked; empty items are errors too. */
export function checkAddressList(
	input: string
): { ok: true; addresses: string[] } | { ok: false; message: string } {
	const items = input.split(',').map((s) => s.trim());
	if (items.length === 1 && items[0] === '') return { ok: false, message: MESSAGES.empty };
	for (const [i, item] of items.entries()) {
		const check = checkTronAddress(item);
		if (check.ok) items[i] = check.address;
		else
			return {
				ok: false,
				message:
					item === ''
						? `Address ${i + 1} is empty: remove the extra comma.`
						: `Address ${i + 1} (${item}): ${check.message}`
			};
	}
	return { ok: true, addresses: items };
}

/** Explorer links (TRON facts). */
export const tronscanTx = (txid: string) =>
	`https://tronscan.org/#/transaction/${encodeURIComponent(txid)}`;
export const tronscanAddress = (address: string) =>
	`https://tronscan.org/#/address/${encodeURIComponent(address)}`;
