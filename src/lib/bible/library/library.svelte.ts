import { hintFor } from '$lib/http/hints';
import { ApiProblem, isApiProblem } from '$lib/http/problem';
import { untrack } from 'svelte';
import * as v from 'valibot';
import { getBible, listBibles } from '../api';
import { bibleCache } from '../offline/cache';
import type { BibleConnection } from '../connection';
import type { OfflineState } from '../offline/offline.svelte';
import { lastTranslation } from '../prefs';
import type { ReaderState } from '../reader/reader.svelte';
import { BibleSchema, booksInOrder, type Bible, type BibleDetail, type Book } from '../schemas';

const online = () => typeof navigator === 'undefined' || navigator.onLine;

/** Offline with nothing saved: say so plainly rather than show an empty page. */
function notSavedOffline(what: string): ApiProblem {
	return new ApiProblem({
		kind: 'network',
		message: `You are offline, and ${what} has not been saved on this device yet.`,
		hint: hintFor({ kind: 'network' })
	});
}

/** What `LibraryState.show` loads, in its order. */
export interface Showing {
	/** The translation; none: the one read last, or the server's first. */
	bibleRef?: string;
	/** The chapter a reader opens once the translation's books are known. */
	reader?: { state: ReaderState; bookRef: string; chapter: number };
	/** Checks what of the translation is kept on this device, once it is open. */
	offline?: OfflineState;
	/** Loads the list of translations (a translation shown beside another needs none). */
	list?: boolean;
	/** Try again: load the list even if it was loaded. */
	force?: boolean;
}

/** The translations, and the books of the one being looked at. Works offline from what was saved. */
export class LibraryState {
	bibles = $state<Bible[]>([]);
	loading = $state(false);
	/** The list has been asked for and answered (or failed) at least once. */
	listSettled = $state(false);
	problem = $state<ApiProblem | null>(null);
	detail = $state<BibleDetail | null>(null);
	detailLoading = $state(false);
	detailProblem = $state<ApiProblem | null>(null);
	/** The translation's book list came from this device, not the server. */
	detailFromCache = $state(false);
	/** Books in the order of their `order` field. */
	readonly books: Book[] = $derived(this.detail ? booksInOrder(this.detail.books) : []);
	#detailRequest = 0;
	#loaded = false;
	readonly #connection: BibleConnection;

	constructor(connection: BibleConnection) {
		this.#connection = connection;
	}

	/**
	 * The Bible's load sequence, the same for the library page and the reader: the list of
	 * translations, the translation, then its chapter. Nothing it reads is tracked, so an `$effect`
	 * calling this runs again for what it was given (another chapter, a new area after Settings
	 * changed), not when what it loads arrives.
	 */
	show(showing: Showing): Promise<void> {
		return untrack(() => this.#show(showing));
	}

	async #show({ bibleRef, reader, offline, list = true, force = false }: Showing): Promise<void> {
		if (reader) {
			// The chapter first; the list of translations once it is on screen, not before.
			const detail = bibleRef ? await this.openTranslation(bibleRef) : null;
			if (!detail || !bibleRef) return;
			await reader.state.open(bibleRef, this.books, reader.bookRef, reader.chapter);
			if (offline) void offline.check(detail.ref, this.books);
			if (list) void this.load(force);
			return;
		}
		const listed = list ? this.load(force) : Promise.resolve();
		// Without a translation asked for, the list says which one to open.
		if (!bibleRef) await listed;
		const ref = this.current(bibleRef);
		if (!ref) return;
		const detail = await this.openTranslation(ref);
		if (detail && offline) void offline.check(detail.ref, this.books);
	}

	/** The translation shown: the one asked for, else the one read last, else the server's first. */
	current(bibleRef?: string): string | undefined {
		return (
			bibleRef ?? this.bibles.find((b) => b.ref === lastTranslation())?.ref ?? this.bibles[0]?.ref
		);
	}

	/** Loads the translations once (the library is its connection's); `force` loads again (Try again). */
	async load(force = false): Promise<void> {
		if (!force && (this.#loaded || this.loading)) return;
		this.#loaded = true;
		this.loading = true;
		this.problem = null;
		const client = this.#connection.client();
		const cache = bibleCache(client.options.baseUrl);
		let failure: ApiProblem | null = null;
		try {
			if (online()) {
				try {
					this.bibles = await listBibles(client);
					void cache.setMeta('bibles', $state.snapshot(this.bibles)).catch(() => undefined);
					return;
				} catch (error) {
					if (!isApiProblem(error)) throw error;
					failure = error;
				}
			}
			const saved = v.safeParse(
				v.array(BibleSchema),
				await cache.getMeta('bibles').catch(() => undefined)
			);
			if (saved.success && saved.output.length) this.bibles = saved.output;
			else {
				this.problem = failure ?? notSavedOffline('the list of translations');
				this.#loaded = false;
			}
		} finally {
			this.loading = false;
			this.listSettled = true;
		}
	}

	async openTranslation(bibleRef: string): Promise<BibleDetail | null> {
		if (this.detail?.ref === bibleRef && !this.detailProblem) return this.detail;
		const request = ++this.#detailRequest;
		this.detailLoading = true;
		this.detailProblem = null;
		const client = this.#connection.client();
		const cache = bibleCache(client.options.baseUrl);
		try {
			let detail: BibleDetail | undefined;
			let fromCache = false;
			if (online()) {
				try {
					detail = await getBible(client, bibleRef);
					void cache.putDetail(detail).catch(() => undefined);
				} catch (error) {
					if (!isApiProblem(error)) throw error;
					detail = await cache.detail(bibleRef).catch(() => undefined);
					fromCache = true;
					if (!detail) throw error;
				}
			} else {
				detail = await cache.detail(bibleRef).catch(() => undefined);
				fromCache = true;
				if (!detail) throw notSavedOffline(`the book list of ${bibleRef}`);
			}
			if (request !== this.#detailRequest) return this.detail;
			this.detail = detail ?? null;
			this.detailFromCache = fromCache;
			return this.detail;
		} catch (error) {
			if (!isApiProblem(error)) throw error;
			if (request === this.#detailRequest) {
				this.detail = null;
				this.detailProblem = error;
			}
			return null;
		} finally {
			if (request === this.#detailRequest) this.detailLoading = false;
		}
	}

	book(bookRef: string): Book | undefined {
		return this.books.find((b) => b.ref === bookRef);
	}
}
