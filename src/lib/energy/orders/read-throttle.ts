import { isApiProblem } from '$lib/http/problem';
import { parseRetryAfter } from '$lib/http/retry-after';
import type { PollerEnv } from './poller';

/**
 * The service throttles per token (often 60 requests a minute): a 429 or 503 with Retry-After
 * on one order read holds every automatic order read (polls and row details) until then, so
 * one loop does not spend the wait the server asked another to keep.
 */
export class ReadThrottle {
	readonly #env: Pick<PollerEnv, 'now' | 'setTimeout' | 'clearTimeout'>;
	#until = 0;

	constructor(env: Pick<PollerEnv, 'now' | 'setTimeout' | 'clearTimeout'>) {
		this.#env = env;
	}

	/** When reads may go out again (0: now). */
	get until(): number {
		return this.#until;
	}

	/** Remembers the wait a refused read asked for; other errors change nothing. */
	note(error: unknown): void {
		if (!isApiProblem(error) || error.kind !== 'http') return;
		if (error.status !== 429 && error.status !== 503) return;
		const now = this.#env.now();
		const ms = parseRetryAfter(error.headers['retry-after'], now);
		if (ms !== undefined) this.#until = Math.max(this.#until, now + ms);
	}

	/** Resolves once the server's wait is over; rejects if `signal` aborts first. */
	wait(signal?: AbortSignal): Promise<void> {
		const ms = this.#until - this.#env.now();
		if (ms <= 0) return Promise.resolve();
		return new Promise((resolve, reject) => {
			if (signal?.aborted) return reject(signal.reason);
			const onAbort = () => {
				this.#env.clearTimeout(timer);
				reject(signal?.reason);
			};
			const timer = this.#env.setTimeout(() => {
				signal?.removeEventListener('abort', onAbort);
				// Another refusal may have moved the end while this one waited.
				this.wait(signal).then(resolve, reject);
			}, ms);
			signal?.addEventListener('abort', onAbort, { once: true });
		});
	}
}
