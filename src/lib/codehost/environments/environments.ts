/**
 * Environments (named sets of variable values) in IndexedDB. A secret variable's value is never
 * written here (secret-variables.ts keeps it apart); an environment may name an auth method to
 * use (a token reference), never hold the token itself. Format 2: the one record carries
 * `format`; a format-1 record (builds before versions wrote it without one) is upgraded on open,
 * and one of a newer format is never overwritten (NewerData).
 */
import { createStore, promisifyRequest, type UseStore } from 'idb-keyval';
import { isQuotaExceeded, reportStorageFault, StorageFull } from '$lib/ui/storage-faults';
import { checkFormat, formatOf, NewerData } from '$lib/ui/stored-format';
import { AUTH_METHODS, methodInfo, WAY_LABELS, type AuthMethod, type AuthWay } from '../auth/auth';
import { VARIABLE_NAME } from '../request/variables';

/** "Use the token entered for this auth method, sent this way": a name, never the token. */
export interface TokenReference {
	method: AuthMethod;
	way: AuthWay;
}

export interface Environment {
	id: string;
	name: string;
	values: Record<string, string>;
	/** Variables the person marked as secret (names only). */
	secret?: string[];
	/** Switching to this environment selects this auth method and way; absent: auth stays. */
	auth?: TokenReference;
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

/** How a reference reads to a person: "the Job token, sent as JOB-TOKEN header". */
export function referenceLabel(ref: TokenReference): string {
	if (ref.method === 'none') return 'no authentication';
	if (ref.method === 'session') return 'the session cookie';
	return `the token of “${methodInfo(ref.method).label}”, sent as ${WAY_LABELS[ref.way]}`;
}

/** A token reference as stored or imported: only a known method and one of its ways. */
export function cleanReference(value: unknown): TokenReference | undefined {
	if (!value || typeof value !== 'object') return undefined;
	const r = value as Record<string, unknown>;
	const info = AUTH_METHODS.find((m) => m.id === r.method);
	if (!info) return undefined;
	return { method: info.id, way: info.ways.find((w) => w === r.way) ?? info.ways[0]! };
}

/**
 * Only well-formed environments are kept (a stored or imported value may be anything); the
 * token reference keeps its method and way and nothing else, so no token text comes along.
 */
export function cleanEnvironment(value: unknown): Environment | null {
	if (!value || typeof value !== 'object') return null;
	const e = value as Record<string, unknown>;
	if (typeof e.id !== 'string' || typeof e.name !== 'string' || !e.name.trim()) return null;
	const values: Record<string, string> = {};
	if (e.values && typeof e.values === 'object' && !Array.isArray(e.values))
		for (const [k, v] of Object.entries(e.values as Record<string, unknown>))
			if (VARIABLE_NAME.test(k) && typeof v === 'string') values[k] = v;
	const auth = cleanReference(e.auth);
	const secret = Array.isArray(e.secret)
		? e.secret.filter((n): n is string => typeof n === 'string' && VARIABLE_NAME.test(n))
		: [];
	return {
		id: e.id,
		name: e.name.trim().slice(0, 100),
		values,
		...(secret.length ? { secret } : {}),
		...(auth ? { auth } : {})
	};
}

export const ENVIRONMENTS_KEY = 'environments';
export const ENVIRONMENTS_FORMAT = 2;

/** The stored record, format 2. */
export interface EnvironmentsRecord extends EnvironmentsData {
	format: typeof ENVIRONMENTS_FORMAT;
}

/** The environments a stored record holds, cleaned (format 1 and 2 hold the same fields). */
export function readEnvironments(record: unknown): EnvironmentsData {
	const data = record as Partial<EnvironmentsData> | undefined;
	const environments = (Array.isArray(data?.environments) ? data.environments : [])
		.map(cleanEnvironment)
		.filter((e): e is Environment => e !== null);
	if (!environments.length) return defaultEnvironments();
	const activeId = environments.some((e) => e.id === data?.activeId)
		? data!.activeId!
		: environments[0]!.id;
	return { environments, activeId };
}

const record = (data: EnvironmentsData): EnvironmentsRecord => ({
	format: ENVIRONMENTS_FORMAT,
	...plainCopy(data)
});

export class EnvironmentStore {
	#store: UseStore | undefined;

	#db(): UseStore {
		this.#store ??= createStore('codehost-environments', 'kv');
		return this.#store;
	}

	/**
	 * Reads the environments; a format-1 record is written back as format 2 in the same
	 * transaction. Throws NewerData if a newer build wrote them (nothing is changed).
	 */
	async load(): Promise<EnvironmentsData> {
		try {
			return await this.#db()('readwrite', async (store) => {
				const stored: unknown = await promisifyRequest(store.get(ENVIRONMENTS_KEY));
				checkFormat(stored, ENVIRONMENTS_FORMAT, 'environments');
				const data = readEnvironments(stored);
				if (stored !== undefined && formatOf(stored) < ENVIRONMENTS_FORMAT)
					store.put(record(data), ENVIRONMENTS_KEY);
				await promisifyRequest(store.transaction);
				return data;
			});
		} catch (error) {
			if (error instanceof NewerData) throw error;
			if (!isQuotaExceeded(error)) {
				reportStorageFault(error);
				return defaultEnvironments();
			}
			// No room to upgrade: read as it is, and upgraded by the next save.
			try {
				return readEnvironments(
					await this.#db()('readonly', (store) => promisifyRequest(store.get(ENVIRONMENTS_KEY)))
				);
			} catch (again) {
				reportStorageFault(again);
				return defaultEnvironments();
			}
		}
	}

	/**
	 * Writes every environment as one record, in one transaction: it is there whole or not at
	 * all. Throws StorageFull if the browser's storage is full: then the record saved before stays;
	 * NewerData if a newer build wrote the record: it is left as it is.
	 */
	async save(data: EnvironmentsData): Promise<void> {
		const next = record(data);
		try {
			await this.#db()('readwrite', async (store) => {
				const stored: unknown = await promisifyRequest(store.get(ENVIRONMENTS_KEY));
				checkFormat(stored, ENVIRONMENTS_FORMAT, 'environments');
				store.put(next, ENVIRONMENTS_KEY);
				await promisifyRequest(store.transaction);
			});
		} catch (error) {
			if (error instanceof NewerData) throw error;
			if (isQuotaExceeded(error)) throw new StorageFull();
			// A private window may refuse IndexedDB: environments then last for this page only.
			reportStorageFault(error);
		}
	}
}

/**
 * A plain copy (IndexedDB cannot clone Svelte's proxies), cleaned as a loaded one would be: what
 * is kept is only names, values and token references.
 */
function plainCopy(data: EnvironmentsData): EnvironmentsData {
	const plain = JSON.parse(JSON.stringify(data)) as EnvironmentsData;
	return {
		activeId: plain.activeId,
		environments: plain.environments.map(cleanEnvironment).filter((e) => e !== null)
	};
}
