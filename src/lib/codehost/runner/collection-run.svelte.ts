/**
 * One collection run as state for the page: progress, results as they come, the report, Cancel.
 * The running is runCollection's; this class only holds what the page shows.
 */
import type { AreaSession } from '$lib/settings/area-session.svelte';
import { parseCsv, CsvError, type CsvData } from './csv';
import {
	runCollection,
	summary,
	type RequestResult,
	type RunOptions,
	type RunProgress,
	type RunReport,
	type RunRequest
} from './run';

export class CollectionRun {
	#running = $state(false);
	#progress = $state<RunProgress>();
	#results = $state<RequestResult[]>([]);
	#report = $state<RunReport>();
	#error = $state('');
	#controller: AbortController | undefined;
	#session: Pick<AreaSession, 'run'> | undefined;

	/** `session`: the explorer's, whose close stops a run (none: only Cancel does). */
	constructor(session?: Pick<AreaSession, 'run'>) {
		this.#session = session;
	}

	get running(): boolean {
		return this.#running;
	}
	get progress(): RunProgress | undefined {
		return this.#progress;
	}
	/** Results so far while running, all of them after. */
	get results(): readonly RequestResult[] {
		return this.#report?.results ?? this.#results;
	}
	get report(): RunReport | undefined {
		return this.#report;
	}
	/** A refusal before anything ran (a malformed CSV row), in words. */
	get error(): string {
		return this.#error;
	}
	/** "N passed, M failed", counting what has run so far. */
	get summary(): string {
		const passed = this.results.filter((r) => r.passed).length;
		return summary({ passed, failed: this.results.length - passed });
	}

	/** Reads CSV data rows; a malformed row is refused here, with its number, before any run. */
	readRows(csv: string): CsvData | undefined {
		this.#error = '';
		try {
			return parseCsv(csv);
		} catch (error) {
			if (!(error instanceof CsvError)) throw error;
			this.#error = error.message;
			return undefined;
		}
	}

	async start<R extends RunRequest>(
		options: Omit<RunOptions<R>, 'signal' | 'onProgress' | 'onResult'>
	): Promise<RunReport | undefined> {
		if (this.#running) return undefined;
		this.#controller = new AbortController();
		this.#running = true;
		this.#results = [];
		this.#report = undefined;
		this.#error = '';
		const work = (signal: AbortSignal) =>
			runCollection({
				...options,
				signal,
				onProgress: (p) => (this.#progress = p),
				onResult: (r) => (this.#results = [...this.#results, r])
			});
		const cancel = this.#controller.signal;
		try {
			const report = await (this.#session ? this.#session.run(work, cancel) : work(cancel));
			this.#report = report;
			return report;
		} finally {
			this.#running = false;
			this.#controller = undefined;
		}
	}

	cancel(): void {
		this.#controller?.abort();
	}
}
