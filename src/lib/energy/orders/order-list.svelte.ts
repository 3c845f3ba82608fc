import { isApiProblem, type ApiProblem } from '$lib/http/problem';
import type { AreaSession } from '$lib/settings/area-session.svelte';
import { listOrders, pageOfLink, type SortDirection } from '../api';
import type { OrderPage } from '../schemas';
import type { OrderBook } from './order-book.svelte';

export interface ListQueryState {
	page: number;
	perPage: number;
	sort: SortDirection;
	/** null: every status. */
	status: number | null;
}

/** One page of the order list, as the user sorted and filtered it, and the order opened in it. */
export class OrderList {
	page = $state<OrderPage | null>(null);
	query = $state<ListQueryState>({ page: 1, perPage: 10, sort: 'desc', status: null });
	loading = $state(false);
	problem = $state<ApiProblem | null>(null);
	/** The order whose details are open. */
	selected = $state<number | null>(null);
	readonly #session: AreaSession<'energy'>;
	readonly #book: OrderBook;
	#readProblem = $state<ApiProblem | null>(null);
	#seq = 0;

	constructor(session: AreaSession<'energy'>, book: OrderBook) {
		this.#session = session;
		this.#book = book;
	}

	/** Why the open order's details could not be read, or why its polls stopped. */
	get detailProblem(): ApiProblem | null {
		if (this.selected === null) return null;
		return this.#readProblem ?? this.#book.gone[this.selected] ?? null;
	}

	clear(): void {
		this.page = null;
		this.selected = null;
	}

	async select(guid: number | null): Promise<void> {
		this.selected = guid;
		this.#readProblem = null;
		if (guid === null) return;
		try {
			await this.#book.openOrder(guid);
		} catch (error) {
			if (!isApiProblem(error)) throw error;
			if (this.selected === guid) this.#readProblem = error;
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
			const page = await listOrders(this.#session.client(), {
				page: query.page,
				perPage: query.perPage,
				sort: query.sort,
				status: query.status ?? undefined
			});
			if (seq !== this.#seq) return;
			this.page = page;
			this.#book.listed(page);
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
