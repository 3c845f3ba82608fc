import { createStore, entries, promisifyRequest, type UseStore } from 'idb-keyval';
import { formatOf, NewerData } from '$lib/ui/stored-format';
import { isTerminal } from '../model';

/**
 * What this browser knows about orders beyond what the API says: when each status was first
 * seen, and which orders are still being watched. Kept in IndexedDB per API root, so polling
 * resumes after a reload or a browser restart. Format 2: each root's record is
 * `{ format: 2, orders }`; a format-1 record (the orders by guid, with no version: builds before
 * versions) is upgraded when read, and one of a newer format is never overwritten nor deleted.
 */
export interface TrackedOrder {
	guid: number;
	/** Status → epoch ms when this browser first saw it. */
	firstSeen: Partial<Record<number, number>>;
	lastStatus: number;
}

export interface OrderTracker {
	/** Throws NewerData if a newer build wrote this root's orders (then nothing is ever written). */
	all(): Promise<TrackedOrder[]>;
	get(guid: number): Promise<TrackedOrder | undefined>;
	/** Records a status seen at a time; returns the updated record. */
	see(guid: number, status: number, at: number): Promise<TrackedOrder>;
	clear(): Promise<void>;
}

/** Orders not yet reclaimed or failed: polling resumes for these. */
export const activeOrders = (orders: TrackedOrder[]) =>
	orders.filter((o) => !isTerminal(o.lastStatus));

export const TRACKED_FORMAT = 2;
export const TRACKED_PREFIX = 'tracked:';
type ByGuid = Record<number, TrackedOrder>;

/** A root's stored record, format 2. */
export interface TrackedRecord {
	format: typeof TRACKED_FORMAT;
	orders: ByGuid;
}

let idb: UseStore | undefined;
const trackerDb = () => (idb ??= createStore('energy-client', 'orders'));

const record = (orders: ByGuid): TrackedRecord => ({ format: TRACKED_FORMAT, orders });

/** The orders a stored record of this format or an earlier one holds ({} for none). */
function ordersOf(stored: unknown): ByGuid {
	if (!stored || typeof stored !== 'object') return {};
	const orders = formatOf(stored) === 1 ? stored : (stored as Partial<TrackedRecord>).orders;
	return orders && typeof orders === 'object' ? (orders as ByGuid) : {};
}

const isNewer = (stored: unknown) => formatOf(stored) > TRACKED_FORMAT;
const newer = (stored: unknown) => new NewerData('followed orders', formatOf(stored));

/**
 * One readwrite transaction on the store: `work` gets what each key holds now, and what it
 * returns is done (put, or deleted for null) in the same transaction.
 */
function change<T>(
	useStore: UseStore,
	keyList: (store: IDBObjectStore) => Promise<IDBValidKey[]>,
	work: (stored: Map<string, unknown>) => { writes: Map<string, TrackedRecord | null>; value: T }
): Promise<T> {
	return useStore('readwrite', async (store) => {
		const keys = (await keyList(store)).filter((k): k is string => typeof k === 'string');
		const values = await Promise.all(keys.map((k) => promisifyRequest(store.get(k))));
		const { writes, value } = work(new Map(keys.map((k, i) => [k, values[i]])));
		for (const [key, next] of writes) {
			if (next) store.put(next, key);
			else store.delete(key);
		}
		await promisifyRequest(store.transaction);
		return value;
	});
}

const oneKey = (key: string) => () => Promise.resolve([key]);
const trackedKeys = async (store: IDBObjectStore) =>
	(await promisifyRequest(store.getAllKeys())).filter(
		(k) => typeof k === 'string' && k.startsWith(TRACKED_PREFIX)
	);

/** An IndexedDB-backed tracker, falling back to memory when IndexedDB is refused. */
export function orderTracker(apiRoot: string, useStore: () => UseStore = trackerDb): OrderTracker {
	const key = `${TRACKED_PREFIX}${apiRoot}`;
	let memory: ByGuid | undefined;
	/** Set when a newer build wrote this root's record: it is left as it is. */
	let newerData: NewerData | undefined;
	let queue: Promise<unknown> = Promise.resolve();
	const read = async (): Promise<ByGuid> => {
		if (memory) return memory;
		try {
			memory = await change(useStore(), oneKey(key), (stored) => {
				const was = stored.get(key);
				if (isNewer(was)) {
					newerData = newer(was);
					return { writes: new Map(), value: {} };
				}
				const orders = ordersOf(was);
				// A format-1 record is kept as format 2 from now on.
				const upgrade = was !== undefined && formatOf(was) < TRACKED_FORMAT;
				return { writes: new Map(upgrade ? [[key, record(orders)]] : []), value: orders };
			});
		} catch {
			memory = {};
		}
		return memory;
	};
	const write = async (records: ByGuid) => {
		memory = records;
		if (newerData) return;
		try {
			await change(useStore(), oneKey(key), (stored) => {
				if (isNewer(stored.get(key))) {
					newerData = newer(stored.get(key));
					return { writes: new Map(), value: undefined };
				}
				return { writes: new Map([[key, record(records)]]), value: undefined };
			});
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
		all: () =>
			serial(async () => {
				const records = await read();
				if (newerData) throw newerData;
				return Object.values(records);
			}),
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
				await forgetTracked(apiRoot, useStore);
			})
	};
}

/**
 * Forgets everything tracked for an API root (used by "Reset demo data" for the demo root); a
 * record a newer build wrote stays.
 */
export async function forgetTracked(
	apiRoot: string,
	useStore: () => UseStore = trackerDb
): Promise<void> {
	const key = `${TRACKED_PREFIX}${apiRoot}`;
	try {
		await change(useStore(), oneKey(key), (stored) => ({
			writes: new Map(isNewer(stored.get(key)) ? [] : [[key, null]]),
			value: undefined
		}));
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

/** Every followed order of every API root (a root a newer build wrote is left out). */
export async function exportTracked(useStore: () => UseStore = trackerDb): Promise<TrackedByRoot> {
	const out: TrackedByRoot = {};
	try {
		for (const [key, value] of await entries<string, unknown>(useStore()))
			if (typeof key === 'string' && key.startsWith(TRACKED_PREFIX) && value && !isNewer(value))
				out[key.slice(TRACKED_PREFIX.length)] = Object.values(ordersOf(value));
	} catch {
		// Nothing readable: nothing followed.
	}
	return out;
}

/**
 * Puts back the followed orders of each API root given, over those followed here (`replace`:
 * exactly these, every other order and root forgotten), in one transaction. Throws NewerData,
 * writing nothing, if a root given was written by a newer build; a newer root not given stays.
 */
export async function importTracked(
	data: TrackedByRoot,
	replace = false,
	useStore: () => UseStore = trackerDb
): Promise<void> {
	await change(useStore(), trackedKeys, (stored) => {
		const writes = new Map<string, TrackedRecord | null>();
		if (replace)
			for (const [key, was] of stored)
				if (!Object.hasOwn(data, key.slice(TRACKED_PREFIX.length)) && !isNewer(was))
					writes.set(key, null);
		for (const [root, orders] of Object.entries(data)) {
			const key = `${TRACKED_PREFIX}${root}`;
			const was = stored.get(key);
			if (isNewer(was)) throw newer(was);
			const current = replace ? {} : ordersOf(was);
			writes.set(
				key,
				record({ ...current, ...Object.fromEntries(orders.map((o) => [o.guid, o])) })
			);
		}
		return { writes, value: undefined };
	});
}
