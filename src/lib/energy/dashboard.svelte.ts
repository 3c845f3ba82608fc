import type { HttpClient } from '$lib/http/client';
import type { ApiProblem } from '$lib/http/problem';
import { closingClient } from '$lib/settings/area-state.svelte';
import { AccountsState } from './accounts.svelte';
import { getOrder } from './api';
import { BuyFlow } from './buy.svelte';
import { estimateCost, estimateFromPrice, type CostEstimate } from './estimate';
import { InterruptedPurchases } from './interrupted.svelte';
import type { KeyValueStorage } from './key-value-storage';
import { isTerminal, PERIODS } from './model';
import { Notices, POLLING_STOPPED_401 } from './notices.svelte';
import { OrderList } from './order-list.svelte';
import { browserStorage, PurchaseJournal } from './pending-purchase';
import { browserPurchaseLock, type PurchaseLock } from './purchase-lock';
import { OrderReads } from './order-reads';
import { browserPollerEnv, type OrderPoller, type PollerEnv, type StopReason } from './poller';
import type { CreatedOrder, Order } from './schemas';
import type { OrderTracker, TrackedOrder } from './tracker';
import { Tracking } from './tracking.svelte';
import { YourPrices } from './your-price.svelte';

export interface DashboardOptions {
	pollerEnv?: PollerEnv;
	tracker?: (apiRoot: string) => OrderTracker;
	notify?: (title: string, body: string) => void;
	/** In-flight purchase markers, shared by this browser's tabs. */
	journal?: PurchaseJournal;
	/** One purchase at a time across this browser's tabs. */
	lock?: PurchaseLock;
	/** The connection `show()` opens: the one the dashboard is built for. */
	connection?: { client: () => HttpClient; apiRoot: string };
	/** Where "Your price" is kept (local storage in the browser). */
	priceStorage?: KeyValueStorage;
}

/**
 * The energy dashboard for one connection (energy-area.svelte.ts): balances, purchases, the
 * order list and detail, and order polling.
 */
export class EnergyDashboard {
	readonly accounts = new AccountsState();
	readonly buy: BuyFlow;
	readonly list: OrderList;
	readonly notices: Notices;
	/** Purchases interrupted before their answer (a reload, a closed tab). */
	readonly interruptions: InterruptedPurchases;
	/** "Your price" per period, for the server shown: what the estimate goes by when given. */
	readonly prices: YourPrices;

	/** The latest full order per guid (from order/get). */
	orders = $state<Record<number, Order>>({});
	pollProblems = $state<Record<number, ApiProblem>>({});
	/** Why polling stopped for every order (a 401), shown until the page reloads. */
	pollingStopped = $state<string | null>(null);
	/** The check for interrupted purchases started by the last open(). */
	recovery: Promise<void> = Promise.resolve();
	/** Reading this account's recent orders for the review's cost estimate. */
	historyLoading = $state(false);

	readonly #reads: OrderReads;
	#historySeq = 0;
	readonly #tracking: Tracking;
	readonly #journal: PurchaseJournal;
	readonly #lock: PurchaseLock;
	#client: (() => HttpClient) | null = null;
	#apiRoot = '';
	readonly #connection: DashboardOptions['connection'];
	/** Aborted by close(): every request the dashboard sends carries it. */
	readonly #work = new AbortController();

	constructor(options: DashboardOptions = {}) {
		this.#connection = options.connection;
		this.#tracking = new Tracking(options.tracker);
		this.notices = new Notices(options.notify);
		this.prices = new YourPrices(options.priceStorage ?? browserStorage());
		const env = options.pollerEnv ?? browserPollerEnv;
		const journal = (this.#journal = options.journal ?? new PurchaseJournal(browserStorage()));
		const lock = (this.#lock = options.lock ?? browserPurchaseLock());
		this.list = new OrderList({
			client: () => this.client(),
			listed: (page) => this.#reads.listed(page),
			read: (guid) => this.#openOrder(guid)
		});
		this.interruptions = new InterruptedPurchases({
			journal,
			lock,
			env: { now: () => env.now(), sleep: (ms) => new Promise((r) => env.setTimeout(r, ms)) },
			apiRoot: () => this.#apiRoot,
			client: () => (this.#client ? this.client() : null),
			ownMarker: () => this.buy.pendingMarker,
			placed: (order) => this.#placed(order, null)
		});
		this.buy = new BuyFlow({
			client: () => this.client(),
			apiRoot: () => this.#apiRoot,
			placed: (order) => this.#placed(order, this.buy.result?.balance ?? null),
			refresh: () => this.#refreshAll(),
			recoverInterrupted: () => this.interruptions.recover(),
			journal,
			lock,
			now: () => env.now(),
			reviewing: () => void this.#loadHistory(),
			known: (guid) => this.orders[guid]
		});
		this.#reads = new OrderReads(
			{
				client: () => this.client(),
				apiRoot: () => this.#apiRoot,
				known: (guid) => this.orders[guid],
				onOrder: (order) => void this.#seen(order),
				onProblem: (guid, problem) => {
					const next = { ...this.pollProblems };
					if (problem) next[guid] = problem;
					else delete next[guid];
					this.pollProblems = next;
				},
				onStopped: (reason) => this.#stopped(reason)
			},
			env
		);
	}

	/** One order read (after the server's Retry-After), kept and announced like a poll's. */
	async readOrder(guid: number, signal?: AbortSignal): Promise<Order> {
		const order = await this.#reads.read(guid, signal);
		void this.#seen(order);
		return order;
	}

	/**
	 * The reviewed purchase's estimated cost: from the person's price for its period when they
	 * gave one, else from the orders known so far.
	 */
	get estimate(): CostEstimate | null {
		const request = this.buy.request;
		if (!request) return null;
		const period = PERIODS.find(
			(p) => p.period_type === request.period_type && p.period_amount === request.period_amount
		);
		const sun = period ? this.prices.sun(period.id) : null;
		const orders = Object.values(this.orders);
		const balance = this.accounts.buyer?.balance ?? null;
		return sun === null
			? estimateCost(orders, request, balance)
			: estimateFromPrice(orders, request, balance, sun);
	}

	/** The poller (one loop per order, however many views show it). */
	get poller(): OrderPoller {
		return this.#reads.poller;
	}

	/** When this browser first saw each status, per guid. */
	get tracked(): Record<number, TrackedOrder> {
		return this.#tracking.records;
	}

	get apiRoot(): string {
		return this.#apiRoot;
	}

	/** The client of the connection opened last; its requests stop when the dashboard closes. */
	client(): HttpClient {
		if (!this.#client) throw new Error('EnergyDashboard.open() was not called.');
		return closingClient(this.#client(), this.#work.signal);
	}

	/** The page is shown (again): resumes polling and reads balances and orders afresh. */
	show(): Promise<void> {
		const c = this.#connection;
		return c ? this.open(c.client, c.apiRoot) : Promise.resolve();
	}

	/** Settings moved the connection: polls stop for good, requests in flight are aborted. */
	close(): void {
		this.#work.abort();
		this.#reads.poller.dispose();
	}

	/**
	 * Shows the service at `apiRoot`. A different root (Demo ↔ Live, another server) starts
	 * afresh; the same root just refreshes. Resumes polling the orders remembered as active.
	 */
	async open(client: () => HttpClient, apiRoot: string): Promise<void> {
		if (this.#work.signal.aborted) return;
		this.#client = client;
		if (apiRoot !== this.#apiRoot || !this.#tracking.opened) {
			this.#reads.reset();
			this.#apiRoot = apiRoot;
			this.prices.open(apiRoot);
			this.#forgetShown();
			await this.#tracking.open(apiRoot);
		}
		this.pollingStopped = null;
		// Resume at once (after a reload, or after a 401 stopped everything): the status may be stale.
		for (const t of this.#tracking.active()) this.#reads.poller.watch(t.guid, null, 0);
		// Not awaited: it may wait for a purchase in another tab, and then for the server.
		this.recovery = this.#lock.run(async () => void (await this.interruptions.recover()));
		this.recovery.catch(() => undefined);
		await Promise.all([this.refreshBalances(), this.list.load()]);
	}

	#forgetShown(): void {
		this.accounts.clear();
		this.list.clear();
		this.orders = {};
		this.pollProblems = {};
		this.notices.announcement = '';
		this.interruptions.clear();
		this.buy.reset();
	}

	/** Reads the newest orders' details, so the estimate knows this account's prices. */
	async #loadHistory(): Promise<void> {
		const seq = ++this.#historySeq;
		this.historyLoading = true;
		// On failure the estimate says it has no orders to go by; the purchase is unaffected.
		await this.#reads.history().catch(() => undefined);
		if (seq === this.#historySeq) this.historyLoading = false;
	}

	refreshBalances(): Promise<void> {
		return this.accounts.load(this.client());
	}

	openAccount(id: number): Promise<void> {
		return this.accounts.open(this.client(), id);
	}

	/** An order's details were opened: read now (not throttled: the user asked), then polled. */
	async #openOrder(guid: number): Promise<void> {
		const order = await getOrder(this.client(), guid);
		await this.#seen(order);
		if (!isTerminal(order.status)) this.#reads.poller.watch(guid, order.status);
	}

	/** Forgets what this page shows and tracks for the current root (after "Reset demo data"). */
	async forgetAll(): Promise<void> {
		this.#reads.reset();
		if (this.#apiRoot) this.#journal.forget(this.#apiRoot);
		await this.#tracking.clear();
		this.#forgetShown();
	}

	#refreshAll(): Promise<void> {
		return Promise.all([this.refreshBalances(), this.list.load({ page: 1 })]).then(() => undefined);
	}

	async #placed(order: CreatedOrder | Order, balance: string | null): Promise<void> {
		await this.#tracking.see(order.guid, order.status);
		if ('order_cost_paid' in order) this.orders = { ...this.orders, [order.guid]: order };
		if (balance) this.accounts.setBuyerBalance(balance);
		this.#reads.poller.watch(order.guid, order.status);
		await this.#refreshAll();
	}

	/** An order read in full (a row, a poll, an export): kept, announced if it changed. */
	async #seen(order: Order): Promise<void> {
		const before = this.orders[order.guid]?.status ?? this.tracked[order.guid]?.lastStatus;
		this.orders = { ...this.orders, [order.guid]: order };
		this.notices.changed(before, order);
		await this.#tracking.see(order.guid, order.status);
	}

	#stopped(reason: StopReason): void {
		if (reason.kind === 'unauthorized') this.pollingStopped = POLLING_STOPPED_401;
		else if (this.list.selected === reason.guid) this.list.detailProblem = reason.problem;
	}
}
