import type { ApiProblem } from '$lib/http/problem';
import type { AreaSession } from '$lib/settings/area-session.svelte';
import type { AsyncResult } from '$lib/ui/async-result.svelte';
import type { OrderBook } from '../orders/order-book.svelte';
import type { Order } from '../schemas';
import { inRange, ledgerCsv, readLedger, type LedgerProgress } from './ledger';

export type LedgerOutcome =
	| { kind: 'done'; csv: string; count: number }
	| { kind: 'cancelled' }
	| { kind: 'failed'; problem: ApiProblem };

/** Reading the whole ledger (for "Export CSV"), with its progress and Cancel. */
export class LedgerExport {
	progress = $state<LedgerProgress | null>(null);
	/** What the last run came to, in words for a status region. */
	outcome = $state<LedgerOutcome | null>(null);
	/** The reading under way: a new run aborts the one before, Cancel aborts it. */
	readonly #reading: AsyncResult<Order[]>;
	readonly #session: AreaSession<'energy'>;
	readonly #book: Pick<OrderBook, 'read'>;

	/** Orders are read through the book, so each is kept and the server's wait is kept too. */
	constructor(session: AreaSession<'energy'>, book: Pick<OrderBook, 'read'>) {
		this.#session = session;
		this.#book = book;
		this.#reading = session.result<Order[]>();
	}

	get running(): boolean {
		return this.#reading.loading;
	}

	/**
	 * Reads every order and returns those created in [from, to] as CSV; a cancelled or failed
	 * run returns no CSV at all, so no partial file is ever written.
	 */
	async run(from: number | null, to: number | null): Promise<LedgerOutcome> {
		this.outcome = null;
		this.progress = { listed: 0, total: null, read: 0 };
		const read = await this.#reading.run((signal) =>
			readLedger(this.#session.client(), {
				readOrder: (guid, signal) => this.#book.read(guid, signal),
				signal,
				onProgress: (p) => {
					if (!signal.aborted) this.progress = p;
				}
			})
		);
		let outcome: LedgerOutcome;
		if (read.shown) {
			const chosen = read.value.filter((o) => inRange(o, from, to));
			outcome = { kind: 'done', csv: ledgerCsv(chosen), count: chosen.length };
		} else if (read.problem && read.problem.kind !== 'aborted') {
			outcome = { kind: 'failed', problem: read.problem };
		} else outcome = { kind: 'cancelled' };
		// A newer run took over: its outcome is the one shown.
		if (!this.#reading.loading) this.outcome = outcome;
		return outcome;
	}

	cancel(): void {
		this.#reading.abort();
	}
}
