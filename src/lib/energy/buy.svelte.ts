import type { HttpClient } from '$lib/http/client';
import { recordActivity } from '$lib/settings/activity';
import { isApiProblem, type ApiProblem } from '$lib/http/problem';
import { buyEnergy } from './api';
import {
	checkDraft,
	emptyDraft,
	type BuyDraft,
	type BuyField,
	type BuyRequest
} from './buy-request';
import {
	purchaseId,
	sameRequest,
	type PendingPurchase,
	type PurchaseJournal
} from './pending-purchase';
import { type PurchaseLock } from './purchase-lock';
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

/** A purchase of the same thing, made elsewhere (another tab, or a page since reloaded). */
export interface PlacedElsewhere {
	id: string;
	/** The order it placed; null when whether it was placed is not known. */
	guid: number | null;
}

/** An interrupted purchase that placed an order, or may have. */
export interface RecoveredPurchase {
	marker: PendingPurchase;
	/** The order it placed; null while that is unknown. */
	guid: number | null;
}

export interface BuyHost {
	client(): HttpClient;
	/** The API root the client talks to; purchases are recorded per root. */
	apiRoot(): string;
	/** An order now exists (placed, or found by reconciling): track it, refresh balances and list. */
	placed(order: CreatedOrder | Order): Promise<void>;
	/** Orders were placed elsewhere: refresh balances and list. */
	refresh(): Promise<void>;
	/**
	 * Called while holding the lock: reconciles purchases interrupted in other pages; returns
	 * those that placed an order or may have.
	 */
	recoverInterrupted(): Promise<RecoveredPurchase[]>;
	journal: PurchaseJournal;
	lock: PurchaseLock;
	now(): number;
	/** The review began: a chance to read the orders the cost estimate needs. */
	reviewing?(request: BuyRequest): void;
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
	/** Other new orders matching the request that appeared in the list at the same time. */
	duplicates = $state<Order[]>([]);
	/** Another purchase (in another tab, or before a reload) holds the lock; this one waits. */
	waiting = $state(false);
	/** The same purchase was made elsewhere while this one was reviewed: confirm again to buy. */
	elsewhere = $state<PlacedElsewhere[]>([]);

	check = $derived(checkDraft(this.draft));
	errors = $derived<Partial<Record<BuyField, string>>>(
		this.check.ok || !this.showErrors ? {} : this.check.errors
	);

	readonly #host: BuyHost;
	#inFlight = false;
	#before: ReadonlySet<number> | null = null;
	#snapshot: Promise<ReadonlySet<number>> | null = null;
	#reviewedAt = 0;
	/** Purchases made by this page, or already shown to the user: they never hold up a confirm. */
	readonly #known: string[] = [];
	#marker: PendingPurchase | null = null;
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
		this.elsewhere = [];
		this.#reviewedAt = this.#host.now();
		// Read the newest orders while the user reviews, so a lost answer can be reconciled exactly.
		this.#takeSnapshot();
		this.#host.reviewing?.(this.check.request);
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

	/** The marker of this page's purchase whose outcome is still unknown. */
	get pendingMarker(): string | null {
		return this.#marker?.id ?? null;
	}

	/** Starts a new purchase from the same draft. */
	again(): void {
		if (this.#inFlight) return;
		// An unknown outcome stays in storage; the dashboard reconciles it on its next open.
		this.#marker = null;
		this.result = null;
		this.duplicates = [];
		this.elsewhere = [];
		this.problem = null;
		this.request = null;
		this.step = 'edit';
	}

	/**
	 * Sends the purchase exactly once, however often it is called: later calls while one is under
	 * way, or after it ended, do nothing. Never retried. Purchases in other tabs of this browser
	 * go first; if one of them placed the same order meanwhile, nothing is sent and the user is
	 * asked to confirm again.
	 */
	async confirm(): Promise<void> {
		if (this.#inFlight || this.step !== 'review' || !this.request) return;
		this.#inFlight = true;
		this.step = 'placing';
		this.problem = null;
		const request = $state.snapshot<BuyRequest>(this.request);
		const client = this.#host.client();
		const apiRoot = this.#host.apiRoot();
		try {
			await this.#host.lock.run(
				async () => {
					this.waiting = false;
					const elsewhere = await this.#madeElsewhere(request, apiRoot);
					if (elsewhere.length) {
						this.#known.push(...elsewhere.map((e) => e.id));
						this.elsewhere = elsewhere;
						this.step = 'review';
						// The list changed: reconcile against a fresh snapshot.
						this.#takeSnapshot();
						await this.#host.refresh();
						return;
					}
					this.elsewhere = [];
					await this.#place(client, request, apiRoot);
				},
				() => (this.waiting = true)
			);
		} finally {
			this.waiting = false;
			this.#inFlight = false;
		}
	}

	/** The same purchase, placed (or maybe placed) since this review began, by another page. */
	async #madeElsewhere(request: BuyRequest, apiRoot: string): Promise<PlacedElsewhere[]> {
		const found: PlacedElsewhere[] = [];
		const add = (id: string, guid: number | null) => {
			if (!this.#known.includes(id) && !found.some((e) => e.id === id)) found.push({ id, guid });
		};
		for (const r of await this.#host.recoverInterrupted())
			if (sameRequest(r.marker.request, request)) add(r.marker.id, r.guid);
		for (const f of this.#host.journal.finishedSince(apiRoot, this.#reviewedAt))
			if (f.guid !== null && sameRequest(f.request, request)) add(f.id, f.guid);
		return found;
	}

	async #place(client: HttpClient, request: BuyRequest, apiRoot: string): Promise<void> {
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
		const marker: PendingPurchase = {
			id: purchaseId(),
			apiRoot,
			request,
			before: [...this.#before],
			startedAt: this.#host.now()
		};
		this.#known.push(marker.id);
		this.#marker = marker;
		this.#host.journal.begin(marker);
		let answer;
		try {
			this.sent++;
			answer = await buyEnergy(client, request);
		} catch (error) {
			if (!isApiProblem(error)) throw error;
			this.problem = error;
			if (outcomeUnknown(error)) await this.#reconcile(client, request);
			else {
				this.#finish(null);
				this.step = 'review';
			}
			return;
		}
		this.#finish(answer.data.guid);
		this.result = { order: answer.data, balance: answer.balance, reconciled: false };
		this.step = 'done';
		recordActivity('energy', orderedText(answer.data.energy_amount));
		await this.#host.placed(answer.data);
		await this.#checkDuplicates(client, request, answer.data.guid);
	}

	/** The outcome is known: the marker goes. */
	#finish(guid: number | null): void {
		if (!this.#marker) return;
		this.#host.journal.finish(this.#marker, guid, this.#host.now());
		this.#marker = null;
	}

	/** Reads the order list again (the user's "Check again" after an unknown outcome). */
	async checkAgain(): Promise<void> {
		if (this.#inFlight || this.step !== 'unknown' || !this.request) return;
		this.#inFlight = true;
		const request = $state.snapshot<BuyRequest>(this.request);
		const client = this.#host.client();
		try {
			await this.#host.lock.run(() => this.#reconcile(client, request));
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
			// Newest first: the oldest is the purchase; any other appeared at the same time.
			const order = found.at(-1);
			this.#finish(order?.guid ?? null);
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

/** The home page's line for a purchase: the amount, never the address. */
function orderedText(energy: number | null): string {
	return energy === null ? 'Ordered energy' : `Ordered ${energy.toLocaleString('en-US')} energy`;
}
