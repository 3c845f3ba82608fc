/**
 * The orders this page knows, for the service its session is open on: the latest full order per
 * guid (read by a row, a poll, a purchase or the ledger), when this browser first saw each status
 * (kept across reloads), the polls' problems, and every automatic `order/get` (the rows' details a
 * few at a time, the polls of orders still moving, and the server's Retry-After, which holds
 * them all).
 */
import type { ApiProblem } from '$lib/http/problem';
import type { AreaSession } from '$lib/settings/area-session.svelte';
import { NewerData } from '$lib/ui/stored-format';
import { getOrder, listOrders } from '../api';
import { isTerminal } from '../model';
import { POLLING_STOPPED_401, type Notices } from '../notices.svelte';
import type { CreatedOrder, Order, OrderPage } from '../schemas';
import { OrderDetailLoader } from './order-details';
import { OrderPoller, type PageVisibility, type StopReason } from './poller';
import { ReadThrottle } from './read-throttle';
import { activeOrders, orderTracker, type OrderTracker, type TrackedOrder } from './tracker';

export interface OrderBookOptions {
	/** Whether the page is shown (the browser's unless a test's): no poll runs while hidden. */
	visibility?: PageVisibility;
	/** Where the statuses seen are kept (IndexedDB in the browser). */
	tracker?: (apiRoot: string) => OrderTracker;
	/** Where a change worth telling is announced. */
	notices: Notices;
}

export class OrderBook {
	/** The latest full order per guid (from order/get). */
	orders = $state<Record<number, Order>>({});
	/** When this browser first saw each status, per guid. */
	tracked = $state<Record<number, TrackedOrder>>({});
	/** A failed poll that will be tried again, per guid. */
	pollProblems = $state<Record<number, ApiProblem>>({});
	/** Why polling stopped for every order (a 401), shown until the page is shown again. */
	pollingStopped = $state<string | null>(null);
	/** Why the orders followed here are not kept (a newer build wrote them); '' when they are. */
	notKept = $state('');
	/** Orders the server no longer finds (a 404 while polling), per guid. */
	gone = $state<Record<number, ApiProblem>>({});
	readonly poller: OrderPoller;
	readonly #session: AreaSession<'energy'>;
	readonly #notices: Notices;
	readonly #details: OrderDetailLoader;
	readonly #tracker: OrderTracker;
	#throttle: ReadThrottle;
	#opened: Promise<void> | null = null;

	constructor(session: AreaSession<'energy'>, options: OrderBookOptions) {
		this.#session = session;
		this.#notices = options.notices;
		this.#tracker = (options.tracker ?? orderTracker)(session.apiRoot);
		this.#throttle = new ReadThrottle(session);
		this.#details = new OrderDetailLoader({
			fetchOrder: (guid, signal) => this.#fetch(guid, signal),
			has: (guid) => this.orders[guid] !== undefined,
			onOrder: (order) => void this.seen(order)
		});
		this.poller = new OrderPoller(
			{
				fetchOrder: (guid, signal) => this.#fetch(guid, signal),
				onOrder: (order) => void this.seen(order),
				onProblem: (guid, problem) => this.#pollProblem(guid, problem),
				onStopped: (reason) => this.#stopped(reason)
			},
			session,
			options.visibility
		);
		session.onClose(() => this.poller.dispose());
	}

	/** Reads what this browser remembered of the service's orders (once). */
	open(): Promise<void> {
		this.#opened ??= this.#tracker.all().then(
			(remembered) => {
				this.tracked = Object.fromEntries(remembered.map((t) => [t.guid, t]));
			},
			(error: unknown) => {
				if (!(error instanceof NewerData)) throw error;
				// Followed in memory for this page; what the newer build kept is left as it is.
				this.notKept = error.message;
			}
		);
		return this.#opened;
	}

	/** The page is shown (again): orders remembered as moving are polled at once. */
	resume(): void {
		this.pollingStopped = null;
		// After a reload, or after a 401 stopped everything: the status may be stale.
		for (const t of activeOrders(Object.values(this.tracked))) this.poller.watch(t.guid, null, 0);
	}

	/** One order read (after the server's Retry-After), kept and announced like a poll's. */
	async read(guid: number, signal?: AbortSignal): Promise<Order> {
		const order = await this.#fetch(guid, signal);
		void this.seen(order);
		return order;
	}

	/** An order's details were opened: read now (not throttled: the user asked), then polled. */
	async openOrder(guid: number): Promise<void> {
		const order = await getOrder(this.#session.client(), guid);
		await this.seen(order);
		if (!isTerminal(order.status)) this.poller.watch(guid, order.status);
	}

	/** Reads the newest orders' details, so the cost estimate knows this account's prices. */
	async history(): Promise<void> {
		const page = await listOrders(this.#session.client(), { perPage: 10 });
		await this.#details.want(page.data.map((item) => item.guid));
	}

	/** A list page arrived: every order not yet final is polled, and its rows read in full. */
	listed(page: OrderPage): void {
		for (const item of page.data) {
			const known = this.orders[item.guid]?.status;
			if (known === undefined || !isTerminal(known)) this.poller.watch(item.guid, item.status);
		}
		void this.#details.want(page.data.map((item) => item.guid));
	}

	/** An order now exists (placed, or found by reconciling): kept, tracked and polled. */
	async placed(order: CreatedOrder | Order): Promise<void> {
		await this.#see(order.guid, order.status);
		if ('order_cost_paid' in order) this.orders = { ...this.orders, [order.guid]: order };
		this.poller.watch(order.guid, order.status);
	}

	/** An order read in full (a row, a poll, an export): kept, announced if it changed. */
	async seen(order: Order): Promise<void> {
		const before = this.orders[order.guid]?.status ?? this.tracked[order.guid]?.lastStatus;
		this.orders = { ...this.orders, [order.guid]: order };
		if (this.gone[order.guid]) {
			const { [order.guid]: _, ...rest } = this.gone;
			this.gone = rest;
		}
		this.#notices.changed(before, order);
		await this.#see(order.guid, order.status);
	}

	/** Forgets what this page shows and tracks for the service (after "Reset demo data"). */
	async forget(): Promise<void> {
		this.poller.stopAll();
		this.#throttle = new ReadThrottle(this.#session);
		this.#details.reset();
		await this.#tracker.clear();
		this.orders = {};
		this.tracked = {};
		this.pollProblems = {};
		this.gone = {};
	}

	async #see(guid: number, status: number): Promise<void> {
		const record = await this.#tracker.see(guid, status, Date.now());
		this.tracked = { ...this.tracked, [guid]: record };
	}

	/** One automatic read: after the server's Retry-After, on the session's service only. */
	async #fetch(guid: number, signal?: AbortSignal): Promise<Order> {
		await this.#throttle.wait(signal);
		const client = this.#session.client();
		// The connection moved under this session (Demo ↔ Live, another server): ask nobody
		// about these orders; the session for the new one reads its own.
		if (client.options.baseUrl !== this.#session.apiRoot)
			throw new Error('The energy connection changed.');
		try {
			return await getOrder(client, guid, signal);
		} catch (error) {
			this.#throttle.note(error);
			throw error;
		}
	}

	#pollProblem(guid: number, problem: ApiProblem | null): void {
		const next = { ...this.pollProblems };
		if (problem) next[guid] = problem;
		else delete next[guid];
		this.pollProblems = next;
	}

	#stopped(reason: StopReason): void {
		if (reason.kind === 'unauthorized') this.pollingStopped = POLLING_STOPPED_401;
		else this.gone = { ...this.gone, [reason.guid]: reason.problem };
	}
}
