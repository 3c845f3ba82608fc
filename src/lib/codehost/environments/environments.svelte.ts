/** The environments list, the active one, and editing its variable values. */
import { browserStorages, type SecretStorages } from '$lib/settings/secret-storage';
import { freeSpace, isQuotaExceeded, notSavedFull } from '$lib/ui/storage-faults';
import { NewerData } from '$lib/ui/stored-format';
import {
	defaultEnvironments,
	EnvironmentStore,
	newId,
	type Environment,
	type EnvironmentsData,
	type TokenReference
} from './environments';
import { formatSize } from '../response/explorer-response';
import { VARIABLE_NAME } from '../request/variables';
import {
	isSecretVariable,
	loadSecretValues,
	looksSecret,
	saveSecretValues,
	SECRET_VARIABLE_KEY,
	withoutSecretValues,
	withSecretValues,
	type SecretValues
} from '../secrets/variables';

/** A value this big is named when the storage is full: emptying it is the quickest way out. */
const BIG_VALUE = 10_000;

export class EnvironmentsState {
	environments = $state<Environment[]>(defaultEnvironments().environments);
	activeId = $state(defaultEnvironments().activeId);
	message = $state<string | null>(null);
	/** Why what is shown is not all kept on this device; '' when it is. */
	notKept = $state('');
	/** The write under way, then the one waiting for it (of the state as it is then). */
	#writing: Promise<boolean> = Promise.resolve(true);
	#waiting: Promise<boolean> | undefined;
	#store: EnvironmentStore;
	#storages: SecretStorages | undefined;
	#credentialNames: () => readonly string[] = () => [];
	/** Told every secret value after each change (the vault seals them, if it is on). */
	#secretsSaved: (secrets: SecretValues) => void = () => {};

	constructor(store: EnvironmentStore = new EnvironmentStore(), storages?: SecretStorages) {
		this.#store = store;
		this.#storages = storages;
	}

	/** Which variables the request uses for a credential: those become secret for good. */
	keepSecrets(credentialNames: () => readonly string[]): void {
		this.#credentialNames = credentialNames;
	}

	/** Calls `saved` with every secret value after each change. */
	onSecretsSaved(saved: (secrets: SecretValues) => void): void {
		this.#secretsSaved = saved;
	}

	/**
	 * Fills secret values (unlocked from the device) into the variables that are still empty; a
	 * variable this tab has not seen (another tab added it) is added, as a secret.
	 */
	addSecretValues(secrets: SecretValues): void {
		const used = this.#credentialNames();
		this.environments = this.environments.map((e) => withKept(e, secrets[e.id], false, used));
		void this.#save();
	}

	/**
	 * Shows the secret values another tab sealed on this device: each variable secret here takes
	 * its value there ('' when it has none there), and one this tab has not seen is added, as a
	 * secret. They are kept for this tab; the environments are not written again (they hold no
	 * secret value, and this tab's copy of the rest may be older than the other tab's). Returns
	 * whether any value changed.
	 */
	replaceSecretValues(secrets: SecretValues): boolean {
		const used = this.#credentialNames();
		let changed = false;
		this.environments = this.environments.map((env) => {
			const next = withKept(env, secrets[env.id], true, used);
			if (next !== env) changed = true;
			return next;
		});
		if (changed)
			this.#writing = this.#writing.then(() => {
				try {
					saveSecretValues(this.#split().secrets, this.#storages ?? browserStorages());
				} catch {
					// The tab's copy stays as it was; a reload unlocks the device's copy again.
				}
				return !this.notKept;
			});
		return changed;
	}

	async load(): Promise<void> {
		let data: EnvironmentsData;
		try {
			data = await this.#store.load();
		} catch (error) {
			if (!(error instanceof NewerData)) throw error;
			// A newer build's environments: left as they are, and none is written over them.
			this.notKept = this.message = error.message;
			return;
		}
		const secrets = loadSecretValues(this.#storages);
		this.environments = data.environments.map((e) => withSecretValues(e, secrets.values));
		if (secrets.fromDevice)
			this.message =
				'Secret values were kept on this device unencrypted; they are now kept for this tab only. To keep them on this device, encrypt them with a passphrase below.';
		this.activeId = data.activeId;
	}

	/** Whether a variable of the active environment is kept as a secret. */
	isSecret(name: string): boolean {
		return isSecretVariable(this.active, name, this.#credentialNames());
	}

	/** Whether the person may untick it: a name like `token` is secret whatever they say. */
	canUnmark(name: string): boolean {
		return !looksSecret(name) && !this.#credentialNames().includes(name);
	}

	/** Marks or unmarks a variable of the active environment as secret. */
	setSecret(name: string, secret: boolean): void {
		const env = this.active;
		const others = (env.secret ?? []).filter((n) => n !== name);
		const list = secret ? [...others, name] : others;
		const { secret: _old, ...rest } = env;
		this.#replace(list.length ? { ...rest, secret: list } : rest);
	}

	/** Every secret value of every environment, for redaction (as short values are not). */
	get secretValues(): string[] {
		const used = this.#credentialNames();
		const values = this.environments.flatMap((env) =>
			Object.values(withoutSecretValues(env, used).secrets)
		);
		return values.filter((v, i) => v.length >= 4 && values.indexOf(v) === i);
	}

	/** Every secret value, per environment: what this tab keeps (and the vault seals). */
	get secretsById(): SecretValues {
		const secrets: SecretValues = {};
		for (const env of this.environments) {
			const split = withoutSecretValues(env, this.#credentialNames()).secrets;
			if (Object.keys(split).length) secrets[env.id] = split;
		}
		return secrets;
	}

	/** The environments as a file may carry them: secret values left empty. */
	forExport(): Environment[] {
		return this.environments.map((e) => withoutSecretValues(e, this.#credentialNames()).env);
	}

	get active(): Environment {
		return this.environments.find((e) => e.id === this.activeId) ?? this.environments[0]!;
	}

	get values(): Record<string, string> {
		return this.active.values;
	}

	select(id: string): void {
		if (!this.environments.some((e) => e.id === id)) return;
		this.activeId = id;
		void this.#save();
	}

	setValue(name: string, value: string): void {
		const env = this.active;
		this.#replace({ ...env, values: { ...env.values, [name]: value } });
	}

	/** Sets (or, with undefined, clears) which auth method the active environment uses. */
	setReference(auth: TokenReference | undefined): void {
		const { auth: _old, ...env } = this.active;
		this.#replace(auth ? { ...env, auth: { method: auth.method, way: auth.way } } : env);
	}

	/** Adds an environment with the active one's variable names (values empty) and selects it. */
	add(name: string): boolean {
		const clean = name.trim();
		if (!clean) {
			this.message = 'Give the environment a name.';
			return false;
		}
		if (this.environments.some((e) => e.name === clean)) {
			this.message = `There is already an environment called “${clean}”.`;
			return false;
		}
		const values = Object.fromEntries(Object.keys(this.active.values).map((k) => [k, '']));
		const env: Environment = { id: newId('env'), name: clean, values };
		this.environments = [...this.environments, env];
		this.activeId = env.id;
		this.message = `Environment “${clean}” added and selected.`;
		void this.#save();
		return true;
	}

	removeActive(): void {
		if (this.environments.length <= 1) {
			this.message = 'The last environment stays; clear its values instead.';
			return;
		}
		const gone = this.active;
		this.environments = this.environments.filter((e) => e.id !== gone.id);
		this.activeId = this.environments[0]!.id;
		this.message = `Environment “${gone.name}” deleted.`;
		void this.#save();
	}

	/**
	 * Environments read from an import: added, or merged into one of the same name (a variable
	 * secret in either stays secret). Resolves to whether it is kept on this device.
	 */
	merge(incoming: readonly Environment[]): Promise<boolean> {
		let list = [...this.environments];
		for (const env of incoming) {
			const same = list.find((e) => e.name === env.name);
			const secret = [...(same?.secret ?? [])];
			for (const name of env.secret ?? []) if (!secret.includes(name)) secret.push(name);
			list = same
				? list.map((e) =>
						e === same
							? {
									...same,
									values: { ...same.values, ...env.values },
									...(secret.length ? { secret } : {}),
									...(env.auth ? { auth: env.auth } : {})
								}
							: e
					)
				: [...list, { ...env, id: newId('env') }];
		}
		this.environments = list;
		return this.#save();
	}

	/** Puts back the environments as they were (an import undone), and writes them. */
	restore(environments: readonly Environment[]): Promise<boolean> {
		this.environments = [...environments];
		if (!this.environments.some((e) => e.id === this.activeId))
			this.activeId = this.environments[0]?.id ?? this.activeId;
		return this.#save();
	}

	get data(): EnvironmentsData {
		return { environments: this.environments, activeId: this.activeId };
	}

	#replace(env: Environment) {
		this.environments = this.environments.map((e) => (e.id === env.id ? env : e));
		void this.#save();
	}

	/**
	 * Resolves once every change made so far is written: true if it is kept on this device, false
	 * if it is not (`notKept` says why).
	 */
	saved(): Promise<boolean> {
		return this.#waiting ?? this.#writing;
	}

	/**
	 * Writes the environments as they are once the write before is done. One write at a time, of
	 * the latest state: changes made meanwhile go in the next one, so a change that fits after one
	 * that did not is kept, with it.
	 */
	#save(): Promise<boolean> {
		this.#markCredentialVariables();
		this.#waiting ??= this.#writing = this.#writing.then(() => {
			this.#waiting = undefined;
			return this.#write();
		});
		return this.#waiting;
	}

	/**
	 * IndexedDB gets every environment without its secret values; those go where tokens go. All
	 * or nothing: a change either store refuses leaves both as they were saved before.
	 */
	async #write(): Promise<boolean> {
		const { environments, secrets } = this.#split();
		this.#secretsSaved(secrets);
		const storages = this.#storages ?? browserStorages();
		const before = storages.session?.getItem(SECRET_VARIABLE_KEY) ?? null;
		try {
			saveSecretValues(secrets, storages);
			await this.#store.save({ environments, activeId: this.activeId });
		} catch (error) {
			putBack(storages, before);
			this.notKept = this.message = this.#notSaved(error);
			return false;
		}
		if (this.notKept) {
			this.notKept = '';
			this.message = 'Saved: your variables are kept on this device again.';
		}
		return true;
	}

	/** The environments as IndexedDB keeps them, and their secret values apart. */
	#split(): { environments: Environment[]; secrets: SecretValues } {
		const secrets: SecretValues = {};
		const environments = this.environments.map((env) => {
			const split = withoutSecretValues(env);
			if (Object.keys(split.secrets).length) secrets[env.id] = split.secrets;
			return split.env;
		});
		return { environments, secrets };
	}

	/** Why a change was not kept, and what to do: a full storage names the biggest value. */
	#notSaved(error: unknown): string {
		if (error instanceof NewerData) return `Not saved. ${error.message}`;
		if (!isQuotaExceeded(error))
			return 'Not saved on this device: the browser refused to store your variables. Try again; what you see lasts until this page is closed.';
		let big: { name: string; env: Environment; size: number } | undefined;
		for (const env of this.environments)
			for (const [name, value] of Object.entries(env.values))
				if (value.length >= BIG_VALUE && value.length > (big?.size ?? 0))
					big = { name, env, size: value.length };
		const where = big && this.environments.length > 1 ? ` in “${big.env.name}”` : '';
		const room = freeSpace(big && `Empty {{${big.name}}}${where} (${formatSize(big.size)})`);
		return notSavedFull(
			'Your variables as they were last saved are kept; what you changed since lasts until this page is closed.',
			room,
			'then your next change is saved with the rest'
		);
	}

	/** A variable once used for a credential stays secret after the request changes. */
	#markCredentialVariables(): void {
		const used = this.#credentialNames();
		if (!used.length) return;
		this.environments = this.environments.map((env) => {
			const add = used.filter((n) => Object.hasOwn(env.values, n) && !env.secret?.includes(n));
			return add.length ? { ...env, secret: [...(env.secret ?? []), ...add] } : env;
		});
	}
}

/** The tab's secret values as they were before a write that was not kept. */
function putBack(storages: SecretStorages, before: string | null): void {
	try {
		if (before === null) storages.session?.removeItem(SECRET_VARIABLE_KEY);
		else storages.session?.setItem(SECRET_VARIABLE_KEY, before);
	} catch {
		// What was there fitted before and is no bigger: this only fails where storage is refused.
	}
}

/**
 * `env` with the secret values `kept` for it put in: those of variables still empty, or
 * (`overwrite`) of every secret variable, '' where `kept` has none. A variable set from `kept`
 * that is not secret here yet (added, or marked in another tab) is marked secret, so that its
 * value never reaches IndexedDB. The same object when nothing changes.
 */
function withKept(
	env: Environment,
	kept: Readonly<Record<string, string>> = {},
	overwrite: boolean,
	used: readonly string[]
): Environment {
	const values = { ...env.values };
	const marked = [...(env.secret ?? [])];
	let changed = false;
	for (const [name, value] of Object.entries(kept)) {
		const has = Object.hasOwn(values, name);
		if (
			!VARIABLE_NAME.test(name) ||
			(has && (values[name] === value || (!overwrite && values[name])))
		)
			continue;
		values[name] = value;
		changed = true;
		if (!isSecretVariable(env, name, used)) marked.push(name);
	}
	if (overwrite)
		for (const name of Object.keys(values))
			if (values[name] && !Object.hasOwn(kept, name) && isSecretVariable(env, name, used)) {
				values[name] = '';
				changed = true;
			}
	return changed ? { ...env, values, ...(marked.length ? { secret: marked } : {}) } : env;
}
