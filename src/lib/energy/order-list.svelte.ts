import type { HttpClient } from '$lib/http/client';
import { isApiProblem, type ApiProblem } from '$lib/http/problem';
import { listOrders, pageOfLink, type SortDirection } from './api';
import type { OrderPage } from './schemas';

export interface ListQueryState {
	page: number;
	perPage: number;
	sort: SortDirection;
	/** null: every status. */
	status: number | null;
}

export interface OrderListHost {
	client(): HttpClient;
	/** A page arrived: its rows are read in full and polled. */
	listed(page: OrderPage): void;
	/** Reads one order in full (its details were opened). */
	read(guid: number): Promise<void>;
}

/** One page of the order list, as the user sorted and filtered it, and the order opened in it. */
export class OrderList {
	page = $state<OrderPage | null>(null);
	query = $state<ListQueryState>({ page: 1, perPage: 10, sort: 'desc', status: null });
	loading = $state(false);
	problem = $state<ApiProblem | null>(null);
	/** The order whose details are open, and why they could not be read. */
	selected = $state<number | null>(null);
	detailProblem = $state<ApiProblem | null>(null);
	readonly #host: OrderListHost;
	#seq = 0;

	constructor(host: OrderListHost) {
		this.#host = host;
	}

	clear(): void {
		this.page = null;
		this.selected = null;
	}

	async select(guid: number | null): Promise<void> {
		this.selected = guid;
		this.detailProblem = null;
		if (guid === null) return;
		try {
			await this.#host.read(guid);
		} catch (error) {
			if (!isApiProblem(error)) throw error;
			if (this.selected === guid) this.detailProblem = error;
		}
	}

	async load(patch: Partial<ListQueryState> = {}): Promise<void> {
		const query = { ...this.query, ...patch };
		// Changing sort, filter or size goes back to page 1.
		if (patch.page === undefined && Object.keys(patch).length) query.page = 1;
		this.query = query;
		const seq = ++this.#seq;
		this.loading = true;
		this.problem = null;
		try {
			const page = await listOrders(this.#host.client(), {
				page: query.page,
				perPage: query.perPage,
				sort: query.sort,
				status: query.status ?? undefined
			});
			if (seq !== this.#seq) return;
			this.page = page;
			this.#host.listed(page);
		} catch (error) {
			if (!isApiProblem(error)) throw error;
			if (seq === this.#seq) this.problem = error;
		} finally {
			if (seq === this.#seq) this.loading = false;
		}
	}

	/** Follows one of the envelope's `links`. */
	goToLink(url: string | null): Promise<void> {
		const page = pageOfLink(url);
		return page ? this.load({ page }) : Promise.resolve();
	}
}
