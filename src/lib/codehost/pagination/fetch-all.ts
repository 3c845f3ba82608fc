/** "Fetch all pages": walk rel="next" exactly as given, with progress, cancel, a cap and Retry-After. */
import { linksByRel } from '$lib/http/link-header';
import { parseRetryAfter } from '$lib/http/retry-after';
import { formatNumber } from '$lib/ui/number-format';

/**
 * How often a walk is drawn at most (ms): its progress and items, and History's row of the run.
 * Drawn per page, a fast walk spent its main thread painting, and a screen reader was handed a
 * new count many times a second.
 */
export const SHOW_EVERY_MS = 100;

/** "1 page", "1,000 pages": as the status, the messages and History say it. */
export const pagesText = (n: number): string => `${formatNumber(n)} ${n === 1 ? 'page' : 'pages'}`;

export interface PageAnswer {
	status: number;
	/** At least the answer's Link and Retry-After, as received (names in any case). */
	headers: Record<string, string>;
	json: unknown;
}

/** The headers a walk reads (walkHeaders): the next page's Link and a 429's Retry-After. */
export const WALK_HEADERS = ['link', 'retry-after'] as const;

/** An answer's headers that the walk reads, as received: the rest are the exchange record's. */
export function walkHeaders(headers: Headers): Record<string, string> {
	const out: Record<string, string> = {};
	for (const name of WALK_HEADERS) {
		const value = headers.get(name);
		if (value !== null) out[name] = value;
	}
	return out;
}

export type StopReason = 'done' | 'cap' | 'cancelled' | 'error' | 'rate-limited' | 'not-a-list';

export interface WalkProgress {
	pages: number;
	items: number;
	url: string;
	waitingMs?: number;
}

export interface WalkResult extends WalkProgress {
	reason: StopReason;
	message: string;
	status?: number;
}

/** An answer's status and headers, before its body (see WalkOptions.send). */
export type PageHead = Omit<PageAnswer, 'json'>;

export interface WalkOptions {
	firstUrl: string;
	/**
	 * Sends one page's request. `onHead`, when the sender can, is told the answer's status and
	 * headers as soon as they are in, before the body is read: the walk then asks for the next
	 * page while this one is read, checked and recorded.
	 */
	send: (
		url: string,
		signal: AbortSignal,
		onHead?: (head: PageHead) => void
	) => Promise<PageAnswer>;
	/** At most this many pages. */
	cap: number;
	signal: AbortSignal;
	onProgress?: (progress: WalkProgress) => void;
	/** Each page's items, in order, as they arrive. */
	onItems?: (items: readonly unknown[]) => void;
	/** Used when a 429 carries no readable Retry-After (cross-origin). */
	defaultWaitMs?: number;
	maxRateLimitRetries?: number;
	sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
	/** Rewrites each next URL (e.g. keep the base URL's host); identity by default. */
	rewrite?: (url: string) => string;
}

export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
	return new Promise((resolve, reject) => {
		if (signal.aborted) return reject(new DOMException('Aborted', 'AbortError'));
		const timer = setTimeout(done, ms);
		function done() {
			signal.removeEventListener('abort', onAbort);
			resolve();
		}
		function onAbort() {
			clearTimeout(timer);
			reject(new DOMException('Aborted', 'AbortError'));
		}
		signal.addEventListener('abort', onAbort, { once: true });
	});
}

/** A page's request on its way; `stop` ends it alone (a page asked ahead that is not needed). */
interface PageRequest {
	url: string;
	answer: Promise<PageAnswer>;
	stop: AbortController;
	/** The next page's URL once its headers said it (rel="next", rewritten), and who wants it. */
	head: { next?: string; onNext?: (next: string) => void };
}

/** The next page's URL in an answer's headers (rel="next", followed exactly as given). */
function nextUrl(headers: Record<string, string>, url: string): string | undefined {
	const link = Object.entries(headers).find(([k]) => k.toLowerCase() === 'link')?.[1];
	return linksByRel(link, url).next;
}

export async function walkPages(options: WalkOptions): Promise<WalkResult> {
	const sleep = options.sleep ?? abortableSleep;
	const rewrite = options.rewrite ?? ((u: string) => u);
	let url = options.firstUrl;
	let pages = 0;
	let items = 0;
	let rateRetries = 0;
	const stop = (reason: StopReason, message: string, status?: number): WalkResult => ({
		pages,
		items,
		url,
		reason,
		message,
		status
	});
	// One page is asked ahead: once the page being read has said where the next one is (its
	// headers), the next request goes out while this one's body is read, checked and recorded,
	// and waited for only if the walk goes on to that URL. Never two ahead, never past the cap.
	const request = (at: string): PageRequest => {
		const stopIt = new AbortController();
		const head: PageRequest['head'] = {};
		const answer = options.send(at, AbortSignal.any([options.signal, stopIt.signal]), (got) => {
			if (got.status < 200 || got.status > 299) return;
			const next = nextUrl(got.headers, at);
			if (next === undefined) return;
			head.next = rewrite(next);
			head.onNext?.(head.next);
		});
		// A page asked ahead and not taken is let go: its failure is nobody's.
		answer.catch(() => {});
		return { url: at, answer, stop: stopIt, head };
	};
	let ahead: PageRequest | undefined;
	const dropAhead = () => {
		ahead?.stop.abort();
		ahead = undefined;
	};
	const reading = ({ head }: PageRequest) => {
		head.onNext = (next) => {
			head.onNext = undefined;
			// This page is pages + 1; the one after it must still be within the cap.
			if (!ahead && pages + 2 <= options.cap && !options.signal.aborted) ahead = request(next);
		};
		if (head.next !== undefined) head.onNext(head.next);
	};
	try {
		for (;;) {
			if (options.signal.aborted) return stop('cancelled', `Cancelled after ${pagesText(pages)}.`);
			if (pages >= options.cap)
				return stop(
					'cap',
					`Stopped at the cap of ${pagesText(options.cap)}; the next page is ${url}.`
				);
			let current: PageRequest;
			if (ahead && ahead.url === url) {
				current = ahead;
				ahead = undefined;
			} else {
				dropAhead();
				current = request(url);
			}
			reading(current);
			let answer: PageAnswer;
			try {
				answer = await current.answer;
			} catch (error) {
				if (options.signal.aborted)
					return stop('cancelled', `Cancelled after ${pagesText(pages)}.`);
				return stop(
					'error',
					`No answer for ${url}: ${error instanceof Error ? error.message : String(error)}`
				);
			} finally {
				current.head.onNext = undefined;
			}
			if (answer.status === 429) {
				const lower = Object.fromEntries(
					Object.entries(answer.headers).map(([k, v]) => [k.toLowerCase(), v])
				);
				const waitMs = parseRetryAfter(lower['retry-after']) ?? options.defaultWaitMs ?? 1000;
				if (rateRetries >= (options.maxRateLimitRetries ?? 5))
					return stop(
						'rate-limited',
						`Rate limited (429) ${rateRetries + 1} times in a row at ${url}.`,
						429
					);
				rateRetries++;
				options.onProgress?.({ pages, items, url, waitingMs: waitMs });
				try {
					await sleep(waitMs, options.signal);
				} catch {
					return stop(
						'cancelled',
						`Cancelled after ${pagesText(pages)} while waiting for Retry-After.`
					);
				}
				continue;
			}
			rateRetries = 0;
			if (answer.status >= 400)
				return stop(
					'error',
					`Page ${pages + 1} answered ${answer.status} at ${url}.`,
					answer.status
				);
			if (!Array.isArray(answer.json))
				return stop('not-a-list', `The answer at ${url} is not a list.`, answer.status);
			pages++;
			items += answer.json.length;
			options.onItems?.(answer.json);
			options.onProgress?.({ pages, items, url });
			const next = nextUrl(answer.headers, url);
			if (!next) return stop('done', `Done: no rel="next" after page ${pages}.`, answer.status);
			url = rewrite(next);
		}
	} finally {
		dropAhead();
	}
}
