// The search index of one API root's stored chapters: built from the chapter cache, kept in
// step as chapters are stored, saved to IndexedDB, dropped with its translation. Runs in the
// search worker (search.worker.ts), and as a reader in the page (client.ts); plain code, so unit
// tests drive it directly. Matching is in verse-index.ts; the request and answer types and the
// checks on stored records in records.ts.
import { del, get, promisifyRequest, set, type UseStore } from 'idb-keyval';
import { relaxedStore, bibleCache, cacheDbNames } from '../offline/cache';
import { booksInOrder, type BibleDetail } from '../schemas';
import {
	allowedBooks,
	isSnapshot,
	notStoredAnswer,
	snapshotBytes,
	type Coverage,
	type SearchAnswer,
	type SearchHit,
	type SearchRequest
} from './records';
import { chapterLoader, readChapters, storedKeys } from './chapter-reads';
import { chapterKey, TranslationIndex } from './verse-index';
import type { ChapterText } from './verse-match';
import { collectWords, scanChapters } from './text-scan';

export type { Coverage, SearchAnswer, SearchHit, SearchRequest } from './records';

interface Loaded {
	index: TranslationIndex;
	detail?: BibleDetail;
}

export interface EngineOptions {
	saveDelayMs?: number;
	/**
	 * The page's copy: it answers from saved indexes only and never builds, scans, saves or
	 * deletes, so a search in the page never holds it for long. The worker answers the rest.
	 */
	reader?: boolean;
}

/** Chapters read in one go when a loaded index takes in its texts (see #keepTexts). */
const TEXT_BATCH = 50;
/** A reader adds at most this many chapters stored since the index was saved (a few ms). */
const READER_MAX_ADDED = 24;

/** A reader cannot take this translation: no saved index, or one far behind what is stored. */
class NotSaved extends Error {}

export class SearchEngine {
	readonly #apiRoot: string;
	readonly #chapters: UseStore;
	readonly #indexes: UseStore;
	readonly #loaded = new Map<string, Loaded>();
	/** Stored text read for searches made before the index was loaded (dropped once it is). */
	readonly #scanned = new Map<string, Promise<ChapterText[]>>();
	/** Scanned texts whose words are being noted, strict and accent-folded (see collectWords). */
	readonly #collecting = [new WeakSet<ChapterText[]>(), new WeakSet<ChapterText[]>()];
	/** Every operation in turn, so a search sees every chapter stored before it was asked. */
	#queue: Promise<unknown> = Promise.resolve();
	readonly #dirty = new Set<string>();
	/** The last read of the stored translations (see #storedForSearch). */
	#storedList: Promise<string[]> | undefined;
	#savedList: Promise<Set<string>> | undefined;
	#saveTimer: ReturnType<typeof setTimeout> | undefined;
	#firstDirtyAt = 0;
	readonly #saveDelayMs: number;
	readonly #reader: boolean;
	/** Told when the index of a translation changed (status for the page). */
	onIndexed?: (
		bibleRef: string,
		chapters: number,
		ms: number,
		phases?: Record<string, number>
	) => void;
	/** Told when a translation's index was written to IndexedDB (the page's reader may load it). */
	onSaved?: (bibleRef: string) => void;

	constructor(apiRoot: string, options: EngineOptions = {}) {
		this.#apiRoot = apiRoot;
		const names = cacheDbNames(apiRoot);
		this.#chapters = relaxedStore(names.chapters, 'chapters');
		this.#indexes = relaxedStore(names.search, 'indexes');
		this.#saveDelayMs = options.saveDelayMs ?? 1500;
		this.#reader = options.reader ?? false;
	}

	/** Translations whose index is in memory here. */
	get loadedCount(): number {
		return this.#loaded.size;
	}

	#run<T>(task: () => Promise<T>): Promise<T> {
		const next = this.#queue.then(task, task);
		this.#queue = next.catch(() => undefined);
		return next;
	}

	async #storedTranslations(): Promise<string[]> {
		return bibleCache(this.#apiRoot).translations();
	}

	/**
	 * The stored translations for a search as you type: the list read for the previous search,
	 * while a fresh read goes on for the next one. An IndexedDB read on every keypress was a
	 * good part of the time to an answer. Changes made in this tab drop the list at once (so
	 * their search waits for a fresh read); another tab's show from the next keypress.
	 */
	#storedForSearch(): Promise<string[]> {
		const previous = this.#storedList;
		const fresh = this.#storedTranslations();
		this.#storedList = fresh;
		fresh.catch(() => {
			if (this.#storedList === fresh) this.#storedList = undefined;
		});
		return previous?.catch(() => fresh) ?? fresh;
	}

	/**
	 * The index of a translation: its saved snapshot (texts are read when a search needs them)
	 * plus any chapter stored since, or built afresh from the stored chapters.
	 */
	async #ensure(bibleRef: string): Promise<Loaded> {
		const have = this.#loaded.get(bibleRef);
		if (have) return have;
		const t0 = performance.now();
		const [raw, keys, detail] = await Promise.all([
			get<unknown>(bibleRef, this.#indexes).catch(() => undefined),
			storedKeys(this.#chapters, bibleRef),
			bibleCache(this.#apiRoot)
				.detail(bibleRef)
				.catch(() => undefined)
		]);
		const t1 = performance.now();
		const stored = new Set(keys.map((k) => chapterKey(k[1], k[2])));
		// A snapshot naming a chapter no longer stored (evicted) is out of date: rebuild.
		let index: TranslationIndex | undefined;
		if (isSnapshot(raw) && raw.chapters.every((k) => stored.has(k))) {
			try {
				index = TranslationIndex.load(raw);
			} catch {
				index = undefined; // damaged: rebuilt below
			}
		}
		const fromSnapshot = !!index;
		index ??= new TranslationIndex();
		const t2 = performance.now();
		const missing = keys.filter((k) => !index.hasChapter(k[1], k[2]));
		if (this.#reader && (!fromSnapshot || missing.length > READER_MAX_ADDED))
			throw new NotSaved(bibleRef);
		if (missing.length) {
			const records = fromSnapshot
				? await chapterLoader(this.#chapters, bibleRef)(missing.map((k) => [k[1], k[2]]))
				: await readChapters(this.#chapters, bibleRef);
			for (const c of records) index.addChapter(c.book, c.chapter, c.verses);
		}
		const loaded: Loaded = { index, detail };
		this.#loaded.set(bibleRef, loaded);
		// A saved index holds no text: take the cold start's scan, or read it now off the queue, so
		// phrases and the verses shown need not wait for IndexedDB on every search.
		if (fromSnapshot) void this.#keepTexts(bibleRef, index, keys);
		this.#scanned.delete(bibleRef);
		if (missing.length || (raw !== undefined && !fromSnapshot)) this.#markDirty(bibleRef);
		const t3 = performance.now();
		this.onIndexed?.(bibleRef, index.chapterCount, t3 - t0, {
			keys: t1 - t0,
			snapshot: t2 - t1,
			add: t3 - t2,
			fromSnapshot: fromSnapshot ? 1 : 0
		});
		return loaded;
	}

	/**
	 * Loads or builds the index of every stored translation; drops indexes of deleted ones. A
	 * reader loads the saved ones it can take, and leaves the rest to the worker.
	 */
	sync(): Promise<void> {
		return this.#run(async () => {
			const refs = await this.#storedTranslations();
			if (this.#reader) {
				for (const ref of refs) await this.#ensure(ref).catch(() => undefined);
				return;
			}
			for (const ref of refs) await this.#ensure(ref);
			const saved = (await this.#indexes('readonly', (store) =>
				promisifyRequest(store.getAllKeys())
			)) as string[];
			for (const ref of saved) if (!refs.includes(ref)) await del(ref, this.#indexes);
			this.#savedList = undefined;
		});
	}

	/** Chapters were stored: index them (replacing any earlier text). */
	chaptersStored(bibleRef: string, keys: readonly [string, number][]): Promise<void> {
		this.#scanned.delete(bibleRef);
		this.#storedList = undefined;
		return this.#run(async () => {
			const loaded = this.#loaded.get(bibleRef);
			if (!loaded) {
				// Reads every stored chapter, these included (a reader waits for the saved index).
				if (!this.#reader) await this.#ensure(bibleRef);
				return;
			}
			const t0 = performance.now();
			for (const c of await chapterLoader(this.#chapters, bibleRef)(keys))
				loaded.index.addChapter(c.book, c.chapter, c.verses);
			if (!loaded.detail)
				loaded.detail = await bibleCache(this.#apiRoot)
					.detail(bibleRef)
					.catch(() => undefined);
			this.#markDirty(bibleRef);
			this.onIndexed?.(bibleRef, loaded.index.chapterCount, performance.now() - t0);
		});
	}

	/** The translation was deleted from this device: so is its index. */
	translationDeleted(bibleRef: string): Promise<void> {
		this.#scanned.delete(bibleRef);
		this.#storedList = undefined;
		return this.#run(async () => {
			this.#loaded.delete(bibleRef);
			this.#dirty.delete(bibleRef);
			if (this.#reader) return;
			await del(bibleRef, this.#indexes);
			this.#savedList = undefined;
			this.onIndexed?.(bibleRef, 0, 0);
		});
	}

	#markDirty(bibleRef: string): void {
		if (this.#reader) return; // the worker saves
		if (!this.#dirty.size) this.#firstDirtyAt = Date.now();
		this.#dirty.add(bibleRef);
		clearTimeout(this.#saveTimer);
		// Saved once chapters stop arriving; during a long download at least every 15 s.
		const wait = Math.max(0, Math.min(this.#saveDelayMs, this.#firstDirtyAt + 15_000 - Date.now()));
		this.#saveTimer = setTimeout(() => void this.save(), wait);
	}

	/** Writes the changed indexes to IndexedDB now. */
	save(): Promise<void> {
		clearTimeout(this.#saveTimer);
		return this.#run(async () => {
			for (const ref of [...this.#dirty]) {
				const loaded = this.#loaded.get(ref);
				this.#dirty.delete(ref);
				if (loaded) await set(ref, loaded.index.snapshot(), this.#indexes);
				this.#savedList = undefined;
				if (loaded) this.onSaved?.(ref);
			}
		});
	}

	/** Bytes of the saved indexes (UTF-16 strings counted as UTF-8-ish: one byte per char). */
	async storedIndexBytes(): Promise<Record<string, number>> {
		await this.#queue;
		const out: Record<string, number> = {};
		const refs = (await this.#indexes('readonly', (store) =>
			promisifyRequest(store.getAllKeys())
		)) as string[];
		for (const ref of refs) {
			const s = await get<unknown>(ref, this.#indexes);
			if (isSnapshot(s)) out[ref] = snapshotBytes(s);
		}
		return out;
	}

	/**
	 * Gives a loaded index its texts in steps: all at once, a search asked meanwhile would wait
	 * for all of it, and in the page a whole book (Psalms) was a task of about 100 ms.
	 */
	async #keepTexts(
		bibleRef: string,
		index: TranslationIndex,
		keys: readonly [string, string, number][]
	): Promise<void> {
		const scanned = this.#scanned.get(bibleRef);
		if (scanned) return index.keepTexts(await scanned.catch(() => []));
		const load = chapterLoader(this.#chapters, bibleRef);
		for (let at = 0; at < keys.length; at += TEXT_BATCH) {
			const batch = keys.slice(at, at + TEXT_BATCH).map((k): [string, number] => [k[1], k[2]]);
			index.keepTexts(await load(batch).catch(() => []));
		}
	}

	/** Every stored chapter of a translation, read once for the searches of a cold start. */
	#storedText(bibleRef: string): Promise<ChapterText[]> {
		let text = this.#scanned.get(bibleRef);
		if (!text) {
			text = readChapters(this.#chapters, bibleRef);
			this.#scanned.set(bibleRef, text);
			text.catch(() => this.#scanned.delete(bibleRef));
		}
		return text;
	}

	/**
	 * Translations with a saved index, read once: this engine's saves and deletes read it again.
	 * Another tab's change shows on the next cold start; meanwhile its searches still answer right.
	 */
	#savedIndexes(): Promise<Set<string>> {
		this.#savedList ??= this.#indexes('readonly', (store) => promisifyRequest(store.getAllKeys()))
			.then((keys) => new Set(keys as string[]))
			.catch(() => new Set<string>());
		return this.#savedList;
	}

	/**
	 * A saved index loads in tens of milliseconds, so a search waits for it. Building one (a
	 * translation just stored, or its saved index lost) takes a second or more for a whole Bible:
	 * until then its stored text is scanned instead, without waiting in line behind the building.
	 * The text decides every match either way (see TranslationIndex.search), so both give the same
	 * answer.
	 */
	async search(request: SearchRequest): Promise<SearchAnswer> {
		if (this.#reader) throw new Error('A reader answers through searchLoaded');
		const [stored, saved] = await Promise.all([this.#storedForSearch(), this.#savedIndexes()]);
		const warm = stored.every((ref) => this.#loaded.has(ref) || saved.has(ref));
		// The list read once per search: a second read in line behind it cost a few ms a keypress.
		return warm
			? this.#run(() => this.#answer(request, stored, true))
			: this.#answer(request, stored, false);
	}

	/**
	 * A reader's answer, in the same task when every stored translation's index is loaded here
	 * (no wait for another thread); undefined otherwise, and the worker answers.
	 */
	async searchLoaded(request: SearchRequest): Promise<SearchAnswer | undefined> {
		const stored = await this.#storedForSearch();
		if (!stored.every((ref) => this.#loaded.has(ref))) return undefined;
		return this.#run(() => this.#answer(request, stored, true));
	}

	async #answer(
		request: SearchRequest,
		stored: readonly string[],
		useIndex: boolean
	): Promise<SearchAnswer> {
		const refs = request.translation
			? stored.filter((r) => r.toLowerCase() === request.translation!.toLowerCase())
			: stored;
		if (request.translation && !refs.length) {
			const detail = await bibleCache(this.#apiRoot)
				.detail(request.translation)
				.catch(() => undefined);
			return notStoredAnswer(request.translation, detail);
		}
		const hits: SearchHit[] = [];
		const coverage: Coverage[] = [];
		let total = 0;
		let bookFound = request.book === undefined;
		for (const ref of refs) {
			const loaded = useIndex ? await this.#ensure(ref) : this.#loaded.get(ref);
			const detail =
				loaded?.detail ??
				(await bibleCache(this.#apiRoot)
					.detail(ref)
					.catch(() => undefined));
			const books = booksInOrder(detail?.books ?? []);
			const order = new Map(books.map((b, i) => [b.ref, i]));
			const names = new Map(books.map((b) => [b.ref, b.name]));
			const { allowed, found: named } = allowedBooks(books, request);
			if (named) bookFound = true;
			const options = { loose: request.loose, books: allowed };
			const sortKey = (doc: { book: string; chapter: number; verse: string }) =>
				(order.get(doc.book) ?? 999) * 1e6 + doc.chapter * 1e3 + (parseInt(doc.verse) || 0);
			const limit = Math.max(0, request.limit - hits.length);
			const text = loaded ? undefined : await this.#storedText(ref);
			const found = loaded
				? await loaded.index.search(
						request.query,
						options,
						sortKey,
						limit,
						chapterLoader(this.#chapters, ref)
					)
				: scanChapters(text ?? [], request.query, options, sortKey, limit);
			if (text && !this.#collecting[Number(options.loose)]!.has(text)) {
				this.#collecting[Number(options.loose)]!.add(text);
				void collectWords(text, options.loose);
			}
			total += found.total;
			for (const h of found.hits)
				hits.push({ ...h, bibleRef: ref, bookName: names.get(h.book) ?? h.book });
			coverage.push({
				bibleRef: ref,
				name: detail?.name ?? ref,
				chapters: loaded ? loaded.index.chapterCount : (text?.length ?? 0),
				total: detail ? books.reduce((n, b) => n + b.chaptersCount, 0) : undefined
			});
		}
		if (!bookFound)
			return {
				ok: false as const,
				message: `No book called “${request.book ?? ''}” in the translations searched. Choose one from the Book list.`
			};
		return { ok: true as const, hits, total, coverage };
	}
}
