import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chapterChanged, onChapterChange } from '$lib/bible/search/changes';
import { SearchWorkerClient, searchWorker } from '$lib/bible/search/client';
import { SearchEngine, type SearchAnswer, type SearchRequest } from '$lib/bible/search/engine';
import type { FromWorker, ToWorker } from '$lib/bible/search/protocol';
import { bibleCache } from '$lib/bible/offline/cache';
import { storeText } from './stored-text';

/** A stand-in for the browser's Worker: records what the page posts, lets the test answer. */
class FakeWorker {
	static started: FakeWorker[] = [];
	readonly posted: ToWorker[] = [];
	terminated = false;
	onmessage: ((event: MessageEvent<FromWorker>) => void) | null = null;
	onerror: ((event: Event) => void) | null = null;

	constructor(
		readonly url: URL,
		readonly options: WorkerOptions
	) {
		FakeWorker.started.push(this);
	}
	postMessage(message: ToWorker) {
		this.posted.push(message);
	}
	terminate() {
		this.terminated = true;
	}
	/** The worker posts a message to the page. */
	reply(data: FromWorker) {
		this.onmessage?.({ data } as MessageEvent<FromWorker>);
	}
	/** The worker's script fails to load or throws. */
	fail() {
		this.onerror?.(new Event('error'));
	}
}

const API = 'https://bible.test/api';
const REQUEST: SearchRequest = {
	query: { words: ['love'], prefixes: [], phrases: [] },
	loose: false,
	limit: 20
};
const FOUND: SearchAnswer = {
	ok: true,
	hits: [
		{
			bibleRef: 'KJV',
			bookName: '1 John',
			book: '1John',
			chapter: 4,
			verse: '8',
			text: 'God is love.',
			marks: [[7, 11]]
		}
	],
	total: 1,
	coverage: [{ bibleRef: 'KJV', name: 'King James Version', chapters: 1 }]
};
const NO_WORKERS = 'This browser cannot run the search (no Web Workers).';
const COULD_NOT_START = 'Search could not start in this browser. Reload the page and try again.';

/** Lets pending promise callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Whether a promise has settled yet. */
async function isSettled(promise: Promise<unknown>): Promise<boolean> {
	let settled = false;
	void promise.then(() => (settled = true));
	await settle();
	return settled;
}

beforeEach(() => {
	FakeWorker.started = [];
	vi.stubGlobal('Worker', FakeWorker);
});
afterEach(() => {
	vi.unstubAllGlobals();
	vi.restoreAllMocks();
});

describe('search worker client', () => {
	it('starts no worker until it is used, then one module worker named "bible-search"', () => {
		const client = new SearchWorkerClient();
		expect(client.running).toBe(false);
		expect(FakeWorker.started).toHaveLength(0);
		client.sync(API);
		expect(client.running).toBe(true);
		expect(FakeWorker.started).toHaveLength(1);
		const [worker] = FakeWorker.started;
		expect(worker!.url.href).toMatch(/\/search\.worker\.ts$/);
		expect(worker!.options).toEqual({ type: 'module', name: 'bible-search' });
		expect(worker!.posted).toEqual([{ type: 'sync', apiRoot: API }]);
	});

	it('sends every later message to the same worker', async () => {
		const client = new SearchWorkerClient();
		client.sync(API);
		const answer = client.search(API, REQUEST);
		client.sync('https://other.test/api');
		expect(FakeWorker.started).toHaveLength(1);
		const worker = FakeWorker.started[0]!;
		expect(worker.posted).toEqual([
			{ type: 'sync', apiRoot: API },
			{ type: 'search', id: 1, apiRoot: API, request: REQUEST },
			{ type: 'sync', apiRoot: 'https://other.test/api' }
		]);
		worker.reply({ type: 'answer', id: 1, answer: FOUND });
		expect(await answer).toEqual(FOUND);
	});

	it('marks the start of a sync for the profiler', () => {
		const mark = vi.spyOn(performance, 'mark');
		new SearchWorkerClient().sync(API);
		expect(mark).toHaveBeenCalledWith('bible-search-sync');
	});

	it('gives each search the answer to its own request, in whatever order the answers come', async () => {
		const client = new SearchWorkerClient();
		const other: SearchRequest = { ...REQUEST, query: { words: [], prefixes: [], phrases: [] } };
		const first = client.search(API, REQUEST);
		const second = client.search(API, other);
		const worker = FakeWorker.started[0]!;
		expect(worker.posted).toEqual([
			{ type: 'search', id: 1, apiRoot: API, request: REQUEST },
			{ type: 'search', id: 2, apiRoot: API, request: other }
		]);
		const empty: SearchAnswer = { ok: true, hits: [], total: 0, coverage: [] };
		worker.reply({ type: 'answer', id: 2, answer: empty });
		expect(await isSettled(first)).toBe(false);
		expect(await second).toEqual(empty);
		worker.reply({ type: 'answer', id: 1, answer: FOUND });
		expect(await first).toEqual(FOUND);
	});

	it('ignores a reply to no pending request, and a second reply to the same one', async () => {
		const client = new SearchWorkerClient();
		const answer = client.search(API, REQUEST);
		const worker = FakeWorker.started[0]!;
		expect(() => worker.reply({ type: 'answer', id: 99, answer: FOUND })).not.toThrow();
		expect(await isSettled(answer)).toBe(false);
		worker.reply({ type: 'answer', id: 1, answer: FOUND });
		expect(() =>
			worker.reply({ type: 'answer', id: 1, answer: { ok: false, message: 'late' } })
		).not.toThrow();
		expect(await answer).toEqual(FOUND);
		expect(() => worker.reply({ type: 'synced', apiRoot: API })).not.toThrow();
	});

	it('a search answered with anything but an answer is a failed search', async () => {
		const client = new SearchWorkerClient();
		const answer = client.search(API, REQUEST);
		FakeWorker.started[0]!.reply({ type: 'saved', id: 1 });
		expect(await answer).toEqual({ ok: false, message: 'No answer.' });
	});

	it('reports indexed chapters to onIndexed and to the profiler, without answering a search', async () => {
		const mark = vi.spyOn(performance, 'mark');
		const client = new SearchWorkerClient();
		const indexed = vi.fn();
		client.onIndexed = indexed;
		const answer = client.search(API, REQUEST);
		const worker = FakeWorker.started[0]!;
		const phases = { keys: 1, snapshot: 2, add: 3, fromSnapshot: 0 };
		worker.reply({
			type: 'indexed',
			apiRoot: API,
			bibleRef: 'KJV',
			chapters: 1189,
			ms: 42,
			phases
		});
		expect(indexed).toHaveBeenCalledExactlyOnceWith(API, 'KJV', 1189);
		expect(mark).toHaveBeenCalledWith('bible-search-indexed', {
			detail: { bibleRef: 'KJV', chapters: 1189, ms: 42, phases }
		});
		expect(await isSettled(answer)).toBe(false);
	});

	it('without an onIndexed listener, an indexed report is only marked', () => {
		const client = new SearchWorkerClient();
		client.sync(API);
		expect(() =>
			FakeWorker.started[0]!.reply({
				type: 'indexed',
				apiRoot: API,
				bibleRef: 'KJV',
				chapters: 3,
				ms: 1
			})
		).not.toThrow();
	});

	it('works where the browser has no performance marks', async () => {
		Object.defineProperty(performance, 'mark', { value: undefined, configurable: true });
		try {
			const client = new SearchWorkerClient();
			const indexed = vi.fn();
			client.onIndexed = indexed;
			expect(() => client.sync(API)).not.toThrow();
			const worker = FakeWorker.started[0]!;
			expect(worker.posted).toEqual([{ type: 'sync', apiRoot: API }]);
			expect(() =>
				worker.reply({ type: 'indexed', apiRoot: API, bibleRef: 'KJV', chapters: 3, ms: 1 })
			).not.toThrow();
			expect(indexed).toHaveBeenCalledWith(API, 'KJV', 3);
		} finally {
			delete (performance as { mark?: unknown }).mark;
		}
		expect(typeof performance.mark).toBe('function');
	});

	it('index sizes: asks the worker to save, then (once saved) for the bytes of each index', async () => {
		const client = new SearchWorkerClient();
		const sizes = client.indexBytes(API);
		const worker = FakeWorker.started[0]!;
		expect(worker.posted).toEqual([{ type: 'save', id: 1, apiRoot: API }]);
		worker.reply({ type: 'saved', id: 1 });
		await settle();
		expect(worker.posted).toEqual([
			{ type: 'save', id: 1, apiRoot: API },
			{ type: 'bytes', id: 2, apiRoot: API }
		]);
		worker.reply({ type: 'bytes', id: 2, bytes: { KJV: 1234, RV1909: 987 } });
		expect(await sizes).toEqual({ KJV: 1234, RV1909: 987 });
	});

	it('index sizes answered with anything but bytes are none', async () => {
		const client = new SearchWorkerClient();
		const sizes = client.indexBytes(API);
		const worker = FakeWorker.started[0]!;
		worker.reply({ type: 'saved', id: 1 });
		await settle();
		worker.reply({ type: 'saved', id: 2 });
		expect(await sizes).toEqual({});
	});

	it('tells a running worker about stored or deleted chapters; starts none for them', () => {
		const client = new SearchWorkerClient();
		client.changed(API, { bibleRef: 'KJV', stored: [['John', 3]] });
		expect(FakeWorker.started).toHaveLength(0);
		expect(client.running).toBe(false);
		client.sync(API);
		client.changed(API, { bibleRef: 'KJV', stored: [['John', 3]] });
		client.changed(API, { bibleRef: 'RV1909', deleted: true });
		expect(FakeWorker.started[0]!.posted).toEqual([
			{ type: 'sync', apiRoot: API },
			{ type: 'change', apiRoot: API, change: { bibleRef: 'KJV', stored: [['John', 3]] } },
			{ type: 'change', apiRoot: API, change: { bibleRef: 'RV1909', deleted: true } }
		]);
	});

	it('the shared client follows the chapter cache once its worker runs', () => {
		searchWorker.sync(API);
		chapterChanged(API, { bibleRef: 'KJV', stored: [['Gen', 1]] });
		expect(FakeWorker.started).toHaveLength(1);
		expect(FakeWorker.started[0]!.posted).toEqual([
			{ type: 'sync', apiRoot: API },
			{ type: 'change', apiRoot: API, change: { bibleRef: 'KJV', stored: [['Gen', 1]] } }
		]);
	});
});

describe('search worker client without a working worker', () => {
	it('without Web Workers, a search fails at once with a message, and nothing else throws', async () => {
		vi.stubGlobal('Worker', undefined);
		const client = new SearchWorkerClient();
		expect(() => client.sync(API)).not.toThrow();
		expect(await client.search(API, REQUEST)).toEqual({ ok: false, message: NO_WORKERS });
		expect(await client.indexBytes(API)).toEqual({});
		expect(client.running).toBe(false);
	});

	it('once it found no Web Workers, it does not try again', async () => {
		vi.stubGlobal('Worker', undefined);
		const client = new SearchWorkerClient();
		expect(await client.search(API, REQUEST)).toEqual({ ok: false, message: NO_WORKERS });
		vi.stubGlobal('Worker', FakeWorker);
		expect(await client.search(API, REQUEST)).toEqual({ ok: false, message: NO_WORKERS });
		expect(FakeWorker.started).toHaveLength(0);
	});

	it('a worker that fails answers every pending search with a message, and is stopped', async () => {
		const client = new SearchWorkerClient();
		const first = client.search(API, REQUEST);
		const second = client.search(API, REQUEST);
		const worker = FakeWorker.started[0]!;
		worker.fail();
		expect(worker.terminated).toBe(true);
		expect(client.running).toBe(false);
		expect(await first).toEqual({ ok: false, message: COULD_NOT_START });
		expect(await second).toEqual({ ok: false, message: COULD_NOT_START });
	});

	it('after its worker failed, it starts no other and answers later searches at once with the same reason', async () => {
		const client = new SearchWorkerClient();
		client.sync(API);
		FakeWorker.started[0]!.fail();
		expect(await client.search(API, REQUEST)).toEqual({ ok: false, message: COULD_NOT_START });
		client.sync(API);
		client.changed(API, { bibleRef: 'KJV', deleted: true });
		expect(FakeWorker.started).toHaveLength(1);
		expect(FakeWorker.started[0]!.posted).toEqual([{ type: 'sync', apiRoot: API }]);
	});
});

describe('chapter changes', () => {
	it('reach every listener with the API root and the change, until it unsubscribes', () => {
		const a = vi.fn();
		const b = vi.fn();
		const offA = onChapterChange(a);
		const offB = onChapterChange(b);
		const change = { bibleRef: 'KJV', stored: [['John', 1]] as [string, number][] };
		chapterChanged(API, change);
		expect(a).toHaveBeenCalledExactlyOnceWith(API, change);
		expect(b).toHaveBeenCalledExactlyOnceWith(API, change);
		offA();
		chapterChanged(API, { bibleRef: 'KJV', deleted: true });
		expect(a).toHaveBeenCalledTimes(1);
		expect(b).toHaveBeenLastCalledWith(API, { bibleRef: 'KJV', deleted: true });
		offB();
	});

	it('a listener that throws neither fails the change nor keeps it from the others', () => {
		const after = vi.fn();
		const offBad = onChapterChange(() => {
			throw new Error('index gone');
		});
		const offAfter = onChapterChange(after);
		expect(() => chapterChanged(API, { bibleRef: 'KJV', deleted: true })).not.toThrow();
		expect(after).toHaveBeenCalledOnce();
		offBad();
		offAfter();
	});
});

describe("the page's reader", () => {
	const TEXT = { John: [['God is love.', 'He that believeth is not condemned.']] };
	const CLOUDS: SearchRequest = {
		...REQUEST,
		query: { words: ['clouds'], prefixes: [], phrases: [] }
	};
	let roots = 0;
	/** An API root with John stored and its index saved, as the worker leaves them. */
	async function savedByWorker(): Promise<string> {
		const apiRoot = `https://client-reader-${++roots}.invalid/api`;
		await storeText(apiRoot, 'KJV', TEXT);
		const worker = new SearchEngine(apiRoot, { saveDelayMs: 60_000 });
		await worker.sync();
		await worker.save();
		return apiRoot;
	}
	const searches = (worker: FakeWorker) => worker.posted.filter((m) => m.type === 'search');

	/** Searches; a search the worker is asked gets FOUND. Says who answered. */
	async function ask(client: SearchWorkerClient, apiRoot: string, request = REQUEST) {
		const before = FakeWorker.started[0] ? searches(FakeWorker.started[0]).length : 0;
		let answer: SearchAnswer | undefined;
		const pending = client.search(apiRoot, request).then((a) => (answer = a));
		const worker = () => FakeWorker.started[0];
		while (!answer && !(worker() && searches(worker()!).length > before)) await settle();
		if (!answer) {
			const asked = searches(worker()!).at(-1) as { id: number };
			worker()!.reply({ type: 'answer', id: asked.id, answer: FOUND });
		}
		await pending;
		return { answer: answer!, by: answer === FOUND ? 'worker' : 'page' };
	}

	/** Asks until the page answers (its reader loads when the page is idle). */
	function untilThePageAnswers(client: SearchWorkerClient, apiRoot: string, request = REQUEST) {
		return vi.waitFor(
			async () => {
				const asked = await ask(client, apiRoot, request);
				if (asked.by !== 'page') throw new Error('The page never answered');
				return asked.answer;
			},
			{ timeout: 4_000, interval: 10 }
		);
	}

	/**
	 * Counts the page reader's finished loads, by the mark each load that holds an index leaves
	 * for the profiler: how many translations it held.
	 */
	function readerLoads() {
		const mark = vi.spyOn(performance, 'mark');
		return () =>
			mark.mock.calls
				.filter(([name]) => name === 'bible-search-reader-loaded')
				.map(([, options]) => (options?.detail as { translations: number }).translations);
	}

	it('answers in the page, without the worker, once it has loaded the index the worker saved', async () => {
		const apiRoot = await savedByWorker();
		const client = new SearchWorkerClient();
		expect((await ask(client, apiRoot)).by).toBe('worker');
		const here = await untilThePageAnswers(client, apiRoot);
		expect(here).toMatchObject({
			ok: true,
			total: 1,
			hits: [{ bibleRef: 'KJV', book: 'John', chapter: 1, verse: '1' }]
		});
		const asked = searches(FakeWorker.started[0]!).length;
		expect((await ask(client, apiRoot)).by).toBe('page');
		expect(searches(FakeWorker.started[0]!)).toHaveLength(asked);
	});

	it('leaves the search to the worker once a stored translation has no saved index', async () => {
		const apiRoot = await savedByWorker();
		const client = new SearchWorkerClient();
		await untilThePageAnswers(client, apiRoot);
		await storeText(apiRoot, 'WEB', TEXT);
		client.changed(apiRoot, { bibleRef: 'WEB', stored: [['John', 1]] });
		expect((await ask(client, apiRoot)).by).toBe('worker');
	});

	it('loads a translation the worker reports saved, so the next search is answered in the page', async () => {
		const loads = readerLoads();
		const apiRoot = await savedByWorker();
		const client = new SearchWorkerClient();
		await untilThePageAnswers(client, apiRoot);
		await storeText(apiRoot, 'WEB', TEXT);
		client.changed(apiRoot, { bibleRef: 'WEB', stored: [['John', 1]] });
		const before = loads().length;
		expect((await ask(client, apiRoot)).by).toBe('worker');
		// The reader's load now running (one at a time) ends holding KJV only: WEB has no saved
		// index yet.
		await vi.waitFor(() => expect(loads().slice(before)).toEqual([1]), { timeout: 4_000 });
		const loaded = loads().length;
		const worker = new SearchEngine(apiRoot, { saveDelayMs: 60_000 });
		await worker.sync();
		await worker.save();
		FakeWorker.started[0]!.reply({ type: 'index-saved', apiRoot, bibleRef: 'WEB' });
		// The report alone (no search in between) has the reader load WEB's index.
		await vi.waitFor(() => expect(loads().slice(loaded)).toEqual([2]), { timeout: 4_000 });
		const { answer, by } = await ask(client, apiRoot);
		expect(by).toBe('page');
		expect(answer.ok && answer.hits.map((h) => h.bibleRef).sort()).toEqual(['KJV', 'WEB']);
	});

	it('takes in chapters stored in the page once it has loaded', async () => {
		const apiRoot = await savedByWorker();
		const client = new SearchWorkerClient();
		expect(await untilThePageAnswers(client, apiRoot, CLOUDS)).toMatchObject({ total: 0 });
		await storeText(apiRoot, 'KJV', { Rev: [['Behold, he cometh with clouds.']] });
		client.changed(apiRoot, { bibleRef: 'KJV', stored: [['Rev', 1]] });
		const { answer, by } = await ask(client, apiRoot, CLOUDS);
		expect(by).toBe('page');
		expect(answer).toMatchObject({ ok: true, total: 1, hits: [{ book: 'Rev', verse: '1' }] });
	});

	it('drops a translation deleted in the page', async () => {
		const apiRoot = await savedByWorker();
		const client = new SearchWorkerClient();
		await untilThePageAnswers(client, apiRoot);
		await bibleCache(apiRoot).deleteTranslation('KJV');
		client.changed(apiRoot, { bibleRef: 'KJV', deleted: true });
		const { answer, by } = await ask(client, apiRoot);
		expect(by).toBe('page');
		expect(answer).toMatchObject({ ok: true, total: 0, coverage: [] });
	});
});
