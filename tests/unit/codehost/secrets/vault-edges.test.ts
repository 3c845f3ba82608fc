import { describe, expect, it } from 'vitest';
import {
	MIN_ITERATIONS,
	openSecrets,
	SecretVault,
	sealSecrets,
	VaultError
} from '$lib/codehost/secrets/vault';

// Each derivation is 310,000 PBKDF2 rounds on purpose: a budget for a loaded machine, not a timing check.
describe('the secret vault, edges', { timeout: 60_000 }, () => {
	it('creating a vault without a passphrase is refused in words', async () => {
		const error = await SecretVault.create('').catch((e: unknown) => e);
		expect(error).toBeInstanceOf(VaultError);
		expect(error).toMatchObject({
			name: 'VaultError',
			reason: 'empty-passphrase',
			message: 'Enter a passphrase to keep secrets on this device.'
		});
	});

	it('an opened vault seals later changes under the same salt and rounds, with a new IV', async () => {
		const sealed = await sealSecrets({ a: '1' }, 'pass');
		const { vault, values } = await SecretVault.unlock(sealed, 'pass');
		expect(values).toEqual({ a: '1' });
		const again = await vault.seal({ a: '2', b: '3' });
		expect(again).toMatchObject({
			v: 1,
			kdf: 'PBKDF2-SHA-256',
			iterations: MIN_ITERATIONS,
			salt: sealed.salt
		});
		expect(again.iv).not.toBe(sealed.iv);
		expect(await openSecrets(again, 'pass')).toEqual({ a: '2', b: '3' });
	});

	it('every field of the sealed form is checked before anything is decrypted', async () => {
		const sealed = await sealSecrets({ a: '1' }, 'pass');
		const damaged = [
			{ ...sealed, v: 2 },
			{ ...sealed, kdf: 'scrypt' },
			{ ...sealed, iterations: String(MIN_ITERATIONS) },
			{ ...sealed, iterations: MIN_ITERATIONS + 0.5 },
			{ ...sealed, iterations: MIN_ITERATIONS - 1 },
			{ ...sealed, salt: 1 },
			{ ...sealed, iv: null },
			{ ...sealed, data: undefined },
			{ ...sealed, iv: '%%%' },
			{ ...sealed, data: '%%%' },
			'sealed'
		];
		for (const form of damaged)
			await expect(openSecrets(form, 'pass'), JSON.stringify(form)).rejects.toMatchObject({
				reason: 'damaged',
				message: 'The saved secrets are not in a form this app can open.'
			});
	});

	it('sealed content that is not an object of texts is refused, or keeps only its texts', async () => {
		const vault = await SecretVault.create('pass');
		for (const content of [['a'], null])
			await expect(
				openSecrets(await vault.seal(content as unknown as Record<string, string>), 'pass')
			).rejects.toMatchObject({ reason: 'damaged' });
		const mixed = await vault.seal({ a: 'x', n: 1, o: {} } as unknown as Record<string, string>);
		expect(await openSecrets(mixed, 'pass')).toEqual({ a: 'x' });
	});
});
