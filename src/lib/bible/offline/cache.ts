import { createStore, del, get, promisifyRequest, set, type UseStore } from 'idb-keyval';
import * as v from 'valibot';
import { isQuotaExceeded } from '$lib/ui/storage-faults';
import { chapterChanged, type ChapterChange } from '../search/changes';
import { BibleDetailSchema, ChapterSchema, type BibleDetail, type Chapter } from '../schemas';

/** A chapter's key: [bibleRef, bookRef, chapter]. Refs are case-sensitive, as the API's are. */
export type ChapterKey = [bibleRef: string, bookRef: string, chapter: number];

/** One record per chapter, written with a single put in one transaction: it is there whole or not at all. */
const StoredChapterSchema = v.object({
	v: v.literal(1),
	bibleRef: v.string(),
	bookRef: v.string(),
	chapter: v.number(),
	/** Size of the JSON answer as received, in bytes. */
	bytes: v.number(),
	storedAt: v.number(),
	data: ChapterSchema
});
export type StoredChapter = v.InferOutput<typeof StoredChapterSchema>;

/** What the user asked to keep offline, and whether it was verified complete. */
export interface OfflineMarks {
	/** Book refs verified complete. */
	books: string[];
	/** The whole translation verified complete. */
	translation: boolean;
	/** When each book (by ref) was last verified complete, ms since the epoch. */
	bookDates?: Record<string, number>;
	/** When the whole translation was last verified complete. */
	translationDate?: number;
}

const MarksSchema = v.object({
	books: v.array(v.string()),
	translation: v.boolean(),
	bookDates: v.optional(v.record(v.string(), v.number())),
	translationDate: v.optional(v.number())
});

/** A write refused for lack of space: the app's one test of it (storage-faults.ts). */
export const isQuotaError = isQuotaExceeded;

/**
 * idb-keyval's store with relaxed durability: a cache need not wait for the disk flush on every
 * commit. Each transaction is still atomic, so a record is there whole or not at all; after a
 * crash the last few chapters may be missing, which the completeness check and resume handle.
 */
export function relaxedStore(dbName: string, storeName: string): UseStore {
	if (typeof indexedDB === 'undefined') return createStore(dbName, storeName);
	const db = openWithStore(dbName, storeName);
	return (txMode, callback) =>
		db.then((database) =>
			callback(
				database.transaction(storeName, txMode, { durability: 'relaxed' }).objectStore(storeName)
			)
		);
}

/**
 * Opens the database so that it has the store. A database that exists without it (opened bare by
 * a debugging tool or an extension) would otherwise fail every read and write for good, and the
 * cache and saved search index would silently never be used; it is upgraded by one version instead.
 */
async function openWithStore(dbName: string, storeName: string): Promise<IDBDatabase> {
	const open = (version?: number) => {
		const request = indexedDB.open(dbName, version);
		request.onupgradeneeded = () => {
			if (!request.result.objectStoreNames.contains(storeName))
				request.result.createObjectStore(storeName);
		};
		return promisifyRequest(request);
	};
	const db = await open();
	if (db.objectStoreNames.contains(storeName)) return db;
	const version = db.version + 1;
	db.close();
	return open(version);
}

/**
 * Chapters read at once for the storage figures: about 100 KB of a Bible's text. A page of 100
 * took 50–60 ms of the main thread here, long enough to make the page stutter.
 */
const USAGE_PAGE = 25;

const bibleRange = (bibleRef: string) => IDBKeyRange.bound([bibleRef], [bibleRef, []]);
const bookRange = (bibleRef: string, bookRef: string) =>
	IDBKeyRange.bound([bibleRef, bookRef], [bibleRef, bookRef, []]);

/**
 * The offline chapter cache in IndexedDB (idb-keyval). Chapters are read from here first.
 * A record that does not validate (written by something else, damaged) counts as missing.
 */
export class ChapterCache {
	readonly #chapters: UseStore;
	readonly #meta: UseStore;
	readonly #onChange: ((change: ChapterChange) => void) | undefined;

	constructor(stores?: {
		chapters: UseStore;
		meta: UseStore;
		/** Told after chapters are stored or a translation deleted (the search index follows). */
		onChange?: (change: ChapterChange) => void;
	}) {
		this.#chapters = stores?.chapters ?? relaxedStore('bible-chapters', 'chapters');
		this.#meta = stores?.meta ?? createStore('bible-offline', 'meta');
		this.#onChange = stores?.onChange;
	}

	/**
	 * Chapters read ahead of their `get` (the next chapter and the one before, while one is read),
	 * by "bibleRef bookRef chapter": each is taken by its `get`, and all go at any write.
	 */
	readonly #ahead = new Map<string, StoredChapter>();
	/** The reads ahead under way: a write marks them, and what a marked one found is not kept. */
	readonly #reading = new Set<{ overwritten: boolean }>();

	#written(): void {
		this.#ahead.clear();
		for (const read of this.#reading) read.overwritten = true;
	}

	/**
	 * The stored chapter, or undefined. One read ahead (`readAhead`) is answered from memory, in
	 * the same task: the chapter asked for next is drawn without waiting for the database.
	 */
	async get(
		bibleRef: string,
		bookRef: string,
		chapter: number
	): Promise<StoredChapter | undefined> {
		const ahead = `${bibleRef} ${bookRef} ${chapter}`;
		const kept = this.#ahead.get(ahead);
		if (kept) {
			this.#ahead.delete(ahead);
			return kept;
		}
		return this.#read(bibleRef, bookRef, chapter);
	}

	/**
	 * Reads up to two stored chapters into memory for their next `get` (what was read ahead before
	 * goes); a chapter not stored is not kept.
	 */
	async readAhead(
		bibleRef: string,
		chapters: readonly { bookRef: string; chapter: number }[]
	): Promise<void> {
		const read = { overwritten: false };
		this.#reading.add(read);
		const wanted = chapters.slice(0, 2);
		const found = await Promise.all(
			wanted.map((c) => this.#read(bibleRef, c.bookRef, c.chapter).catch(() => undefined))
		).finally(() => this.#reading.delete(read));
		if (read.overwritten) return;
		this.#ahead.clear();
		wanted.forEach((c, i) => {
			const record = found[i];
			if (record) this.#ahead.set(`${bibleRef} ${c.bookRef} ${c.chapter}`, record);
		});
	}

	async #read(
		bibleRef: string,
		bookRef: string,
		chapter: number
	): Promise<StoredChapter | undefined> {
		const key: ChapterKey = [bibleRef, bookRef, chapter];
		const raw = await get<unknown>(key, this.#chapters);
		if (raw === undefined) return undefined;
		const parsed = v.safeParse(StoredChapterSchema, raw);
		if (
			parsed.success &&
			parsed.output.bibleRef === bibleRef &&
			parsed.output.bookRef === bookRef &&
			parsed.output.chapter === chapter
		)
			return parsed.output;
		this.#written();
		await del(key, this.#chapters).catch(() => undefined);
		return undefined;
	}

	/** Stores a validated chapter as one record in one transaction. Rejects (e.g. quota) with nothing written. */
	async put(
		bibleRef: string,
		bookRef: string,
		chapter: number,
		data: Chapter,
		bytes: number
	): Promise<void> {
		const record: StoredChapter = v.parse(StoredChapterSchema, {
			v: 1,
			bibleRef,
			bookRef,
			chapter,
			bytes,
			storedAt: Date.now(),
			data
		});
		const key: ChapterKey = [bibleRef, bookRef, chapter];
		this.#written();
		await set(key, record, this.#chapters);
		this.#onChange?.({ bibleRef, stored: [[bookRef, chapter]] });
	}

	/**
	 * Stores several validated chapters in one transaction: all of them or, if it fails (quota),
	 * none. Every record is still one whole chapter.
	 */
	async putMany(
		bibleRef: string,
		chapters: readonly { bookRef: string; chapter: number; data: Chapter; bytes: number }[]
	): Promise<void> {
		const storedAt = Date.now();
		const records = chapters.map((c) =>
			v.parse(StoredChapterSchema, {
				v: 1,
				bibleRef,
				bookRef: c.bookRef,
				chapter: c.chapter,
				bytes: c.bytes,
				storedAt,
				data: c.data
			})
		);
		this.#written();
		await this.#chapters('readwrite', (store) => {
			for (const r of records)
				store.put(r, [r.bibleRef, r.bookRef, r.chapter] satisfies ChapterKey);
			return promisifyRequest(store.transaction);
		});
		this.#onChange?.({ bibleRef, stored: records.map((r) => [r.bookRef, r.chapter]) });
	}

	/** Keys of the stored chapters of a translation, or of one of its books. */
	async keys(bibleRef: string, bookRef?: string): Promise<ChapterKey[]> {
		const range = bookRef === undefined ? bibleRange(bibleRef) : bookRange(bibleRef, bookRef);
		return this.#chapters('readonly', (store) =>
			promisifyRequest(store.getAllKeys(range) as unknown as IDBRequest<ChapterKey[]>)
		);
	}

	/**
	 * Chapters stored and their size as received, per translation. Read a page of chapters at a
	 * time: reading a whole Bible's 5 MB in one go would hold the page still for a tenth of a second.
	 */
	async usage(bibleRef: string): Promise<{ chapters: number; bytes: number }> {
		let chapters = 0;
		let bytes = 0;
		let range = bibleRange(bibleRef);
		for (;;) {
			const [keys, records] = await this.#chapters('readonly', (store) =>
				Promise.all([
					promisifyRequest(store.getAllKeys(range, USAGE_PAGE)),
					promisifyRequest(store.getAll(range, USAGE_PAGE) as IDBRequest<Partial<StoredChapter>[]>)
				])
			);
			chapters += records.length;
			for (const r of records) bytes += typeof r.bytes === 'number' ? r.bytes : 0;
			if (records.length < USAGE_PAGE) return { chapters, bytes };
			range = IDBKeyRange.bound(keys.at(-1), [bibleRef, []], true);
		}
	}

	/**
	 * Translations with at least one stored chapter. A key cursor jumps from one translation to the
	 * next instead of reading every chapter's key: every search asks, and a whole Bible is 1,189 keys.
	 */
	async translations(): Promise<string[]> {
		return this.#chapters('readonly', (store) => {
			const refs: string[] = [];
			const cursor = store.openKeyCursor();
			return new Promise<string[]>((resolve, reject) => {
				cursor.onerror = () =>
					reject(cursor.error ?? new Error('Reading the stored translations failed'));
				cursor.onsuccess = () => {
					const at = cursor.result;
					if (!at) return resolve(refs);
					const ref = (at.key as ChapterKey)[0];
					refs.push(ref);
					// An array sorts after every string and number: past the last chapter of `ref`.
					at.continue([ref, []]);
				};
			});
		});
	}

	async deleteTranslation(bibleRef: string): Promise<void> {
		this.#written();
		await this.#chapters('readwrite', (store) => {
			store.delete(bibleRange(bibleRef));
			return promisifyRequest(store.transaction);
		});
		await del(['marks', bibleRef], this.#meta);
		await del(['detail', bibleRef], this.#meta);
		this.#onChange?.({ bibleRef, deleted: true });
	}

	async marks(bibleRef: string): Promise<OfflineMarks> {
		const raw = await get<unknown>(['marks', bibleRef], this.#meta);
		const parsed = v.safeParse(MarksSchema, raw);
		return parsed.success ? parsed.output : { books: [], translation: false };
	}

	async setMarks(bibleRef: string, marks: OfflineMarks): Promise<void> {
		await set(
			['marks', bibleRef],
			{
				books: [...new Set(marks.books)],
				translation: marks.translation,
				...(marks.bookDates && { bookDates: marks.bookDates }),
				...(marks.translationDate !== undefined && { translationDate: marks.translationDate })
			},
			this.#meta
		);
	}

	/** The translation's detail (books), so the library works offline. */
	async detail(bibleRef: string): Promise<BibleDetail | undefined> {
		const parsed = v.safeParse(
			BibleDetailSchema,
			await get<unknown>(['detail', bibleRef], this.#meta)
		);
		return parsed.success ? parsed.output : undefined;
	}

	async putDetail(detail: BibleDetail): Promise<void> {
		await set(['detail', detail.ref], detail, this.#meta);
	}

	async getMeta<T>(key: string): Promise<T | undefined> {
		return get<T>(['misc', key], this.#meta);
	}

	async setMeta(key: string, value: unknown): Promise<void> {
		await set(['misc', key], value, this.#meta);
	}
}

/** Expected chapters of a scope, as `book:chapter` strings. */
export function expectedChapters(
	books: readonly { ref: string; chaptersCount: number }[]
): string[] {
	return books.flatMap((b) =>
		Array.from({ length: b.chaptersCount }, (_, i) => `${b.ref}:${i + 1}`)
	);
}

/** Which expected chapters are not in the stored keys. */
export function missingChapters(
	books: readonly { ref: string; chaptersCount: number }[],
	stored: readonly ChapterKey[]
): { bookRef: string; chapter: number }[] {
	const have = new Set(stored.map((k) => `${k[1]}:${k[2]}`));
	const out: { bookRef: string; chapter: number }[] = [];
	for (const b of books)
		for (let c = 1; c <= b.chaptersCount; c++)
			if (!have.has(`${b.ref}:${c}`)) out.push({ bookRef: b.ref, chapter: c });
	return out;
}

const caches = new Map<string, ChapterCache>();

/** IndexedDB database names of the chapter cache for one API root (Demo and each server apart). */
export function cacheDbNames(apiRoot: string): {
	chapters: string;
	meta: string;
	search: string;
} {
	return {
		chapters: `bible-chapters ${apiRoot}`,
		meta: `bible-offline ${apiRoot}`,
		search: `bible-search ${apiRoot}`
	};
}

/**
 * The chapter cache of one API root (the client's base URL), opened on first use. Each server
 * has its own, so a Live server never shows text stored from the demo, or from another server.
 */
export function bibleCache(apiRoot: string): ChapterCache {
	let cache = caches.get(apiRoot);
	if (!cache) {
		const names = cacheDbNames(apiRoot);
		cache = new ChapterCache({
			chapters: relaxedStore(names.chapters, 'chapters'),
			meta: relaxedStore(names.meta, 'meta'),
			onChange: (change) => chapterChanged(apiRoot, change)
		});
		caches.set(apiRoot, cache);
	}
	return cache;
}
