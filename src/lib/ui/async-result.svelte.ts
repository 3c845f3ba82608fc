/**
 * One async result for every area: what a page shows of work that answers later (a list, a
 * chapter, an order, a search). It is idle, loading (still showing the value it had), ready, or
 * failed with an `ApiProblem` (still holding the value it had). The latest run wins: starting a
 * run aborts the one before, and an answer that arrives after a newer run started, after
 * `abort()` or after its owner closed is dropped, so no page hand-writes a request counter.
 */
import { ApiProblem, isApiProblem } from '$lib/http/problem';

export type AsyncState<T> =
	| { readonly status: 'idle' }
	| { readonly status: 'loading'; readonly previous: T | undefined }
	| { readonly status: 'ready'; readonly value: T }
	| { readonly status: 'failed'; readonly problem: ApiProblem; readonly previous: T | undefined };

export interface AsyncResultOptions<T> {
	/** The owner's signal (its area session's): when it aborts, so does the run in flight. */
	signal?: AbortSignal;
	/** A value to start ready with. */
	initial?: T;
	/**
	 * Turns a failure that is not an `ApiProblem` (a storage error, say) into one a page can
	 * explain. Without it such a failure is a bug and is thrown on to the caller.
	 */
	toProblem?: (error: unknown) => ApiProblem | undefined;
}

/** What a run gives its caller: the value if this run is the one shown, else why not. */
export type RunOutcome<T> =
	| { readonly shown: true; readonly value: T }
	| { readonly shown: false; readonly problem?: ApiProblem };

export class AsyncResult<T> {
	state: AsyncState<T> = $state.raw({ status: 'idle' });
	readonly #owner: AbortSignal | undefined;
	readonly #toProblem: AsyncResultOptions<T>['toProblem'];
	/** The run in flight, if any: the only one whose answer may be shown. */
	#run: AbortController | null = null;

	constructor(options: AsyncResultOptions<T> = {}) {
		this.#owner = options.signal;
		this.#toProblem = options.toProblem;
		if (options.initial !== undefined) this.state = { status: 'ready', value: options.initial };
	}

	/** The value to show: the ready one, or the one held while loading or after a failure. */
	get value(): T | undefined {
		const state = this.state;
		if (state.status === 'ready') return state.value;
		if (state.status === 'idle') return undefined;
		return state.previous;
	}

	get loading(): boolean {
		return this.state.status === 'loading';
	}

	get ready(): boolean {
		return this.state.status === 'ready';
	}

	get problem(): ApiProblem | undefined {
		return this.state.status === 'failed' ? this.state.problem : undefined;
	}

	/**
	 * Runs `work`, aborting the run before; its answer is shown only while it is the latest run
	 * and its owner is open. `work` gets a signal that aborts when it stops being the latest.
	 */
	async run(work: (signal: AbortSignal) => Promise<T>): Promise<RunOutcome<T>> {
		this.#run?.abort();
		if (this.#owner?.aborted) return { shown: false };
		const run = new AbortController();
		this.#run = run;
		const signal = this.#owner ? AbortSignal.any([run.signal, this.#owner]) : run.signal;
		this.state = { status: 'loading', previous: this.value };
		try {
			// A run that is overtaken or whose owner closes ends then, whether or not `work` stops.
			const value = await Promise.race([work(signal), untilAborted(signal)]);
			if (!this.#isLatest(run, signal)) return this.#overtaken(run);
			this.#run = null;
			this.state = { status: 'ready', value };
			return { shown: true, value };
		} catch (error) {
			if (!this.#isLatest(run, signal)) return this.#overtaken(run);
			this.#run = null;
			const problem = isApiProblem(error) ? error : this.#toProblem?.(error);
			if (!problem) {
				this.#settle();
				throw error;
			}
			if (problem.kind === 'aborted') {
				this.#settle();
				return { shown: false, problem };
			}
			this.state = { status: 'failed', problem, previous: this.#previous() };
			return { shown: false, problem };
		}
	}

	/** Shows `value` as the answer, dropping the run in flight. */
	set(value: T): void {
		this.#drop();
		this.state = { status: 'ready', value };
	}

	/** Shows a failure that did not come from a run (a refused input), keeping the value. */
	fail(problem: ApiProblem): void {
		const previous = this.value;
		this.#drop();
		this.state = { status: 'failed', problem, previous };
	}

	/** Stops the run in flight; the value it was loading over stays shown. */
	abort(): void {
		if (!this.#run) return;
		this.#drop();
		this.#settle();
	}

	/** Back to nothing shown, dropping the run in flight. */
	reset(): void {
		this.#drop();
		this.state = { status: 'idle' };
	}

	#isLatest(run: AbortController, signal: AbortSignal): boolean {
		return this.#run === run && !signal.aborted;
	}

	/** A run whose answer may not be shown; if its owner closed under it, loading ends. */
	#overtaken(run: AbortController): RunOutcome<T> {
		if (this.#run === run) {
			this.#run = null;
			this.#settle();
		}
		return { shown: false };
	}

	#drop(): void {
		this.#run?.abort();
		this.#run = null;
	}

	#previous(): T | undefined {
		return this.state.status === 'loading' ? this.state.previous : this.value;
	}

	/** After a run that shows nothing: back to the value it loaded over, or to idle. */
	#settle(): void {
		const previous = this.#previous();
		this.state = previous === undefined ? { status: 'idle' } : { status: 'ready', value: previous };
	}
}

function untilAborted(signal: AbortSignal): Promise<never> {
	return new Promise((_, reject) => {
		if (signal.aborted) reject(abortedProblem());
		else signal.addEventListener('abort', () => reject(abortedProblem()), { once: true });
	});
}

/** The failure an aborted run ends with, for work that stops on its own signal. */
export function abortedProblem(): ApiProblem {
	return new ApiProblem({ kind: 'aborted', message: 'Stopped.', hint: '' });
}
