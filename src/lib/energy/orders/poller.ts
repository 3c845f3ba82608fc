import { isApiProblem, type ApiProblem } from '$lib/http/problem';
import { parseRetryAfter } from '$lib/http/retry-after';
import { isDeliveryFinal, isTerminal } from '../model';
import type { Order } from '../schemas';

/**
 * Polls `order/get/{guid}` for each order until it is reclaimed or failed (EN-FLOW-1, EN-ST-2).
 * One loop per order; about 2 s at first, backing off while nothing changes; slowly after
 * delivery (3) until reclaimed (4); nothing at all while the page is hidden. Its timers are the
 * area session's, so the session's close stops every loop.
 */
export const POLL_TIMING = {
	baseMs: 2000,
	factor: 1.5,
	maxMs: 15_000,
	/** After delegation, until the energy is reclaimed. */
	slowMs: 30_000
};

/**
 * What of the area's session (AreaSession) polls and waits run on: its clock, its timers, which
 * its close stops, and its signal, which its close aborts. Named here, as a service module
 * names no state class.
 */
export interface SessionTimers {
	readonly clock: { now(): number };
	readonly signal: AbortSignal;
	after(ms: number, task: () => void): { stop(): void };
}

/** Whether the page is shown: no poll runs while it is hidden. */
export interface PageVisibility {
	isHidden(): boolean;
	/** Calls back on every visibility change; returns an unsubscribe function. */
	onVisibilityChange(callback: () => void): () => void;
}

export const browserVisibility: PageVisibility = {
	isHidden: () => typeof document !== 'undefined' && document.visibilityState === 'hidden',
	onVisibilityChange: (callback) => {
		if (typeof document === 'undefined') return () => {};
		document.addEventListener('visibilitychange', callback);
		return () => document.removeEventListener('visibilitychange', callback);
	}
};

export type StopReason =
	| { kind: 'unauthorized'; problem: ApiProblem }
	| { kind: 'not-found'; guid: number; problem: ApiProblem };

export interface PollerHooks {
	fetchOrder(guid: number, signal: AbortSignal): Promise<Order>;
	onOrder(order: Order): void;
	/** A failed poll that will be tried again (null clears it after a success). */
	onProblem?(guid: number, problem: ApiProblem | null): void;
	/** The order needs no more polling (terminal status, or stopped). */
	onDone?(guid: number): void;
	onStopped?(reason: StopReason): void;
}

interface Loop {
	guid: number;
	timer: { stop(): void } | null;
	dueAt: number;
	controller: AbortController | null;
	lastStatus: number | null;
	unchanged: number;
}

export class OrderPoller {
	readonly #hooks: PollerHooks;
	readonly #session: SessionTimers;
	readonly #visibility: PageVisibility;
	readonly #timing: typeof POLL_TIMING;
	readonly #loops = new Map<number, Loop>();
	readonly #unsubscribe: () => void;
	#requests = 0;

	constructor(
		hooks: PollerHooks,
		session: SessionTimers,
		visibility: PageVisibility = browserVisibility,
		timing = POLL_TIMING
	) {
		this.#hooks = hooks;
		this.#session = session;
		this.#visibility = visibility;
		this.#timing = timing;
		this.#unsubscribe = visibility.onVisibilityChange(() => this.#visibilityChanged());
	}

	/** Polls made so far (for benchmarks and tests). */
	get requests(): number {
		return this.#requests;
	}

	get watching(): number[] {
		return [...this.#loops.keys()];
	}

	isWatching(guid: number): boolean {
		return this.#loops.has(guid);
	}

	/**
	 * Starts a loop for the order unless one runs already. `status` is what is known now;
	 * `delayMs` 0 polls at once (e.g. resuming after a reload).
	 */
	watch(guid: number, status: number | null = null, delayMs = this.#timing.baseMs): void {
		if (this.#loops.has(guid) || (status !== null && isTerminal(status))) return;
		const loop: Loop = {
			guid,
			timer: null,
			dueAt: 0,
			controller: null,
			lastStatus: status,
			unchanged: 0
		};
		this.#loops.set(guid, loop);
		this.#schedule(
			loop,
			status !== null && isDeliveryFinal(status) ? this.#timing.slowMs : delayMs
		);
	}

	stop(guid: number): void {
		const loop = this.#loops.get(guid);
		if (!loop) return;
		loop.timer?.stop();
		loop.controller?.abort();
		this.#loops.delete(guid);
	}

	stopAll(): void {
		for (const guid of [...this.#loops.keys()]) this.stop(guid);
	}

	dispose(): void {
		this.stopAll();
		this.#unsubscribe();
	}

	#schedule(loop: Loop, ms: number): void {
		loop.timer?.stop();
		loop.timer = null;
		loop.dueAt = this.#session.clock.now() + ms;
		// While hidden no timer runs; showing the page again reschedules.
		if (this.#visibility.isHidden()) return;
		loop.timer = this.#session.after(ms, () => void this.#tick(loop));
	}

	#visibilityChanged(): void {
		const hidden = this.#visibility.isHidden();
		for (const loop of this.#loops.values()) {
			if (hidden) {
				loop.timer?.stop();
				loop.timer = null;
			} else if (!loop.controller && loop.timer === null) {
				this.#schedule(loop, Math.max(0, loop.dueAt - this.#session.clock.now()));
			}
		}
	}

	#backoff(loop: Loop): number {
		const { baseMs, factor, maxMs } = this.#timing;
		return Math.min(maxMs, Math.round(baseMs * factor ** loop.unchanged));
	}

	async #tick(loop: Loop): Promise<void> {
		loop.timer = null;
		if (this.#loops.get(loop.guid) !== loop || this.#visibility.isHidden()) return;
		const controller = new AbortController();
		loop.controller = controller;
		this.#requests++;
		try {
			const order = await this.#hooks.fetchOrder(loop.guid, controller.signal);
			if (this.#loops.get(loop.guid) !== loop) return;
			loop.controller = null;
			this.#hooks.onProblem?.(loop.guid, null);
			const changed = order.status !== loop.lastStatus;
			loop.unchanged = changed ? 0 : loop.unchanged + 1;
			loop.lastStatus = order.status;
			this.#hooks.onOrder(order);
			if (isTerminal(order.status)) {
				this.#loops.delete(loop.guid);
				this.#hooks.onDone?.(loop.guid);
				return;
			}
			this.#schedule(
				loop,
				isDeliveryFinal(order.status) ? this.#timing.slowMs : this.#backoff(loop)
			);
		} catch (error) {
			if (this.#loops.get(loop.guid) !== loop) return;
			loop.controller = null;
			if (!isApiProblem(error)) {
				loop.unchanged++;
				this.#schedule(loop, this.#backoff(loop));
				return;
			}
			if (error.kind === 'http' && error.status === 401) {
				// The token is refused: every loop would fail the same way.
				this.stopAll();
				this.#hooks.onStopped?.({ kind: 'unauthorized', problem: error });
				return;
			}
			if (error.kind === 'http' && error.status === 404) {
				this.#loops.delete(loop.guid);
				this.#hooks.onDone?.(loop.guid);
				this.#hooks.onStopped?.({ kind: 'not-found', guid: loop.guid, problem: error });
				return;
			}
			this.#hooks.onProblem?.(loop.guid, error);
			loop.unchanged++;
			let wait = this.#backoff(loop);
			if (error.kind === 'http' && (error.status === 429 || error.status === 503)) {
				const retryAfter = parseRetryAfter(error.headers['retry-after'], this.#session.clock.now());
				if (retryAfter !== undefined) wait = Math.max(retryAfter, this.#timing.baseMs);
			}
			this.#schedule(loop, wait);
		}
	}
}
