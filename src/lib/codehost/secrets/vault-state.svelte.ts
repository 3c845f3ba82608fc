/**
 * Keeping secret variables on this device, for a person who opts in: sealed with a key from their
 * passphrase (secret-vault.ts) in local storage. Off, they live for the tab only. In a new tab
 * the sealed copy stays locked until the passphrase is entered; a wrong one changes nothing.
 *
 * The device holds one sealed copy for every tab. A tab writes it only over the copy it last saw:
 * when another tab sealed since (its `storage` event says so, and each write checks), this tab
 * opens that copy first, shows its values and seals its own changes on top of it, so neither
 * tab's change is lost; a copy sealed under another passphrase is never written over.
 */
import { freeSpace, isQuotaExceeded, notSavedFull } from '$lib/ui/storage-faults';
import type { EnvironmentsState } from '../environments/environments.svelte';
import { mergeSecrets, SecretVault, VaultError } from './vault';
import { flattenSecrets, unflattenSecrets } from './variables';

export const SEALED_SECRETS_KEY = 'codehost.explorer.sealed-secrets';
/** Set while a tab holds changes the sealed copy lacks (they did not fit): it is older than them. */
export const SEALED_BEHIND_KEY = 'codehost.explorer.sealed-secrets.behind';

export type VaultStatus = 'off' | 'locked' | 'open';

type Values = Record<string, string>;

/** The part of the device's values this tab holds (those it could show, and change). */
const held = (device: Values, tab: Values): Values =>
	Object.fromEntries(Object.entries(device).filter(([key]) => Object.hasOwn(tab, key)));

const same = (a: Values, b: Values): boolean =>
	Object.keys(a).length === Object.keys(b).length &&
	Object.entries(a).every(([key, value]) => b[key] === value);

export class SecretVaultState {
	#vault = $state.raw<SecretVault>();
	#sealedOnDevice = $state(false);
	/**
	 * The sealed copy on the device holds this tab's values as they are: false after a change the
	 * device could not keep (until a later one is sealed), so the panel never says "kept" then.
	 */
	sealed = $state(false);
	message = $state('');
	/** Deriving the key takes a moment (310,000 rounds): the buttons wait. */
	busy = $state(false);
	#environments: EnvironmentsState;
	#storage: Storage | undefined;
	#writing: Promise<unknown> = Promise.resolve();
	/** The sealed copy as this tab last wrote or read it, its values, and the part of them it holds. */
	#seen: { text: string | null; values: Values; shown: Values } = {
		text: null,
		values: {},
		shown: {}
	};
	/** The last seal did not fit; the next one that does says so. */
	#failed = false;
	/** This tab set SEALED_BEHIND_KEY (its changes did not fit), and takes it off once they do. */
	#behind = false;
	#stop = new AbortController();

	constructor(
		environments: EnvironmentsState,
		storage: Storage | undefined = typeof localStorage === 'undefined' ? undefined : localStorage,
		/** Where the browser tells of other tabs' writes (`storage` events): the window. */
		events: EventTarget | undefined = typeof window === 'undefined' ? undefined : window
	) {
		this.#environments = environments;
		this.#storage = storage;
		this.#sealedOnDevice = !!this.#read();
		environments.onSecretsSaved(() => {
			if (this.#vault) void this.#write(this.#vault);
		});
		events?.addEventListener(
			'storage',
			(event) => {
				const key = (event as StorageEvent).key;
				if (key === SEALED_SECRETS_KEY || key === null) this.#deviceChanged();
			},
			{ signal: this.#stop.signal }
		);
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
			this.#seen = { text: this.#read(), values: {}, shown: {} };
			if (this.#seen.text) {
				// Another tab kept them meanwhile: its copy is not written over.
				this.#lockedElsewhere();
				return false;
			}
			this.sealed = false;
			if (!(await this.#write(vault))) return false;
			this.message =
				'Secret values are now kept on this device, encrypted with your passphrase. In a new tab, enter it to unlock them.';
			return true;
		});
	}

	/** Opens the sealed copy; its values fill the variables. A wrong passphrase changes nothing. */
	async unlock(passphrase: string): Promise<boolean> {
		return this.#guard(async () => {
			const text = this.#read();
			const { vault, values } = await SecretVault.unlock(JSON.parse(text ?? 'null'), passphrase);
			this.#vault = vault;
			this.#environments.addSecretValues(unflattenSecrets(values));
			this.#seen = { text, values, shown: held(values, this.#mine()) };
			this.sealed = true;
			const n = Object.keys(values).length;
			this.message =
				`Unlocked ${n} secret value${n === 1 ? '' : 's'}; changes are kept encrypted on this device.` +
				(this.#storage?.getItem(SEALED_BEHIND_KEY)
					? ' These may be older than a change made in another tab, which did not fit on this device.'
					: '');
			return true;
		});
	}

	/** Takes the sealed copy off the device; this tab keeps its values until it closes. */
	forgetOnDevice(): void {
		this.#vault = undefined;
		this.#storage?.removeItem(SEALED_SECRETS_KEY);
		this.#storage?.removeItem(SEALED_BEHIND_KEY);
		this.#behind = false;
		this.#seen = { text: null, values: {}, shown: {} };
		this.#sealedOnDevice = this.sealed = false;
		this.message =
			'Secret values are no longer kept on this device; this tab keeps them until it closes.';
	}

	/** Stops listening to other tabs (the explorer this belongs to was replaced or closed). */
	close(): void {
		this.#stop.abort();
	}

	async #guard(work: () => Promise<boolean>): Promise<boolean> {
		if (this.busy) return false;
		this.busy = true;
		try {
			return await work();
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

	#read(): string | null {
		return this.#storage?.getItem(SEALED_SECRETS_KEY) ?? null;
	}

	#mine(): Values {
		return flattenSecrets(this.#environments.secretsById);
	}

	/** Another tab wrote the sealed copy (or took it away). */
	#deviceChanged(): void {
		const text = this.#read();
		if (text === this.#seen.text) return;
		if (this.#vault) void this.#write(this.#vault);
		else this.#sealedOnDevice = text !== null;
	}

	/**
	 * Seals the latest values over the copy this tab last saw; writes go in order, so an older
	 * seal never lands last. Resolves to whether the device now holds this tab's values.
	 */
	#write(vault: SecretVault): Promise<boolean> {
		const done = this.#writing.then(() => this.#sealLatest(vault));
		this.#writing = done.catch(() => {});
		return done;
	}

	async #sealLatest(vault: SecretVault): Promise<boolean> {
		// A few rounds at most: each one means another tab wrote while this one sealed.
		for (let round = 0; round < 3; round++) {
			if (this.#vault !== vault) return false;
			const text = this.#read();
			if (text !== this.#seen.text && !(await this.#takeTheirs(vault, text))) return false;
			const mine = this.#mine();
			const next = mergeSecrets(this.#seen.shown, mine, this.#seen.values);
			if (this.#seen.text !== null && same(next, this.#seen.values)) return this.#kept();
			const sealed = JSON.stringify(await vault.seal(next));
			// Turned off (or another passphrase chosen) meanwhile: this seal is stale.
			if (this.#vault !== vault) return false;
			if (this.#read() !== text) continue;
			try {
				this.#storage?.setItem(SEALED_SECRETS_KEY, sealed);
			} catch (error) {
				return this.#notKept(error);
			}
			this.#seen = { text: sealed, values: next, shown: held(next, mine) };
			return this.#kept();
		}
		return false;
	}

	/**
	 * The device's copy is not the one this tab last saw: another tab sealed (or forgot) since.
	 * Its values are shown here, with this tab's own changes since on top; false when this tab
	 * must not write over it (gone, or under another passphrase).
	 */
	async #takeTheirs(vault: SecretVault, text: string | null): Promise<boolean> {
		if (text === null) {
			this.#vault = undefined;
			this.#seen = { text: null, values: {}, shown: {} };
			this.#sealedOnDevice = this.sealed = false;
			this.message =
				'Another tab stopped keeping secret values on this device; this tab keeps them until it closes.';
			return false;
		}
		let theirs: Values | null;
		try {
			theirs = await vault.open(JSON.parse(text));
		} catch {
			// Damaged: nobody can open it, so this tab's copy takes its place.
			this.#seen = { text, values: {}, shown: {} };
			return true;
		}
		if (this.#vault !== vault) return false;
		if (!theirs) {
			this.#lockedElsewhere();
			return false;
		}
		const merged = mergeSecrets(this.#seen.shown, this.#mine(), theirs);
		if (this.#environments.replaceSecretValues(unflattenSecrets(merged)))
			this.message =
				'Another tab changed the secret values kept on this device; this tab shows them now.';
		this.#seen = { text, values: theirs, shown: held(theirs, this.#mine()) };
		return true;
	}

	/** Another tab keeps them under another passphrase: this tab's key cannot open that copy. */
	#lockedElsewhere(): void {
		this.#vault = undefined;
		this.#sealedOnDevice = true;
		this.sealed = false;
		this.message =
			'Another tab keeps the secret values on this device under another passphrase. Enter that passphrase to unlock them; this tab keeps its own until it closes.';
	}

	#kept(): true {
		this.#sealedOnDevice = this.sealed = true;
		if (this.#failed) this.message = 'Secret values are kept on this device, encrypted, again.';
		this.#failed = false;
		if (this.#behind) {
			this.#behind = false;
			this.#storage?.removeItem(SEALED_BEHIND_KEY);
		}
		return true;
	}

	/** The device did not take the seal: what it kept before stays, and the person is told. */
	#notKept(error: unknown): false {
		this.sealed = false;
		this.#failed = true;
		this.message = isQuotaExceeded(error)
			? notSavedFull(
					'The encrypted copy kept before stays on this device, without this change; this tab keeps the values until it closes.',
					freeSpace('Empty a long secret value'),
					'then your next change is encrypted with the rest'
				)
			: 'Not kept on this device: the browser refused to store the encrypted secret values. This tab keeps them until it closes; change one to try again.';
		try {
			this.#storage?.setItem(SEALED_BEHIND_KEY, '1');
			this.#behind = true;
		} catch {
			// Not even this fits: a new tab cannot be warned that the copy is older.
		}
		return false;
	}
}
