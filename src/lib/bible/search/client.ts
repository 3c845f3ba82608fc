// The page's side of search: the worker (started on first use, told about stored chapters)
// builds and saves the indexes; a reader in the page loads what it saved and answers from it in
// the keypress's own task. A round trip to the worker and back cost a frame on most keys.
import { whenIdle } from '$lib/ui/when-idle';
import { onChapterChange } from './changes';
import type { SearchAnswer, SearchEngine, SearchRequest } from './engine';
import type { FromWorker, ToWorker } from './protocol';

type Reply = FromWorker & { id: number };

const NO_WORKERS = 'This browser cannot run the search (no Web Workers).';
const COULD_NOT_START = 'Search could not start in this browser. Reload the page and try again.';

export class SearchWorkerClient {
	#worker: Worker | undefined;
	/** Why searches cannot run on this page, once that is known: said to every later search. */
	#failure: string | undefined;
	#next = 0;
	readonly #pending = new Map<number, (reply: Reply) => void>();
	/** The page's reader per API root, made after the first search (its code is its own chunk). */
	readonly #readers = new Map<string, SearchEngine>();
	/** API roots whose reader is loading what the worker saved (one load at a time). */
	readonly #readerLoads = new Set<string>();
	/** Chapters indexed per translation, as the worker reports them. */
	onIndexed?: (apiRoot: string, bibleRef: string, chapters: number) => void;

	get running(): boolean {
		return !!this.#worker;
	}

	#start(): Worker | undefined {
		if (this.#worker || this.#failure) return this.#worker;
		if (typeof Worker === 'undefined') {
			this.#failure = NO_WORKERS;
			return undefined;
		}
		// A module worker: Vite bundles it as its own hashed file, which the service worker caches.
		const worker = new Worker(new URL('./search.worker.ts', import.meta.url), {
			type: 'module',
			name: 'bible-search'
		});
		worker.onmessage = (event: MessageEvent<FromWorker>) => {
			const m = event.data;
			if (m.type === 'indexed') {
				// For the benchmark (tests/bench/bible-search.bench.ts) and the browser's profiler.
				performance.mark?.('bible-search-indexed', {
					detail: { bibleRef: m.bibleRef, chapters: m.chapters, ms: m.ms, phases: m.phases }
				});
				this.onIndexed?.(m.apiRoot, m.bibleRef, m.chapters);
			} else if (m.type === 'synced' || m.type === 'index-saved') {
				if (this.#readers.has(m.apiRoot)) this.#loadReader(m.apiRoot);
			} else if ('id' in m) {
				this.#pending.get(m.id)?.(m);
				this.#pending.delete(m.id);
			}
		};
		worker.onerror = () => {
			this.#failure = COULD_NOT_START;
			this.#worker = undefined;
			worker.terminate();
			for (const [id, resolve] of this.#pending)
				resolve({
					type: 'answer',
					id,
					answer: { ok: false, message: COULD_NOT_START }
				});
			this.#pending.clear();
		};
		this.#worker = worker;
		return worker;
	}

	#send(message: ToWorker): void {
		this.#start()?.postMessage(message);
	}

	#ask(message: ToWorker & { id: number }): Promise<Reply> {
		return new Promise((resolve) => {
			if (!this.#start()) {
				resolve({
					type: 'answer',
					id: message.id,
					answer: { ok: false, message: this.#failure ?? NO_WORKERS }
				});
				return;
			}
			this.#pending.set(message.id, resolve);
			this.#send(message);
		});
	}

	/** Loads the saved index, or builds it from the stored chapters. */
	sync(apiRoot: string): void {
		performance.mark?.('bible-search-sync');
		this.#send({ type: 'sync', apiRoot });
	}

	/** Loads the indexes the worker has saved into the page's reader, when the page is idle. */
	#loadReader(apiRoot: string): void {
		if (this.#readerLoads.has(apiRoot)) return;
		this.#readerLoads.add(apiRoot);
		const load = async () => {
			try {
				let reader = this.#readers.get(apiRoot);
				if (!reader) {
					const { SearchEngine } = await import('./engine');
					reader = this.#readers.get(apiRoot) ?? new SearchEngine(apiRoot, { reader: true });
					this.#readers.set(apiRoot, reader);
				}
				const started = performance.now();
				await reader.sync();
				// For the benchmark (tests/bench/bible-search.bench.ts) and the browser's profiler.
				if (reader.loadedCount)
					performance.mark?.('bible-search-reader-loaded', {
						detail: { translations: reader.loadedCount, ms: performance.now() - started }
					});
			} catch {
				// The worker answers meanwhile; the next search it answers tries again.
			} finally {
				this.#readerLoads.delete(apiRoot);
			}
		};
		whenIdle(() => void load(), 1000);
	}

	/** Answered in the page when its reader holds every stored translation, else by the worker. */
	async search(apiRoot: string, request: SearchRequest): Promise<SearchAnswer> {
		// Until the reader holds an index, the request goes to the worker in this very task.
		const reader = this.#readers.get(apiRoot);
		if (reader?.loadedCount) {
			const here = await reader.searchLoaded(request).catch(() => undefined);
			if (here) return here;
		}
		this.#loadReader(apiRoot);
		const reply = await this.#ask({ type: 'search', id: ++this.#next, apiRoot, request });
		return reply.type === 'answer' ? reply.answer : { ok: false, message: 'No answer.' };
	}

	/** Size of each saved index (after saving what is pending). */
	async indexBytes(apiRoot: string): Promise<Record<string, number>> {
		await this.#ask({ type: 'save', id: ++this.#next, apiRoot });
		const reply = await this.#ask({ type: 'bytes', id: ++this.#next, apiRoot });
		return reply.type === 'bytes' ? reply.bytes : {};
	}

	/** Chapters stored or deleted: the running worker follows (one not started catches up on sync). */
	changed(apiRoot: string, change: Parameters<Parameters<typeof onChapterChange>[0]>[1]): void {
		if (this.#worker) this.#send({ type: 'change', apiRoot, change });
		const reader = this.#readers.get(apiRoot);
		if (change.deleted) void reader?.translationDeleted(change.bibleRef).catch(() => undefined);
		else if (change.stored)
			void reader?.chaptersStored(change.bibleRef, change.stored).catch(() => undefined);
	}
}

export const searchWorker = new SearchWorkerClient();
onChapterChange((apiRoot, change) => searchWorker.changed(apiRoot, change));
