/** The environments list, the active one, and editing its variable values. */
import {
	defaultEnvironments,
	EnvironmentStore,
	newId,
	type Environment,
	type EnvironmentsData,
	type TokenReference
} from './environments';

export class EnvironmentsState {
	environments = $state<Environment[]>(defaultEnvironments().environments);
	activeId = $state(defaultEnvironments().activeId);
	message = $state<string | null>(null);
	#store: EnvironmentStore;

	constructor(store: EnvironmentStore = new EnvironmentStore()) {
		this.#store = store;
	}

	async load(): Promise<void> {
		const data = await this.#store.load();
		this.environments = data.environments;
		this.activeId = data.activeId;
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

	/** Environments read from an import: added, or replacing one of the same name. */
	merge(incoming: readonly Environment[]): void {
		let list = [...this.environments];
		for (const env of incoming) {
			const same = list.find((e) => e.name === env.name);
			list = same
				? list.map((e) =>
						e === same
							? {
									...same,
									values: { ...same.values, ...env.values },
									...(env.auth ? { auth: env.auth } : {})
								}
							: e
					)
				: [...list, { ...env, id: newId('env') }];
		}
		this.environments = list;
		void this.#save();
	}

	get data(): EnvironmentsData {
		return { environments: this.environments, activeId: this.activeId };
	}

	#replace(env: Environment) {
		this.environments = this.environments.map((e) => (e.id === env.id ? env : e));
		void this.#save();
	}

	#save(): Promise<void> {
		return this.#store.save(this.data);
	}
}
