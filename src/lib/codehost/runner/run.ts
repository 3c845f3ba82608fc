/**
 * Runs a list of requests in order, once per data row (or once), evaluating each request's
 * assertions and carrying extracted values to the later requests. Sending is the caller's
 * (`send`), so the run goes through the explorer's one send path. No Svelte here.
 */
import { evaluateAll, type AssertionResult, type RunResponse } from './assertions';
import type { RequestChecks } from './checks';
import { extractVariable } from './json-path';
import { loadPatternMatcher } from './pattern';

/**
 * What a run needs of a request besides sending it: its id, the name its report gives it, and
 * its checks (a saved request's, which may set no variables). Not the request itself: the run
 * hands each one back to `send`, which knows it (a SavedRequest in the explorer).
 */
export type RunRequest = Pick<RequestChecks, 'assertions'> &
	Partial<Pick<RequestChecks, 'extractions'>> & {
		id: string;
		/** "GET /projects/:id": how the report names the request. */
		name: string;
	};

export interface RequestResult {
	requestId: string;
	name: string;
	/** 0-based data row; 0 when the run has no data. */
	row: number;
	passed: boolean;
	status?: number;
	timeMs?: number;
	assertions: AssertionResult[];
	/** A send that failed (network, CORS) or an extraction that found nothing. */
	error?: string;
}

export type RunOutcome = 'finished' | 'cancelled' | 'stopped';

export interface RunReport {
	outcome: RunOutcome;
	/** Why the run stopped early, in words (a failure with "stop at first failure", a 429). */
	reason?: string;
	results: RequestResult[];
	/** Requests planned: requests × rows. */
	total: number;
	passed: number;
	failed: number;
	startedAt: string;
	durationMs: number;
}

export interface RunProgress {
	done: number;
	total: number;
	/** The request being sent. */
	current?: { name: string; row: number };
	/** Set while waiting for a rate limit to pass. */
	waitingMs?: number;
}

export interface RunOptions<R extends RunRequest> {
	requests: readonly R[];
	/** Sends one request with these variables; rejects (or answers) as the send path does. */
	send: (
		request: R,
		variables: Readonly<Record<string, string>>,
		signal: AbortSignal
	) => Promise<RunResponse>;
	rows?: readonly Readonly<Record<string, string>>[];
	/** Variables every request starts with (the environment's); a row's columns override them. */
	variables?: Readonly<Record<string, string>>;
	stopOnFailure?: boolean;
	signal?: AbortSignal;
	onProgress?: (progress: RunProgress) => void;
	onResult?: (result: RequestResult) => void;
	/** Longest wait a 429's Retry-After may ask for before the run stops instead (default 60 s). */
	maxRetryAfterMs?: number;
	/** Times one request is sent again after a 429 (default 3). */
	maxRetries?: number;
	/** Waiting, replaceable in tests; resolves early (and the run stops) on abort. */
	sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
	now?: () => number;
}

/** "2 passed, 1 failed". */
export function summary(report: Pick<RunReport, 'passed' | 'failed'>): string {
	return `${report.passed} passed, ${report.failed} failed`;
}

/** Retry-After in ms: delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(response: RunResponse, now = Date.now()): number | undefined {
	const headers = response.headers;
	const raw =
		headers instanceof Headers
			? headers.get('retry-after')
			: Object.entries(headers).find(([k]) => k.toLowerCase() === 'retry-after')?.[1];
	if (raw == null) return undefined;
	const text = raw.trim();
	if (/^\d+$/.test(text)) return Number(text) * 1000;
	const date = Date.parse(text);
	return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
	return new Promise((resolve) => {
		const timer = setTimeout(done, ms);
		function done() {
			clearTimeout(timer);
			signal.removeEventListener('abort', done);
			resolve();
		}
		signal.addEventListener('abort', done, { once: true });
	});
}

function isAbort(error: unknown): boolean {
	return (
		error instanceof Error &&
		(error.name === 'AbortError' || (error as { kind?: string }).kind === 'aborted')
	);
}

export async function runCollection<R extends RunRequest>(
	options: RunOptions<R>
): Promise<RunReport> {
	const now = options.now ?? Date.now;
	const started = now();
	const rows = options.rows?.length ? options.rows : [{}];
	const total = options.requests.length * rows.length;
	const signal = options.signal ?? new AbortController().signal;
	const sleep = options.sleep ?? abortableSleep;
	const maxWait = options.maxRetryAfterMs ?? 60_000;
	const maxRetries = options.maxRetries ?? 3;
	const results: RequestResult[] = [];
	let outcome: RunOutcome = 'finished';
	let reason: string | undefined;
	const progress = (extra: Partial<RunProgress> = {}) =>
		options.onProgress?.({ done: results.length, total, ...extra });
	// The pattern matcher loads when a run first needs it, not with the page. Should it fail to
	// load, each pattern's check fails saying so (compilePattern), and the run goes on.
	if (options.requests.some((r) => r.assertions.some((a) => a.kind === 'json-matches')))
		await loadPatternMatcher().catch(() => undefined);

	run: for (let row = 0; row < rows.length; row++) {
		const variables: Record<string, string> = { ...options.variables, ...rows[row] };
		for (const request of options.requests) {
			if (signal.aborted) {
				outcome = 'cancelled';
				break run;
			}
			const current = { name: request.name, row };
			progress({ current });
			const result: RequestResult = {
				requestId: request.id,
				name: request.name,
				row,
				passed: false,
				assertions: []
			};
			let response: RunResponse | undefined;
			try {
				for (let attempt = 0; ; attempt++) {
					response = await options.send(request, variables, signal);
					if (response.status !== 429) break;
					const wait = retryAfterMs(response, now());
					if (wait === undefined || wait > maxWait || attempt >= maxRetries) {
						outcome = 'stopped';
						reason =
							wait === undefined
								? `${request.name}: the server limits the rate (429) and gave no Retry-After`
								: wait > maxWait
									? `${request.name}: the server asked to wait ${Math.ceil(wait / 1000)} s (Retry-After), longer than ${Math.round(maxWait / 1000)} s`
									: `${request.name}: still rate-limited (429) after ${maxRetries} waits`;
						break;
					}
					progress({ current, waitingMs: wait });
					await sleep(wait, signal);
					if (signal.aborted) break;
				}
			} catch (error) {
				if (!isAbort(error) || !signal.aborted)
					result.error = (error as Error).message || String(error);
			}
			if (signal.aborted) {
				outcome = 'cancelled';
				break run;
			}
			if (response && !result.error) {
				result.status = response.status;
				result.timeMs = response.timeMs;
				result.assertions = evaluateAll(request.assertions, response);
				for (const { name, path } of request.extractions ?? []) {
					const found = extractVariable(response.body, path);
					if (found.ok) variables[name] = found.value;
					else result.error = `${name}: ${found.message}`;
				}
			}
			result.passed =
				!result.error && result.assertions.length > 0 && result.assertions.every((a) => a.passed);
			results.push(result);
			options.onResult?.(result);
			if (outcome === 'stopped') break run;
			if (!result.passed && options.stopOnFailure) {
				outcome = 'stopped';
				reason = `Stopped at the first failure: ${request.name}${rows.length > 1 ? ` (row ${row + 1})` : ''}`;
				break run;
			}
		}
	}
	progress();
	const passed = results.filter((r) => r.passed).length;
	return {
		outcome,
		reason,
		results,
		total,
		passed,
		failed: results.length - passed,
		startedAt: new Date(started).toISOString(),
		durationMs: now() - started
	};
}
