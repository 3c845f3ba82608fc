import { isApiProblem, type ApiProblem } from '$lib/http/problem';
import type { AreaSession } from '$lib/settings/area-session.svelte';
import type { OrderBook } from '../orders/order-book.svelte';
import { inRange, ledgerCsv, readLedger, type LedgerProgress } from './ledger';

export type LedgerOutcome =
	| { kind: 'done'; csv: string; count: number }
	| { kind: 'cancelled' }
	| { kind: 'failed'; problem: ApiProblem };

/** Reading the whole ledger (for "Export CSV"), with its progress and Cancel. */
export class LedgerExport {
	running = $state(false);
	progress = $state<LedgerProgress | null>(null);
	/** What the last run came to, in words for a status region. */
	outcome = $state<LedgerOutcome | null>(null);
	readonly #session: AreaSession<'energy'>;
	readonly #book: Pick<OrderBook, 'read'>;
	#controller: AbortController | null = null;

	/** Orders are read through the book, so each is kept and the server's wait is kept too. */
	constructor(session: AreaSession<'energy'>, book: Pick<OrderBook, 'read'>) {
		this.#session = session;
		this.#book = book;
	}

	/**
	 * Reads every order and returns those created in [from, to] as CSV; a cancelled or failed
	 * run returns no CSV at all, so no partial file is ever written.
	 */
	async run(from: number | null, to: number | null): Promise<LedgerOutcome> {
		this.#controller?.abort();
		const controller = (this.#controller = new AbortController());
		this.running = true;
		this.outcome = null;
		this.progress = { listed: 0, total: null, read: 0 };
		let outcome: LedgerOutcome;
		try {
			const orders = await readLedger(this.#session.client(), {
				readOrder: (guid, signal) => this.#book.read(guid, signal),
				signal: controller.signal,
				onProgress: (p) => {
					if (this.#controller === controller) this.progress = p;
				}
			});
			const chosen = orders.filter((o) => inRange(o, from, to));
			outcome = controller.signal.aborted
				? { kind: 'cancelled' }
				: { kind: 'done', csv: ledgerCsv(chosen), count: chosen.length };
		} catch (error) {
			if (controller.signal.aborted) outcome = { kind: 'cancelled' };
			else if (isApiProblem(error)) outcome = { kind: 'failed', problem: error };
			else throw error;
		}
		if (this.#controller === controller) {
			this.running = false;
			this.outcome = outcome;
			this.#controller = null;
		}
		return outcome;
	}

	cancel(): void {
		this.#controller?.abort();
	}
}
