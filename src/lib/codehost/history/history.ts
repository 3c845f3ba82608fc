/** Exchange history in IndexedDB (newest 500), searchable, exportable; secrets already redacted. */
import { createStore, get, update, type UseStore } from 'idb-keyval';
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

const KEY = 'entries';
/** The longest a batch of adds waits, in delays. */
const WAIT_MOST = 8;

/**
 * The IndexedDB side: one list; writes batched (a walk of 100 pages is a few writes) and
 * serialized, each read and written in one transaction (another tab's entries are merged, not
 * overwritten). If IndexedDB is refused, the list is kept in memory for this page and that is
 * reported (one notice says nothing will be kept).
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
	readonly delayMs: number;

	constructor(delayMs = 250) {
		this.delayMs = delayMs;
	}

	#db(): UseStore {
		this.#store ??= createStore('codehost-history', 'kv');
		return this.#store;
	}

	async list(): Promise<HistoryEntry[]> {
		await this.#flush;
		await this.#chain;
		if (!this.#memory)
			try {
				return ((await get<HistoryEntry[]>(KEY, this.#db())) ?? []).slice(0, HISTORY_LIMIT);
			} catch (error) {
				reportStorageFault(error);
				this.#memory = [];
			}
		return this.#memory.slice(0, HISTORY_LIMIT);
	}

	/** Resolves once the entry is written (a full storage leaves it out, and says nothing). */
	add(entry: HistoryEntry): Promise<void> {
		this.#pending.unshift(entry);
		// Written once the adds pause for the delay (a walk's pages keep coming), but never later
		// than WAIT_MOST delays after the first: each write copies the whole list.
		const now = Date.now();
		this.#firstAt ??= now;
		clearTimeout(this.#timer);
		const wait = Math.min(this.delayMs, this.#firstAt + WAIT_MOST * this.delayMs - now);
		this.#timer = setTimeout(() => this.#due?.(), Math.max(0, wait));
		this.#flush ??= new Promise<void>((resolve) => (this.#due = resolve)).then(() => {
			this.#flush = this.#due = this.#firstAt = undefined;
			const batch = this.#pending;
			this.#pending = [];
			return this.#write((current) => mergeHistory(batch, current)).catch(() => {});
		});
		return this.#flush;
	}

	/** Rejects with StorageFull if the storage is full: then nothing of the file was written. */
	importEntries(entries: readonly HistoryEntry[]): Promise<void> {
		return this.#write((current) => mergeHistory(entries, current));
	}

	clear(): Promise<void> {
		this.#pending = [];
		return this.#write(() => []);
	}

	#write(change: (current: HistoryEntry[]) => HistoryEntry[]): Promise<void> {
		const done = this.#chain.then(async () => {
			if (!this.#memory)
				try {
					await update<HistoryEntry[]>(KEY, (current) => change(current ?? []), this.#db());
					return;
				} catch (error) {
					if (isQuotaExceeded(error))
						throw new StorageFull(
							'The history you had is kept. Clear History or delete Bible downloads you no longer need, then try again.'
						);
					// A private window may refuse IndexedDB: history is then kept for this page only.
					reportStorageFault(error);
					this.#memory = [];
				}
			this.#memory = change(this.#memory);
		});
		this.#chain = done.catch(() => {});
		return done;
	}
}
