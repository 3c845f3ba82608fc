import type { Order } from '../schemas';

/**
 * `order/list` gives only guid and status (EN-LIST-2), so the rows on screen are read with
 * `order/get`: a few at a time (the service may throttle), each guid once; the poller keeps the
 * orders still moving fresh.
 */
export const DETAIL_CONCURRENCY = 3;

export interface DetailHooks {
	fetchOrder(guid: number, signal: AbortSignal): Promise<Order>;
	/** Already known (cached, or polled): not read again. */
	has(guid: number): boolean;
	onOrder(order: Order): void;
}

export class OrderDetailLoader {
	readonly #hooks: DetailHooks;
	readonly #limit: number;
	readonly #queue: number[] = [];
	readonly #inFlight = new Set<number>();
	/** Aborted by `reset()`: the reads it started stop, and what they bring is not used. */
	#work = new AbortController();
	/** Reads made so far (for tests). */
	requests = 0;

	constructor(hooks: DetailHooks, limit = DETAIL_CONCURRENCY) {
		this.#hooks = hooks;
		this.#limit = limit;
	}

	/** Reads the orders not known yet; the rows asked for last go first. */
	want(guids: readonly number[]): Promise<void> {
		const wanted = guids.filter(
			(g) => !this.#hooks.has(g) && !this.#inFlight.has(g) && !this.#queue.includes(g)
		);
		this.#queue.unshift(...wanted);
		return this.#pump();
	}

	/** Forgets the queue (another connection); reads under way are aborted. */
	reset(): void {
		this.#queue.length = 0;
		this.#inFlight.clear();
		this.#work.abort();
		this.#work = new AbortController();
	}

	get active(): number {
		return this.#inFlight.size;
	}

	async #pump(): Promise<void> {
		const runs: Promise<void>[] = [];
		while (this.#inFlight.size < this.#limit && this.#queue.length) {
			const guid = this.#queue.shift()!;
			if (this.#hooks.has(guid)) continue;
			runs.push(this.#read(guid));
		}
		await Promise.all(runs);
	}

	async #read(guid: number): Promise<void> {
		const { signal } = this.#work;
		this.#inFlight.add(guid);
		this.requests++;
		try {
			const order = await this.#hooks.fetchOrder(guid, signal);
			if (!signal.aborted) this.#hooks.onOrder(order);
		} catch {
			// The row keeps its placeholder; the next list load asks again.
		} finally {
			if (!signal.aborted) this.#inFlight.delete(guid);
		}
		if (!signal.aborted) await this.#pump();
	}
}
