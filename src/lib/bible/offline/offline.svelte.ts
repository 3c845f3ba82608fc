import { keepStorage } from '$lib/ui/kept-storage';
import type { AreaSession } from '$lib/settings/area-session.svelte';
import { readChapter, sendChapter } from '../api';
import { type OfflineMarks, bibleCache } from './cache';
import {
	DEFAULT_CONCURRENCY,
	downloadChapters,
	findEvicted,
	formatBytes,
	type DownloadProgress
} from './downloader';
import { isOriginalText } from '../original/format';
import type { Book } from '../schemas';

export interface TranslationUsage {
	bibleRef: string;
	chapters: number;
	bytes: number;
}

/** Downloads for offline reading, what is stored, and what the browser allows. */
export class OfflineState {
	/** What is being (or was last) downloaded, e.g. "John" or "King James Version (KJV)". */
	label = $state('');
	running = $state(false);
	progress = $state<DownloadProgress | null>(null);
	/** The outcome of the last download, in words. */
	message = $state('');
	marks = $state<OfflineMarks>({ books: [], translation: false });
	evicted = $state<{ book: Book; missing: number }[]>([]);
	usage = $state<TranslationUsage[]>([]);
	estimate = $state<{ usage?: number; quota?: number } | null>(null);
	persisted = $state<boolean | null>(null);
	persistMessage = $state('');
	/** Parallel requests for downloads (6, as many as a browser opens to one host). */
	concurrency = DEFAULT_CONCURRENCY;
	/** Cancels the download running (the session's close stops it too). */
	#cancel: AbortController | undefined;
	readonly #session: AreaSession<'bible'>;

	constructor(session: AreaSession<'bible'>) {
		this.#session = session;
	}

	/** What of a translation is kept on this device, and which kept chapters the browser dropped. */
	check(bibleRef: string, books: readonly Book[]): Promise<void> {
		return this.#check(this.#session.apiRoot, bibleRef, books);
	}

	async #check(apiRoot: string, bibleRef: string, books: readonly Book[]): Promise<void> {
		const cache = bibleCache(apiRoot);
		try {
			this.marks = await cache.marks(bibleRef);
			this.evicted = (await findEvicted(cache, bibleRef, books)).books;
		} catch {
			// IndexedDB refused (private mode): nothing is kept, nothing to report.
		}
	}

	async download(
		bibleRef: string,
		books: readonly Book[],
		options: { label: string; wholeTranslation: boolean; refresh?: boolean }
	): Promise<void> {
		if (this.running || this.#session.closed) return;
		this.#cancel = new AbortController();
		this.running = true;
		this.label = options.label;
		this.message = '';
		this.progress = null;
		const client = this.#session.client();
		const apiRoot = client.options.baseUrl;
		const cache = bibleCache(apiRoot);
		try {
			const outcome = await this.#session.run(
				(signal) =>
					downloadChapters({
						cache,
						bibleRef,
						books,
						wholeTranslation: options.wholeTranslation,
						refresh: options.refresh,
						concurrency: this.concurrency,
						signal,
						fetchChapter: async (bookRef, chapter, signal) => {
							const result = await sendChapter(client, bibleRef, bookRef, chapter, {
								signal,
								retry: false
							});
							return () => readChapter(result, chapter);
						},
						onProgress: (p) => (this.progress = p)
					}),
				this.#cancel.signal
			);
			this.progress = outcome.progress;
			switch (outcome.status) {
				case 'complete':
					// A translation kept for offline is worth keeping: ask the browser once.
					keepStorage();
					this.message = !options.refresh
						? `${options.label} is downloaded: ${outcome.progress.total} chapters, checked, ready offline.`
						: outcome.changed
							? `${options.label}: ${outcome.changed} of ${outcome.progress.total} chapters had changed on the server and are updated on this device.`
							: `${options.label}: no changes. All ${outcome.progress.total} chapters on this device are the same as on the server.`;
					if (isOriginalText(bibleRef))
						this.message += await this.#keepWords(
							bibleRef,
							books,
							options.wholeTranslation,
							this.#cancel?.signal
						);
					break;
				case 'cancelled':
					this.message = `Download cancelled. ${outcome.progress.done} of ${outcome.progress.total} chapters are kept; downloading again fetches only the rest.`;
					break;
				case 'incomplete':
					this.message = `${outcome.missing} chapters could not be downloaded (${outcome.reason}). Download again to fetch only those.`;
					break;
				case 'quota':
					// Checking for changes rewrites chapters already counted: no new space to name.
					this.message =
						outcome.neededBytes > 0
							? `Storage is full. The ${outcome.progress.done} chapters stored are kept; about ${formatBytes(outcome.neededBytes)} more space is needed to finish.`
							: `Storage is full: not every changed chapter could be written. The chapters on this device are kept; free some space and check again.`;
					break;
			}
		} catch (error) {
			this.message = `The download stopped: ${error instanceof Error ? error.message : String(error)}`;
		} finally {
			this.running = false;
			this.#cancel = undefined;
			await this.#check(apiRoot, bibleRef, books);
			await this.#refreshStorage(apiRoot);
		}
	}

	/** The Greek or Hebrew words of what was downloaded, kept with it: what to add to the message. */
	async #keepWords(
		bibleRef: string,
		books: readonly Book[],
		whole: boolean,
		cancel: AbortSignal | undefined
	): Promise<string> {
		try {
			const { keepOriginalWords } = await import('../study/browser-source');
			await this.#session.run(
				(signal) =>
					keepOriginalWords(bibleRef, whole ? undefined : books.map((b) => b.ref), signal),
				cancel
			);
			return ' Its words (lemmas, parsing, every form) are kept too.';
		} catch {
			return ' Its words (lemmas and parsing) could not all be kept for offline use: download again to fetch the rest.';
		}
	}

	/** When a book, or the whole translation (no book), was last downloaded complete; if it is. */
	downloadedAt(bookRef?: string): number | null | undefined {
		const m = this.marks;
		if (bookRef === undefined) return m.translation ? (m.translationDate ?? null) : undefined;
		if (!m.translation && !m.books.includes(bookRef)) return undefined;
		const own =
			m.bookDates && Object.hasOwn(m.bookDates, bookRef) ? m.bookDates[bookRef] : undefined;
		return own ?? m.translationDate ?? null;
	}

	cancel(): void {
		this.#cancel?.abort(new DOMException('Cancelled by the user.', 'AbortError'));
	}

	/** What each translation takes on this device, and what the browser allows. */
	refreshStorage(): Promise<void> {
		return this.#refreshStorage(this.#session.apiRoot);
	}

	async #refreshStorage(apiRoot: string): Promise<void> {
		const cache = bibleCache(apiRoot);
		try {
			const refs = await cache.translations();
			this.usage = await Promise.all(
				refs.map(async (bibleRef) => ({ bibleRef, ...(await cache.usage(bibleRef)) }))
			);
		} catch {
			this.usage = [];
		}
		if (typeof navigator !== 'undefined' && navigator.storage) {
			this.estimate = (await navigator.storage.estimate?.().catch(() => null)) ?? null;
			this.persisted = (await navigator.storage.persisted?.().catch(() => null)) ?? null;
		}
	}

	/** Asks the browser to keep the data when space runs low (persistent storage). */
	async requestPersist(): Promise<void> {
		if (typeof navigator === 'undefined' || !navigator.storage?.persist) {
			this.persistMessage = 'This browser cannot be asked to keep the data.';
			return;
		}
		const granted = await navigator.storage.persist().catch(() => false);
		this.persisted = granted;
		this.persistMessage = granted
			? 'The browser will keep the downloaded chapters.'
			: 'The browser declined for now; it may still keep the data. Installing the app or using it often helps.';
	}

	async deleteTranslation(bibleRef: string): Promise<void> {
		const apiRoot = this.#session.apiRoot;
		await bibleCache(apiRoot).deleteTranslation(bibleRef);
		this.message = '';
		this.progress = null;
		this.marks = { books: [], translation: false };
		this.evicted = [];
		await this.#refreshStorage(apiRoot);
	}
}
