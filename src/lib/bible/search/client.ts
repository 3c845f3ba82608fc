// The page's side of the search worker: started on first use, told about stored chapters.
import { onChapterChange } from './changes';
import type { SearchAnswer, SearchRequest } from './engine';
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

	async search(apiRoot: string, request: SearchRequest): Promise<SearchAnswer> {
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
	}
}

export const searchWorker = new SearchWorkerClient();
onChapterChange((apiRoot, change) => searchWorker.changed(apiRoot, change));
