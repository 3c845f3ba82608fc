// Over 400 lines: the dashboard's one state (balances, list, detail, polling, purchases, recovery); the work is in api, poller, tracker, reconcile and pending-purchase.
import type { HttpClient } from '$lib/http/client';
import { isApiProblem, type ApiProblem } from '$lib/http/problem';
import { AccountsState } from './accounts.svelte';
import { getOrder, listOrders, pageOfLink, type SortDirection } from './api';
import { BuyFlow, type RecoveredPurchase } from './buy.svelte';
import { estimateCost, type CostEstimate } from './estimate';
import { isTerminal, STATUS, statusLabel } from './model';
import { OrderDetailLoader } from './order-details';
import {
	browserStorage,
	PurchaseJournal,
	reconcileInterrupted,
	type PendingPurchase
} from './pending-purchase';
import { browserPurchaseLock, type LockEnv, type PurchaseLock } from './purchase-lock';
import { ReadThrottle } from './read-throttle';
import { OrderPoller, browserPollerEnv, type PollerEnv, type StopReason } from './poller';
import type { CreatedOrder, Order, OrderPage } from './schemas';
import {
	activeOrders,
	forgetTracked,
	orderTracker,
	type OrderTracker,
	type TrackedOrder
} from './tracker';

export interface ListQueryState {
	page: number;
	perPage: number;
	sort: SortDirection;
	/** null: every status. */
	status: number | null;
}

export interface DashboardOptions {
	pollerEnv?: PollerEnv;
	tracker?: (apiRoot: string) => OrderTracker;
	notify?: (title: string, body: string) => void;
	/** In-flight purchase markers, shared by this browser's tabs. */
	journal?: PurchaseJournal;
	/** One purchase at a time across this browser's tabs. */
	lock?: PurchaseLock;
}

/** A purchase whose page closed or reloaded before the answer, as this page found out. */
export interface InterruptedPurchase {
	marker: PendingPurchase;
	state: 'checking' | 'placed' | 'not-placed' | 'unknown';
	order: Order | null;
	/** Other new orders matching it that appeared at the same time. */
	duplicates: Order[];
	problem: ApiProblem | null;
}

type NotifyPermission = NotificationPermission | 'unsupported';

const notificationsSupported = () => typeof Notification !== 'undefined';

function systemNotify(title: string, body: string): void {
	if (notificationsSupported() && Notification.permission === 'granted') {
		try {
			new Notification(title, { body });
		} catch {
			// Some platforms only allow notifications from a service worker; the page says it anyway.
		}
	}
}

/** The energy dashboard: balances, purchases, the order list and detail, and order polling. */
export class EnergyDashboard {
	readonly accounts = new AccountsState();
	readonly buy: BuyFlow;

	page = $state<OrderPage | null>(null);
	query = $state<ListQueryState>({ page: 1, perPage: 10, sort: 'desc', status: null });
	listLoading = $state(false);
	listProblem = $state<ApiProblem | null>(null);

	/** The latest full order per guid (from order/get). */
	orders = $state<Record<number, Order>>({});
	/** When this browser first saw each status, per guid. */
	tracked = $state<Record<number, TrackedOrder>>({});
	selected = $state<number | null>(null);
	detailProblem = $state<ApiProblem | null>(null);
	pollProblems = $state<Record<number, ApiProblem>>({});
	/** Why polling stopped for every order (a 401), shown until the page reloads. */
	pollingStopped = $state<string | null>(null);
	/** The last thing worth announcing (a delivery), read by a status region. */
	announcement = $state('');
	notifyPermission = $state<NotifyPermission>(
		notificationsSupported() ? Notification.permission : 'unsupported'
	);
	/** Purchases interrupted before their answer (a reload, a closed tab), and what became of them. */
	interrupted = $state<InterruptedPurchase[]>([]);
	/** The check for interrupted purchases started by the last open(). */
	recovery: Promise<void> = Promise.resolve();
	/** Reading this account's recent orders for the review's cost estimate. */
	historyLoading = $state(false);

	readonly #poller: OrderPoller;
	readonly #details: OrderDetailLoader;
	#historySeq = 0;
	readonly #makeTracker: (apiRoot: string) => OrderTracker;
	readonly #notify: (title: string, body: string) => void;
	readonly #journal: PurchaseJournal;
	readonly #lock: PurchaseLock;
	readonly #env: PollerEnv;
	/** The server's Retry-After, shared by every automatic order read. */
	#readThrottle: ReadThrottle;
	#tracker: OrderTracker | null = null;
	#client: (() => HttpClient) | null = null;
	#apiRoot = '';
	#listSeq = 0;

	constructor(options: DashboardOptions = {}) {
		this.#makeTracker = options.tracker ?? ((root) => orderTracker(root));
		this.#notify = options.notify ?? systemNotify;
		this.#env = options.pollerEnv ?? browserPollerEnv;
		this.#readThrottle = new ReadThrottle(this.#env);
		this.#journal = options.journal ?? new PurchaseJournal(browserStorage());
		this.#lock = options.lock ?? browserPurchaseLock();
		this.buy = new BuyFlow({
			client: () => this.#clientNow(),
			apiRoot: () => this.#apiRoot,
			placed: (order) => this.#placed(order, this.buy.result?.balance ?? null),
			refresh: () => this.#refreshAll(),
			recoverInterrupted: () => this.#recover(),
			journal: this.#journal,
			lock: this.#lock,
			now: () => this.#env.now(),
			reviewing: () => void this.#loadHistory(),
			known: (guid) => this.orders[guid]
		});
		const fetchOrder = async (guid: number, signal?: AbortSignal) => {
			await this.#readThrottle.wait(signal);
			const client = this.#clientNow();
			// The connection changed since open() (Demo ↔ Live, another server): ask nobody
			// about these orders until the dashboard is opened on the new one.
			if (client.options.baseUrl !== this.#apiRoot)
				throw new Error('The energy connection changed.');
			try {
				return await getOrder(client, guid, signal);
			} catch (error) {
				this.#readThrottle.note(error);
				throw error;
			}
		};
		this.#details = new OrderDetailLoader({
			fetchOrder: (guid) => fetchOrder(guid),
			has: (guid) => guid in this.orders,
			onOrder: (order) => void this.#seen(order)
		});
		this.#poller = new OrderPoller(
			{
				fetchOrder,
				onOrder: (order) => void this.#seen(order),
				onProblem: (guid, problem) => {
					const next = { ...this.pollProblems };
					if (problem) next[guid] = problem;
					else delete next[guid];
					this.pollProblems = next;
				},
				onStopped: (reason) => this.#stopped(reason)
			},
			this.#env
		);
	}

	/** The reviewed purchase's estimated cost, from the orders known so far. */
	get estimate(): CostEstimate | null {
		const request = this.buy.request;
		if (!request) return null;
		return estimateCost(Object.values(this.orders), request, this.accounts.buyer?.balance ?? null);
	}

	/** The poller (one loop per order, however many views show it). */
	get poller(): OrderPoller {
		return this.#poller;
	}

	get apiRoot(): string {
		return this.#apiRoot;
	}

	#clientNow(): HttpClient {
		if (!this.#client) throw new Error('EnergyDashboard.open() was not called.');
		return this.#client();
	}

	/**
	 * Shows the service at `apiRoot`. A different root (Demo ↔ Live, another server) starts
	 * afresh; the same root just refreshes. Resumes polling the orders remembered as active.
	 */
	async open(client: () => HttpClient, apiRoot: string): Promise<void> {
		this.#client = client;
		if (apiRoot !== this.#apiRoot || !this.#tracker) {
			this.#poller.stopAll();
			this.#apiRoot = apiRoot;
			this.#readThrottle = new ReadThrottle(this.#env);
			this.#tracker = this.#makeTracker(apiRoot);
			this.#forgetShown();
			const remembered = await this.#tracker.all();
			this.tracked = Object.fromEntries(remembered.map((t) => [t.guid, t]));
		}
		this.pollingStopped = null;
		// Resume at once (after a reload, or after a 401 stopped everything): the status may be stale.
		for (const t of activeOrders(Object.values(this.tracked))) this.#poller.watch(t.guid, null, 0);
		// Not awaited: it may wait for a purchase in another tab, and then for the server.
		this.recovery = this.#lock.run(async () => void (await this.#recover()));
		this.recovery.catch(() => undefined);
		await Promise.all([this.refreshBalances(), this.loadList()]);
	}

	get #lockEnv(): LockEnv {
		return {
			now: () => this.#env.now(),
			sleep: (ms) => new Promise((resolve) => this.#env.setTimeout(resolve, ms))
		};
	}

	/**
	 * Called while holding the purchase lock, so every marker found belongs to a purchase no page
	 * is sending now (its page closed or reloaded, or its outcome stayed unknown). Each is
	 * reconciled from the order list and shown; returns those that placed an order or may have.
	 */
	async #recover(): Promise<RecoveredPurchase[]> {
		const apiRoot = this.#apiRoot;
		const client = this.#client?.();
		// Only ever checked against the service the purchase went to.
		if (!client || !apiRoot || client.options.baseUrl !== apiRoot) return [];
		const markers = this.#journal.pending(apiRoot).filter((m) => m.id !== this.buy.pendingMarker);
		const recovered: RecoveredPurchase[] = [];
		for (const marker of markers) {
			const item = await this.#checkInterrupted(client, marker);
			if (item?.state === 'placed' || item?.state === 'unknown')
				recovered.push({ marker, guid: item.order?.guid ?? null });
		}
		return recovered;
	}

	async #checkInterrupted(
		client: HttpClient,
		marker: PendingPurchase
	): Promise<InterruptedPurchase | null> {
		this.#showInterrupted({
			marker,
			state: 'checking',
			order: null,
			duplicates: [],
			problem: null
		});
		const outcome = await reconcileInterrupted(client, marker, this.#lockEnv);
		// The connection changed meanwhile: the marker stays for when it is opened again.
		if (this.#apiRoot !== marker.apiRoot) return null;
		let item: InterruptedPurchase;
		if (outcome.kind === 'unknown') {
			item = { marker, state: 'unknown', order: null, duplicates: [], problem: outcome.problem };
		} else {
			const order = outcome.kind === 'placed' ? outcome.order : null;
			this.#journal.finish(marker, order?.guid ?? null, this.#env.now());
			item = {
				marker,
				state: order ? 'placed' : 'not-placed',
				order,
				duplicates: outcome.kind === 'placed' ? outcome.duplicates : [],
				problem: null
			};
		}
		this.#showInterrupted(item);
		if (item.order) await this.#placed(item.order, null);
		return item;
	}

	#showInterrupted(item: InterruptedPurchase): void {
		const rest = this.interrupted.filter((i) => i.marker.id !== item.marker.id);
		const at = this.interrupted.findIndex((i) => i.marker.id === item.marker.id);
		rest.splice(at === -1 ? rest.length : at, 0, item);
		this.interrupted = rest;
	}

	/** The user's "Check again" for an interrupted purchase whose outcome is unknown. */
	async checkInterruptedAgain(id: string): Promise<void> {
		const item = this.interrupted.find((i) => i.marker.id === id);
		if (!item || item.state !== 'unknown') return;
		const marker = $state.snapshot<PendingPurchase>(item.marker);
		this.#showInterrupted({ ...item, state: 'checking', problem: null });
		await this.#lock.run(async () => {
			const client = this.#clientNow();
			if (client.options.baseUrl !== marker.apiRoot) return;
			await this.#checkInterrupted(client, marker);
		});
	}

	#forgetShown(): void {
		this.accounts.clear();
		this.page = null;
		this.orders = {};
		this.tracked = {};
		this.selected = null;
		this.pollProblems = {};
		this.announcement = '';
		this.interrupted = [];
		this.#details.reset();
		this.buy.reset();
	}

	/** Reads the newest orders' details, so the estimate knows this account's prices. */
	async #loadHistory(): Promise<void> {
		const seq = ++this.#historySeq;
		this.historyLoading = true;
		try {
			const page = await listOrders(this.#clientNow(), { perPage: 10 });
			await this.#details.want(page.data.map((item) => item.guid));
		} catch {
			// The estimate then says it has no orders to go by; the purchase itself is unaffected.
		} finally {
			if (seq === this.#historySeq) this.historyLoading = false;
		}
	}

	refreshBalances(): Promise<void> {
		return this.accounts.load(this.#clientNow());
	}

	openAccount(id: number): Promise<void> {
		return this.accounts.open(this.#clientNow(), id);
	}

	async loadList(patch: Partial<ListQueryState> = {}): Promise<void> {
		const query = { ...this.query, ...patch };
		// Changing sort, filter or size goes back to page 1.
		if (patch.page === undefined && Object.keys(patch).length) query.page = 1;
		this.query = query;
		const seq = ++this.#listSeq;
		this.listLoading = true;
		this.listProblem = null;
		try {
			const page = await listOrders(this.#clientNow(), {
				page: query.page,
				perPage: query.perPage,
				sort: query.sort,
				status: query.status ?? undefined
			});
			if (seq !== this.#listSeq) return;
			this.page = page;
			// Every order not yet final is polled (one loop each).
			for (const item of page.data) {
				const known = this.orders[item.guid]?.status;
				if (known === undefined || !isTerminal(known)) this.#poller.watch(item.guid, item.status);
			}
			// The rows on screen: energy, recipient, period and cost come from order/get.
			void this.#details.want(page.data.map((item) => item.guid));
		} catch (error) {
			if (!isApiProblem(error)) throw error;
			if (seq === this.#listSeq) this.listProblem = error;
		} finally {
			if (seq === this.#listSeq) this.listLoading = false;
		}
	}

	/** Follows one of the envelope's `links`. */
	goToLink(url: string | null): Promise<void> {
		const page = pageOfLink(url);
		return page ? this.loadList({ page }) : Promise.resolve();
	}

	/** The status to show for a listed order: the freshest we know. */
	statusOf(guid: number, listed: number): number {
		return this.orders[guid]?.status ?? listed;
	}

	async select(guid: number | null): Promise<void> {
		this.selected = guid;
		this.detailProblem = null;
		if (guid === null) return;
		try {
			const order = await getOrder(this.#clientNow(), guid);
			await this.#seen(order);
			if (!isTerminal(order.status)) this.#poller.watch(guid, order.status);
		} catch (error) {
			if (!isApiProblem(error)) throw error;
			if (this.selected === guid) this.detailProblem = error;
		}
	}

	async requestNotifications(): Promise<void> {
		if (!notificationsSupported()) return;
		this.notifyPermission = await Notification.requestPermission();
	}

	/** Forgets what this page shows and tracks for the current root (after "Reset demo data"). */
	async forgetAll(): Promise<void> {
		this.#poller.stopAll();
		if (this.#apiRoot) this.#journal.forget(this.#apiRoot);
		await this.#tracker?.clear();
		this.#forgetShown();
		this.#tracker = null;
	}

	/** After "Reset demo data" (the demo service forgot its balances and orders): forget the demo's. */
	async forgetDemo(demoApiRoot: string): Promise<void> {
		if (this.#apiRoot === demoApiRoot) {
			await this.forgetAll();
			this.#apiRoot = '';
		} else {
			this.#journal.forget(demoApiRoot);
			await forgetTracked(demoApiRoot);
		}
	}

	#refreshAll(): Promise<void> {
		return Promise.all([this.refreshBalances(), this.loadList({ page: 1 })]).then(() => undefined);
	}

	async #placed(order: CreatedOrder | Order, balance: string | null): Promise<void> {
		const at = Date.now();
		if (this.#tracker) {
			const record = await this.#tracker.see(order.guid, order.status, at);
			this.tracked = { ...this.tracked, [order.guid]: record };
		}
		if ('order_cost_paid' in order) this.orders = { ...this.orders, [order.guid]: order };
		if (balance) this.accounts.setBuyerBalance(balance);
		this.#poller.watch(order.guid, order.status);
		// The buyer balance is refreshed after every purchase.
		await this.#refreshAll();
	}

	async #seen(order: Order): Promise<void> {
		const before = this.orders[order.guid]?.status ?? this.tracked[order.guid]?.lastStatus;
		this.orders = { ...this.orders, [order.guid]: order };
		if (
			order.status === STATUS.delegated &&
			before !== undefined &&
			before !== STATUS.delegated &&
			before !== STATUS.reclaimed
		) {
			const amount = order.energy_amount?.toLocaleString('en-US') ?? 'the';
			const text = `Order ${order.guid} is delegated: ${amount} energy is at ${order.to}.`;
			this.announcement = text;
			this.#notify('Energy delegated', text);
		} else if (order.status === STATUS.error && before !== undefined && before !== STATUS.error) {
			this.announcement = `Order ${order.guid} failed (${statusLabel(6)}).`;
		}
		if (this.#tracker) {
			const record = await this.#tracker.see(order.guid, order.status, Date.now());
			this.tracked = { ...this.tracked, [order.guid]: record };
		}
	}

	#stopped(reason: StopReason): void {
		if (reason.kind === 'unauthorized')
			this.pollingStopped =
				'Polling stopped: the server refused the API token (401). Check the token in Settings; polling resumes when you come back to this page.';
		else if (this.selected === reason.guid) this.detailProblem = reason.problem;
	}
}

/** One dashboard for the page's life, so one poll loop per order however many views show it. */
export const energyDashboard = new EnergyDashboard();
