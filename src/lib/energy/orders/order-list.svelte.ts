import type { ApiProblem } from '$lib/http/problem';
import type { AreaSession } from '$lib/settings/area-session.svelte';
import type { AsyncResult } from '$lib/ui/async-result.svelte';
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
	query = $state<ListQueryState>({ page: 1, perPage: 10, sort: 'desc', status: null });
	/** The page shown: the latest load wins (a page asked for before is aborted). */
	readonly pages: AsyncResult<OrderPage>;
	/** The order whose details are open, and why they could not be read. */
	readonly detail: AsyncResult<void>;
	/** The order whose details are open. */
	selected = $state<number | null>(null);
	readonly #session: AreaSession<'energy'>;
	readonly #book: OrderBook;

	constructor(session: AreaSession<'energy'>, book: OrderBook) {
		this.#session = session;
		this.#book = book;
		this.pages = session.result<OrderPage>();
		this.detail = session.result<void>();
	}

	get page(): OrderPage | null {
		return this.pages.value ?? null;
	}

	get loading(): boolean {
		return this.pages.loading;
	}

	get problem(): ApiProblem | null {
		return this.pages.problem ?? null;
	}

	/** Why the open order's details could not be read, or why its polls stopped. */
	get detailProblem(): ApiProblem | null {
		if (this.selected === null) return null;
		return this.detail.problem ?? this.#book.gone[this.selected] ?? null;
	}

	clear(): void {
		this.pages.reset();
		this.selected = null;
	}

	async select(guid: number | null): Promise<void> {
		this.selected = guid;
		if (guid === null) return this.detail.reset();
		await this.detail.run(() => this.#book.openOrder(guid));
	}

	async load(patch: Partial<ListQueryState> = {}): Promise<void> {
		const query = { ...this.query, ...patch };
		// Changing sort, filter or size goes back to page 1.
		if (patch.page === undefined && Object.keys(patch).length) query.page = 1;
		this.query = query;
		const outcome = await this.pages.run((signal) =>
			listOrders(
				this.#session.client(),
				{
					page: query.page,
					perPage: query.perPage,
					sort: query.sort,
					status: query.status ?? undefined
				},
				signal
			)
		);
		if (outcome.shown) this.#book.listed(outcome.value);
	}

	/** Follows one of the envelope's `links`. */
	goToLink(url: string | null): Promise<void> {
		const page = pageOfLink(url);
		return page ? this.load({ page }) : Promise.resolve();
	}
}
