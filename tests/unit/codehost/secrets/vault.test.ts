import { createCipheriv, createDecipheriv, pbkdf2Sync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
	MIN_ITERATIONS,
	openSecrets,
	SecretVault,
	sealSecrets,
	VaultError,
	type SealedSecrets
} from '$lib/codehost/secrets/vault';

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

/**
 * Known answers: the vault's crypto checked against Node's own PBKDF2 and AES-GCM, so a vault that
 * derived its key with fewer rounds, another salt length or handled its IV otherwise would fail
 * here even though it still opened what it sealed itself.
 */
describe('the vault against known answers', { timeout: 60_000 }, () => {
	const PASSPHRASE = 'correct horse battery staple';
	const VALUES = {
		'env-default\u001fapi_key': 'glpat-known-answer-1',
		'env-staging\u001fdeploy_token': 'pä55 "wörd"'
	};
	/** The key as PBKDF2-SHA-256 at 310,000 rounds gives it, computed by Node, not by the vault. */
	const keyFor = (salt: Buffer) => pbkdf2Sync(PASSPHRASE, salt, 310_000, 32, 'sha256');

	/**
	 * Sealed once (with Node's pbkdf2Sync and aes-256-gcm, salt 00…0f, IV a0…ab) and kept as it
	 * came out: a vault that can no longer open it could no longer open what people kept.
	 */
	const FIXED: SealedSecrets = {
		v: 1,
		kdf: 'PBKDF2-SHA-256',
		iterations: 310000,
		salt: 'AAECAwQFBgcICQoLDA0ODw==',
		iv: 'oKGio6Slpqeoqaqr',
		data: 'nNpbmM5ef3UgOjlSgz7p371Zj2jcA84RlRZ8XHKp4u6rFGKMMvQMgKwHgr1aiu1kwlyzot6vqgQicrccILfsv0CbynSgf/2K3VDOzF3UD7QY44DTtHb37/jDkzdVfyhsPPTX+vWRK2qoqoDr8JotldOzIjb7'
	};

	it('opens a fixed sealed value made once, and only with its passphrase', async () => {
		expect(await openSecrets(FIXED, PASSPHRASE)).toEqual(VALUES);
		await expect(openSecrets(FIXED, `${PASSPHRASE}.`)).rejects.toMatchObject({
			reason: 'wrong-passphrase'
		});
	});

	it('derives the key Node derives from a known passphrase and salt at 310,000 rounds', async () => {
		const salt = Buffer.from('f0e1d2c3b4a5968778695a4b3c2d1e0f', 'hex');
		const iv = Buffer.from('0123456789abcdef01234567', 'hex');
		const cipher = createCipheriv('aes-256-gcm', keyFor(salt), iv);
		const text = JSON.stringify({ token: 'sealed-by-node' });
		const data = Buffer.concat([cipher.update(text), cipher.final(), cipher.getAuthTag()]);
		const sealed: SealedSecrets = {
			v: 1,
			kdf: 'PBKDF2-SHA-256',
			iterations: 310_000,
			salt: salt.toString('base64'),
			iv: iv.toString('base64'),
			data: data.toString('base64')
		};
		// AES-GCM's tag matches only under the very same key.
		expect(await openSecrets(sealed, PASSPHRASE)).toEqual({ token: 'sealed-by-node' });
	});

	it('seals with a 16-byte salt, 310,000 rounds and a new 12-byte IV each time: Node opens it with its own key', async () => {
		const vault = await SecretVault.create(PASSPHRASE);
		const first = await vault.seal(VALUES);
		const second = await vault.seal(VALUES);
		for (const sealed of [first, second]) {
			const salt = Buffer.from(sealed.salt, 'base64');
			const iv = Buffer.from(sealed.iv, 'base64');
			const data = Buffer.from(sealed.data, 'base64');
			expect(salt).toHaveLength(16);
			expect(iv).toHaveLength(12);
			expect(sealed.iterations).toBe(310_000);
			const decipher = createDecipheriv('aes-256-gcm', keyFor(salt), iv);
			decipher.setAuthTag(data.subarray(-16));
			const plain = Buffer.concat([decipher.update(data.subarray(0, -16)), decipher.final()]);
			expect(JSON.parse(plain.toString('utf8'))).toEqual(VALUES);
		}
		expect(second.salt).toBe(first.salt);
		expect(second.iv).not.toBe(first.iv);
	});
});
