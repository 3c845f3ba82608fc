/**
 * The one skeleton of an area's work: a session made from the area's connection as it is when
 * the area opens. It owns every request, poll, download and run the area starts, and `close()`
 * ends them all, so no state keeps talking to the server it was opened with after Settings move
 * the connection (area-state.svelte.ts closes the old session and opens a new one).
 */
import type { HttpClient } from '$lib/http/client';
import { AsyncResult, type AsyncResultOptions } from '$lib/ui/async-result.svelte';
import { closingClient } from './area-state.svelte';
import type { ClientExtras } from './client-for';
import type { Mode, ServiceId } from './connection';

/** What a session is made from: an area's connection (AreaConnection, or a test's own). */
export interface SessionSource<S extends ServiceId = ServiceId> {
	readonly service: S;
	readonly mode: Mode;
	readonly apiRoot: string;
	/** The service's own secret as it is now (energy's API token; empty for the others). */
	readonly secret: string;
	/**
	 * The service's "Remember on this device" as it is now: it may change while the session is
	 * open (it moves where a secret is kept, not where requests go). None: nothing is remembered.
	 */
	readonly remember?: boolean;
	client(extras?: ClientExtras): HttpClient;
}

/** What a session's timers run on: the system's clock, or a test's that it moves by hand. */
export interface SessionClock {
	now(): number;
	setTimeout(task: () => void, ms: number): unknown;
	clearTimeout(timer: unknown): void;
}

export const systemClock: SessionClock = {
	now: () => Date.now(),
	setTimeout: (task, ms) => globalThis.setTimeout(task, ms),
	clearTimeout: (timer) => globalThis.clearTimeout(timer as ReturnType<typeof setTimeout>)
};

/** A repeating task of a session, stopped by `stop()` or by the session's close. */
export interface Repeating {
	stop(): void;
}

export class AreaSession<S extends ServiceId = ServiceId> {
	readonly service: S;
	readonly mode: Mode;
	readonly apiRoot: string;
	readonly secret: string;
	/** What its timers run on, and what time it is for the area. */
	readonly clock: SessionClock;
	readonly #source: SessionSource<S>;
	readonly #work = new AbortController();
	// eslint-disable-next-line svelte/prefer-svelte-reactivity -- timers to clear, never shown
	readonly #timers = new Set<unknown>();

	constructor(source: SessionSource<S>, clock: SessionClock = systemClock) {
		this.#source = source;
		this.clock = clock;
		this.service = source.service;
		this.mode = source.mode;
		this.apiRoot = source.apiRoot;
		this.secret = source.secret;
	}

	get live(): boolean {
		return this.mode === 'live';
	}

	/** The connection's "Remember on this device", read anew each time. */
	get remember(): boolean {
		return this.#source.remember ?? false;
	}

	/** Aborts when the session closes. */
	get signal(): AbortSignal {
		return this.#work.signal;
	}

	get closed(): boolean {
		return this.#work.signal.aborted;
	}

	/** A client of this session: every request it sends stops when the session closes. */
	client(extras?: ClientExtras): HttpClient {
		return closingClient(this.#source.client(extras), this.#work.signal);
	}

	/** An async result whose runs end when the session closes. */
	result<T>(options: Omit<AsyncResultOptions<T>, 'signal'> = {}): AsyncResult<T> {
		return new AsyncResult<T>({ ...options, signal: this.#work.signal });
	}

	/**
	 * Runs `work` with a signal that aborts when the session closes (or `signal` aborts): a
	 * download, a collection run, a walk over pages.
	 */
	run<T>(work: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> {
		return work(signal ? AbortSignal.any([signal, this.#work.signal]) : this.#work.signal);
	}

	/** Calls `task` once after `ms`, unless the session closed first. */
	after(ms: number, task: () => void): Repeating {
		if (this.closed) return { stop() {} };
		const timer = this.clock.setTimeout(() => {
			this.#timers.delete(timer);
			if (!this.closed) task();
		}, ms);
		this.#timers.add(timer);
		return {
			stop: () => {
				this.clock.clearTimeout(timer);
				this.#timers.delete(timer);
			}
		};
	}

	/**
	 * Calls `tick` after each `delay()` (read anew each time, so a poll can slow down), the next
	 * wait starting when the tick's work has ended: a poll never overlaps itself.
	 */
	every(delay: () => number, tick: () => void | Promise<void>): Repeating {
		let current: Repeating | undefined;
		let stopped = false;
		const schedule = () => {
			if (stopped) return;
			current = this.after(delay(), () => {
				// A tick reports its own failures to its page; one it did not catch is a bug, shown in
				// the console, and the poll goes on.
				void Promise.resolve()
					.then(tick)
					.catch((error: unknown) => globalThis.reportError(error))
					.finally(schedule);
			});
		};
		schedule();
		return {
			stop: () => {
				stopped = true;
				current?.stop();
			}
		};
	}

	/** Calls `task` when the session closes (at once if it has). */
	onClose(task: () => void): void {
		if (this.closed) task();
		else this.#work.signal.addEventListener('abort', task, { once: true });
	}

	/** Ends every request, poll, download and run of the session. */
	close(): void {
		for (const timer of this.#timers) this.clock.clearTimeout(timer);
		this.#timers.clear();
		this.#work.abort();
	}
}
