import { createStore, del, entries, get, keys, set, type UseStore } from 'idb-keyval';
import { isTerminal } from '../model';

/**
 * What this browser knows about orders beyond what the API says: when each status was first
 * seen, and which orders are still being watched. Kept in IndexedDB per API root, so polling
 * resumes after a reload or a browser restart.
 */
export interface TrackedOrder {
	guid: number;
	/** Status → epoch ms when this browser first saw it. */
	firstSeen: Partial<Record<number, number>>;
	lastStatus: number;
}

export interface OrderTracker {
	all(): Promise<TrackedOrder[]>;
	get(guid: number): Promise<TrackedOrder | undefined>;
	/** Records a status seen at a time; returns the updated record. */
	see(guid: number, status: number, at: number): Promise<TrackedOrder>;
	clear(): Promise<void>;
}

/** Orders not yet reclaimed or failed: polling resumes for these. */
export const activeOrders = (orders: TrackedOrder[]) =>
	orders.filter((o) => !isTerminal(o.lastStatus));

let idb: UseStore | undefined;
const trackerDb = () => (idb ??= createStore('energy-client', 'orders'));

/** An IndexedDB-backed tracker, falling back to memory when IndexedDB is refused. */
export function orderTracker(apiRoot: string, useStore: () => UseStore = trackerDb): OrderTracker {
	const key = `tracked:${apiRoot}`;
	let memory: Record<number, TrackedOrder> | undefined;
	let queue: Promise<unknown> = Promise.resolve();
	const read = async (): Promise<Record<number, TrackedOrder>> => {
		if (memory) return memory;
		try {
			memory = (await get<Record<number, TrackedOrder>>(key, useStore())) ?? {};
		} catch {
			memory = {};
		}
		return memory;
	};
	const write = async (records: Record<number, TrackedOrder>) => {
		memory = records;
		try {
			await set(key, records, useStore());
		} catch {
			// Private windows may refuse IndexedDB: keep tracking in memory for this page.
		}
	};
	const serial = <T>(fn: () => Promise<T>): Promise<T> => {
		const run = queue.then(fn);
		queue = run.catch(() => undefined);
		return run;
	};
	return {
		all: () => serial(async () => Object.values(await read())),
		get: (guid) => serial(async () => (await read())[guid]),
		see: (guid, status, at) =>
			serial(async () => {
				const records = { ...(await read()) };
				const prev = records[guid] ?? { guid, firstSeen: {}, lastStatus: status };
				const next: TrackedOrder = {
					guid,
					firstSeen:
						prev.firstSeen[status] === undefined
							? { ...prev.firstSeen, [status]: at }
							: prev.firstSeen,
					lastStatus: status
				};
				records[guid] = next;
				await write(records);
				return next;
			}),
		clear: () =>
			serial(async () => {
				memory = {};
				try {
					await del(key, useStore());
				} catch {
					// nothing stored
				}
			})
	};
}

/** Forgets everything tracked for every API root (used by "Reset demo data" for the demo root). */
export async function forgetTracked(apiRoot: string): Promise<void> {
	try {
		await del(`tracked:${apiRoot}`, trackerDb());
	} catch {
		// nothing stored
	}
}

/** Followed orders of one API root, as a backup carries them ("Your data"). */
export type TrackedByRoot = Record<string, TrackedOrder[]>;

/** A followed order read from a backup; null when it is not one this app wrote. */
export function readTrackedOrder(raw: unknown): TrackedOrder | null {
	if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
	const r = raw as Record<string, unknown>;
	const guid = r.guid;
	const status = r.lastStatus;
	if (!Number.isSafeInteger(guid) || !Number.isInteger(status)) return null;
	if (!r.firstSeen || typeof r.firstSeen !== 'object' || Array.isArray(r.firstSeen)) return null;
	const firstSeen: Partial<Record<number, number>> = {};
	for (const [k, v] of Object.entries(r.firstSeen)) {
		if (!/^\d{1,2}$/.test(k) || !Number.isFinite(v)) return null;
		firstSeen[Number(k)] = v as number;
	}
	return { guid: guid as number, firstSeen, lastStatus: status as number };
}

/** Every followed order of every API root. */
export async function exportTracked(useStore: () => UseStore = trackerDb): Promise<TrackedByRoot> {
	const out: TrackedByRoot = {};
	try {
		for (const [key, value] of await entries<string, Record<number, TrackedOrder>>(useStore()))
			if (typeof key === 'string' && key.startsWith('tracked:') && value)
				out[key.slice('tracked:'.length)] = Object.values(value);
	} catch {
		// Nothing readable: nothing followed.
	}
	return out;
}

/**
 * Puts back the followed orders of each API root given, over those followed here (`replace`: exactly
 * these, every other order and root forgotten).
 */
export async function importTracked(
	data: TrackedByRoot,
	replace = false,
	useStore: () => UseStore = trackerDb
): Promise<void> {
	if (replace)
		for (const key of await keys(useStore()))
			if (
				typeof key === 'string' &&
				key.startsWith('tracked:') &&
				!Object.hasOwn(data, key.slice(8))
			)
				await del(key, useStore());
	for (const [root, orders] of Object.entries(data)) {
		const key = `tracked:${root}`;
		const current = replace
			? {}
			: ((await get<Record<number, TrackedOrder>>(key, useStore())) ?? {});
		await set(
			key,
			{ ...current, ...Object.fromEntries(orders.map((o) => [o.guid, o])) },
			useStore()
		);
	}
}
