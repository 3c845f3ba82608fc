/**
 * Secret variables kept on the device only when the person opts in, and then only sealed: a new
 * tab finds them locked, a wrong passphrase changes nothing, the right one fills the variables.
 */
import { clear, createStore } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EnvironmentsState } from '$lib/codehost/environments.svelte';
import { SEALED_SECRETS_KEY, SecretVaultState } from '$lib/codehost/secret-vault-state.svelte';
import { MemoryStorage } from '../memory-storage';

const SECRET = 'glpat-sealed-value-42';
let session: MemoryStorage;
let local: MemoryStorage;

beforeEach(async () => {
	await clear(createStore('codehost-environments', 'kv'));
	session = new MemoryStorage();
	local = new MemoryStorage();
	vi.stubGlobal('sessionStorage', session);
	vi.stubGlobal('localStorage', local);
});
afterEach(() => vi.unstubAllGlobals());

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

/** A tab: its environments read from what is stored, and its vault. */
async function openTab() {
	const envs = new EnvironmentsState();
	const vault = new SecretVaultState(envs, local);
	await envs.load();
	return { envs, vault };
}

// Every key derivation is 310,000 PBKDF2 rounds on purpose.
describe('secret values on this device', { timeout: 60_000 }, () => {
	it('off by default: the value stays in the tab and nothing reaches the device', async () => {
		const { envs, vault } = await openTab();
		envs.setValue('api_key', SECRET);
		await settle();
		expect(vault.status).toBe('off');
		expect(local.dump()).not.toContain(SECRET);
		expect(session.dump()).toContain(SECRET);
	});

	it('opted in: sealed on the device, never in plain text; each change is sealed again', async () => {
		const first = await openTab();
		first.envs.setValue('api_key', SECRET);
		expect(await first.vault.keepOnDevice('correct horse')).toBe(true);
		expect(first.vault.status).toBe('open');
		const sealed = local.getItem(SEALED_SECRETS_KEY)!;
		expect(sealed).toContain('PBKDF2-SHA-256');
		expect(local.dump()).not.toContain(SECRET);
		first.envs.setValue('api_key', `${SECRET}-2`);
		await settle();
		await vi.waitFor(() => expect(local.getItem(SEALED_SECRETS_KEY)).not.toBe(sealed));
		expect(local.dump()).not.toContain(SECRET);

		// A new tab: its session is empty, the sealed copy is locked.
		session.clear();
		const second = await openTab();
		expect(second.vault.status).toBe('locked');
		expect(second.envs.values.api_key).toBe('');
		const before = local.getItem(SEALED_SECRETS_KEY);
		expect(await second.vault.unlock('wrong horse')).toBe(false);
		expect(second.vault.message).toMatch(/does not open.*Nothing was changed/);
		expect(local.getItem(SEALED_SECRETS_KEY)).toBe(before);
		expect(second.vault.status).toBe('locked');
		expect(await second.vault.unlock('correct horse')).toBe(true);
		expect(second.envs.values.api_key).toBe(`${SECRET}-2`);
		expect(second.vault.status).toBe('open');
	});

	it('Forget takes the sealed copy off the device; an empty passphrase is refused', async () => {
		const { envs, vault } = await openTab();
		envs.setValue('api_key', SECRET);
		expect(await vault.keepOnDevice('')).toBe(false);
		expect(vault.message).toMatch(/Enter a passphrase/);
		expect(local.getItem(SEALED_SECRETS_KEY)).toBeNull();
		await vault.keepOnDevice('pass phrase');
		vault.forgetOnDevice();
		expect(local.getItem(SEALED_SECRETS_KEY)).toBeNull();
		expect(vault.status).toBe('off');
		envs.setValue('api_key', 'changed');
		await settle();
		expect(local.getItem(SEALED_SECRETS_KEY)).toBeNull();
	});
});
