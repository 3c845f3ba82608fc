/**
 * What History keeps in IndexedDB, read as the tests see it, beside the store's own code: one
 * record per entry, under a key "entry …" that sorts oldest first, each with `format: 2`.
 */
import { clear, createStore, entries } from 'idb-keyval';
import type { HistoryEntry } from '$lib/codehost/history/history';

export const historyDb = () => createStore('codehost-history', 'kv');

/** Every record of the History database, key → value. */
export async function historyRecords(): Promise<Record<string, unknown>> {
	return Object.fromEntries(
		(await entries(historyDb())).map(([key, value]) => [String(key), value])
	);
}

/** The entries stored, newest first; throws if one is not a format-2 record. */
export async function storedEntries(): Promise<HistoryEntry[]> {
	return Object.entries(await historyRecords())
		.filter(([key]) => key.startsWith('entry '))
		.reverse()
		.map(([key, value]) => {
			const { format, ...entry } = value as HistoryEntry & { format?: unknown };
			if (format !== 2) throw new Error(`the record ${key} is not of format 2`);
			return entry;
		});
}

export const clearHistory = () => clear(historyDb());
