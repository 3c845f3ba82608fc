import { describe, expect, it } from 'vitest';
import {
	MIN_ITERATIONS,
	openSecrets,
	sealSecrets,
	VaultError,
	type SealedSecrets
} from '$lib/codehost/secret-vault';

const secrets = { token: 'glpat-abc123', password: 'pä55 wörd "quoted"' };

// Each derivation is 310,000 PBKDF2 rounds on purpose: a budget for a loaded machine, not a timing check.
describe('secret variables encrypted at rest', { timeout: 60_000 }, () => {
	it('round trip: the right passphrase opens what was sealed', async () => {
		const sealed = await sealSecrets(secrets, 'correct horse battery staple');
		expect(await openSecrets(sealed, 'correct horse battery staple')).toEqual(secrets);
	});

	it('keeps no value in plain text and uses at least 310,000 PBKDF2 iterations', async () => {
		const sealed = await sealSecrets(secrets, 'pass', 1000);
		const stored = JSON.stringify(sealed);
		expect(stored).not.toContain('glpat-abc123');
		expect(stored).not.toContain(btoa('glpat-abc123').slice(0, 8));
		expect(stored).not.toContain('pass"');
		expect(sealed).toMatchObject({ v: 1, kdf: 'PBKDF2-SHA-256', iterations: MIN_ITERATIONS });
		expect(MIN_ITERATIONS).toBeGreaterThanOrEqual(310_000);
		// A fresh salt and IV each time: the same secrets never seal to the same text.
		const again = await sealSecrets(secrets, 'pass');
		expect(again.salt).not.toBe(sealed.salt);
		expect(again.iv).not.toBe(sealed.iv);
		expect(again.data).not.toBe(sealed.data);
	});

	it('refuses a wrong passphrase clearly and loses nothing', async () => {
		const sealed = await sealSecrets(secrets, 'right');
		const copy = structuredClone(sealed);
		const error = await openSecrets(sealed, 'wrong').catch((e: unknown) => e);
		expect(error).toBeInstanceOf(VaultError);
		expect(error).toMatchObject({
			reason: 'wrong-passphrase',
			message: 'That passphrase does not open the saved secrets. Nothing was changed: try again.'
		});
		expect(sealed).toEqual(copy);
		expect(await openSecrets(sealed, 'right')).toEqual(secrets);
	});

	it('refuses an altered or weakened sealed form', async () => {
		const sealed = await sealSecrets(secrets, 'right');
		const flipped = atob(sealed.data);
		const altered: SealedSecrets = {
			...sealed,
			data: btoa(String.fromCharCode(flipped.charCodeAt(0) ^ 1) + flipped.slice(1))
		};
		await expect(openSecrets(altered, 'right')).rejects.toMatchObject({
			reason: 'wrong-passphrase'
		});
		await expect(openSecrets({ ...sealed, iterations: 1 }, 'right')).rejects.toMatchObject({
			reason: 'damaged'
		});
		await expect(openSecrets({ ...sealed, salt: '%%%' }, 'right')).rejects.toMatchObject({
			reason: 'damaged'
		});
		await expect(openSecrets(null, 'right')).rejects.toBeInstanceOf(VaultError);
	});

	it('asks for a passphrase', async () => {
		await expect(sealSecrets(secrets, '')).rejects.toMatchObject({ reason: 'empty-passphrase' });
	});

	it('opening asks for the passphrase first, then refuses what is not a sealed form, in words', async () => {
		const sealed = await sealSecrets(secrets, 'right', 1000);
		await expect(openSecrets(sealed, '')).rejects.toMatchObject({
			reason: 'empty-passphrase',
			message: 'Enter the passphrase you chose for them.'
		});
		await expect(openSecrets({ v: 1 }, 'right')).rejects.toMatchObject({
			reason: 'damaged',
			message: 'The saved secrets are not in a form this app can open.'
		});
	});
});
