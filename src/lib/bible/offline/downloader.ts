import { nextTask } from '$lib/http/next-task';
import { isApiProblem } from '$lib/http/problem';
import { isQuotaError, missingChapters, type ChapterCache } from './cache';
import type { Book, Chapter } from '../schemas';

/**
 * Fetches a chapter in two halves: the promise settles when the answer has arrived (the network
 * part, which holds one of the few connections), and the function it gives reads and validates
 * it (which then runs while the next request is already under way).
 */
export type FetchChapter = (
	bookRef: string,
	chapter: number,
	signal: AbortSignal
) => Promise<() => { chapter: Chapter; bytes: number }>;

export interface DownloadProgress {
	/** Chapters of the scope stored so far (including those stored before this run). */
	done: number;
	total: number;
	/** Bytes received in this run. */
	bytes: number;
	/** Chapters that failed after every retry. */
	failed: number;
}

export type DownloadOutcome =
	| { status: 'complete'; progress: DownloadProgress; changed: number }
	| { status: 'cancelled'; progress: DownloadProgress }
	| { status: 'incomplete'; progress: DownloadProgress; missing: number; reason: string }
	| { status: 'quota'; progress: DownloadProgress; neededBytes: number };

export interface DownloadOptions {
	cache: ChapterCache;
	fetchChapter: FetchChapter;
	bibleRef: string;
	/** The books to keep: one for a book download, all for a translation. */
	books: readonly Book[];
	/** Whether this is the whole translation (marks it complete when verified). */
	wholeTranslation: boolean;
	/**
	 * Check for changes: fetch every chapter of the scope again, not only the missing ones, and
	 * write only those whose text differs from what is stored (counted in the outcome's `changed`).
	 */
	refresh?: boolean;
	signal?: AbortSignal;
	onProgress?: (progress: DownloadProgress) => void;
	/** Parallel requests; a browser opens at most six HTTP/1.1 connections to one host. */
	concurrency?: number;
	/** Attempts per chapter, the first included. */
	attempts?: number;
	/** First backoff; doubles each retry, with jitter. */
	backoffMs?: number;
	sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
	/** Whether the browser believes it is online (navigator.onLine by default). */
	isOnline?: () => boolean;
}

export const DEFAULT_CONCURRENCY = 6;

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
	return new Promise((resolve, reject) => {
		if (signal.aborted) return reject(signal.reason);
		const timer = setTimeout(() => {
			signal.removeEventListener('abort', onAbort);
			resolve();
		}, ms);
		const onAbort = () => {
			clearTimeout(timer);
			reject(signal.reason);
		};
		signal.addEventListener('abort', onAbort, { once: true });
	});
}

/** Failures worth another try: no answer, a timeout, throttling or a server error. */
export function isRetryable(error: unknown): boolean {
	if (!isApiProblem(error)) return error instanceof TypeError;
	if (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'parse') return true;
	if (error.kind === 'http')
		return error.status === 408 || error.status === 429 || (error.status ?? 0) >= 500;
	return false;
}

/**
 * Keeps a book or a whole translation offline: fetches only the chapters not yet stored, a few
 * at a time, retrying with backoff; stops cleanly on cancel or a full disk; and marks the scope
 * complete only after checking that every chapter is stored.
 */
export async function downloadChapters(options: DownloadOptions): Promise<DownloadOutcome> {
	const {
		cache,
		bibleRef,
		books,
		concurrency = DEFAULT_CONCURRENCY,
		attempts = 4,
		backoffMs = 300,
		sleep = abortableSleep,
		isOnline = () => typeof navigator === 'undefined' || navigator.onLine
	} = options;
	const outer = options.signal;
	const stop = new AbortController();
	const onOuterAbort = () => stop.abort(outer?.reason);
	if (outer?.aborted) stop.abort(outer.reason);
	outer?.addEventListener('abort', onOuterAbort, { once: true });
	const signal = stop.signal;

	const total = books.reduce((n, b) => n + b.chaptersCount, 0);
	const stored = await keysOf(cache, bibleRef, books);
	const queue = options.refresh ? missingChapters(books, []) : missingChapters(books, stored);
	const progress: DownloadProgress = { done: total - queue.length, total, bytes: 0, failed: 0 };
	let changed = 0;
	const report = () => options.onProgress?.({ ...progress });
	report();

	let lastFailure = '';
	let stopReason = '';
	let consecutiveFailures = 0;
	let quotaHit = false;
	// An object, not a `let`: it is set inside the writer, which TypeScript's narrowing cannot see.
	const writes: { failure: Error | null } = { failure: null };
	let next = 0;

	// Fetching and storing are decoupled: fetched chapters queue up and are written in batches,
	// one atomic transaction per batch, while the next requests are already under way.
	const pending: { bookRef: string; chapter: number; data: Chapter; bytes: number }[] = [];
	let writing: Promise<void> | null = null;
	const flush = async () => {
		while (pending.length && !writes.failure) {
			const batch = pending.splice(0, pending.length);
			try {
				await cache.putMany(bibleRef, batch);
				progress.done += batch.length;
				for (const item of batch) progress.bytes += item.bytes;
				report();
			} catch (error) {
				writes.failure = error instanceof Error ? error : new Error(String(error));
				if (isQuotaError(error)) quotaHit = true;
				stop.abort(new DOMException('Storing failed.', 'AbortError'));
			}
		}
		writing = null;
	};
	/** Resolves once every queued chapter is written (or writing failed). */
	const written = async () => {
		while (writing) await writing;
	};
	const store = (item: (typeof pending)[number]) => {
		pending.push(item);
		writing ??= flush();
	};

	// At most `concurrency` requests on the network at once.
	let free = concurrency;
	const waiting: (() => void)[] = [];
	const acquire = () =>
		free > 0 ? (free--, Promise.resolve()) : new Promise<void>((r) => waiting.push(r));
	const release = () => {
		const nextWaiting = waiting.shift();
		if (nextWaiting) nextWaiting();
		else free++;
	};

	async function one(item: { bookRef: string; chapter: number }): Promise<void> {
		for (let attempt = 1; ; attempt++) {
			try {
				await acquire();
				let read: () => { chapter: Chapter; bytes: number };
				try {
					if (signal.aborted) return;
					read = await options.fetchChapter(item.bookRef, item.chapter, signal);
				} finally {
					release();
				}
				// Let the next request go out before reading this answer.
				await nextTask();
				const { chapter, bytes } = read();
				consecutiveFailures = 0;
				if (options.refresh) {
					const old = await cache.get(bibleRef, item.bookRef, item.chapter);
					if (old && JSON.stringify(old.data) === JSON.stringify(chapter)) {
						progress.done++;
						progress.bytes += bytes;
						report();
						return;
					}
					if (old) changed++;
				}
				store({ ...item, data: chapter, bytes });
				return;
			} catch (error) {
				if (signal.aborted) return;
				// Nothing waits forever: offline, or a server failing again and again, stops the run.
				if (!isOnline()) {
					stopReason = 'you are offline';
					stop.abort(new DOMException('Offline.', 'AbortError'));
					return;
				}
				if (attempt >= attempts || !isRetryable(error)) {
					progress.failed++;
					lastFailure = error instanceof Error ? error.message : String(error);
					report();
					if (++consecutiveFailures >= concurrency * 2) {
						stopReason = `stopped after ${consecutiveFailures} chapters failed in a row: ${lastFailure}`;
						stop.abort(new DOMException('Too many failures.', 'AbortError'));
					}
					return;
				}
				const delay = backoffMs * 2 ** (attempt - 1) * (0.75 + Math.random() * 0.5);
				try {
					await sleep(delay, signal);
				} catch {
					return;
				}
			}
		}
	}

	async function worker(): Promise<void> {
		while (!signal.aborted && next < queue.length) {
			const item = queue[next++]!;
			await one(item);
		}
	}

	try {
		// Twice as many workers as connections: one reads an answer while another's request is out.
		await Promise.all(Array.from({ length: Math.min(concurrency * 2, queue.length) }, worker));
		await written();
	} finally {
		outer?.removeEventListener('abort', onOuterAbort);
	}
	if (writes.failure && !quotaHit) throw writes.failure;

	if (quotaHit) {
		const after = await keysOf(cache, bibleRef, books);
		progress.done = after.length;
		const average = progress.bytes / Math.max(1, progress.done - (total - queue.length)) || 5000;
		return {
			status: 'quota',
			progress: { ...progress },
			neededBytes: Math.ceil((total - after.length) * average)
		};
	}
	if (outer?.aborted) return { status: 'cancelled', progress: { ...progress } };

	// Verify: every chapter of the scope must be in the store before it is called complete.
	const after = await keysOf(cache, bibleRef, books);
	const missing = missingChapters(books, after).length;
	progress.done = total - missing;
	report();
	if (missing > 0)
		return {
			status: 'incomplete',
			progress: { ...progress },
			missing,
			reason: stopReason || lastFailure || 'Some chapters could not be stored.'
		};
	const marks = await cache.marks(bibleRef);
	const now = Date.now();
	await cache.setMarks(bibleRef, {
		books: [...marks.books, ...books.map((b) => b.ref)],
		translation: marks.translation || options.wholeTranslation,
		bookDates: { ...marks.bookDates, ...Object.fromEntries(books.map((b) => [b.ref, now])) },
		translationDate: options.wholeTranslation ? now : marks.translationDate
	});
	return { status: 'complete', progress: { ...progress }, changed };
}

async function keysOf(cache: ChapterCache, bibleRef: string, books: readonly Book[]) {
	if (books.length === 1) return cache.keys(bibleRef, books[0]!.ref);
	return cache.keys(bibleRef);
}

/** Marked complete but chapters gone: the browser evicted them (or someone cleared them). */
export async function findEvicted(
	cache: ChapterCache,
	bibleRef: string,
	books: readonly Book[]
): Promise<{ translation: boolean; books: { book: Book; missing: number }[] }> {
	const marks = await cache.marks(bibleRef);
	if (!marks.translation && !marks.books.length) return { translation: false, books: [] };
	const keys = await cache.keys(bibleRef);
	const marked = new Set(marks.books);
	const checked = books.filter((book) => marks.translation || marked.has(book.ref));
	// One pass over the keys for every book: a whole Bible is 66 books and 1,189 keys.
	const missing = new Map<string, number>();
	for (const { bookRef } of missingChapters(checked, keys))
		missing.set(bookRef, (missing.get(bookRef) ?? 0) + 1);
	const out = checked
		.filter((book) => missing.has(book.ref))
		.map((book) => ({ book, missing: missing.get(book.ref)! }));
	return { translation: marks.translation && out.length > 0, books: out };
}

export function formatBytes(bytes: number): string {
	if (bytes < 1024) return `${bytes} B`;
	if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
	if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
	return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}
