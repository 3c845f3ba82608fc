import { recordActivity } from '$lib/settings/activity';
import type { LoadProgress } from '$lib/http/client';
import { isApiProblem, type ApiProblem } from '$lib/http/problem';
import type { AreaSession } from '$lib/settings/area-session.svelte';
import { abortedProblem, type AsyncResult } from '$lib/ui/async-result.svelte';
import { getChapter, getRaw, chapterPath, type RawAnswer, type RawFormat } from '../api';
import { bibleCache, isQuotaError, type OfflineMarks } from '../offline/cache';
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

/** What the reader has for the chapter asked for: the chapter, or why it is not there. */
export type ChapterAnswer =
	| {
			readonly kind: 'ready';
			readonly chapter: Chapter;
			/** Which chapter it is ("John 3"): the book and number asked for lead it. */
			readonly shown: string;
			readonly source: 'cache' | 'network';
	  }
	| { readonly kind: 'not-downloaded' | 'not-found' };

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
	/** The chapter asked for, from this device or the server; the latest one asked for wins. */
	readonly answer: AsyncResult<ChapterAnswer>;
	/** The book was kept offline, yet this chapter is gone from the device. */
	evicted = $state(false);
	/** A chapter from the server that could not be kept: storage full, or refused. */
	notKept = $state<'' | 'full' | 'refused'>('');
	fontStep = $state(loadFontStep());
	theme = $state<Theme>(loadTheme());
	/** Show each verse's text as sent ("#", "[…]") instead of as a printed Bible shows it. */
	showMarks = $state(false);
	/** The chapter as the server sent it, in JSON, XML or YAML. */
	readonly raw: AsyncResult<RawAnswer>;
	books = $state<Book[]>([]);
	/** Demo data this chapter waits for (the demo's code, then its book), while it loads. */
	demoLoad = $state<LoadProgress | null>(null);
	/**
	 * The chapter asked for is not on this device and is being asked of the server. Until then
	 * (a quick look at this device), the chapter read before stays on screen.
	 */
	#fromServer = $state(false);
	readonly fontSize = $derived(FONT_SIZES[this.fontStep] ?? 1);
	readonly around: { prev?: Position; next?: Position } = $derived(
		neighbours(this.books, this.bookRef, this.chapterNumber)
	);
	readonly book: Book | undefined = $derived(this.books.find((b) => b.ref === this.bookRef));
	readonly #remember: boolean;
	readonly #session: AreaSession<'bible'>;

	get status(): ReaderStatus {
		const state = this.answer.state;
		switch (state.status) {
			case 'idle':
				return 'idle';
			case 'failed':
				return 'problem';
			case 'ready':
				return state.value.kind;
			case 'loading':
				return this.#fromServer ? 'loading' : (state.previous?.kind ?? 'idle');
		}
	}

	/** The chapter on screen, if one is. */
	get #ready(): Extract<ChapterAnswer, { kind: 'ready' }> | undefined {
		const value = this.answer.value;
		return this.status === 'ready' && value?.kind === 'ready' ? value : undefined;
	}

	get chapter(): Chapter | null {
		return this.#ready?.chapter ?? null;
	}

	/** Which chapter `chapter` is ("John 3"), set with it. */
	get shown(): string {
		return this.#ready?.shown ?? '';
	}

	get source(): 'cache' | 'network' | null {
		return this.#ready?.source ?? null;
	}

	get problem(): ApiProblem | null {
		return this.answer.problem ?? null;
	}

	/** `remember: false` for a second translation beside the first: it is not "where I am reading". */
	constructor(session: AreaSession<'bible'>, options: { remember?: boolean } = {}) {
		this.#session = session;
		this.#remember = options.remember ?? true;
		this.answer = session.result<ChapterAnswer>();
		this.raw = session.result<RawAnswer>();
	}

	async open(bibleRef: string, books: Book[], bookRef: string, chapter: number): Promise<void> {
		this.bibleRef = bibleRef;
		this.books = books;
		this.bookRef = bookRef;
		this.chapterNumber = chapter;
		this.evicted = false;
		this.notKept = '';
		this.raw.reset();
		this.demoLoad = null;
		this.#fromServer = false;
		const book = books.find((b) => b.ref === bookRef);
		if (!book || !Number.isInteger(chapter) || chapter < 1 || chapter > book.chaptersCount) {
			this.answer.set({ kind: 'not-found' });
			return;
		}
		// After a failure, nothing of the chapter before stands for this one.
		if (this.answer.problem) this.answer.reset();
		const client = this.#session.client();
		const cache = bibleCache(client.options.baseUrl);
		const shown = `${bookRef} ${chapter}`;
		let bytes = 0;
		const outcome = await this.answer.run(async (signal): Promise<ChapterAnswer> => {
			const cached = await cache.get(bibleRef, bookRef, chapter).catch(() => undefined);
			if (cached) return { kind: 'ready', chapter: cached.data, shown, source: 'cache' };
			const marks: OfflineMarks = await cache
				.marks(bibleRef)
				.catch(() => ({ books: [], translation: false }));
			if (signal.aborted) throw abortedProblem();
			this.evicted = marks.translation || marks.books.includes(bookRef);
			if (!online()) return { kind: 'not-downloaded' };
			this.#fromServer = true;
			try {
				const answer = await getChapter(client, bibleRef, bookRef, chapter, {
					signal,
					timeoutMs: CHAPTER_TIMEOUT_MS,
					retry: false,
					onLoading: (progress) => {
						if (!signal.aborted) this.demoLoad = progress;
					}
				});
				bytes = answer.bytes;
				return { kind: 'ready', chapter: answer.chapter, shown, source: 'network' };
			} catch (error) {
				if (!isApiProblem(error) || error.kind === 'aborted') throw error;
				if (error.kind === 'http' && error.status === 404) return { kind: 'not-found' };
				if (error.kind === 'network' && !online()) return { kind: 'not-downloaded' };
				throw error;
			}
		});
		// Over, unless a newer chapter is being asked for.
		if (!this.answer.loading) {
			this.demoLoad = null;
			this.#fromServer = false;
		}
		if (!outcome.shown || outcome.value.kind !== 'ready') return;
		const value = outcome.value;
		if (this.#remember) this.#read(bibleRef, bookRef, chapter);
		if (value.source !== 'network') return;
		// Every chapter read is kept; a full disk only means it is not kept, and the reader says so
		// (the chapters kept before are untouched: each is its own record).
		await cache.put(bibleRef, bookRef, chapter, value.chapter, bytes).catch((error: unknown) => {
			if (this.answer.value === value) this.notKept = isQuotaError(error) ? 'full' : 'refused';
		});
	}

	/**
	 * Reads the chapters either side of this one from this device into memory, so that moving to
	 * one ("Next chapter") draws it in the same task, without waiting for the database.
	 */
	async readAhead(): Promise<void> {
		const { prev, next } = this.around;
		const around = [next, prev].filter((p): p is Position => !!p);
		if (!this.bibleRef || !around.length) return;
		const cache = bibleCache(this.#session.client().options.baseUrl);
		await cache.readAhead(this.bibleRef, around).catch(() => undefined);
	}

	#read(bibleRef: string, bookRef: string, chapter: number): void {
		savePosition(bibleRef, { bookRef, chapter });
		const name = this.books.find((b) => b.ref === bookRef)?.name ?? bookRef;
		recordActivity('bible', `Read ${name} ${chapter} (${bibleRef})`);
	}

	/** The same chapter in JSON, XML or YAML as the server sent it; shown, never cached. */
	async showRaw(format: RawFormat): Promise<void> {
		const path = chapterPath(this.bibleRef, this.bookRef, this.chapterNumber);
		await this.raw.run((signal) => getRaw(this.#session.client(), path, format, signal));
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
