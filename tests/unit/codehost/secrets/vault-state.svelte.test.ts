/**
 * Secret variables kept on the device only when the person opts in, and then only sealed: a new
 * tab finds them locked, a wrong passphrase changes nothing, the right one fills the variables.
 */
import { clear, createStore, get } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EnvironmentStore } from '$lib/codehost/environments/environments';
import { EnvironmentsState } from '$lib/codehost/environments/environments.svelte';
import { openSecrets } from '$lib/codehost/secrets/vault';
import {
	SEALED_BEHIND_KEY,
	SEALED_SECRETS_KEY,
	SecretVaultState
} from '$lib/codehost/secrets/vault-state.svelte';
import { SECRET_VARIABLE_KEY } from '$lib/codehost/secrets/variables';
import { MemoryStorage } from '../../memory-storage';

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

// Each seal runs the vault's 310,000 PBKDF2 rounds: a second on two busy cores, so a wait for
// what a seal writes is given far more than vitest's one-second default.
const waitFor = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 20_000 });

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
		await waitFor(() => expect(local.getItem(SEALED_SECRETS_KEY)).not.toBe(sealed));
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

/**
 * One device's local storage, shared by tabs: a write tells every other tab, as the browser's
 * `storage` event does (unless `told` is off: then a tab learns only by reading).
 */
class Device {
	readonly local = new MemoryStorage();
	readonly #tabs: EventTarget[] = [];
	told = true;

	/** A tab's view of the device: its own session storage, and its own window for events. */
	tab() {
		const window = new EventTarget();
		this.#tabs.push(window);
		const tell = (key: string) => {
			if (this.told)
				for (const other of this.#tabs)
					if (other !== window) other.dispatchEvent(Object.assign(new Event('storage'), { key }));
		};
		const local = this.local;
		const view: Storage = Object.assign(Object.create(local) as Storage, {
			getItem: (key: string) => local.getItem(key),
			setItem: (key: string, value: string) => {
				local.setItem(key, value);
				tell(key);
			},
			removeItem: (key: string) => {
				local.removeItem(key);
				tell(key);
			}
		});
		return { window, local: view, session: new MemoryStorage() };
	}
}

/** A tab of the explorer on `device`: its environments, and its vault. */
async function tabOn(device: Device) {
	const { window, local: view, session: own } = device.tab();
	const envs = new EnvironmentsState(new EnvironmentStore(), { session: own, local: view });
	const vault = new SecretVaultState(envs, view, window);
	await envs.load();
	return { envs, vault, session: own };
}

const sealedValues = async (storage: Storage, passphrase: string) =>
	openSecrets(JSON.parse(storage.getItem(SEALED_SECRETS_KEY)!), passphrase);

describe('a seal the device cannot hold', { timeout: 60_000 }, () => {
	it('is said, never claimed kept; the copy before stays; the next seal that fits works again', async () => {
		local.room = 3_000;
		const { envs, vault } = await openTab();
		envs.setValue('api_key', SECRET);
		expect(await vault.keepOnDevice('correct horse')).toBe(true);
		expect(vault.sealed).toBe(true);
		const before = local.getItem(SEALED_SECRETS_KEY);

		envs.setValue('api_key', 'k'.repeat(5_000));
		await waitFor(() => expect(vault.sealed).toBe(false));
		expect(vault.status).toBe('open');
		expect(vault.message).toBe(
			"Not saved: this browser's storage for this site is full. The encrypted copy kept before stays on this device, without this change; this tab keeps the values until it closes. Empty a long secret value or free some space (delete saved requests, History or Bible downloads you no longer need), then your next change is encrypted with the rest."
		);
		expect(local.getItem(SEALED_SECRETS_KEY)).toBe(before);
		expect(local.getItem(SEALED_BEHIND_KEY)).not.toBeNull();

		// A new tab meanwhile unlocks the older copy, and is told it may be older.
		session.clear();
		const other = await openTab();
		expect(await other.vault.unlock('correct horse')).toBe(true);
		expect(other.envs.values.api_key).toBe(SECRET);
		expect(other.vault.message).toContain(
			'These may be older than a change made in another tab, which did not fit on this device.'
		);
		other.vault.close();

		// The first tab's next change fits: sealed, said, and the warning is taken off.
		envs.setValue('api_key', `${SECRET}-after`);
		await waitFor(() => expect(vault.sealed).toBe(true));
		expect(vault.message).toBe('Secret values are kept on this device, encrypted, again.');
		expect(await sealedValues(local, 'correct horse')).toEqual({
			'env-default\u001fapi_key': `${SECRET}-after`
		});
		expect(local.getItem(SEALED_BEHIND_KEY)).toBeNull();
	});

	it('the first seal not fitting leaves nothing on the device and says so', async () => {
		local.room = 1_000;
		const { envs, vault } = await openTab();
		envs.setValue('api_key', 'k'.repeat(5_000));
		expect(await vault.keepOnDevice('correct horse')).toBe(false);
		expect(vault.sealed).toBe(false);
		expect(vault.message).toMatch(/^Not saved: this browser's storage for this site is full\./);
		expect(local.getItem(SEALED_SECRETS_KEY)).toBeNull();
		envs.setValue('api_key', SECRET);
		await waitFor(() => expect(vault.sealed).toBe(true));
		expect(vault.status).toBe('open');
		expect(await sealedValues(local, 'correct horse')).toEqual({
			'env-default\u001fapi_key': SECRET
		});
	});
});

describe('two tabs editing sealed values', { timeout: 60_000 }, () => {
	async function twoTabs(device: Device) {
		const a = await tabOn(device);
		a.envs.setValue('api_key', 'key-1');
		a.envs.setValue('deploy_token', 'deploy-1');
		expect(await a.vault.keepOnDevice('correct horse')).toBe(true);
		const b = await tabOn(device);
		expect(await b.vault.unlock('correct horse')).toBe(true);
		expect(b.envs.values).toMatchObject({ api_key: 'key-1', deploy_token: 'deploy-1' });
		return { a, b };
	}

	it('a change sealed in one tab is shown in the other, which writes nothing back', async () => {
		const device = new Device();
		const { a, b } = await twoTabs(device);
		b.envs.setValue('api_key', 'key-2');
		await waitFor(() => expect(a.envs.values.api_key).toBe('key-2'));
		expect(a.vault.message).toBe(
			'Another tab changed the secret values kept on this device; this tab shows them now.'
		);
		expect(a.vault.sealed).toBe(true);
		// The tab that was told keeps the new value for itself too, and seals nothing over it.
		expect(a.session.getItem(SECRET_VARIABLE_KEY)).toContain('key-2');
		const text = device.local.getItem(SEALED_SECRETS_KEY);
		await new Promise((resolve) => setTimeout(resolve, 100));
		expect(device.local.getItem(SEALED_SECRETS_KEY)).toBe(text);

		// And back: each sees the other's change, neither is lost.
		a.envs.setValue('deploy_token', 'deploy-2');
		await waitFor(() => expect(b.envs.values.deploy_token).toBe('deploy-2'));
		expect(await sealedValues(device.local, 'correct horse')).toEqual({
			'env-default\u001fapi_key': 'key-2',
			'env-default\u001fdeploy_token': 'deploy-2'
		});
	});

	it('a tab that was not told seals its change over the newer copy, not its own older one', async () => {
		const device = new Device();
		const { a, b } = await twoTabs(device);
		device.told = false;
		b.envs.setValue('api_key', 'key-2');
		await waitFor(async () =>
			expect(await sealedValues(device.local, 'correct horse')).toMatchObject({
				'env-default\u001fapi_key': 'key-2'
			})
		);
		// A still shows its older copy; its next change is sealed over B's, keeping B's.
		expect(a.envs.values.api_key).toBe('key-1');
		a.envs.setValue('deploy_token', 'deploy-2');
		await waitFor(() => expect(a.envs.values.api_key).toBe('key-2'));
		await waitFor(async () =>
			expect(await sealedValues(device.local, 'correct horse')).toEqual({
				'env-default\u001fapi_key': 'key-2',
				'env-default\u001fdeploy_token': 'deploy-2'
			})
		);
	});

	it('a copy sealed in another tab under another passphrase is never written over', async () => {
		const device = new Device();
		const { a, b } = await twoTabs(device);
		device.told = false;
		a.vault.forgetOnDevice();
		expect(await a.vault.keepOnDevice('battery staple')).toBe(true);
		const theirs = device.local.getItem(SEALED_SECRETS_KEY);
		b.envs.setValue('api_key', 'key-from-b');
		await waitFor(() => expect(b.vault.status).toBe('locked'));
		expect(b.vault.message).toBe(
			'Another tab keeps the secret values on this device under another passphrase. Enter that passphrase to unlock them; this tab keeps its own until it closes.'
		);
		expect(device.local.getItem(SEALED_SECRETS_KEY)).toBe(theirs);
		expect(b.envs.values.api_key).toBe('key-from-b');
	});

	it('"Stop keeping them" in one tab turns it off in the other, which keeps its values for itself', async () => {
		const device = new Device();
		const { a, b } = await twoTabs(device);
		a.vault.forgetOnDevice();
		await waitFor(() => expect(b.vault.status).toBe('off'));
		expect(b.vault.sealed).toBe(false);
		expect(b.vault.message).toBe(
			'Another tab stopped keeping secret values on this device; this tab keeps them until it closes.'
		);
		b.envs.setValue('api_key', 'key-2');
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(device.local.getItem(SEALED_SECRETS_KEY)).toBeNull();
		expect(b.envs.values.api_key).toBe('key-2');
	});

	it('a tab opened before the other added a secret variable shows it once unlocked, kept secret', async () => {
		const device = new Device();
		const b = await tabOn(device);
		const a = await tabOn(device);
		a.envs.setValue('note', 'deploy-note-4417');
		a.envs.setSecret('note', true);
		a.envs.setValue('api_key', 'key-1');
		expect(await a.vault.keepOnDevice('correct horse')).toBe(true);
		// B's environment has neither variable.
		expect(b.envs.values).toEqual({});
		expect(await b.vault.unlock('correct horse')).toBe(true);
		expect(b.envs.values).toEqual({ note: 'deploy-note-4417', api_key: 'key-1' });
		expect(b.envs.isSecret('note')).toBe(true);
		await b.envs.saved();
		expect(
			JSON.stringify(await get('environments', createStore('codehost-environments', 'kv')))
		).not.toContain('deploy-note-4417');
		// A secret A adds later reaches B too.
		a.envs.setValue('ci_token', 'ci-1');
		await waitFor(() => expect(b.envs.values.ci_token).toBe('ci-1'));
	});

	it('a closed explorer hears no more of other tabs', async () => {
		const device = new Device();
		const { a, b } = await twoTabs(device);
		a.vault.close();
		b.envs.setValue('api_key', 'key-2');
		await waitFor(async () =>
			expect(await sealedValues(device.local, 'correct horse')).toMatchObject({
				'env-default\u001fapi_key': 'key-2'
			})
		);
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(a.envs.values.api_key).toBe('key-1');
	});
});
