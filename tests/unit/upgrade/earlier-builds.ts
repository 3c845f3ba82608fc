/**
 * What earlier landed builds kept on this device, as they wrote it (fixtures/README.md says how
 * each dump was made): every IndexedDB record and localStorage item, per build. Tests put a dump
 * in place (fake-indexeddb, a localStorage stand-in) and open it with this build's stores.
 */
import { readFile } from 'node:fs/promises';
import { clear, createStore, set } from 'idb-keyval';

export interface BuildDump {
	/** Database → object store → key → record. */
	indexedDB: Record<string, Record<string, Record<string, unknown>>>;
	localStorage: Record<string, string>;
}

/** The builds dumped, oldest first: 2026-11-26 (a week before) and the last one before versions. */
export const EARLIER_BUILDS = ['0925702', '140a16e'] as const;
export type EarlierBuild = (typeof EARLIER_BUILDS)[number];

export async function earlierBuild(build: EarlierBuild): Promise<BuildDump> {
	const url = new URL(`./fixtures/build-${build}.json`, import.meta.url);
	return JSON.parse(await readFile(url, 'utf8')) as BuildDump;
}

/** The records one store of the dump holds. */
export function dumpedRecords(dump: BuildDump, db: string, store: string): Record<string, unknown> {
	const records = dump.indexedDB[db]?.[store];
	if (!records) throw new Error(`the dump has no ${db}/${store}`);
	return records;
}

/** Empties the store, then puts the dump's records of it in place, as the build left them. */
export async function putDumped(dump: BuildDump, db: string, store: string): Promise<void> {
	const use = createStore(db, store);
	await clear(use);
	for (const [key, value] of Object.entries(dumpedRecords(dump, db, store)))
		await set(key, structuredClone(value), use);
}

/** A localStorage stand-in holding the dump's items. */
export function dumpedStorage(dump: BuildDump): Storage {
	const items = new Map(Object.entries(dump.localStorage));
	return {
		get length() {
			return items.size;
		},
		key: (i) => [...items.keys()][i] ?? null,
		getItem: (k) => items.get(k) ?? null,
		setItem: (k, v) => void items.set(k, String(v)),
		removeItem: (k) => void items.delete(k),
		clear: () => items.clear()
	};
}
