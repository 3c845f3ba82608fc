import { createStore, del } from 'idb-keyval';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChapterCache } from '$lib/bible/offline/cache';
import {
	downloadChapters,
	findEvicted,
	formatBytes,
	isRetryable,
	type DownloadProgress,
	type FetchChapter
} from '$lib/bible/offline/downloader';
import type { Book, Chapter } from '$lib/bible/schemas';
import { ApiProblem, type ProblemKind } from '$lib/http/problem';

let n = 0;
function freshCache() {
	n++;
	const chapters = createStore(`dl-chapters-${n}`, 'chapters');
	const cache = new ChapterCache({ chapters, meta: createStore(`dl-meta-${n}`, 'meta') });
	return { cache, chapters };
}

const ruth: Book = { apiUrl: 'x', chaptersCount: 3, name: 'Ruth', order: 0, ref: 'Ruth' };
const jonah: Book = { apiUrl: 'x', chaptersCount: 4, name: 'Jonah', order: 1, ref: 'Jonah' };
const jude: Book = { apiUrl: 'x', chaptersCount: 1, name: 'Jude', order: 2, ref: 'Jude' };
const books = [ruth, jonah, jude];

const chapterOf = (bookRef: string, c: number): Chapter => ({
	apiUrl: `https://bible.demo/api/v1/bibles/T/books/${bookRef}/chapters/${c}`,
	ref: c,
	verses: [{ ref: '1', text: `${bookRef} ${c}:1` }]
});

const problem = (kind: ProblemKind, status?: number) =>
	new ApiProblem({ kind, status, message: status ? `HTTP ${status}` : kind, hint: '' });

/** Stores chapters directly, as an earlier run would have. */
async function storeBefore(cache: ChapterCache, items: [string, number][], bytes = 100) {
	await cache.putMany(
		'T',
		items.map(([bookRef, chapter]) => ({
			bookRef,
			chapter,
			data: chapterOf(bookRef, chapter),
			bytes
		}))
	);
}

interface Request {
	bookRef: string;
	chapter: number;
	signal: AbortSignal;
	/** 1 for the first request of this chapter, 2 for its first retry… */
	call: number;
	answer(bytes?: number, data?: Chapter): void;
	fail(error: unknown): void;
}

/**
 * A server under the test's control: every request waits until the test answers or fails it,
 * unless `respond` does so at once. Like fetch, a request rejects when its signal aborts.
 */
function transport(respond?: (request: Request) => void) {
	const requests: Request[] = [];
	let arrivals: (() => void)[] = [];
	const fetchChapter: FetchChapter = (bookRef, chapter, signal) =>
		new Promise((resolve, reject) => {
			let settled = false;
			const request: Request = {
				bookRef,
				chapter,
				signal,
				call: requests.filter((r) => r.bookRef === bookRef && r.chapter === chapter).length + 1,
				answer: (bytes = 100, data = chapterOf(bookRef, chapter)) => {
					settled = true;
					resolve(() => ({ chapter: data, bytes }));
				},
				fail: (error) => {
					settled = true;
					reject(error);
				}
			};
			signal.addEventListener(
				'abort',
				() => {
					if (!settled) request.fail(problem('aborted'));
				},
				{ once: true }
			);
			requests.push(request);
			const waiting = arrivals;
			arrivals = [];
			for (const arrived of waiting) arrived();
			respond?.(request);
		});
	/** The i-th request (from 0), once it has been sent. */
	const request = async (i: number) => {
		while (requests.length <= i) await new Promise<void>((r) => arrivals.push(r));
		return requests[i]!;
	};
	const calls = () => requests.map((r) => `${r.bookRef}:${r.chapter}`);
	return { fetchChapter, requests, request, calls };
}

/** Every progress report, and a way to wait for one. */
function progressLog() {
	const reports: DownloadProgress[] = [];
	let waiters: { until: (p: DownloadProgress) => boolean; resolve: () => void }[] = [];
	const onProgress = (p: DownloadProgress) => {
		reports.push(p);
		const ready = waiters.filter((w) => w.until(p));
		waiters = waiters.filter((w) => !w.until(p));
		for (const w of ready) w.resolve();
	};
	const until = (until: (p: DownloadProgress) => boolean) =>
		reports.some(until)
			? Promise.resolve()
			: new Promise<void>((resolve) => waiters.push({ until, resolve }));
	return { reports, onProgress, until };
}

const noSleep = async () => {};

afterEach(() => {
	vi.useRealTimers();
	vi.restoreAllMocks();
	vi.unstubAllGlobals();
});

describe('which failures are retried', () => {
	it.each([
		['no answer at all (fetch TypeError)', true, new TypeError('Failed to fetch')],
		['a network problem', true, problem('network')],
		['a timeout', true, problem('timeout')],
		['an answer that could not be read', true, problem('parse')],
		['408 Request Timeout', true, problem('http', 408)],
		['429 Too Many Requests', true, problem('http', 429)],
		['500 Internal Server Error', true, problem('http', 500)],
		['503 Service Unavailable', true, problem('http', 503)],
		['404 Not Found', false, problem('http', 404)],
		['499 (just under the server errors)', false, problem('http', 499)],
		['an HTTP problem without a status', false, problem('http')],
		['a CORS refusal', false, problem('cors')],
		['an answer that breaks the contract, whatever its status', false, problem('contract', 503)],
		['a cancelled request', false, problem('aborted')],
		['a programming error', false, new Error('bug')],
		['a thrown string', false, 'boom']
	])('%s: retried = %s', (_label, retried, error) => {
		expect(isRetryable(error)).toBe(retried);
	});
});

describe('sizes as shown to the user', () => {
	it.each([
		[0, '0 B'],
		[1023, '1023 B'],
		[1024, '1.0 KB'],
		[1536, '1.5 KB'],
		[1024 * 1024 - 1, '1024.0 KB'],
		[1024 * 1024, '1.0 MB'],
		[5.25 * 1024 * 1024, '5.3 MB'],
		[1024 ** 3 - 1, '1024.0 MB'],
		[1024 ** 3, '1.00 GB'],
		[2.5 * 1024 ** 3, '2.50 GB']
	])('%d bytes read "%s"', (bytes, text) => {
		expect(formatBytes(bytes)).toBe(text);
	});
});

describe('downloading chapters: progress', () => {
	it('the first report counts the chapters stored before, and only the rest is fetched', async () => {
		const { cache } = freshCache();
		await storeBefore(cache, [
			['Ruth', 1],
			['Ruth', 2],
			['Ruth', 3]
		]);
		const s = transport((r) => r.answer(50));
		const log = progressLog();
		const outcome = await downloadChapters({
			cache,
			fetchChapter: s.fetchChapter,
			bibleRef: 'T',
			books,
			wholeTranslation: true,
			onProgress: log.onProgress
		});
		expect(log.reports[0]).toEqual({ done: 3, total: 8, bytes: 0, failed: 0 });
		expect(s.calls().sort()).toEqual(['Jonah:1', 'Jonah:2', 'Jonah:3', 'Jonah:4', 'Jude:1']);
		expect(outcome).toMatchObject({
			status: 'complete',
			progress: { done: 8, total: 8, bytes: 250, failed: 0 }
		});
	});

	it('the count and the bytes only rise as chapters are written, reaching the total before the check', async () => {
		const { cache } = freshCache();
		const log = progressLog();
		await downloadChapters({
			cache,
			fetchChapter: transport((r) => r.answer(10 * r.chapter)).fetchChapter,
			bibleRef: 'T',
			books,
			wholeTranslation: true,
			onProgress: log.onProgress
		});
		for (let i = 1; i < log.reports.length; i++) {
			expect(log.reports[i]!.done).toBeGreaterThanOrEqual(log.reports[i - 1]!.done);
			expect(log.reports[i]!.bytes).toBeGreaterThanOrEqual(log.reports[i - 1]!.bytes);
		}
		// The last write's report, before the completeness check repeats it.
		expect(log.reports.at(-2)).toEqual({ done: 8, total: 8, bytes: 60 + 100 + 10, failed: 0 });
	});
});

describe('downloading chapters: cancel', () => {
	it('a download cancelled before it starts sends no request and keeps nothing new', async () => {
		const { cache } = freshCache();
		await storeBefore(cache, [['Ruth', 1]]);
		const s = transport((r) => r.answer());
		const abort = new AbortController();
		abort.abort(new DOMException('Cancelled by the user.', 'AbortError'));
		const outcome = await downloadChapters({
			cache,
			fetchChapter: s.fetchChapter,
			bibleRef: 'T',
			books,
			wholeTranslation: true,
			signal: abort.signal
		});
		expect(s.calls()).toEqual([]);
		expect(outcome).toEqual({
			status: 'cancelled',
			progress: { done: 1, total: 8, bytes: 0, failed: 0 }
		});
		expect(await cache.keys('T')).toHaveLength(1);
	});

	it('cancel aborts the requests in flight with the reason given, sends no more, and counts no failure', async () => {
		const { cache } = freshCache();
		const s = transport();
		const abort = new AbortController();
		const running = downloadChapters({
			cache,
			fetchChapter: s.fetchChapter,
			bibleRef: 'T',
			books,
			wholeTranslation: true,
			concurrency: 2,
			signal: abort.signal
		});
		(await s.request(0)).answer(100);
		// The freed connection goes to the next chapter at once.
		const third = await s.request(2);
		const reason = new DOMException('Cancelled by the user.', 'AbortError');
		abort.abort(reason);
		const outcome = await running;

		expect(s.requests[1]!.signal.aborted).toBe(true);
		expect(third.signal.reason).toBe(reason);
		expect(s.calls()).toEqual(['Ruth:1', 'Ruth:2', 'Ruth:3']);
		// The chapter that had arrived is kept; the aborted ones are not failures.
		expect(outcome).toEqual({
			status: 'cancelled',
			progress: { done: 1, total: 8, bytes: 100, failed: 0 }
		});
		expect(await cache.keys('T')).toEqual([['T', 'Ruth', 1]]);
		expect(await cache.marks('T')).toEqual({ books: [], translation: false });
	});
});

describe('downloading chapters: retries', () => {
	it('backoff doubles with each retry, with a jitter between 75% and 125%', async () => {
		const { cache } = freshCache();
		const random = vi.spyOn(Math, 'random');
		random.mockReturnValueOnce(0).mockReturnValueOnce(1).mockReturnValueOnce(0.5);
		const delays: number[] = [];
		const s = transport((r) => (r.call <= 3 ? r.fail(problem('http', 503)) : r.answer()));
		const outcome = await downloadChapters({
			cache,
			fetchChapter: s.fetchChapter,
			bibleRef: 'T',
			books: [jude],
			wholeTranslation: false,
			backoffMs: 300,
			sleep: async (ms) => {
				delays.push(ms);
			}
		});
		expect(outcome.status).toBe('complete');
		expect(delays).toEqual([300 * 0.75, 600 * 1.25, 1200]);
	});

	it('gives up on a chapter after the set number of attempts and says why', async () => {
		const { cache } = freshCache();
		const s = transport((r) => (r.bookRef === 'Jude' ? r.fail(problem('http', 503)) : r.answer()));
		const log = progressLog();
		const outcome = await downloadChapters({
			cache,
			fetchChapter: s.fetchChapter,
			bibleRef: 'T',
			books: [ruth, jude],
			wholeTranslation: false,
			attempts: 3,
			sleep: noSleep,
			onProgress: log.onProgress
		});
		expect(s.calls().filter((c) => c === 'Jude:1')).toHaveLength(3);
		expect(outcome).toEqual({
			status: 'incomplete',
			progress: { done: 3, total: 4, bytes: 300, failed: 1 },
			missing: 1,
			reason: 'HTTP 503'
		});
		expect(log.reports.map((p) => p.failed)).toContain(1);
		expect(log.reports.every((p) => p.failed >= 0)).toBe(true);
	});

	it('a chapter waiting for its retry does not hold up the other chapters', async () => {
		const { cache } = freshCache();
		const s = transport((r) =>
			r.bookRef === 'Ruth' && r.chapter === 1 && r.call === 1
				? r.fail(problem('http', 503))
				: r.answer()
		);
		let wake = () => {};
		const outcome = downloadChapters({
			cache,
			fetchChapter: s.fetchChapter,
			bibleRef: 'T',
			books: [ruth],
			wholeTranslation: false,
			concurrency: 1,
			sleep: () => new Promise<void>((resolve) => (wake = resolve))
		});
		// Ruth 1 is backing off; its connection serves Ruth 2, then Ruth 3.
		await s.request(2);
		expect(s.calls()).toEqual(['Ruth:1', 'Ruth:2', 'Ruth:3']);
		wake();
		expect((await outcome).status).toBe('complete');
		expect(s.calls()).toEqual(['Ruth:1', 'Ruth:2', 'Ruth:3', 'Ruth:1']);
	});

	it('after twice as many chapters failed in a row as there are connections, it stops and aborts the rest', async () => {
		const { cache } = freshCache();
		const s = transport();
		const outcome = downloadChapters({
			cache,
			fetchChapter: s.fetchChapter,
			bibleRef: 'T',
			books: [{ ...jonah, chaptersCount: 20 }],
			wholeTranslation: false,
			concurrency: 2,
			sleep: noSleep
		});
		// The first request hangs; the other connection meets one failure after another.
		const hanging = await s.request(0);
		for (let i = 1; i <= 4; i++) (await s.request(i)).fail(problem('http', 404));
		const result = await outcome;
		expect(s.requests).toHaveLength(5);
		expect(hanging.signal.aborted).toBe(true);
		expect((hanging.signal.reason as DOMException).name).toBe('AbortError');
		expect(result).toMatchObject({
			status: 'incomplete',
			progress: { done: 0, total: 20, failed: 4 },
			missing: 20,
			reason: 'stopped after 4 chapters failed in a row: HTTP 404'
		});
	});

	it('with one connection, two failures in a row are enough to stop', async () => {
		const { cache } = freshCache();
		const s = transport((r) => r.fail(problem('http', 404)));
		const outcome = await downloadChapters({
			cache,
			fetchChapter: s.fetchChapter,
			bibleRef: 'T',
			books: [{ ...jonah, chaptersCount: 20 }],
			wholeTranslation: false,
			concurrency: 1
		});
		expect(s.calls()).toEqual(['Jonah:1', 'Jonah:2']);
		expect(outcome).toMatchObject({
			status: 'incomplete',
			reason: 'stopped after 2 chapters failed in a row: HTTP 404'
		});
	});
});

describe('downloading chapters: offline and storage failures', () => {
	it('the browser saying it is offline stops the download and aborts the other requests', async () => {
		vi.stubGlobal('navigator', { onLine: true });
		const { cache } = freshCache();
		const s = transport();
		const outcome = downloadChapters({
			cache,
			fetchChapter: s.fetchChapter,
			bibleRef: 'T',
			books,
			wholeTranslation: true,
			concurrency: 2,
			sleep: noSleep
		});
		const other = await s.request(1);
		vi.stubGlobal('navigator', { onLine: false });
		s.requests[0]!.fail(problem('network'));
		const result = await outcome;
		expect((other.signal.reason as DOMException).name).toBe('AbortError');
		expect(s.requests).toHaveLength(2);
		expect(result).toMatchObject({ status: 'incomplete', missing: 8, reason: 'you are offline' });
	});

	it('a failed write that is not a full disk is thrown, and the requests in flight are aborted', async () => {
		const { cache } = freshCache();
		cache.putMany = () => Promise.reject(new Error('The disk is broken.'));
		const s = transport();
		const outcome = downloadChapters({
			cache,
			fetchChapter: s.fetchChapter,
			bibleRef: 'T',
			books,
			wholeTranslation: true,
			concurrency: 2
		});
		(await s.request(0)).answer();
		const other = await s.request(2);
		await expect(outcome).rejects.toThrow('The disk is broken.');
		expect(other.signal.aborted).toBe(true);
		expect((other.signal.reason as DOMException).name).toBe('AbortError');
		expect(await cache.marks('T')).toEqual({ books: [], translation: false });
	});

	/** A cache holding Ruth (a chapter of 9,999 bytes each), where writes after the `fits`-th are refused for a full disk. */
	async function fillingCache(fits: number) {
		const { cache } = freshCache();
		await storeBefore(
			cache,
			[
				['Ruth', 1],
				['Ruth', 2],
				['Ruth', 3]
			],
			9999
		);
		const putMany = cache.putMany.bind(cache);
		let writes = 0;
		cache.putMany = (bibleRef, chapters) =>
			++writes > fits
				? Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'))
				: putMany(bibleRef, chapters);
		return cache;
	}

	it('storage full: the space still needed is estimated from the chapters stored in this run', async () => {
		const cache = await fillingCache(2);
		const s = transport();
		const log = progressLog();
		const outcome = downloadChapters({
			cache,
			fetchChapter: s.fetchChapter,
			bibleRef: 'T',
			books,
			wholeTranslation: true,
			concurrency: 1,
			onProgress: log.onProgress
		});
		(await s.request(0)).answer(100);
		await log.until((p) => p.done === 4);
		(await s.request(1)).answer(300);
		await log.until((p) => p.done === 5);
		(await s.request(2)).answer(200);
		const result = await outcome;
		// 400 bytes for 2 chapters: 200 a chapter, 3 chapters to go.
		expect(result).toEqual({
			status: 'quota',
			progress: { done: 5, total: 8, bytes: 400, failed: 0 },
			neededBytes: 600
		});
		expect(await cache.keys('T')).toHaveLength(5);
	});

	it('storage full while keeping one book: counts that book only, whatever else is stored', async () => {
		const cache = await fillingCache(1);
		const s = transport();
		const log = progressLog();
		const outcome = downloadChapters({
			cache,
			fetchChapter: s.fetchChapter,
			bibleRef: 'T',
			books: [jonah],
			wholeTranslation: false,
			concurrency: 1,
			onProgress: log.onProgress
		});
		(await s.request(0)).answer(100);
		await log.until((p) => p.done === 1);
		(await s.request(1)).answer(100);
		expect(await outcome).toEqual({
			status: 'quota',
			progress: { done: 1, total: 4, bytes: 100, failed: 0 },
			neededBytes: 300
		});
	});

	it('a write that silently went missing gives a general reason, not an empty one', async () => {
		const { cache } = freshCache();
		const putMany = cache.putMany.bind(cache);
		cache.putMany = (bibleRef, chapters) =>
			putMany(
				bibleRef,
				chapters.filter((c) => c.chapter !== 2)
			);
		const outcome = await downloadChapters({
			cache,
			fetchChapter: transport((r) => r.answer()).fetchChapter,
			bibleRef: 'T',
			books: [ruth],
			wholeTranslation: false
		});
		expect(outcome).toEqual({
			status: 'incomplete',
			progress: { done: 2, total: 3, bytes: 300, failed: 0 },
			missing: 1,
			reason: 'Some chapters could not be stored.'
		});
	});
});

describe('downloading chapters: check for changes', () => {
	it('when nothing changed, every chapter checked is counted with its bytes and nothing is written', async () => {
		const { cache } = freshCache();
		await storeBefore(cache, [
			['Ruth', 1],
			['Ruth', 2],
			['Ruth', 3]
		]);
		const putMany = vi.spyOn(cache, 'putMany');
		const log = progressLog();
		const outcome = await downloadChapters({
			cache,
			fetchChapter: transport((r) => r.answer(70)).fetchChapter,
			bibleRef: 'T',
			books: [ruth],
			wholeTranslation: false,
			refresh: true,
			onProgress: log.onProgress
		});
		expect(log.reports.map((p) => p.done)).toEqual([0, 1, 2, 3, 3]);
		expect(outcome).toEqual({
			status: 'complete',
			progress: { done: 3, total: 3, bytes: 210, failed: 0 },
			changed: 0
		});
		expect(putMany).not.toHaveBeenCalled();
	});

	it('counts as changed only chapters whose stored text differs, not chapters that were missing', async () => {
		const { cache } = freshCache();
		await storeBefore(cache, [
			['Ruth', 1],
			['Ruth', 3]
		]);
		const changed = { ...chapterOf('Ruth', 3), verses: [{ ref: '1', text: 'new' }] };
		const outcome = await downloadChapters({
			cache,
			fetchChapter: transport((r) => (r.chapter === 3 ? r.answer(100, changed) : r.answer()))
				.fetchChapter,
			bibleRef: 'T',
			books: [ruth],
			wholeTranslation: false,
			refresh: true
		});
		expect(outcome).toMatchObject({ status: 'complete', changed: 1 });
		expect((await cache.get('T', 'Ruth', 2))?.data).toEqual(chapterOf('Ruth', 2));
		expect((await cache.get('T', 'Ruth', 3))?.data).toEqual(changed);
	});

	it('a plain download counts nothing as changed, even a chapter another tab stored meanwhile', async () => {
		const { cache } = freshCache();
		const otherTab = { ...chapterOf('Ruth', 2), verses: [{ ref: '1', text: 'other' }] };
		const server = transport((r) => {
			if (r.chapter !== 2) return r.answer();
			void cache
				.putMany('T', [{ bookRef: 'Ruth', chapter: 2, data: otherTab, bytes: 100 }])
				.then(() => r.answer());
		});
		const outcome = await downloadChapters({
			cache,
			fetchChapter: server.fetchChapter,
			bibleRef: 'T',
			books: [ruth],
			wholeTranslation: false
		});
		expect(outcome).toMatchObject({ status: 'complete', changed: 0 });
		expect((await cache.get('T', 'Ruth', 2))?.data).toEqual(chapterOf('Ruth', 2));
	});
});

describe('downloading chapters: waiting', () => {
	/** Fires when the downloader decides to retry (it asks whether the browser is online first). */
	function failOnceThenAnswer() {
		let retrying = () => {};
		const decided = new Promise<void>((resolve) => (retrying = resolve));
		const s = transport((r) => (r.call === 1 ? r.fail(problem('http', 503)) : r.answer()));
		return { s, decided, isOnline: () => (retrying(), true) };
	}

	it('the default backoff waits its time before the retry', async () => {
		vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
		vi.spyOn(Math, 'random').mockReturnValue(0.5);
		const { cache } = freshCache();
		const { s, decided, isOnline } = failOnceThenAnswer();
		const outcome = downloadChapters({
			cache,
			fetchChapter: s.fetchChapter,
			bibleRef: 'T',
			books: [jude],
			wholeTranslation: false,
			backoffMs: 1000,
			isOnline
		});
		await decided;
		await vi.advanceTimersByTimeAsync(999);
		expect(s.calls()).toEqual(['Jude:1']);
		await vi.advanceTimersByTimeAsync(1);
		expect(await outcome).toMatchObject({ status: 'complete' });
		expect(s.calls()).toEqual(['Jude:1', 'Jude:1']);
	});

	it('cancel during the backoff ends the download at once, without waiting it out', async () => {
		vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
		const { cache } = freshCache();
		const { s, decided, isOnline } = failOnceThenAnswer();
		const abort = new AbortController();
		const outcome = downloadChapters({
			cache,
			fetchChapter: s.fetchChapter,
			bibleRef: 'T',
			books: [jude],
			wholeTranslation: false,
			backoffMs: 60_000,
			signal: abort.signal,
			isOnline
		});
		await decided;
		abort.abort();
		// No timer is advanced: the sleep must end on the abort itself.
		expect(await outcome).toMatchObject({ status: 'cancelled', progress: { failed: 0 } });
		expect(s.calls()).toEqual(['Jude:1']);
	});

	it('cancel just as a retry is decided does not wait for the backoff either', async () => {
		vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
		const { cache } = freshCache();
		const s = transport((r) => r.fail(problem('http', 503)));
		const abort = new AbortController();
		const outcome = await downloadChapters({
			cache,
			fetchChapter: s.fetchChapter,
			bibleRef: 'T',
			books: [jude],
			wholeTranslation: false,
			backoffMs: 60_000,
			signal: abort.signal,
			isOnline: () => (abort.abort(), true)
		});
		expect(outcome.status).toBe('cancelled');
		expect(s.calls()).toEqual(['Jude:1']);
	});

	it('a download needs no timer to move on (timers are throttled in a background tab)', async () => {
		vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
		const { cache } = freshCache();
		const outcome = await downloadChapters({
			cache,
			fetchChapter: transport((r) => r.answer()).fetchChapter,
			bibleRef: 'T',
			books,
			wholeTranslation: true
		});
		expect(outcome.status).toBe('complete');
	});

	it('without MessageChannel the download still completes', async () => {
		vi.stubGlobal('MessageChannel', undefined);
		const { cache } = freshCache();
		const outcome = await downloadChapters({
			cache,
			fetchChapter: transport((r) => r.answer()).fetchChapter,
			bibleRef: 'T',
			books: [ruth],
			wholeTranslation: false,
			sleep: noSleep
		});
		expect(outcome).toMatchObject({ status: 'complete', progress: { done: 3, failed: 0 } });
	});
});

describe('finding evicted chapters', () => {
	it('nothing marked as kept offline: nothing is reported, whatever is stored', async () => {
		const { cache } = freshCache();
		await storeBefore(cache, [['Ruth', 1]]);
		expect(await findEvicted(cache, 'T', books)).toEqual({ translation: false, books: [] });
	});

	it('a whole translation marked complete, with every chapter there: nothing evicted', async () => {
		const { cache } = freshCache();
		await downloadChapters({
			cache,
			fetchChapter: transport((r) => r.answer()).fetchChapter,
			bibleRef: 'T',
			books,
			wholeTranslation: true
		});
		expect(await findEvicted(cache, 'T', books)).toEqual({ translation: false, books: [] });
	});

	it('a whole translation marked complete (no book marked) reports the translation and each book missing chapters', async () => {
		const { cache, chapters } = freshCache();
		await storeBefore(cache, [
			['Ruth', 1],
			['Ruth', 2],
			['Ruth', 3],
			['Jonah', 1],
			['Jonah', 4],
			['Jude', 1]
		]);
		await cache.setMarks('T', { books: [], translation: true });
		expect(await findEvicted(cache, 'T', books)).toEqual({
			translation: true,
			books: [{ book: jonah, missing: 2 }]
		});
		await del(['T', 'Jude', 1], chapters);
		expect((await findEvicted(cache, 'T', books)).books).toEqual([
			{ book: jonah, missing: 2 },
			{ book: jude, missing: 1 }
		]);
	});

	it('only books marked: their missing chapters are reported, not the translation nor unmarked books', async () => {
		const { cache } = freshCache();
		await storeBefore(cache, [
			['Ruth', 1],
			['Ruth', 3]
		]);
		await cache.setMarks('T', { books: ['Ruth'], translation: false });
		expect(await findEvicted(cache, 'T', books)).toEqual({
			translation: false,
			books: [{ book: ruth, missing: 1 }]
		});
	});
});
