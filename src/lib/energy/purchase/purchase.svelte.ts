/**
 * One purchase of energy, from the draft to its outcome: review, one purchase per confirmation
 * (never retried, never sent twice), reconciling an answer that was lost, and the pending
 * purchases other pages left behind (a reload, a closed tab). The purchase takes the dashboard
 * it belongs to (its session and the parts it tells of an order placed); nothing is wired back
 * with callbacks.
 */
import type { HttpClient } from '$lib/http/client';
import { isApiProblem, type ApiProblem } from '$lib/http/problem';
import type { AreaSession } from '$lib/settings/area-session.svelte';
import { recordActivity } from '$lib/settings/activity';
import { formatNumber } from '$lib/ui/number-format';
import { buyEnergy } from '../api';
import type { AccountsState } from '../balances/accounts.svelte';
import { estimateCost, estimateFromPrice, type CostEstimate } from '../costs/estimate';
import type { YourPrices } from '../costs/your-price.svelte';
import { purchaseId } from '../key-value-storage';
import type { OrderBook } from '../orders/order-book.svelte';
import { PERIODS } from '../model';
import type { OrderList } from '../orders/order-list.svelte';
import type { CreatedOrder, Order } from '../schemas';
import {
	checkDraft,
	draftFor,
	emptyDraft,
	type BuyDraft,
	type BuyField,
	type BuyRequest
} from './buy-request';
import {
	reconcilePending,
	sameRequest,
	type PendingPurchase,
	type PendingPurchases
} from './pending-purchase';
import type { Reviewed } from './placed-outcome';
import type { LockEnv, PurchaseLock } from './purchase-lock';
import { findRecentSame } from './recent-orders';
import { findDuplicates, findPlacedOrders, newestGuids, NO_GUIDS } from './reconcile';

// ── The purchase's words ──────────────────────────────────────────────────────────────────

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
	/** What the person reviewed and confirmed: the answer is set against it, never taken as is. */
	reviewed: Reviewed;
}

/**
 * What follows a placed order (the dashboard takes it in, a check for a double order): it runs
 * once the purchase has let go of the form, so "Buy more" works at once.
 */
export type AfterPlaced = () => Promise<void>;

/** A purchase of the same thing, made elsewhere (another tab, or a page since reloaded). */
export interface PlacedElsewhere {
	id: string;
	/** The order it placed; null when whether it was placed is not known. */
	guid: number | null;
}

/** Why a confirmation stopped before sending: a twin placed moments ago, or no way to tell. */
export type RecentQuestion =
	{ kind: 'same'; orders: Order[] } | { kind: 'unchecked'; problem: ApiProblem };

/** A pending purchase another page left behind, and what this page found became of it. */
export interface PendingCheck {
	pending: PendingPurchase;
	state: 'checking' | 'placed' | 'not-placed' | 'unknown';
	order: Order | null;
	/** Other new orders matching it that appeared at the same time. */
	duplicates: Order[];
	problem: ApiProblem | null;
}

/** A purchase without an answer may or may not exist on the server. */
export function outcomeUnknown(problem: ApiProblem): boolean {
	if (problem.kind === 'network' || problem.kind === 'timeout' || problem.kind === 'cors')
		return true;
	// A 2xx that could not be read, or a server failure, may have created the order.
	if (problem.kind === 'parse' || problem.kind === 'contract') return true;
	return problem.kind === 'http' && (problem.status ?? 0) >= 500;
}

/** The home page's line for a purchase: the amount, never the address. */
export function orderedText(energy: number | null): string {
	return energy === null ? 'Ordered energy' : `Ordered ${formatNumber(energy)} energy`;
}

// ── The steps of one purchase, over the API ────────────────────────────────────────────────

/**
 * Reads the newest orders for this purchase placed moments ago: a question for the user, or
 * null when there is none. A failed read never counts as "none found".
 */
export async function recentQuestion(
	client: HttpClient,
	request: BuyRequest,
	options: Parameters<typeof findRecentSame>[2]
): Promise<RecentQuestion | null> {
	try {
		const orders = await findRecentSame(client, request, options);
		return orders.length ? { kind: 'same', orders } : null;
	} catch (error) {
		if (!isApiProblem(error)) throw error;
		return { kind: 'unchecked', problem: error };
	}
}

/** The newest orders before the purchase: read during review, once more if that failed. */
export async function guidsBefore(
	snapshot: Promise<ReadonlySet<number>> | null,
	client: HttpClient
): Promise<ReadonlySet<number>> {
	try {
		return await (snapshot ?? newestGuids(client));
	} catch {
		return newestGuids(client);
	}
}

export type SendOutcome =
	| { kind: 'placed'; order: CreatedOrder; balance: string | null }
	/** The server said no: nothing was placed. */
	| { kind: 'refused'; problem: ApiProblem }
	/** No usable answer: the order may exist. */
	| { kind: 'lost'; problem: ApiProblem };

/** Sends the purchase once; never retried. */
export async function sendOnce(client: HttpClient, request: BuyRequest): Promise<SendOutcome> {
	try {
		const answer = await buyEnergy(client, request);
		return { kind: 'placed', order: answer.data, balance: answer.balance };
	} catch (error) {
		if (!isApiProblem(error)) throw error;
		return { kind: outcomeUnknown(error) ? 'lost' : 'refused', problem: error };
	}
}

export type LostOutcome =
	| { kind: 'found'; order: Order; duplicates: Order[] }
	| { kind: 'none' }
	| { kind: 'unknown'; problem: ApiProblem };

/** After a lost answer: whether the order exists, from the order list (never sent again). */
export async function findLost(
	client: HttpClient,
	request: BuyRequest,
	before: ReadonlySet<number>
): Promise<LostOutcome> {
	try {
		const found = await findPlacedOrders(client, request, before);
		// Newest first: the oldest is the purchase; any other appeared at the same time.
		const order = found.at(-1);
		return order ? { kind: 'found', order, duplicates: found.slice(0, -1) } : { kind: 'none' };
	} catch (error) {
		if (!isApiProblem(error)) throw error;
		return { kind: 'unknown', problem: error };
	}
}

/**
 * After a purchase that worked: other new orders with the same details. A failed check changes
 * nothing about the purchase, so it finds none.
 */
export async function checkDoubleOrder(
	client: HttpClient,
	request: BuyRequest,
	before: ReadonlySet<number>,
	placedGuid: number
): Promise<Order[]> {
	try {
		return await findDuplicates(client, request, before, placedGuid);
	} catch {
		return [];
	}
}

// ── What one purchase remembers between its steps ─────────────────────────────────────────

/**
 * What one buy form remembers between its steps, none of it shown: the newest orders before a
 * purchase, its pending purchase, which purchases and orders the user already knows about, and
 * what the person confirmed for each order placed (an answer is set against it, never trusted).
 */
export class PurchaseMemory {
	/** The newest orders, read while the user reviews, so a lost answer is reconciled exactly. */
	snapshot: Promise<ReadonlySet<number>> | null = null;
	before: ReadonlySet<number> | null = null;
	reviewedAt = 0;
	/** Purchases made by this page, or already shown to the user: they never hold up a confirm. */
	readonly known: string[] = [];
	/** Orders this page placed, or the user already saw named: no question about them. */
	// eslint-disable-next-line svelte/prefer-svelte-reactivity -- remembered between steps, never shown
	readonly seenGuids = new Set<number>();
	/** What was confirmed for the purchase under way, with the cost estimate shown then. */
	confirmed: Reviewed | null = null;
	/** What was confirmed for each order this page placed. */
	// eslint-disable-next-line svelte/prefer-svelte-reactivity -- read when an order is shown, never shown itself
	readonly #reviewed = new Map<number, Reviewed>();
	#pending: PendingPurchase | null = null;
	readonly #store: PendingPurchases;
	readonly #now: () => number;

	constructor(store: PendingPurchases, now: () => number) {
		this.#store = store;
		this.#now = now;
	}

	takeSnapshot(client: HttpClient): void {
		const snapshot = newestGuids(client);
		snapshot.catch(() => undefined);
		this.snapshot = snapshot;
	}

	/** The id of this page's pending purchase (its outcome still unknown). */
	get pendingId(): string | null {
		return this.#pending?.id ?? null;
	}

	/** The pending purchase is written to storage just before the purchase is sent. */
	begin(apiRoot: string, request: BuyRequest, before: ReadonlySet<number>): void {
		this.before = before;
		const pending: PendingPurchase = {
			id: purchaseId(),
			apiRoot,
			request,
			before: [...before],
			startedAt: this.#now()
		};
		this.known.push(pending.id);
		this.#pending = pending;
		this.#store.begin(pending);
	}

	/** The outcome is known: the pending purchase goes. */
	finish(guid: number | null): void {
		if (guid !== null) this.seenGuids.add(guid);
		if (!this.#pending) return;
		this.#store.finish(this.#pending, guid, this.#now());
		this.#pending = null;
	}

	/**
	 * `request` placed the order `guid` (and `twins` appeared with it): the pending purchase
	 * goes, the orders are known, and what was confirmed for the order is kept and returned.
	 */
	placed(guid: number, request: BuyRequest, twins: readonly { guid: number }[] = []): Reviewed {
		const confirmed = this.confirmed?.request === request ? this.confirmed : null;
		const reviewed = confirmed ?? { request, estimate: null };
		this.#reviewed.set(guid, reviewed);
		for (const twin of twins) this.seenGuids.add(twin.guid);
		this.finish(guid);
		return reviewed;
	}

	/** "Buy again" after a question accepts the orders it named: they are not asked about again. */
	answered(question: RecentQuestion | null): void {
		if (question?.kind === 'same') for (const o of question.orders) this.seenGuids.add(o.guid);
	}

	/**
	 * What was confirmed for the order `guid`: placed by this page (with the estimate shown), or
	 * lately by this browser on `apiRoot` (the purchases kept for other tabs: the request only).
	 */
	reviewedFor(apiRoot: string, guid: number): Reviewed | null {
		const here = this.#reviewed.get(guid);
		if (here) return here;
		const request = this.#store.requestOf(apiRoot, guid);
		return request ? { request, estimate: null } : null;
	}

	/** Another service, or its data reset: no order is known any more. */
	forget(): void {
		this.seenGuids.clear();
		this.#reviewed.clear();
	}

	/** A new purchase: an unknown outcome stays pending in storage; it is reconciled later. */
	dropPending(): void {
		this.#pending = null;
	}
}

/**
 * One purchase step at a time: in this page (a double click sends one) and across tabs (the
 * purchase lock). What follows a placed order runs after both are let go, so a slow server
 * never holds up "Buy more".
 */
export class PurchaseSlot {
	#busy = false;
	readonly #lock: PurchaseLock;

	constructor(lock: PurchaseLock) {
		this.#lock = lock;
	}

	get busy(): boolean {
		return this.#busy;
	}

	/** `waiting(true)` while another tab's purchase holds the lock; `waiting(false)` once it is ours. */
	async run(
		work: () => Promise<AfterPlaced | void>,
		waiting: (waiting: boolean) => void = () => undefined
	): Promise<void> {
		this.#busy = true;
		let afterPlaced: AfterPlaced | void;
		try {
			afterPlaced = await this.#lock.run(
				() => (waiting(false), work()),
				() => waiting(true)
			);
		} finally {
			waiting(false);
			this.#busy = false;
		}
		await afterPlaced?.();
	}
}

// ── The purchase ──────────────────────────────────────────────────────────────────────────

/** What a purchase belongs to: the dashboard's session and the parts it tells of an order. */
export interface PurchaseOwner {
	readonly session: AreaSession<'energy'>;
	readonly book: OrderBook;
	readonly accounts: AccountsState;
	readonly list: OrderList;
	/** "Your price" per period: what the estimate goes by when given. */
	readonly prices: YourPrices;
	/** Pending purchases, shared by this browser's tabs. */
	readonly pending: PendingPurchases;
	/** One purchase at a time across this browser's tabs. */
	readonly lock: PurchaseLock;
}

/** The buy form: draft, review, one purchase per confirmation, and reconciling lost answers. */
export class Purchase {
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
	/** "Buy again" on an order filled the draft: the form is shown from its heading. */
	prefilled = $state(false);
	/** Reading this account's recent orders for the review's cost estimate. */
	readonly history;
	/** Pending purchases other pages left behind, and what became of them. */
	readonly recovery: Recovery;

	check = $derived(checkDraft(this.draft));
	errors = $derived<Partial<Record<BuyField, string>>>(
		this.check.ok || !this.showErrors ? {} : this.check.errors
	);

	readonly owner: PurchaseOwner;
	readonly #memory: PurchaseMemory;
	readonly #slot: PurchaseSlot;
	sent = 0; // purchases sent (for tests: a double click sends one)

	constructor(owner: PurchaseOwner) {
		this.owner = owner;
		this.#memory = new PurchaseMemory(owner.pending, () => owner.session.clock.now());
		this.#slot = new PurchaseSlot(owner.lock);
		this.history = owner.session.result<void>();
		this.recovery = new Recovery(this);
	}

	get #session(): AreaSession<'energy'> {
		return this.owner.session;
	}

	/** What was confirmed for the order `guid`, when this browser placed it; null otherwise. */
	reviewedFor(guid: number): Reviewed | null {
		return this.#memory.reviewedFor(this.#session.apiRoot, guid);
	}

	/**
	 * The reviewed purchase's estimated cost: from the person's price for its period when they
	 * gave one, else from the orders known so far.
	 */
	get estimate(): CostEstimate | null {
		const request = this.request;
		if (!request) return null;
		const period = PERIODS.find(
			(p) => p.period_type === request.period_type && p.period_amount === request.period_amount
		);
		const sun = period ? this.owner.prices.sun(period.id) : null;
		const orders = Object.values(this.owner.book.orders);
		const balance = this.owner.accounts.buyer?.balance ?? null;
		return sun === null
			? estimateCost(orders, request, balance)
			: estimateFromPrice(orders, request, balance, sun);
	}

	/** The placed order as last read (polled), for its live status. */
	get live(): Order | undefined {
		return this.result ? this.owner.book.orders[this.result.order.guid] : undefined;
	}

	/** When this browser first saw each status of the placed order. */
	get seen(): Partial<Record<number, number>> | undefined {
		return this.result ? this.owner.book.tracked[this.result.order.guid]?.firstSeen : undefined;
	}

	/** The id of this page's pending purchase whose outcome is still unknown. */
	get pendingId(): string | null {
		return this.#memory.pendingId;
	}

	/** Forgets also which orders were already named (another service, or its data reset). */
	reset(): void {
		this.again();
		this.#memory.forget();
		this.recovery.clear();
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
		this.#memory.reviewedAt = this.owner.session.clock.now();
		this.#memory.takeSnapshot(this.#session.client());
		// On failure the estimate says it has no orders to go by; the purchase is unaffected.
		void this.history.run(() => this.owner.book.history()).catch(() => undefined);
		return true;
	}

	edit(): void {
		if (this.#slot.busy) return;
		this.step = 'edit';
		this.problem = null;
		this.question = null;
		this.declined = null;
	}

	/** Starts a new purchase from the same draft, or from `draft` ("Buy again" on an order). */
	again(draft?: BuyDraft): void {
		if (this.#slot.busy) return;
		if (draft) this.draft = draft;
		this.#memory.dropPending();
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
	 * "Buy again" on an order: a new purchase of the same, one step from Review (of what was
	 * confirmed, when this browser placed it: never the server's terms).
	 */
	againFrom(order: Order): void {
		this.prefilled = true;
		this.again(draftFor(order, this.reviewedFor(order.guid)));
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

	/** Reads the order list again (the user's "Check again" after an unknown outcome). */
	async checkAgain(): Promise<void> {
		if (this.#slot.busy || this.step !== 'unknown' || !this.request) return;
		const request = this.#memory.confirmed?.request ?? $state.snapshot<BuyRequest>(this.request);
		const client = this.#session.client();
		await this.#slot.run(() => this.#reconcile(client, request));
	}

	/**
	 * An order now exists (placed here, found by reconciling, or placed by a page since closed):
	 * tracked and polled, the balance the answer gave shown at once, balances and list read again.
	 */
	async ordered(order: CreatedOrder | Order, balance: string | null): Promise<void> {
		await this.owner.book.placed(order);
		if (balance) this.owner.accounts.setBuyerBalance(balance);
		await this.#refresh();
	}

	#refresh(): Promise<void> {
		const { accounts, list } = this.owner;
		return Promise.all([accounts.load(), list.load({ page: 1 })]).then(() => undefined);
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
		const client = this.#session.client();
		const apiRoot = this.#session.apiRoot;
		await this.#slot.run(
			async () => {
				const elsewhere = await this.#madeElsewhere(request, apiRoot);
				if (elsewhere.length) {
					this.elsewhere = elsewhere;
					this.step = 'review';
					// The list changed: reconcile against a fresh snapshot.
					this.#memory.takeSnapshot(client);
					await this.#refresh();
					return;
				}
				this.elsewhere = [];
				if (checkRecent) {
					this.question = await recentQuestion(client, request, {
						now: this.owner.session.clock.now(),
						known: (guid) => this.owner.book.orders[guid],
						ignore: this.#memory.seenGuids
					});
					if (this.question) return void (this.step = 'asking');
				}
				return this.#place(client, request, apiRoot);
			},
			(waiting) => (this.waiting = waiting)
		);
	}

	/**
	 * The same purchase, placed (or maybe placed) since the review began, by another page: one
	 * left pending in a closed tab, or finished in another tab. Those found are remembered as
	 * known, so they are named once. Called while holding the lock.
	 */
	async #madeElsewhere(request: BuyRequest, apiRoot: string): Promise<PlacedElsewhere[]> {
		const memory = this.#memory;
		const { reviewedAt: since, known } = memory;
		const found: PlacedElsewhere[] = [];
		const add = (id: string, guid: number | null) => {
			if (!known.includes(id) && !found.some((e) => e.id === id)) found.push({ id, guid });
		};
		for (const r of await this.recovery.recover())
			if (sameRequest(r.pending.request, request)) add(r.pending.id, r.order?.guid ?? null);
		for (const f of this.owner.pending.finishedSince(apiRoot, since))
			if (f.guid !== null && sameRequest(f.request, request)) add(f.id, f.guid);
		known.push(...found.map((e) => e.id));
		for (const e of found) if (e.guid !== null) memory.seenGuids.add(e.guid);
		return found;
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
			await this.ordered(sent.order, sent.balance);
			const duplicates = await checkDoubleOrder(client, request, before, sent.order.guid);
			// "Buy more" may have started another purchase meanwhile: the warning is this order's.
			if (this.result?.order.guid === sent.order.guid) this.duplicates = duplicates;
		};
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
		return () => this.ordered(lost.order, null);
	}
}

// ── Pending purchases other pages left behind ─────────────────────────────────────────────

/**
 * The pending purchases of pages closed or reloaded before their answer, and what became of
 * them. A part of the purchase: it checks only against the service its session is open on.
 */
export class Recovery {
	items = $state<PendingCheck[]>([]);
	readonly #purchase: Purchase;
	readonly #env: LockEnv;

	constructor(purchase: Purchase) {
		this.#purchase = purchase;
		const clock = purchase.owner.session.clock;
		this.#env = {
			now: () => clock.now(),
			sleep: (ms) => new Promise((resolve) => clock.setTimeout(resolve, ms))
		};
	}

	clear(): void {
		this.items = [];
	}

	/**
	 * Called while holding the purchase lock, so every pending purchase found belongs to a
	 * purchase no page is sending now. Each is reconciled from the order list and shown; returns
	 * those that placed an order or may have.
	 */
	async recover(): Promise<PendingCheck[]> {
		const { session, pending } = this.#purchase.owner;
		const client = session.client();
		// Only ever checked against the service the purchase went to.
		if (session.closed || client.options.baseUrl !== session.apiRoot) return [];
		const own = this.#purchase.pendingId;
		const found = pending.pending(session.apiRoot).filter((p) => p.id !== own);
		const recovered: PendingCheck[] = [];
		for (const p of found) {
			const item = await this.#check(client, p);
			if (item?.state === 'placed' || item?.state === 'unknown') recovered.push(item);
		}
		return recovered;
	}

	/** The user's "Check again" for a pending purchase whose outcome is unknown. */
	async checkAgain(id: string): Promise<void> {
		const item = this.items.find((i) => i.pending.id === id);
		if (!item || item.state !== 'unknown') return;
		const pending = $state.snapshot<PendingPurchase>(item.pending);
		this.#show({ ...item, state: 'checking', problem: null });
		const { session, lock } = this.#purchase.owner;
		await lock.run(async () => {
			const client = session.client();
			if (session.closed || client.options.baseUrl !== pending.apiRoot) return;
			await this.#check(client, pending);
		});
	}

	async #check(client: HttpClient, pending: PendingPurchase): Promise<PendingCheck | null> {
		this.#show({ pending, state: 'checking', order: null, duplicates: [], problem: null });
		const outcome = await reconcilePending(client, pending, this.#env);
		const { session, pending: store } = this.#purchase.owner;
		// The session closed meanwhile: the pending purchase stays for the next one.
		if (session.closed) return null;
		let item: PendingCheck;
		if (outcome.kind === 'unknown') {
			item = { pending, state: 'unknown', order: null, duplicates: [], problem: outcome.problem };
		} else {
			const order = outcome.kind === 'placed' ? outcome.order : null;
			store.finish(pending, order?.guid ?? null, this.#env.now());
			item = {
				pending,
				state: order ? 'placed' : 'not-placed',
				order,
				duplicates: outcome.kind === 'placed' ? outcome.duplicates : [],
				problem: null
			};
		}
		this.#show(item);
		if (item.order) await this.#purchase.ordered(item.order, null);
		return item;
	}

	#show(item: PendingCheck): void {
		const rest = this.items.filter((i) => i.pending.id !== item.pending.id);
		const at = this.items.findIndex((i) => i.pending.id === item.pending.id);
		rest.splice(at === -1 ? rest.length : at, 0, item);
		this.items = rest;
	}
}
