import type { HttpClient } from '$lib/http/client';
import { hintFor } from '$lib/http/hints';
import { ApiProblem, isApiProblem } from '$lib/http/problem';
import * as v from 'valibot';
import { getBible, listBibles } from './api';
import { bibleCache } from './chapter-cache';
import { BibleSchema, booksInOrder, type Bible, type BibleDetail, type Book } from './schemas';

const online = () => typeof navigator === 'undefined' || navigator.onLine;

/** Offline with nothing saved: say so plainly rather than show an empty page. */
function notSavedOffline(what: string): ApiProblem {
	return new ApiProblem({
		kind: 'network',
		message: `You are offline, and ${what} has not been saved on this device yet.`,
		hint: hintFor({ kind: 'network' })
	});
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
	#revision = -1;
	#loaded = false;

	/**
	 * Loads the translations once per settings revision (a changed connection starts afresh);
	 * `force` loads again (Try again).
	 */
	async load(client: HttpClient, revision = 0, force = false): Promise<void> {
		if (revision !== this.#revision) {
			this.#revision = revision;
			this.detail = null;
			this.detailProblem = null;
		} else if (!force && (this.#loaded || this.loading)) return;
		this.#loaded = true;
		this.loading = true;
		this.problem = null;
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

	async openTranslation(client: HttpClient, bibleRef: string): Promise<BibleDetail | null> {
		if (this.detail?.ref === bibleRef && !this.detailProblem) return this.detail;
		const request = ++this.#detailRequest;
		this.detailLoading = true;
		this.detailProblem = null;
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

/** One library for the whole Bible area, so moving between pages keeps what was loaded. */
export const library = new LibraryState();
