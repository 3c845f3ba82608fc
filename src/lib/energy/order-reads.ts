import type { HttpClient } from '$lib/http/client';
import type { ApiProblem } from '$lib/http/problem';
import { getOrder, listOrders } from './api';
import { isTerminal } from './model';
import { OrderDetailLoader } from './order-details';
import { OrderPoller, type PollerEnv, type StopReason } from './poller';
import { ReadThrottle } from './read-throttle';
import type { Order, OrderPage } from './schemas';

export interface OrderReadsHooks {
	client(): HttpClient;
	/** The service the dashboard was opened on: reads go nowhere else. */
	apiRoot(): string;
	/** The order as last read, if it was. */
	known(guid: number): Order | undefined;
	onOrder(order: Order): void;
	onProblem(guid: number, problem: ApiProblem | null): void;
	onStopped(reason: StopReason): void;
}

/**
 * Every automatic `order/get`: the rows' details (a few at a time), the polls of orders still
 * moving, and the server's Retry-After, which holds them all.
 */
export class OrderReads {
	readonly poller: OrderPoller;
	readonly #details: OrderDetailLoader;
	readonly #hooks: OrderReadsHooks;
	readonly #env: PollerEnv;
	#throttle: ReadThrottle;

	constructor(hooks: OrderReadsHooks, env: PollerEnv) {
		this.#hooks = hooks;
		this.#env = env;
		this.#throttle = new ReadThrottle(env);
		const fetchOrder = (guid: number, signal?: AbortSignal) => this.read(guid, signal);
		this.#details = new OrderDetailLoader({
			fetchOrder: (guid) => fetchOrder(guid),
			has: (guid) => hooks.known(guid) !== undefined,
			onOrder: (order) => hooks.onOrder(order)
		});
		this.poller = new OrderPoller(
			{
				fetchOrder,
				onOrder: (order) => hooks.onOrder(order),
				onProblem: (guid, problem) => hooks.onProblem(guid, problem),
				onStopped: (reason) => hooks.onStopped(reason)
			},
			env
		);
	}

	/** One order read: after the server's Retry-After, on the connection opened. */
	async read(guid: number, signal?: AbortSignal): Promise<Order> {
		await this.#throttle.wait(signal);
		const client = this.#hooks.client();
		// The connection changed since open() (Demo ↔ Live, another server): ask nobody
		// about these orders until the dashboard is opened on the new one.
		if (client.options.baseUrl !== this.#hooks.apiRoot())
			throw new Error('The energy connection changed.');
		try {
			return await getOrder(client, guid, signal);
		} catch (error) {
			this.#throttle.note(error);
			throw error;
		}
	}

	/** Reads the newest orders' details, so the cost estimate knows this account's prices. */
	async history(): Promise<void> {
		const page = await listOrders(this.#hooks.client(), { perPage: 10 });
		await this.want(page.data.map((item) => item.guid));
	}

	/** Reads the orders not known yet, a few at a time. */
	want(guids: readonly number[]): Promise<void> {
		return this.#details.want(guids);
	}

	/** A list page arrived: every order not yet final is polled, and its rows read in full. */
	listed(page: OrderPage): void {
		for (const item of page.data) {
			const known = this.#hooks.known(item.guid)?.status;
			if (known === undefined || !isTerminal(known)) this.poller.watch(item.guid, item.status);
		}
		void this.want(page.data.map((item) => item.guid));
	}

	/** Another connection: nothing read for the old one counts, and its wait is over. */
	reset(): void {
		this.poller.stopAll();
		this.#throttle = new ReadThrottle(this.#env);
		this.#details.reset();
	}
}
