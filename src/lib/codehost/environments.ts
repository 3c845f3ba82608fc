/** Environments (named sets of variable values) in IndexedDB. Values are not secrets. */
import { createStore, get, set, type UseStore } from 'idb-keyval';
import { VARIABLE_NAME } from './variables';

export interface Environment {
	id: string;
	name: string;
	values: Record<string, string>;
}

export interface EnvironmentsData {
	environments: Environment[];
	activeId: string;
}

export function newId(prefix: string): string {
	return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

export function defaultEnvironments(): EnvironmentsData {
	const env: Environment = { id: 'env-default', name: 'Default', values: {} };
	return { environments: [env], activeId: env.id };
}

/** Only well-formed environments are kept (a stored or imported value may be anything). */
export function cleanEnvironment(value: unknown): Environment | null {
	if (!value || typeof value !== 'object') return null;
	const e = value as Record<string, unknown>;
	if (typeof e.id !== 'string' || typeof e.name !== 'string' || !e.name.trim()) return null;
	const values: Record<string, string> = {};
	if (e.values && typeof e.values === 'object' && !Array.isArray(e.values))
		for (const [k, v] of Object.entries(e.values as Record<string, unknown>))
			if (VARIABLE_NAME.test(k) && typeof v === 'string') values[k] = v;
	return { id: e.id, name: e.name.trim().slice(0, 100), values };
}

const KEY = 'environments';

export class EnvironmentStore {
	#store: UseStore | undefined;

	#db(): UseStore {
		this.#store ??= createStore('codehost-environments', 'kv');
		return this.#store;
	}

	async load(): Promise<EnvironmentsData> {
		try {
			const data = await get<EnvironmentsData>(KEY, this.#db());
			const environments = (data?.environments ?? [])
				.map(cleanEnvironment)
				.filter((e): e is Environment => e !== null);
			if (!environments.length) return defaultEnvironments();
			const activeId = environments.some((e) => e.id === data?.activeId)
				? data!.activeId
				: environments[0]!.id;
			return { environments, activeId };
		} catch {
			return defaultEnvironments();
		}
	}

	async save(data: EnvironmentsData): Promise<void> {
		try {
			await set(KEY, plainCopy(data), this.#db());
		} catch {
			// A private window may refuse IndexedDB: environments then last for this page only.
		}
	}
}

/** A plain copy (IndexedDB cannot clone Svelte's proxies). */
function plainCopy(data: EnvironmentsData): EnvironmentsData {
	return JSON.parse(JSON.stringify(data)) as EnvironmentsData;
}
