/** Exchange history in IndexedDB (newest 500), searchable, exportable; secrets already redacted. */
import { createStore, promisifyRequest, type UseStore } from 'idb-keyval';
import { formatOf, NewerData } from '$lib/ui/stored-format';
import { isQuotaExceeded, reportStorageFault, StorageFull } from '$lib/ui/storage-faults';
import type { Exchange } from '$lib/http/exchange';
import {
	redactBody,
	redactHeaders,
	redactHeaderUrls,
	redactQueryString,
	redactText,
	redactUrl
} from '$lib/http/redact';
import { isHttpMethod } from '$lib/http/method';
import type { RecordedRequest } from '../request/request';

export const HISTORY_LIMIT = 500;
/** Bodies are kept up to this many characters, so 500 entries stay small. */
export const HISTORY_BODY_CHARS = 16_000;

export interface HistoryEntry {
	id: string;
	at: string;
	method: string;
	/** Path relative to the API root, as sent. */
	path: string;
	url: string;
	status?: number;
	durationMs: number;
	sizeBytes: number;
	requestHeaders: Record<string, string>;
	requestBody?: string;
	responseHeaders: Record<string, string>;
	responseBody?: string;
	problemKind?: string;
	request?: RecordedRequest;
	/** The response body was longer than HISTORY_BODY_CHARS and is kept cut. */
	responseBodyCut?: boolean;
	/** The Fetch all pages run this request belongs to (its pages share one History row). */
	run?: string;
}

let counter = 0;

export function entryFromExchange(
	exchange: Exchange,
	apiRoot: string,
	request?: RecordedRequest,
	secrets: readonly string[] = [],
	run?: string
): HistoryEntry {
	const url = redactText(redactUrl(exchange.url), secrets);
	const root = apiRoot.replace(/\/+$/, '');
	const bare = url.split('?')[0]!;
	const path = bare.startsWith(root) ? bare.slice(root.length) || '/' : bare;
	const cut = (t?: string) =>
		t === undefined
			? undefined
			: redactText(
					t.length > HISTORY_BODY_CHARS ? t.slice(0, HISTORY_BODY_CHARS) + '…' : t,
					secrets
				);
	return {
		id: `${Date.now().toString(36)}-${(counter++).toString(36)}`,
		at: exchange.startedAt,
		method: exchange.method,
		path,
		url,
		status: exchange.status,
		durationMs: exchange.durationMs,
		sizeBytes: exchange.sizeBytes,
		requestHeaders: Object.fromEntries(
			Object.entries(redactHeaders(exchange.requestHeaders)).map(([k, v]) => [
				k,
				redactText(v, secrets)
			])
		),
		requestBody: cut(exchange.requestBody),
		// A Link may echo a token sent in the query string.
		responseHeaders: Object.fromEntries(
			Object.entries(exchange.responseHeaders).map(([k, v]) => [
				k,
				redactText(redactHeaderUrls(v), secrets)
			])
		),
		responseBody: cut(exchange.responseBody),
		problemKind: exchange.problemKind,
		...((exchange.responseBody?.length ?? 0) > HISTORY_BODY_CHARS && { responseBodyCut: true }),
		...(run && { run }),
		request: request && {
			...request,
			// A secret variable in the path is as secret as one in the query.
			path: redactText(request.path, secrets),
			query: redactText(redactUrl(`?${request.query}`).slice(1), secrets),
			params: redactText(request.params, secrets)
		}
	};
}

/** Every term must match: a method (GET), a status or its start (4, 40, 404), or part of the path. */
export function searchHistory(entries: readonly HistoryEntry[], query: string): HistoryEntry[] {
	const terms = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
	if (!terms.length) return [...entries];
	return entries.filter((e) =>
		terms.every((term) => {
			if (/^[a-z]+$/.test(term) && e.method.toLowerCase() === term) return true;
			if (/^\d{1,3}$/.test(term)) return String(e.status ?? '').startsWith(term);
			return e.path.toLowerCase().includes(term) || e.url.toLowerCase().includes(term);
		})
	);
}

/** One History row: a request, or every page of one Fetch all pages run. */
export interface HistoryRow {
	key: string;
	/** The request the row names: the run's first page. */
	entry: HistoryEntry;
	/** The answer the row opens: the run's last page answered (where it stopped). */
	last: HistoryEntry;
	/** A run's pages answered (a request cancelled or failed is not a page). */
	pages: number;
	run?: string;
	/** How a run's last request ended when it got no answer ("aborted": cancelled). */
	stopped?: string;
}

/** Entries (newest first) as rows; a run's row stands where its newest page is. */
export function groupHistory(entries: readonly HistoryEntry[]): HistoryRow[] {
	const rows: HistoryRow[] = [];
	const runs = new Map<string, HistoryRow>();
	for (const entry of entries) {
		const answered = entry.status !== undefined;
		const row = entry.run ? runs.get(entry.run) : undefined;
		if (row) {
			row.entry = entry;
			if (!answered) continue;
			row.pages++;
			if (row.last.status === undefined) row.last = entry;
			continue;
		}
		const next: HistoryRow = { key: entry.run ?? entry.id, entry, last: entry, pages: 1 };
		if (entry.run) {
			next.run = entry.run;
			if (!answered) {
				next.pages = 0;
				next.stopped = entry.problemKind ?? 'no answer';
			}
			runs.set(entry.run, next);
		}
		rows.push(next);
	}
	return rows;
}

/** Where an entry went, as a row shows it: the host, and the path under the API root with its query. */
export function entryTarget(entry: HistoryEntry): { host: string; target: string } {
	try {
		const url = new URL(entry.url);
		const path = entry.path.startsWith('/') ? entry.path : url.pathname;
		return { host: url.host, target: `${path}${url.search}` };
	} catch {
		return { host: '', target: entry.url };
	}
}

export interface HistoryExport {
	format: 'codehost-explorer-history';
	version: 1;
	entries: HistoryEntry[];
}

export function exportHistory(entries: readonly HistoryEntry[]): string {
	const data: HistoryExport = {
		format: 'codehost-explorer-history',
		version: 1,
		entries: [...entries]
	};
	return JSON.stringify(data, null, 2);
}

function isEntry(v: unknown): v is HistoryEntry {
	if (!v || typeof v !== 'object') return false;
	const e = v as Record<string, unknown>;
	return (
		typeof e.id === 'string' &&
		typeof e.method === 'string' &&
		typeof e.path === 'string' &&
		typeof e.url === 'string'
	);
}

/**
 * A file whose entry names something other than an HTTP method is refused whole: that text would
 * reach "Copy as cURL" and "Run again", and an edited file is not to be trusted in part.
 */
function checkMethods(entries: readonly HistoryEntry[]): void {
	entries.forEach((e, i) => {
		for (const method of [e.method, (e.request as { method?: unknown } | undefined)?.method])
			if (method !== undefined && !isHttpMethod(method))
				throw new Error(
					`Entry ${i + 1} of the file names “${String(method).slice(0, 24)}” as its method, which is not an HTTP method (such as GET or POST). Nothing was imported; fix or remove that entry and import the file again.`
				);
	});
}

/** Reads an export; entries are redacted again on the way in, in case the file was edited. */
export function parseHistoryExport(text: string): HistoryEntry[] {
	const data = JSON.parse(text) as Partial<HistoryExport>;
	if (data?.format !== 'codehost-explorer-history' || !Array.isArray(data.entries))
		throw new Error('This file is not an explorer history export.');
	const entries = data.entries.filter(isEntry);
	checkMethods(entries);
	const body = (text: unknown) => (typeof text === 'string' ? redactBody(text) : undefined);
	return entries.map((e) => ({
		...e,
		url: redactUrl(e.url),
		requestHeaders: redactHeaders(e.requestHeaders ?? {}),
		requestBody: body(e.requestBody),
		responseHeaders: Object.fromEntries(
			Object.entries(redactHeaders(e.responseHeaders ?? {})).map(([k, v]) => [
				k,
				redactHeaderUrls(v)
			])
		),
		responseBody: body(e.responseBody),
		request: e.request && {
			...e.request,
			query: redactQueryString(e.request.query),
			params: redactBody(e.request.params)
		}
	}));
}

/** Newest first, duplicates by id dropped, at most HISTORY_LIMIT. */
export function mergeHistory(
	newer: readonly HistoryEntry[],
	older: readonly HistoryEntry[]
): HistoryEntry[] {
	const seen = new Set<string>();
	const out: HistoryEntry[] = [];
	for (const e of [...newer, ...older]) {
		if (seen.has(e.id)) continue;
		seen.add(e.id);
		out.push(e);
	}
	return out.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)).slice(0, HISTORY_LIMIT);
}

/** The History's own IndexedDB database and its one object store. */
export const HISTORY_DB = 'codehost-history';
export const HISTORY_STORE = 'kv';
/**
 * The records' format. 2: one record per entry (the entry with `format: 2` in it, keyed by
 * entryKey) and a record FORMAT_KEY naming the format of the whole. Format 1 (builds before
 * versions) was one record OLD_KEY holding every entry as one array: it is moved to format 2 when
 * History is read, in one transaction. Data of a newer format is never written over (NewerData).
 */
export const HISTORY_FORMAT = 2;
export const FORMAT_KEY = 'format';
export const OLD_KEY = 'entries';

/** An entry as it is stored. */
export type EntryRecord = HistoryEntry & { format: typeof HISTORY_FORMAT };

/** The keys of entries sort oldest first: "entry <at> <written> <id>" (no space in <at>). */
const ENTRY_PREFIX = 'entry ';
const entryRange = () => IDBKeyRange.bound(ENTRY_PREFIX, 'entry!', false, true);

/** When this page last wrote an entry, in µs since 1970: it only grows. */
let lastWritten = 0;
const writtenNow = () => (lastWritten = Math.max(Date.now() * 1000, lastWritten + 1));

/**
 * An entry's key. `writtenAt` breaks a tie of `at` as the one list did: the entry written later
 * comes first (16 digits, so that it sorts as a number).
 */
export function entryKey(entry: HistoryEntry, writtenAt = writtenNow()): string {
	const at = String(entry.at ?? '').replace(/\s/g, '');
	return `${ENTRY_PREFIX}${at} ${String(writtenAt).padStart(16, '0')} ${entry.id}`;
}

/** The entry id a key names (everything after its third space). */
const idOfKey = (key: IDBValidKey): string => String(key).split(' ').slice(3).join(' ');

const toRecord = (entry: HistoryEntry): EntryRecord => ({ ...entry, format: HISTORY_FORMAT });

/** A stored entry record as an entry (its `format` is not part of it); a damaged one is left out. */
function readRecord(raw: unknown): HistoryEntry | undefined {
	if (!isEntry(raw)) return undefined;
	const { format: _format, ...entry } = raw as HistoryEntry & { format?: unknown };
	return entry;
}

const newer = (raw: unknown): NewerData | undefined =>
	formatOf(raw) > HISTORY_FORMAT ? new NewerData('history entries', formatOf(raw)) : undefined;

/** The store's format record says a newer build wrote it: throws NewerData (nothing is written). */
async function checkStore(store: IDBObjectStore): Promise<void> {
	const format: unknown = await promisifyRequest(store.get(FORMAT_KEY));
	const newerData = newer(format);
	if (newerData) throw newerData;
	if (format === undefined) store.put({ format: HISTORY_FORMAT }, FORMAT_KEY);
}

/**
 * Puts entries (newest first) in place, each its own record; one already here by id is replaced.
 * `keys`: the entry keys here (oldest first), when the caller has them. Then deletes the oldest
 * past HISTORY_LIMIT. No other record is read or written.
 */
async function putEntries(
	store: IDBObjectStore,
	entries: readonly HistoryEntry[],
	keys?: IDBValidKey[]
): Promise<void> {
	if (keys) {
		const ids = new Set(entries.map((e) => e.id));
		for (const key of keys) if (ids.has(idOfKey(key))) store.delete(key);
	}
	// The oldest is written first: of a tie, the newer gets the later key.
	for (let i = entries.length - 1; i >= 0; i--)
		store.put(toRecord(entries[i]!), entryKey(entries[i]!));
	const count = await promisifyRequest(store.count(entryRange()));
	if (count <= HISTORY_LIMIT) return;
	const oldest = await promisifyRequest(store.getAllKeys(entryRange(), count - HISTORY_LIMIT));
	for (const key of oldest) store.delete(key);
}

/**
 * Runs `work` in the store's transaction and waits for it to be written; if `work` throws, the
 * transaction is aborted, so what it had written so far is not kept either.
 */
async function whole<T>(store: IDBObjectStore, work: () => Promise<T>): Promise<T> {
	let done: T;
	try {
		done = await work();
	} catch (error) {
		try {
			store.transaction.abort();
		} catch {
			// Already ended: nothing of it was written.
		}
		throw error;
	}
	await promisifyRequest(store.transaction);
	return done;
}

/** Newest first, one per id (the newer kept), at most HISTORY_LIMIT. */
const newestFirst = (records: readonly unknown[]): HistoryEntry[] => {
	const seen = new Set<string>();
	const out: HistoryEntry[] = [];
	for (let i = records.length - 1; i >= 0 && out.length < HISTORY_LIMIT; i--) {
		const entry = readRecord(records[i]);
		if (!entry || seen.has(entry.id)) continue;
		seen.add(entry.id);
		out.push(entry);
	}
	return out;
};

/** The entries a format-1 record holds (a damaged one is left out). */
const oldEntries = (old: unknown): HistoryEntry[] =>
	Array.isArray(old) ? old.filter(isEntry) : [];

/** The longest a batch of adds waits, in delays. */
const WAIT_MOST = 8;

/**
 * The IndexedDB side: one record per entry, so an add writes only its entries (and deletes the
 * ones past the limit), and another tab's entries are never written over. Adds are batched (a walk
 * of 100 pages is a few writes) and serialized. If IndexedDB is refused, the list is kept in
 * memory for this page and that is reported (one notice says nothing will be kept). History a newer
 * build wrote is read by none of it and written over by none (NewerData).
 */
export class HistoryStore {
	#store: UseStore | undefined;
	#chain: Promise<void> = Promise.resolve();
	#pending: HistoryEntry[] = [];
	#flush: Promise<void> | undefined;
	#due: (() => void) | undefined;
	#timer: ReturnType<typeof setTimeout> | undefined;
	#firstAt: number | undefined;
	/** Set once IndexedDB refused: the history of this page. */
	#memory: HistoryEntry[] | undefined;
	/** A newer build wrote the History here: nothing is written over it. */
	#newer: NewerData | undefined;
	readonly delayMs: number;

	constructor(delayMs = 250) {
		this.delayMs = delayMs;
	}

	#db(): UseStore {
		this.#store ??= createStore(HISTORY_DB, HISTORY_STORE);
		return this.#store;
	}

	/**
	 * The entries, newest first. History a build before versions kept (one record) is moved to
	 * one record per entry first, in the same transaction: all of it, or (failing) none, and then
	 * it is read as it is. Throws NewerData if a newer build wrote History (nothing is changed).
	 */
	async list(): Promise<HistoryEntry[]> {
		await this.#flush;
		await this.#chain;
		if (this.#newer) throw this.#newer;
		if (!this.#memory)
			try {
				return await this.#db()('readwrite', (store) =>
					whole(store, async () => {
						const read = await this.#read(store);
						const here = newestFirst(read.records);
						if (read.old === undefined) return here;
						const ids = new Set(here.map((e) => e.id));
						const moved = oldEntries(read.old).filter((e) => !ids.has(e.id));
						store.delete(OLD_KEY);
						store.put({ format: HISTORY_FORMAT }, FORMAT_KEY);
						await putEntries(store, moved);
						return mergeHistory(here, moved);
					})
				);
			} catch (error) {
				if (error instanceof NewerData) throw error;
				// Not moved (a full disk, a failure part way): read as it is, and moved by a later read.
				return this.#readOnly();
			}
		return this.#memory.slice(0, HISTORY_LIMIT);
	}

	/** History as it is stored, with nothing written (an old record is left where it is). */
	async #readOnly(): Promise<HistoryEntry[]> {
		try {
			const read = await this.#db()('readonly', (store) => this.#read(store));
			return mergeHistory(newestFirst(read.records), oldEntries(read.old));
		} catch (error) {
			if (error instanceof NewerData) throw error;
			reportStorageFault(error);
			this.#memory = [];
			return [];
		}
	}

	/** Every record of History; throws NewerData if any is of a newer format. */
	async #read(store: IDBObjectStore) {
		const [format, old, records] = await Promise.all([
			promisifyRequest(store.get(FORMAT_KEY)),
			promisifyRequest(store.get(OLD_KEY)) as Promise<unknown>,
			promisifyRequest(store.getAll(entryRange()) as IDBRequest<unknown[]>)
		]);
		for (const raw of [format, old, ...records]) {
			const newerData = newer(raw);
			if (newerData) {
				this.#newer = newerData;
				throw newerData;
			}
		}
		return { old, records };
	}

	/** Resolves once the entry is written (a full storage leaves it out, and says nothing). */
	add(entry: HistoryEntry): Promise<void> {
		this.#pending.unshift(entry);
		// Written once the adds pause for the delay (a walk's pages keep coming), but never later
		// than WAIT_MOST delays after the first.
		const now = Date.now();
		this.#firstAt ??= now;
		clearTimeout(this.#timer);
		const wait = Math.min(this.delayMs, this.#firstAt + WAIT_MOST * this.delayMs - now);
		this.#timer = setTimeout(() => this.#due?.(), Math.max(0, wait));
		this.#flush ??= new Promise<void>((resolve) => (this.#due = resolve)).then(() => {
			this.#flush = this.#due = this.#firstAt = undefined;
			const batch = this.#pending;
			this.#pending = [];
			return this.#write(
				(store) => putEntries(store, batch),
				(current) => mergeHistory(batch, current)
			).catch(() => {});
		});
		return this.#flush;
	}

	/**
	 * Rejects with StorageFull if the storage is full (then nothing of the file was written), and
	 * with NewerData if a newer build wrote History (nothing is written over it).
	 */
	importEntries(entries: readonly HistoryEntry[]): Promise<void> {
		const incoming = mergeHistory(entries, []);
		return this.#write(
			async (store) =>
				putEntries(store, incoming, await promisifyRequest(store.getAllKeys(entryRange()))),
			(current) => mergeHistory(incoming, current)
		);
	}

	/** Rejects with NewerData if a newer build wrote History (it is left as it is). */
	clear(): Promise<void> {
		this.#pending = [];
		return this.#write(
			(store) => {
				store.delete(entryRange());
				store.delete(OLD_KEY);
			},
			() => []
		);
	}

	/**
	 * `change` runs in one transaction after the store's format is checked; `inMemory` is the
	 * same change to the page's own list, when IndexedDB is refused. A newer build's History
	 * rejects every write (NewerData): the page shows what it sent, the store keeps none of it.
	 */
	#write(
		change: (store: IDBObjectStore) => void | Promise<void>,
		inMemory: (current: HistoryEntry[]) => HistoryEntry[]
	): Promise<void> {
		const done = this.#chain.then(async () => {
			if (!this.#memory)
				try {
					if (this.#newer) throw this.#newer;
					await this.#db()('readwrite', (store) =>
						whole(store, async () => {
							await checkStore(store);
							await change(store);
						})
					);
					return;
				} catch (error) {
					if (error instanceof NewerData) throw (this.#newer = error);
					if (isQuotaExceeded(error))
						throw new StorageFull(
							'The history you had is kept. Clear History or delete Bible downloads you no longer need, then try again.'
						);
					// A private window may refuse IndexedDB: history is then kept for this page only.
					reportStorageFault(error);
					this.#memory = [];
				}
			this.#memory = inMemory(this.#memory);
		});
		this.#chain = done.catch(() => {});
		return done;
	}
}
