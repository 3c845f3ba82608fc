import { hintFor } from '$lib/http/hints';
import { ApiProblem, isApiProblem } from '$lib/http/problem';
import type { AreaSession } from '$lib/settings/area-session.svelte';
import type { AsyncResult } from '$lib/ui/async-result.svelte';
import { untrack } from 'svelte';
import * as v from 'valibot';
import { getBible, listBibles } from '../api';
import { bibleCache } from '../offline/cache';
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

/** A translation as the library shows it: its books, and whether they came from this device. */
export interface TranslationShown {
	detail: BibleDetail;
	/** The translation's book list came from this device, not the server. */
	fromCache: boolean;
}

/** The translations, and the books of the one being looked at. Works offline from what was saved. */
export class LibraryState {
	/** The list of translations: from the server, else as saved on this device. */
	readonly list: AsyncResult<Bible[]>;
	/** The translation being looked at, with its books. */
	readonly translation: AsyncResult<TranslationShown>;
	/** The list has been asked for and answered (or failed) at least once. */
	listSettled = $state(false);
	/** Books in the order of their `order` field. */
	readonly books: Book[] = $derived(this.detail ? booksInOrder(this.detail.books) : []);
	readonly #session: AreaSession<'bible'>;

	constructor(session: AreaSession<'bible'>) {
		this.#session = session;
		this.list = session.result<Bible[]>();
		this.translation = session.result<TranslationShown>();
	}

	get bibles(): Bible[] {
		return this.list.value ?? [];
	}

	/** The translation open, unless opening it failed. */
	get detail(): BibleDetail | null {
		return this.translation.problem ? null : (this.translation.value?.detail ?? null);
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
		if (!force && (this.list.ready || this.list.loading)) return;
		const client = this.#session.client();
		const cache = bibleCache(client.options.baseUrl);
		try {
			await this.list.run(async (signal) => {
				let failure: ApiProblem | null = null;
				if (online()) {
					try {
						const bibles = await listBibles(client, signal);
						void cache.setMeta('bibles', bibles).catch(() => undefined);
						return bibles;
					} catch (error) {
						if (!isApiProblem(error) || error.kind === 'aborted') throw error;
						failure = error;
					}
				}
				const saved = v.safeParse(
					v.array(BibleSchema),
					await cache.getMeta('bibles').catch(() => undefined)
				);
				if (saved.success && saved.output.length) return saved.output;
				throw failure ?? notSavedOffline('the list of translations');
			});
		} finally {
			this.listSettled = true;
		}
	}

	/** Opens a translation (its book list); null if it could not be, or another was asked for since. */
	async openTranslation(bibleRef: string): Promise<BibleDetail | null> {
		if (this.translation.ready && this.detail?.ref === bibleRef) return this.detail;
		const client = this.#session.client();
		const cache = bibleCache(client.options.baseUrl);
		const outcome = await this.translation.run(async (signal) => {
			if (!online()) {
				const saved = await cache.detail(bibleRef).catch(() => undefined);
				if (!saved) throw notSavedOffline(`the book list of ${bibleRef}`);
				return { detail: saved, fromCache: true };
			}
			try {
				const detail = await getBible(client, bibleRef, { signal });
				void cache.putDetail(detail).catch(() => undefined);
				return { detail, fromCache: false };
			} catch (error) {
				if (!isApiProblem(error) || error.kind === 'aborted') throw error;
				const saved = await cache.detail(bibleRef).catch(() => undefined);
				if (!saved) throw error;
				return { detail: saved, fromCache: true };
			}
		});
		return outcome.shown ? outcome.value.detail : null;
	}

	book(bookRef: string): Book | undefined {
		return this.books.find((b) => b.ref === bookRef);
	}
}
