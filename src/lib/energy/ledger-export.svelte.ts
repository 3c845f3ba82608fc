import type { HttpClient } from '$lib/http/client';
import { isApiProblem, type ApiProblem } from '$lib/http/problem';
import { inRange, ledgerCsv, readLedger, type LedgerProgress } from './ledger';
import type { Order } from './schemas';

export interface LedgerHost {
	client(): HttpClient;
	readOrder(guid: number, signal: AbortSignal): Promise<Order>;
}

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
	readonly #host: LedgerHost;
	#controller: AbortController | null = null;

	constructor(host: LedgerHost) {
		this.#host = host;
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
			const orders = await readLedger(this.#host.client(), {
				readOrder: (guid, signal) => this.#host.readOrder(guid, signal),
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
