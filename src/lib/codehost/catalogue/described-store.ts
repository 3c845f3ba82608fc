/**
 * The API descriptions added to the endpoint list, in IndexedDB: one record a description
 * (`description:<id>`), each `{ format: 1, description }`. What is read back is cleaned, not
 * trusted; a record written by a newer build is left as it is and not shown. No Svelte here.
 */
import { createStore, del, entries, set, type UseStore } from 'idb-keyval';
import { isQuotaExceeded, StorageFull } from '$lib/ui/storage-faults';
import type { CatalogueMethod } from './catalogue';
import type { ApiDescription, DescribedOperation, DescribedParam } from './described';

export const DESCRIBED_FORMAT = 1;
export const describedKey = (id: string) => `description:${id}`;

export interface DescribedRecord {
	format: typeof DESCRIBED_FORMAT;
	description: ApiDescription;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
	!!v && typeof v === 'object' && !Array.isArray(v);
const text = (v: unknown, max = 2_000) => (typeof v === 'string' ? v.slice(0, max) : '');
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const PLACES = new Set(['path', 'query', 'header', 'body']);

function cleanParam(v: unknown): DescribedParam | undefined {
	if (!isObject(v) || typeof v.name !== 'string' || !PLACES.has(String(v.in))) return undefined;
	const values = Array.isArray(v.values) ? v.values.filter((x) => typeof x === 'string') : [];
	return {
		name: text(v.name, 200),
		in: v.in as DescribedParam['in'],
		required: v.required === true,
		...(text(v.type) ? { type: text(v.type, 200) } : {}),
		...(text(v.description) ? { description: text(v.description) } : {}),
		...(values.length ? { values: values.map((x) => text(x, 200)) } : {})
	};
}

function cleanOperation(v: unknown): DescribedOperation | undefined {
	if (!isObject(v) || !METHODS.has(String(v.method)) || typeof v.path !== 'string')
		return undefined;
	if (!v.path.startsWith('/')) return undefined;
	return {
		method: v.method as CatalogueMethod,
		path: text(v.path),
		summary: text(v.summary, 300),
		params: (Array.isArray(v.params) ? v.params : []).flatMap((p) => cleanParam(p) ?? []),
		...(text(v.bodyType) ? { bodyType: text(v.bodyType, 200) } : {}),
		...(/^https?:\/\//i.test(text(v.docsUrl)) ? { docsUrl: text(v.docsUrl) } : {}),
		...(text(v.requestId) ? { requestId: text(v.requestId, 200) } : {})
	};
}

/** A record as read back: the description, cleaned, or undefined for a damaged or newer one. */
export function readDescribed(record: unknown): ApiDescription | undefined {
	if (!isObject(record) || record.format !== DESCRIBED_FORMAT) return undefined;
	const d = record.description;
	if (!isObject(d) || typeof d.id !== 'string' || typeof d.title !== 'string') return undefined;
	return {
		id: text(d.id, 200),
		title: text(d.title, 200),
		version: text(d.version, 200),
		servers: (Array.isArray(d.servers) ? d.servers : []).map((s) => text(s)).filter(Boolean),
		operations: (Array.isArray(d.operations) ? d.operations : []).flatMap(
			(op) => cleanOperation(op) ?? []
		),
		imported: text(d.imported, 40)
	};
}

/** IndexedDB cannot clone Svelte's proxies: what is written is a plain copy. */
const plain = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

export class DescribedStore {
	#store: UseStore | undefined;

	#db(): UseStore {
		this.#store ??= createStore('codehost-api-descriptions', 'kv');
		return this.#store;
	}

	/** Every description kept, oldest import first. */
	async load(): Promise<ApiDescription[]> {
		const all = await entries(this.#db());
		return all
			.filter(([key]) => typeof key === 'string' && key.startsWith('description:'))
			.flatMap(([, record]) => readDescribed(record) ?? [])
			.sort((a, b) => a.imported.localeCompare(b.imported));
	}

	/** Writes one description (a new one, or a newer version over the same id). Throws StorageFull. */
	async put(description: ApiDescription): Promise<void> {
		const record: DescribedRecord = { format: DESCRIBED_FORMAT, description: plain(description) };
		try {
			await set(describedKey(description.id), record, this.#db());
		} catch (error) {
			if (isQuotaExceeded(error)) throw new StorageFull();
			throw error;
		}
	}

	async remove(id: string): Promise<void> {
		await del(describedKey(id), this.#db());
	}
}
