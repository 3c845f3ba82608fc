/**
 * History: every exchange recorded (without secrets), searched, shown again from its stored
 * answer, sent again, exported and imported.
 */
import { withoutCredentialParams } from '$lib/http/credentials';
import type { Exchange } from '$lib/http/exchange';
import { REDACTED } from '$lib/http/redact';
import { snapshotBefore } from '$lib/ui/snapshot-before';
import { AsyncResult } from '$lib/ui/async-result.svelte';
import { notReadProblem } from '$lib/ui/storage-faults';
import { NewerData } from '$lib/ui/stored-format';
import { ApiProblem } from '$lib/http/problem';
import { toCurl } from '../codegen/curl';
import type { ExchangeState } from '../exchange.svelte';
import { responseFromEntry } from '../response/explorer-response';
import { headerValue } from '../request/check';
import {
	entryFromExchange,
	entryTarget,
	exportHistory,
	groupHistory,
	HistoryStore,
	parseHistoryExport,
	searchHistory,
	type HistoryEntry,
	type HistoryRow
} from './history';
import { SHOW_EVERY_MS } from '../pagination/fetch-all';
import { retargeted } from '../pagination/pagination';
import type { RecordedRequest } from '../request/request';

/** How many entries are kept on the page (the store keeps its own bound). */
const SHOWN = 500;
/**
 * A run's pages wait to be shown until the walk draws its progress (FetchAllState calls showNow,
 * at most every SHOW_EVERY_MS, and when it ends); this is only in case nothing shows them sooner.
 */
const RUN_SHOWN_WITHIN_MS = 10 * SHOW_EVERY_MS;

/** An exchange recorded and not yet made into an entry (a run's page). */
interface Recorded {
	exchange: Exchange;
	saved: RecordedRequest | undefined;
	run: string | undefined;
}

export class HistoryState {
	search = $state('');
	/** Raw: entries are replaced, never edited, so no deep proxy is needed. */
	entries = $state.raw<HistoryEntry[]>([]);
	message = $state<string | null>(null);
	/**
	 * Reading what is stored: while it reads, the entries shown stay; if it fails, the problem is
	 * shown and so are they.
	 */
	readonly reading: AsyncResult<HistoryEntry[]>;

	#store: HistoryStore;
	#exchange: () => ExchangeState;
	/** Exchanges recorded and not yet shown (a run's latest pages), oldest first. */
	#fresh: Recorded[] = [];
	#timer: ReturnType<typeof setTimeout> | undefined;

	/**
	 * `exchange`: a getter, since the exchange records here and is built after this. `signal`:
	 * the explorer's session's, whose close drops a reading still on its way.
	 */
	constructor(
		exchange: () => ExchangeState,
		store: HistoryStore = new HistoryStore(),
		signal?: AbortSignal
	) {
		this.#exchange = exchange;
		this.#store = store;
		this.reading = new AsyncResult({
			signal,
			toProblem: (error) =>
				error instanceof NewerData
					? new ApiProblem({
							kind: 'parse',
							message: error.message,
							hint: 'What you send on this page is shown here until you leave it, and not kept.',
							cause: error
						})
					: notReadProblem('your History', error)
		});
	}

	/**
	 * Keeps an exchange: a run's pages are not the form's request (Run again follows the URL).
	 * A run's page is made into its entry (redacted) and stored when it is shown, with the pages
	 * that came since: a walk's next request then waits for none of it.
	 */
	record(exchange: Exchange, saved: RecordedRequest | undefined, run?: string): void {
		this.#fresh.push({ exchange, saved, run });
		if (!run) this.showNow();
		else this.#timer ??= setTimeout(() => this.showNow(), RUN_SHOWN_WITHIN_MS);
	}

	/** Shows (and stores) what was recorded and waits to be shown (a run's pages since the last time). */
	showNow(): void {
		const fresh = this.#takeFresh();
		if (fresh.length) this.entries = [...fresh, ...this.entries].slice(0, SHOWN);
	}

	/**
	 * The exchanges waiting to be shown as entries, newest first, handed to the store once (the
	 * timer for them is stopped).
	 */
	#takeFresh(): HistoryEntry[] {
		clearTimeout(this.#timer);
		this.#timer = undefined;
		if (!this.#fresh.length) return [];
		const fresh = this.#fresh;
		this.#fresh = [];
		const x = this.#exchange();
		const { apiRoot, secrets } = x;
		const entries = fresh.map(({ exchange, saved, run }) =>
			entryFromExchange(exchange, apiRoot, saved, secrets, run)
		);
		for (const entry of entries) void this.#store.add(entry);
		return entries.reverse();
	}

	async load(): Promise<void> {
		// What waits to be shown is stored first, so the store's list has it too.
		this.#takeFresh();
		const read = await this.reading.run(() => this.#store.list());
		if (read.shown) this.entries = read.value;
	}

	get visible(): HistoryEntry[] {
		return searchHistory(this.entries, this.search);
	}

	/** What History lists: one row per request, one per Fetch all pages run. */
	get rows(): HistoryRow[] {
		return groupHistory(this.visible);
	}

	find(id: string): HistoryEntry | undefined {
		return this.entries.find((e) => e.id === id);
	}

	/** Whether an entry was sent under the current API root (its credentials may go there). */
	isUnderApiRoot(entry: HistoryEntry): boolean {
		return this.#exchange().isUnderApiRoot(entry.url);
	}

	/** Shows an entry's stored answer in Response, without sending anything. */
	open(entry: HistoryEntry): void {
		if (entry.status === undefined) return;
		const x = this.#exchange();
		// "Copy as cURL" then copies this request as stored (its secrets were never kept).
		x.show(responseFromEntry(entry, x.responseContext()), {
			method: entry.method,
			url: entry.url,
			headers: entry.requestHeaders,
			bodyText: entry.requestBody,
			withCookies: false
		});
		const { target } = entryTarget(entry);
		this.message = `Shown in Response: the stored answer to ${entry.method} ${target} (${entry.status}).`;
	}

	/**
	 * Sends an entry again. One from the current API root is rebuilt in the form and sent with
	 * the current auth; one from anywhere else (an older base URL, an imported file) goes where it
	 * went, without credentials, unless the person re-targets it.
	 */
	rerun(entry: HistoryEntry): Promise<void> {
		const x = this.#exchange();
		if (!this.isUnderApiRoot(entry)) {
			const method = entry.method.toUpperCase();
			const body =
				method !== 'GET' && entry.requestBody && !entry.requestBody.includes(REDACTED)
					? entry.requestBody
					: undefined;
			const type = headerValue(entry.requestHeaders, 'content-type') ?? 'application/json';
			const target = withoutCredentialParams(entry.url);
			const headers: Record<string, string> = body ? { 'Content-Type': type } : {};
			return x.run({ method, target, headers, body, credentials: 'omit' }, {}, body);
		}
		if (entry.request) {
			x.form.load(entry.request);
			return x.send();
		}
		return x.followLink(withoutCredentialParams(entry.url));
	}

	/** Loads an entry into the form at the current base URL and sends it there, with credentials. */
	retarget(entry: HistoryEntry): Promise<void> {
		const x = this.#exchange();
		const at = retargeted(withoutCredentialParams(entry.url), x.apiRoot);
		x.form.load({
			method: entry.method,
			path: entry.request?.path ?? at.path,
			query: entry.request?.query ?? at.query,
			params: entry.request?.params ?? '',
			bodyKind: entry.request?.bodyKind ?? 'query'
		});
		return x.send();
	}

	async clear(): Promise<void> {
		const undo = await snapshotBefore('clear-history');
		this.#takeFresh();
		try {
			await this.#store.clear();
		} catch (error) {
			if (!(error instanceof NewerData)) throw error;
			this.message = `Not cleared. ${error.message}`;
			return;
		}
		this.entries = [];
		this.message = `History cleared.${undo}`;
	}

	exportFile(): string {
		this.showNow();
		return exportHistory(this.entries);
	}

	/** `text`: a file's text, or the entries the import worker read from it. */
	async importFile(text: string | readonly HistoryEntry[]): Promise<void> {
		try {
			const entries = typeof text === 'string' ? parseHistoryExport(text) : text;
			await this.#store.importEntries(entries);
			await this.load();
			this.message = `Imported ${entries.length} entries.`;
		} catch (error) {
			this.message = `Import failed: ${error instanceof Error ? error.message : String(error)}`;
		}
	}

	/** An entry as cURL, as stored (no secret was kept). */
	curlFor(entry: HistoryEntry): string {
		return toCurl({
			method: entry.method,
			url: entry.url,
			headers: entry.requestHeaders,
			body: entry.requestBody
		});
	}
}
