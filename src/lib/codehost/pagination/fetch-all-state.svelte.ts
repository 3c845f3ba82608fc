/** Fetch all pages: walks the Link chain from the answer on show, with progress and Cancel. */
import type { HttpClient } from '$lib/http/client';
import { parseJsonBody } from '$lib/http/validate';
import type { AreaSession } from '$lib/settings/area-session.svelte';
import type { AsyncResult } from '$lib/ui/async-result.svelte';
import type { ExchangeState } from '../exchange.svelte';
import {
	SHOW_EVERY_MS,
	walkHeaders,
	walkPages,
	type WalkProgress,
	type WalkResult
} from './fetch-all';
import { itemsFile, itemsFileName, type ItemFormat } from './items-export';
import { retargeted } from './pagination';
import { hideSecrets, sendOutgoing, type SendContext } from '../send';

export class FetchAllState {
	/** At most this many pages per run. */
	cap = $state(100);
	progress = $state<WalkProgress | null>(null);
	/** Every item collected, in order (raw: replaced per page, never edited). */
	items = $state.raw<readonly unknown[]>([]);
	/** The path the collected items came from (names the saved file). */
	from = $state('');

	#exchange: ExchangeState;
	/** The walk: a new one replaces the one before, and the session's close ends it. */
	#walk: AsyncResult<WalkResult>;
	/** Cancel of the walk in flight: it stops and says how far it got. */
	#cancel: AbortController | undefined;
	/**
	 * Shows what waits to be shown elsewhere (History's row of the run and its latest pages): each
	 * time the walk's progress is drawn, and when it ends. One clock for both: drawn each on its
	 * own timer, a walk of 100 pages drew twice as many frames, and the next page's answer waited
	 * for them.
	 */
	#showAlso: () => void;

	constructor(
		session: AreaSession<'codehost'>,
		exchange: ExchangeState,
		showAlso: () => void = () => {}
	) {
		this.#walk = session.result<WalkResult>();
		this.#exchange = exchange;
		this.#showAlso = showAlso;
	}

	get walking(): boolean {
		return this.#walk.loading;
	}

	/** How the last walk ended; none while one walks. */
	get result(): WalkResult | null {
		return this.#walk.ready ? (this.#walk.value ?? null) : null;
	}

	async run(): Promise<void> {
		const first = this.#exchange.lastUrl;
		if (!first) return;
		const cancel = (this.#cancel = new AbortController());
		try {
			await this.#walk.run((latest) =>
				this.#walkFrom(first, AbortSignal.any([latest, cancel.signal]), latest)
			);
		} finally {
			this.#showAlso();
		}
	}

	/** Walks the Links from `first` until `signal` stops it; `latest` aborts once the walk is not shown. */
	async #walkFrom(first: string, signal: AbortSignal, latest: AbortSignal): Promise<WalkResult> {
		const x = this.#exchange;
		this.progress = { pages: 0, items: 0, url: first };
		this.items = [];
		const collected: unknown[] = [];
		let shown: WalkProgress = this.progress;
		// The page shows the count and the items at most every SHOW_EVERY_MS, not once per page or
		// per frame: over a fast network, drawing each took main-thread time the next page's answer
		// waited for, and a screen reader was handed a new status line many times a second.
		let timer: ReturnType<typeof setTimeout> | undefined;
		let shownAt = -Infinity;
		const show = () => {
			timer = undefined;
			shownAt = performance.now();
			if (latest.aborted) return;
			this.progress = { ...shown, url: hideSecrets(shown.url, x.secrets) };
			if (collected.length !== this.items.length) this.items = collected.slice();
			this.#showAlso();
		};
		this.from = retargeted(first, x.apiRoot).path;
		const headers = x.form.build().headers;
		delete headers['Content-Type'];
		// Every page of this run shares one History row.
		const run = `run-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
		// One send context and one client for the walk, as for its headers above: a walk is one
		// request followed along its Links, and the explorer stops it when the connection changes.
		// Made per page, each cost the page's answer the secrets read again and a client made anew.
		const context = x.context(signal, undefined, run);
		let client: HttpClient | undefined;
		const walk: SendContext = {
			...context,
			client: (onExchange) => (client ??= context.client(onExchange))
		};
		try {
			const result = await walkPages({
				firstUrl: first,
				cap: Math.max(1, Math.floor(this.cap) || 1),
				signal,
				rewrite: (u) => x.linkTarget(u),
				onItems: (items) => {
					for (const item of items) collected.push(item);
				},
				onProgress: (p) => {
					shown = p;
					timer ??= setTimeout(show, Math.max(0, shownAt + SHOW_EVERY_MS - performance.now()));
				},
				send: async (url, page, onHead) => {
					const { result: r } = await sendOutgoing(
						{ method: 'GET', target: url, headers },
						{
							...walk,
							signal: page,
							onHead: (response) =>
								onHead?.({ status: response.status, headers: walkHeaders(response.headers) })
						}
					);
					const parsed = parseJsonBody(r.text);
					return {
						status: r.response.status,
						// Raw: the next Link must be followed exactly as given.
						headers: walkHeaders(r.response.headers),
						json: parsed.ok ? parsed.value : undefined
					};
				}
			});
			clearTimeout(timer);
			show();
			return {
				...result,
				url: hideSecrets(result.url, x.secrets),
				message: hideSecrets(result.message, x.secrets)
			};
		} finally {
			clearTimeout(timer);
		}
	}

	cancel(): void {
		this.#cancel?.abort();
	}

	/** The collected items as a file to save. */
	file(format: ItemFormat): { text: string; mime: string; fileName: string } {
		return itemsFile(this.items, format, itemsFileName(this.from));
	}
}
