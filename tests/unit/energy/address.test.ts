import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
	checkAddressList,
	checkTronAddress,
	encodeTronAddress,
	isTronAddress,
	tronscanTx
} from '$lib/energy/address';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** Known valid mainnet addresses: the USDT contract, and the zero-byte account. */
const VALID = ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'];

describe('TRON base58check addresses', () => {
	it('accepts known valid addresses', () => {
		for (const a of VALID)
			expect(checkTronAddress(a)).toEqual({ ok: true, address: a, fromHex: false });
		expect(encodeTronAddress(new Uint8Array(20))).toBe(VALID[1]);
	});

	it("accepts the hex form (41 + 40 hex digits) and converts it as TronWeb does: TronWeb's own examples", () => {
		// TronWeb docs: address.fromHex('418840E6C55B9ADA326D211D818C34A994AECED808').
		expect(checkTronAddress('418840E6C55B9ADA326D211D818C34A994AECED808')).toEqual({
			ok: true,
			address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
			fromHex: true
		});
		// The USDT contract, in lower case and with spaces around it.
		expect(checkTronAddress(' 41a614f803b6fd780986a42c78ec9c7f77e6ded13c ')).toMatchObject({
			address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'
		});
		// Each of the 2^160 accounts has one hex form: a round trip through encode gives it back.
		expect(checkTronAddress('41' + '00'.repeat(20))).toMatchObject({ address: VALID[1] });
		// Not 41, one digit short or long, or a non-hex digit: not the hex form.
		for (const bad of [
			'42' + 'a'.repeat(40),
			'41' + 'a'.repeat(39),
			'41' + 'a'.repeat(41),
			'41' + 'g'.repeat(40)
		])
			expect(checkTronAddress(bad).ok).toBe(false);
		// In a list (EN-BUY-3) the hex form becomes base58 too.
		expect(checkAddressList('418840E6C55B9ADA326D211D818C34A994AECED808, ' + VALID[0])).toEqual({
			ok: true,
			addresses: ['TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL', VALID[0]]
		});
	});

	it('an Ethereum-style 0x… address is named as such, not as a length error', () => {
		for (const eth of ['0x' + 'ab'.repeat(20), '0x418840E6C55B9ADA326D211D818C34A994AECED808']) {
			const check = checkTronAddress(eth);
			expect(check).toMatchObject({ ok: false, failure: 'ethereum' });
			if (!check.ok) expect(check.message).toContain('Ethereum-style address');
		}
	});

	it('names the failure: empty, length, alphabet, version byte, checksum', () => {
		expect(checkTronAddress('')).toMatchObject({ ok: false, failure: 'empty' });
		expect(checkTronAddress(VALID[0]!.slice(1))).toMatchObject({ failure: 'length' });
		expect(checkTronAddress(VALID[0]! + '1')).toMatchObject({ failure: 'length' });
		expect(checkTronAddress('T0' + VALID[0]!.slice(2))).toMatchObject({ failure: 'alphabet' });
		expect(checkTronAddress('TI' + VALID[0]!.slice(2))).toMatchObject({ failure: 'alphabet' });
		// A Bitcoin address: 34 base58 characters with a valid checksum, but version byte 0x00.
		expect(checkTronAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toMatchObject({
			failure: 'version'
		});
		const last = VALID[0]!.at(-1) === 't' ? 'u' : 't';
		const checksum = checkTronAddress(VALID[0]!.slice(0, -1) + last);
		expect(checksum).toMatchObject({ failure: 'checksum' });
		expect(!checksum.ok && checksum.message).toMatch(/checksum/);
	});

	it('every failure says what is wrong and what to do', () => {
		const cases: [string, RegExp, RegExp][] = [
			['', /34 characters/, /^Enter/],
			[VALID[0]!.slice(1), /34 characters/, /copy the whole address again/],
			['T0' + VALID[0]!.slice(2), /base58/, /check for a mistyped character/],
			['1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', /version byte/, /Enter the TRON address/],
			[VALID[0]!.slice(0, -1) + (VALID[0]!.at(-1) === 't' ? 'u' : 't'), /checksum/, /Copy/]
		];
		for (const [input, what, todo] of cases) {
			const check = checkTronAddress(input);
			expect(check.ok, input).toBe(false);
			expect(!check.ok && check.message, input).toMatch(what);
			expect(!check.ok && check.message, input).toMatch(todo);
		}
	});

	it('trims surrounding spaces but not inner ones', () => {
		expect(isTronAddress(`  ${VALID[0]}  `)).toBe(true);
		expect(isTronAddress(VALID[0]!.slice(0, 10) + ' ' + VALID[0]!.slice(11))).toBe(false);
	});

	it('property: any single changed character of a valid address is rejected', () => {
		fc.assert(
			fc.property(
				fc.uint8Array({ minLength: 20, maxLength: 20 }),
				fc.nat(33),
				fc.constantFrom(...BASE58, '0', 'O', 'I', 'l', ' ', 'é'),
				(account, index, replacement) => {
					const address = encodeTronAddress(account);
					fc.pre(address[index] !== replacement);
					const changed = address.slice(0, index) + replacement + address.slice(index + 1);
					return !isTronAddress(changed);
				}
			),
			{ numRuns: 2000, seed: 42 }
		);
	});

	it('property: every encoded 20-byte account is valid', () => {
		fc.assert(
			fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), (account) =>
				isTronAddress(encodeTronAddress(account))
			),
			{ numRuns: 300 }
		);
	});

	it('EN-BUY-3: a comma-separated list is checked address by address', () => {
		expect(checkAddressList(`${VALID[0]}, ${VALID[1]}`)).toEqual({ ok: true, addresses: VALID });
		const bad = checkAddressList(`${VALID[0]},T123`);
		expect(bad.ok).toBe(false);
		expect(!bad.ok && bad.message).toMatch(/Address 2 .*34 characters/);
		expect(checkAddressList(`${VALID[0]},`)).toEqual({
			ok: false,
			message: 'Address 2 is empty: remove the extra comma.'
		});
		expect(checkAddressList(`,${VALID[0]}`)).toEqual({
			ok: false,
			message: 'Address 1 is empty: remove the extra comma.'
		});
		expect(checkAddressList('  ')).toEqual({
			ok: false,
			message: 'Enter a TRON address (34 characters starting with T).'
		});
	});

	it('links transactions to the TRON explorer', () => {
		expect(tronscanTx('ab'.repeat(32))).toBe(
			`https://tronscan.org/#/transaction/${'ab'.repeat(32)}`
		);
	});
});
