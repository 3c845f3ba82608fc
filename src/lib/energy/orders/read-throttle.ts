import { isApiProblem } from '$lib/http/problem';
import { parseRetryAfter } from '$lib/http/retry-after';
import type { SessionTimers } from './poller';

/**
 * The service throttles per token (often 60 requests a minute): a 429 or 503 with Retry-After
 * on one order read holds every automatic order read (polls and row details) until then, so
 * one loop does not spend the wait the server asked another to keep. The wait runs on the area
 * session's timers: its close ends it, as it ends the reads.
 */
export class ReadThrottle {
	readonly #session: SessionTimers;
	#until = 0;

	constructor(session: SessionTimers) {
		this.#session = session;
	}

	/** When reads may go out again (0: now). */
	get until(): number {
		return this.#until;
	}

	/** Remembers the wait a refused read asked for; other errors change nothing. */
	note(error: unknown): void {
		if (!isApiProblem(error) || error.kind !== 'http') return;
		if (error.status !== 429 && error.status !== 503) return;
		const now = this.#session.clock.now();
		const ms = parseRetryAfter(error.headers['retry-after'], now);
		if (ms !== undefined) this.#until = Math.max(this.#until, now + ms);
	}

	/** Resolves once the server's wait is over; rejects if `signal` aborts or the session closes first. */
	wait(signal?: AbortSignal): Promise<void> {
		const ms = this.#until - this.#session.clock.now();
		if (ms <= 0) return Promise.resolve();
		const stop = signal ? AbortSignal.any([signal, this.#session.signal]) : this.#session.signal;
		return new Promise((resolve, reject) => {
			if (stop.aborted) return reject(stop.reason);
			const onAbort = () => {
				timer.stop();
				reject(stop.reason);
			};
			const timer = this.#session.after(ms, () => {
				stop.removeEventListener('abort', onAbort);
				// Another refusal may have moved the end while this one waited.
				this.wait(signal).then(resolve, reject);
			});
			stop.addEventListener('abort', onAbort, { once: true });
		});
	}
}
