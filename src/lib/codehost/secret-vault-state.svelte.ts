/**
 * Keeping secret variables on this device, for a person who opts in: sealed with a key from their
 * passphrase (secret-vault.ts) in local storage. Off, they live for the tab only. In a new tab
 * the sealed copy stays locked until the passphrase is entered; a wrong one changes nothing.
 */
import type { EnvironmentsState } from './environments.svelte';
import { SecretVault, VaultError } from './secret-vault';
import { flattenSecrets, unflattenSecrets } from './secret-variables';

export const SEALED_SECRETS_KEY = 'codehost.explorer.sealed-secrets';

export type VaultStatus = 'off' | 'locked' | 'open';

export class SecretVaultState {
	#vault = $state.raw<SecretVault>();
	#sealedOnDevice = $state(false);
	message = $state('');
	/** Deriving the key takes a moment (310,000 rounds): the buttons wait. */
	busy = $state(false);
	#environments: EnvironmentsState;
	#storage: Storage | undefined;
	#writing: Promise<void> = Promise.resolve();

	constructor(
		environments: EnvironmentsState,
		storage: Storage | undefined = typeof localStorage === 'undefined' ? undefined : localStorage
	) {
		this.#environments = environments;
		this.#storage = storage;
		this.#sealedOnDevice = !!storage?.getItem(SEALED_SECRETS_KEY);
		environments.onSecretsSaved(() => {
			if (this.#vault) void this.#write(this.#vault);
		});
	}

	get status(): VaultStatus {
		if (this.#vault) return 'open';
		return this.#sealedOnDevice ? 'locked' : 'off';
	}

	/** Seals this tab's secret values on the device under a new passphrase. */
	async keepOnDevice(passphrase: string): Promise<boolean> {
		return this.#guard(async () => {
			const vault = await SecretVault.create(passphrase);
			this.#vault = vault;
			await this.#write(vault);
			this.message =
				'Secret values are now kept on this device, encrypted with your passphrase. In a new tab, enter it to unlock them.';
		});
	}

	/** Opens the sealed copy; its values fill the variables. A wrong passphrase changes nothing. */
	async unlock(passphrase: string): Promise<boolean> {
		return this.#guard(async () => {
			const sealed: unknown = JSON.parse(this.#storage?.getItem(SEALED_SECRETS_KEY) ?? 'null');
			const { vault, values } = await SecretVault.unlock(sealed, passphrase);
			this.#vault = vault;
			this.#environments.addSecretValues(unflattenSecrets(values));
			const n = Object.keys(values).length;
			this.message = `Unlocked ${n} secret value${n === 1 ? '' : 's'}; changes are kept encrypted on this device.`;
		});
	}

	/** Takes the sealed copy off the device; this tab keeps its values until it closes. */
	forgetOnDevice(): void {
		this.#vault = undefined;
		this.#storage?.removeItem(SEALED_SECRETS_KEY);
		this.#sealedOnDevice = false;
		this.message =
			'Secret values are no longer kept on this device; this tab keeps them until it closes.';
	}

	async #guard(work: () => Promise<void>): Promise<boolean> {
		if (this.busy) return false;
		this.busy = true;
		try {
			await work();
			return true;
		} catch (error) {
			if (!(error instanceof VaultError) && !(error instanceof SyntaxError)) throw error;
			this.message =
				error instanceof VaultError
					? error.message
					: 'The saved secrets are not in a form this app can open.';
			return false;
		} finally {
			this.busy = false;
		}
	}

	/** Seals the latest values; writes go in order, so an older seal never lands last. */
	#write(vault: SecretVault): Promise<void> {
		const values = flattenSecrets(this.#environments.secretsById);
		this.#writing = this.#writing.then(async () => {
			const sealed = await vault.seal(values);
			// Turned off (or another passphrase chosen) meanwhile: this seal is stale.
			if (this.#vault !== vault) return;
			this.#storage?.setItem(SEALED_SECRETS_KEY, JSON.stringify(sealed));
			this.#sealedOnDevice = true;
		});
		return this.#writing;
	}
}
