import type { HttpClient } from '$lib/http/client';
import { recordActivity } from '$lib/settings/activity';
import { isApiProblem, type ApiProblem } from '$lib/http/problem';
import {
	checkDraft,
	emptyDraft,
	type BuyDraft,
	type BuyField,
	type BuyRequest
} from './buy-request';
import {
	madeElsewhere,
	orderedText,
	type AfterPlaced,
	type BuyHost,
	type BuyResult,
	type BuyStep,
	type PlacedElsewhere,
	type RecentQuestion
} from './buy-types';
import type { CostEstimate } from './estimate';
import { PurchaseMemory } from './purchase-memory';
import { PurchaseSlot } from './purchase-slot';
import {
	checkDoubleOrder,
	findLost,
	guidsBefore,
	recentQuestion,
	sendOnce
} from './purchase-steps';
import { NO_GUIDS } from './reconcile';
import type { Order } from './schemas';

/** The buy form: draft, review, one purchase per confirmation, and reconciling lost answers. */
export class BuyFlow {
	draft = $state<BuyDraft>(emptyDraft());
	step = $state<BuyStep>('edit');
	/** Fields' errors are shown after the first review attempt. */
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
	readonly #memory: PurchaseMemory;
	readonly #slot: PurchaseSlot;
	/** What was confirmed for the order `guid`, when this browser placed it; null otherwise. */
	readonly reviewedFor = (guid: number) => this.#memory.reviewedFor(this.#host.apiRoot(), guid);
	sent = 0; // purchases sent (for tests: a double click sends one)

	constructor(host: BuyHost) {
		this.#host = host;
		this.#memory = new PurchaseMemory(host.journal, () => host.now());
		this.#slot = new PurchaseSlot(host.lock);
	}

	/** Forgets also which orders were already named (another service, or its data reset). */
	reset(): void {
		this.again();
		this.#memory.forget();
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
		this.#memory.reviewedAt = this.#host.now();
		this.#memory.takeSnapshot(this.#host.client());
		this.#host.reviewing?.(this.check.request);
		return true;
	}

	edit(): void {
		if (this.#slot.busy) return;
		this.step = 'edit';
		this.problem = null;
		this.question = null;
		this.declined = null;
	}

	/** The marker of this page's purchase whose outcome is still unknown. */
	get pendingMarker(): string | null {
		return this.#memory.markerId;
	}

	/** Starts a new purchase from the same draft, or from `draft` ("Buy again" on an order). */
	again(draft?: BuyDraft): void {
		if (this.#slot.busy) return;
		if (draft) this.draft = draft;
		this.#memory.dropMarker();
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
	 * Sends the purchase exactly once however often it is called; never retried. Other tabs' go
	 * first (the same one placed there: confirm again); the same order placed minutes ago, or a
	 * failed check for one, asks first. `estimate`, the cost shown, is set against the charge.
	 */
	confirm(estimate: CostEstimate | null = null): Promise<void> {
		return this.#confirm(true, estimate);
	}

	/** The answer "Buy again" (or "Buy anyway"): the second, explicit confirmation sends it. */
	buyAgain(): Promise<void> {
		if (this.step !== 'asking') return Promise.resolve();
		this.step = 'review';
		return this.#confirm(false, this.#memory.confirmed?.estimate ?? null);
	}

	/** The answer "Check again" after the orders could not be read: reads them again. */
	checkRecentAgain(): Promise<void> {
		if (this.step !== 'asking') return Promise.resolve();
		this.step = 'review';
		return this.#confirm(true, this.#memory.confirmed?.estimate ?? null);
	}

	/** The answer "Don't buy": nothing is sent; the review stays for another look. */
	dontBuy(): void {
		if (this.step !== 'asking' || this.#slot.busy) return;
		this.declined = this.question?.kind === 'same' ? this.question.orders : [];
		this.question = null;
		this.step = 'review';
	}

	async #confirm(checkRecent: boolean, estimate: CostEstimate | null): Promise<void> {
		if (this.#slot.busy || this.step !== 'review' || !this.request) return;
		this.step = 'placing';
		this.problem = null;
		this.declined = null;
		this.#memory.answered(this.question);
		this.question = null;
		const request = $state.snapshot<BuyRequest>(this.request);
		this.#memory.confirmed = { request, estimate };
		const client = this.#host.client();
		const apiRoot = this.#host.apiRoot();
		await this.#slot.run(
			async () => {
				const elsewhere = await madeElsewhere(this.#host, request, apiRoot, this.#memory);
				if (elsewhere.length) {
					this.elsewhere = elsewhere;
					this.step = 'review';
					// The list changed: reconcile against a fresh snapshot.
					this.#memory.takeSnapshot(client);
					await this.#host.refresh();
					return;
				}
				this.elsewhere = [];
				if (checkRecent) {
					this.question = await recentQuestion(client, request, {
						now: this.#host.now(),
						known: (guid) => this.#host.known?.(guid),
						ignore: this.#memory.seenGuids
					});
					if (this.question) return void (this.step = 'asking');
				}
				return this.#place(client, request, apiRoot);
			},
			(waiting) => (this.waiting = waiting)
		);
	}

	/** Sends the purchase; once it is placed, returns what follows (see PurchaseSlot). */
	async #place(client: HttpClient, request: BuyRequest, apiRoot: string) {
		const memory = this.#memory;
		try {
			memory.begin(apiRoot, request, await guidsBefore(memory.snapshot, client));
		} catch (error) {
			if (!isApiProblem(error)) throw error;
			this.problem = error;
			this.step = 'review';
			memory.snapshot = null;
			return;
		}
		this.sent++;
		const sent = await sendOnce(client, request);
		if (sent.kind !== 'placed') {
			this.problem = sent.problem;
			if (sent.kind === 'lost') return this.#reconcile(client, request);
			memory.finish(null);
			this.step = 'review';
			return;
		}
		const reviewed = memory.placed(sent.order.guid, request);
		this.result = { order: sent.order, balance: sent.balance, reconciled: false, reviewed };
		this.step = 'done';
		recordActivity('energy', orderedText(sent.order.energy_amount));
		const before = memory.before!;
		return async () => {
			await this.#host.placed(sent.order);
			const duplicates = await checkDoubleOrder(client, request, before, sent.order.guid);
			// "Buy more" may have started another purchase meanwhile: the warning is this order's.
			if (this.result?.order.guid === sent.order.guid) this.duplicates = duplicates;
		};
	}

	/** Reads the order list again (the user's "Check again" after an unknown outcome). */
	async checkAgain(): Promise<void> {
		if (this.#slot.busy || this.step !== 'unknown' || !this.request) return;
		const request = this.#memory.confirmed?.request ?? $state.snapshot<BuyRequest>(this.request);
		const client = this.#host.client();
		await this.#slot.run(() => this.#reconcile(client, request));
	}

	async #reconcile(client: HttpClient, request: BuyRequest): Promise<AfterPlaced | void> {
		this.step = 'reconciling';
		const lost = await findLost(client, request, this.#memory.before ?? NO_GUIDS);
		if (lost.kind === 'unknown') {
			this.problem = lost.problem;
			this.step = 'unknown';
			return;
		}
		if (lost.kind === 'none') {
			this.#memory.finish(null);
			return void (this.step = 'not-placed');
		}
		const reviewed = this.#memory.placed(lost.order.guid, request, lost.duplicates);
		this.result = { order: lost.order, balance: null, reconciled: true, reviewed };
		this.duplicates = lost.duplicates;
		this.step = 'done';
		return () => this.#host.placed(lost.order);
	}
}
