import type { HttpClient } from '$lib/http/client';
import { isApiProblem, type ApiProblem } from '$lib/http/problem';
import { buyEnergy } from './api';
import {
	checkDraft,
	emptyDraft,
	type BuyDraft,
	type BuyField,
	type BuyRequest
} from './buy-request';
import { findDuplicates, findPlacedOrders, newestGuids, NO_GUIDS } from './reconcile';
import type { CreatedOrder, Order } from './schemas';

export type BuyStep =
	| 'edit'
	| 'review'
	| 'placing'
	| 'done'
	| 'reconciling'
	/** The answer was lost and the order list shows no such order. */
	| 'not-placed'
	/** The answer was lost and the order list could not be read either. */
	| 'unknown';

export interface BuyResult {
	order: CreatedOrder | Order;
	/** The buyer balance after the purchase, when the answer said it. */
	balance: string | null;
	/** Found by reading the order list after the answer was lost. */
	reconciled: boolean;
}

export interface BuyHost {
	client(): HttpClient;
	/** An order now exists (placed, or found by reconciling): track it, refresh balances and list. */
	placed(order: CreatedOrder | Order): Promise<void>;
}

/** A purchase without an answer may or may not exist on the server. */
export function outcomeUnknown(problem: ApiProblem): boolean {
	if (problem.kind === 'network' || problem.kind === 'timeout' || problem.kind === 'cors')
		return true;
	// A 2xx that could not be read, or a server failure, may have created the order.
	if (problem.kind === 'parse' || problem.kind === 'contract') return true;
	return problem.kind === 'http' && (problem.status ?? 0) >= 500;
}

/** The buy form: draft, review, one purchase per confirmation, and reconciling lost answers. */
export class BuyFlow {
	draft = $state<BuyDraft>(emptyDraft());
	step = $state<BuyStep>('edit');
	/** Fields whose errors are shown (after the first review attempt, or once left). */
	showErrors = $state(false);
	request = $state<BuyRequest | null>(null);
	result = $state<BuyResult | null>(null);
	problem = $state<ApiProblem | null>(null);
	/** Other new orders for the same request, found after the purchase (a browser re-send). */
	duplicates = $state<Order[]>([]);

	check = $derived(checkDraft(this.draft));
	errors = $derived<Partial<Record<BuyField, string>>>(
		this.check.ok || !this.showErrors ? {} : this.check.errors
	);

	readonly #host: BuyHost;
	#inFlight = false;
	#before: ReadonlySet<number> | null = null;
	#snapshot: Promise<ReadonlySet<number>> | null = null;
	/** Purchases actually sent (for tests: a double click sends one). */
	sent = 0;

	constructor(host: BuyHost) {
		this.#host = host;
	}

	/** Moves to the review step when the draft is valid; otherwise shows what to fix. */
	review(): boolean {
		this.showErrors = true;
		this.problem = null;
		if (!this.check.ok) return false;
		this.request = this.check.request;
		this.step = 'review';
		// Read the newest orders while the user reviews, so a lost answer can be reconciled exactly.
		this.#takeSnapshot();
		return true;
	}

	#takeSnapshot(): void {
		const snapshot = newestGuids(this.#host.client());
		snapshot.catch(() => undefined);
		this.#snapshot = snapshot;
	}

	edit(): void {
		if (this.#inFlight) return;
		this.step = 'edit';
		this.problem = null;
	}

	/** Starts a new purchase from the same draft. */
	again(): void {
		if (this.#inFlight) return;
		this.result = null;
		this.duplicates = [];
		this.problem = null;
		this.request = null;
		this.step = 'edit';
	}

	/**
	 * Sends the purchase exactly once, however often it is called: later calls while one is under
	 * way, or after it ended, do nothing. Never retried.
	 */
	async confirm(): Promise<void> {
		if (this.#inFlight || this.step !== 'review' || !this.request) return;
		this.#inFlight = true;
		this.step = 'placing';
		this.problem = null;
		const request = $state.snapshot(this.request) as BuyRequest;
		const client = this.#host.client();
		try {
			// The newest orders before the purchase (read during review; once more if that failed).
			try {
				this.#before = await (this.#snapshot ?? newestGuids(client));
			} catch {
				try {
					this.#before = await newestGuids(client);
				} catch (error) {
					if (!isApiProblem(error)) throw error;
					this.problem = error;
					this.step = 'review';
					this.#snapshot = null;
					return;
				}
			}
			let answer;
			try {
				this.sent++;
				answer = await buyEnergy(client, request);
			} catch (error) {
				if (!isApiProblem(error)) throw error;
				this.problem = error;
				if (outcomeUnknown(error)) await this.#reconcile(client, request);
				else this.step = 'review';
				return;
			}
			this.result = { order: answer.data, balance: answer.balance, reconciled: false };
			this.step = 'done';
			await this.#host.placed(answer.data);
			await this.#checkDuplicates(client, request, answer.data.guid);
		} finally {
			this.#inFlight = false;
		}
	}

	/** Reads the order list again (the user's "Check again" after an unknown outcome). */
	async checkAgain(): Promise<void> {
		if (this.#inFlight || this.step !== 'unknown' || !this.request) return;
		this.#inFlight = true;
		try {
			await this.#reconcile(this.#host.client(), $state.snapshot(this.request) as BuyRequest);
		} finally {
			this.#inFlight = false;
		}
	}

	async #checkDuplicates(client: HttpClient, request: BuyRequest, guid: number): Promise<void> {
		if (!this.#before) return;
		try {
			this.duplicates = await findDuplicates(client, request, this.#before, guid);
		} catch {
			// A check on top of a purchase that worked: its failure changes nothing.
		}
	}

	async #reconcile(client: HttpClient, request: BuyRequest): Promise<void> {
		this.step = 'reconciling';
		try {
			const found = await findPlacedOrders(client, request, this.#before ?? NO_GUIDS);
			// Newest first: the oldest is the purchase; any other was placed by a re-send.
			const order = found.at(-1);
			if (order) {
				this.result = { order, balance: null, reconciled: true };
				this.duplicates = found.slice(0, -1);
				this.step = 'done';
				await this.#host.placed(order);
			} else {
				this.step = 'not-placed';
			}
		} catch (error) {
			if (!isApiProblem(error)) throw error;
			this.problem = error;
			this.step = 'unknown';
		}
	}
}
