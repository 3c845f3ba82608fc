// Over 400 lines: one purchase's whole decision (review, the checks before sending, the single send, reconciling a lost answer) in one place, so no path can send twice.
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
import { findRecentSame } from './recent-orders';
import { findDuplicates, findPlacedOrders, newestGuids, NO_GUIDS } from './reconcile';
import type { CreatedOrder, Order } from './schemas';

export type BuyStep =
	| 'edit'
	| 'review'
	| 'placing'
	/** Nothing sent: the same order was just placed (or the check failed); buy anyway? */
	| 'asking'
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
	/** An order already read in full, so the check for a recent twin need not read it again. */
	known?(guid: number): Order | undefined;
}

/** Why a confirmation stopped before sending: a twin placed moments ago, or no way to tell. */
export type RecentQuestion =
	{ kind: 'same'; orders: Order[] } | { kind: 'unchecked'; problem: ApiProblem };

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
	/** Asked before sending (step 'asking'): buy again after a recent twin, or without a check? */
	question = $state<RecentQuestion | null>(null);
	/** The user answered "Don't buy": these orders were the reason (empty: the check failed). */
	declined = $state<Order[] | null>(null);

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
	/** Orders this page placed, or the user already saw named: no question about them. */
	// eslint-disable-next-line svelte/prefer-svelte-reactivity -- consulted, never shown
	readonly #seenGuids = new Set<number>();
	/** Purchases actually sent (for tests: a double click sends one). */
	sent = 0;

	constructor(host: BuyHost) {
		this.#host = host;
	}

	/** Forgets everything, also which orders were already named (another service, or its data reset). */
	reset(): void {
		this.again();
		this.#seenGuids.clear();
	}

	/** Moves to the review step when the draft is valid; otherwise shows what to fix. */
	review(): boolean {
		this.showErrors = true;
		this.problem = null;
		if (!this.check.ok) return false;
		this.request = this.check.request;
		this.step = 'review';
		this.elsewhere = [];
		this.question = null;
		this.declined = null;
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
		this.question = null;
		this.declined = null;
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
		this.question = null;
		this.declined = null;
		this.problem = null;
		this.request = null;
		this.step = 'edit';
	}

	/**
	 * Sends the purchase exactly once, however often it is called: later calls while one is under
	 * way, or after it ended, do nothing. Never retried. Purchases in other tabs of this browser
	 * go first; if one of them placed the same order meanwhile, nothing is sent and the user is
	 * asked to confirm again. Then the newest orders are read: the same order placed in the last
	 * few minutes (another browser, another device), or a failed read, asks before sending.
	 */
	confirm(): Promise<void> {
		return this.#confirm(true);
	}

	/** The answer "Buy again" (or "Buy anyway"): the second, explicit confirmation sends it. */
	buyAgain(): Promise<void> {
		if (this.step !== 'asking') return Promise.resolve();
		this.step = 'review';
		return this.#confirm(false);
	}

	/** The answer "Check again" after the orders could not be read: reads them again. */
	checkRecentAgain(): Promise<void> {
		if (this.step !== 'asking') return Promise.resolve();
		this.step = 'review';
		return this.#confirm(true);
	}

	/** The answer "Don't buy": nothing is sent; the review stays for another look. */
	dontBuy(): void {
		if (this.step !== 'asking' || this.#inFlight) return;
		this.declined = this.question?.kind === 'same' ? this.question.orders : [];
		this.question = null;
		this.step = 'review';
	}

	async #confirm(checkRecent: boolean): Promise<void> {
		if (this.#inFlight || this.step !== 'review' || !this.request) return;
		this.#inFlight = true;
		this.step = 'placing';
		this.problem = null;
		this.declined = null;
		// "Buy again" accepts the orders it named: they are not asked about again.
		if (this.question?.kind === 'same')
			for (const o of this.question.orders) this.#seenGuids.add(o.guid);
		this.question = null;
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
						for (const e of elsewhere) if (e.guid !== null) this.#seenGuids.add(e.guid);
						this.elsewhere = elsewhere;
						this.step = 'review';
						// The list changed: reconcile against a fresh snapshot.
						this.#takeSnapshot();
						await this.#host.refresh();
						return;
					}
					this.elsewhere = [];
					if (checkRecent && (await this.#askFirst(client, request))) return;
					await this.#place(client, request, apiRoot);
				},
				() => (this.waiting = true)
			);
		} finally {
			this.waiting = false;
			this.#inFlight = false;
		}
	}

	/**
	 * Reads the newest orders for this purchase placed moments ago; true when the user is asked
	 * (nothing is sent until they answer). A failed read never counts as "none found".
	 */
	async #askFirst(client: HttpClient, request: BuyRequest): Promise<boolean> {
		try {
			const orders = await findRecentSame(client, request, {
				now: this.#host.now(),
				known: (guid) => this.#host.known?.(guid),
				ignore: this.#seenGuids
			});
			if (!orders.length) return false;
			this.question = { kind: 'same', orders };
		} catch (error) {
			if (!isApiProblem(error)) throw error;
			this.question = { kind: 'unchecked', problem: error };
		}
		this.step = 'asking';
		return true;
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
		this.#seenGuids.add(answer.data.guid);
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
			for (const o of found) this.#seenGuids.add(o.guid);
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
