import { recordActivity } from '$lib/settings/activity';
import type { LoadProgress } from '$lib/http/client';
import { isApiProblem, type ApiProblem } from '$lib/http/problem';
import { getChapter, getRaw, chapterPath, type RawAnswer, type RawFormat } from '../api';
import { bibleCache, isQuotaError, type OfflineMarks } from '../offline/cache';
import type { BibleConnection } from '../connection';
import { neighbours, type Position } from './navigation';
import {
	FONT_SIZES,
	loadFontStep,
	loadTheme,
	saveFontStep,
	savePosition,
	saveTheme,
	type Theme
} from '../prefs';
import type { Book, Chapter } from '../schemas';

export type ReaderStatus =
	'idle' | 'loading' | 'ready' | 'not-downloaded' | 'not-found' | 'problem';

const online = () => typeof navigator === 'undefined' || navigator.onLine;

/**
 * A request for a chapter never waits longer than this for its answer (no retries: the reader
 * offers "Try again"). Loading the demo's code and data is not part of it.
 */
export const CHAPTER_TIMEOUT_MS = 10_000;

/** One chapter on screen: cache first, then the server; where it came from; what is around it. */
export class ReaderState {
	bibleRef = $state('');
	bookRef = $state('');
	chapterNumber = $state(0);
	chapter = $state<Chapter | null>(null);
	/** Which chapter `chapter` is ("John 3"), set with it: the book and number asked for lead it. */
	shown = $state('');
	status = $state<ReaderStatus>('idle');
	source = $state<'cache' | 'network' | null>(null);
	problem = $state<ApiProblem | null>(null);
	/** The book was kept offline, yet this chapter is gone from the device. */
	evicted = $state(false);
	/** A chapter from the server that could not be kept: storage full, or refused. */
	notKept = $state<'' | 'full' | 'refused'>('');
	fontStep = $state(loadFontStep());
	theme = $state<Theme>(loadTheme());
	/** Show each verse's text as sent ("#", "[…]") instead of as a printed Bible shows it. */
	showMarks = $state(false);
	raw = $state<RawAnswer | null>(null);
	rawProblem = $state<ApiProblem | null>(null);
	books = $state<Book[]>([]);
	/** Demo data this chapter waits for (the demo's code, then its book), while it loads. */
	demoLoad = $state<LoadProgress | null>(null);
	readonly fontSize = $derived(FONT_SIZES[this.fontStep] ?? 1);
	readonly around: { prev?: Position; next?: Position } = $derived(
		neighbours(this.books, this.bookRef, this.chapterNumber)
	);
	readonly book: Book | undefined = $derived(this.books.find((b) => b.ref === this.bookRef));
	#request = 0;
	#abort: AbortController | undefined;
	readonly #remember: boolean;
	readonly #connection: BibleConnection;

	/** `remember: false` for a second translation beside the first: it is not "where I am reading". */
	constructor(connection: BibleConnection, options: { remember?: boolean } = {}) {
		this.#connection = connection;
		this.#remember = options.remember ?? true;
	}

	async open(bibleRef: string, books: Book[], bookRef: string, chapter: number): Promise<void> {
		const request = ++this.#request;
		this.#abort?.abort();
		const abort = new AbortController();
		this.#abort = abort;
		this.bibleRef = bibleRef;
		this.books = books;
		this.bookRef = bookRef;
		this.chapterNumber = chapter;
		this.problem = null;
		this.evicted = false;
		this.notKept = '';
		this.raw = null;
		this.rawProblem = null;
		this.demoLoad = null;
		const book = books.find((b) => b.ref === bookRef);
		if (!book || !Number.isInteger(chapter) || chapter < 1 || chapter > book.chaptersCount) {
			this.chapter = null;
			this.shown = '';
			this.status = 'not-found';
			return;
		}
		const client = this.#connection.client();
		const cache = bibleCache(client.options.baseUrl);
		const cached = await cache.get(bibleRef, bookRef, chapter).catch(() => undefined);
		if (request !== this.#request) return;
		if (cached) {
			this.chapter = cached.data;
			this.shown = `${bookRef} ${chapter}`;
			this.source = 'cache';
			this.status = 'ready';
			if (this.#remember) this.#read(bibleRef, bookRef, chapter);
			return;
		}
		const marks: OfflineMarks = await cache
			.marks(bibleRef)
			.catch(() => ({ books: [], translation: false }));
		if (request !== this.#request) return;
		this.evicted = marks.translation || marks.books.includes(bookRef);
		this.chapter = null;
		this.shown = '';
		if (!online()) {
			this.status = 'not-downloaded';
			return;
		}
		this.status = 'loading';
		try {
			const answer = await getChapter(client, bibleRef, bookRef, chapter, {
				signal: abort.signal,
				timeoutMs: CHAPTER_TIMEOUT_MS,
				retry: false,
				onLoading: (progress) => {
					if (request === this.#request) this.demoLoad = progress;
				}
			});
			if (request !== this.#request) return;
			this.demoLoad = null;
			this.chapter = answer.chapter;
			this.shown = `${bookRef} ${chapter}`;
			this.source = 'network';
			this.status = 'ready';
			if (this.#remember) this.#read(bibleRef, bookRef, chapter);
			// Every chapter read is kept; a full disk only means it is not kept, and the reader says so
			// (the chapters kept before are untouched: each is its own record).
			await cache
				.put(bibleRef, bookRef, chapter, answer.chapter, answer.bytes)
				.catch((error: unknown) => {
					if (request === this.#request) this.notKept = isQuotaError(error) ? 'full' : 'refused';
				});
		} catch (error) {
			if (!isApiProblem(error)) throw error;
			if (request !== this.#request || error.kind === 'aborted') return;
			this.demoLoad = null;
			if (error.kind === 'http' && error.status === 404) this.status = 'not-found';
			else if (error.kind === 'network' && !online()) this.status = 'not-downloaded';
			else {
				this.problem = error;
				this.status = 'problem';
			}
		}
	}

	#read(bibleRef: string, bookRef: string, chapter: number): void {
		savePosition(bibleRef, { bookRef, chapter });
		const name = this.books.find((b) => b.ref === bookRef)?.name ?? bookRef;
		recordActivity('bible', `Read ${name} ${chapter} (${bibleRef})`);
	}

	/** The same chapter in JSON, XML or YAML as the server sent it; shown, never cached. */
	async showRaw(format: RawFormat): Promise<void> {
		this.rawProblem = null;
		try {
			this.raw = await getRaw(
				this.#connection.client(),
				chapterPath(this.bibleRef, this.bookRef, this.chapterNumber),
				format
			);
		} catch (error) {
			if (!isApiProblem(error)) throw error;
			this.raw = null;
			this.rawProblem = error;
		}
	}

	setFontStep(step: number): void {
		this.fontStep = Math.max(0, Math.min(FONT_SIZES.length - 1, step));
		saveFontStep(this.fontStep);
	}

	setTheme(theme: Theme): void {
		this.theme = theme;
		saveTheme(theme);
	}
}
