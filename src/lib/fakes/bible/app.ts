// hono/tiny: the smallest router, enough for these four routes (the demo Bible loads on phones).
import { Hono } from 'hono/tiny';
import type { Context } from 'hono';
import { toXml, toYaml } from './formats';
import { openDemoBible } from '#demo-bible-data';
import type { DemoBibleData, LoadProgress } from './data';
import { listEntry, type BibleEntry, type DemoBookEntry, type DemoTranslation } from './demo-data';

const API_ROOT = '/api/v1';

let data: Promise<DemoBibleData> | undefined;
/** The index is there at once; each book's text loads the first time a request needs it. */
function demoBible(): Promise<DemoBibleData> {
	data ??= openDemoBible().catch((error: unknown) => {
		data = undefined;
		throw error;
	});
	return data;
}

interface BookLoad {
	chapters: Promise<string[][]>;
	loaded: number;
	done: boolean;
	listeners: Set<(progress: LoadProgress) => void>;
}
/** One load per book file, shared by every request (and translation) that needs it. */
const bookLoads = new Map<string, BookLoad>();

function loadBook(entry: DemoBookEntry, onProgress?: (p: LoadProgress) => void): BookLoad {
	let load = bookLoads.get(entry.file);
	if (!load) {
		const created: BookLoad = {
			chapters: Promise.resolve([]),
			loaded: 0,
			done: false,
			listeners: new Set()
		};
		created.chapters = demoBible()
			.then((d) =>
				d.readBook(entry.file, {
					onProgress: (loaded) => {
						created.loaded = loaded;
						for (const listener of created.listeners) listener({ loaded, total: entry.bytes });
					}
				})
			)
			.then((book) => {
				created.done = true;
				return book.chapters;
			})
			.catch((error: unknown) => {
				// A failed load is forgotten, so the next request tries again.
				bookLoads.delete(entry.file);
				throw error;
			})
			.finally(() => created.listeners.clear());
		load = created;
		bookLoads.set(entry.file, load);
	}
	if (onProgress) load.listeners.add(onProgress);
	return load;
}

async function translation(bibleRef: string): Promise<DemoTranslation | undefined> {
	return (await demoBible()).index.translations.find((t) => t.ref === bibleRef);
}

/**
 * Loads what a request to the demo service will need before it is answered, reporting progress:
 * the demo data is downloaded once, and its time is not the service's answer time.
 * Resolves at once when nothing is missing; `signal` stops waiting, not the shared download.
 */
export async function prepareBibleRequest(
	url: string,
	options: { signal?: AbortSignal; onProgress?: (progress: LoadProgress) => void } = {}
): Promise<void> {
	const path = new URL(url).pathname.replace(/^.*?\/api\/v1\//, '');
	const m =
		/^bibles\/([^/]+)\/books\/([^/]+)\/chapters\/[^/]+$/.exec(path) ??
		/^passage\/([^/]+)\/([^/]+)$/.exec(path);
	if (!m) return;
	const [bibleRef, bookRef] = [m[1]!, m[2]!].map(decodeURIComponent) as [string, string];
	const book = (await translation(bibleRef))?.books.find((b) => b.ref === bookRef);
	if (!book) return;
	const load = loadBook(book, options.onProgress);
	if (load.done) return;
	options.onProgress?.({ loaded: load.loaded, total: book.bytes });
	const { signal } = options;
	await new Promise<void>((resolve, reject) => {
		const onAbort = () => reject(signal!.reason);
		if (signal?.aborted) return onAbort();
		signal?.addEventListener('abort', onAbort, { once: true });
		load.chapters.then(
			() => resolve(),
			(error: unknown) => reject(error)
		);
	}).finally(() => options.onProgress && load.listeners.delete(options.onProgress));
}

type Format = 'json' | 'xml' | 'yaml';

/** Answers in the format the `format` query asks for (BI-FMT-1); JSON by default. */
function answer(c: Context, body: unknown, status: 200 | 400 | 404 = 200): Response {
	const format = (c.req.query('format') ?? 'json') as Format;
	if (format === 'xml')
		return c.body(toXml(body), status, { 'content-type': 'application/xml; charset=utf-8' });
	if (format === 'yaml')
		return c.body(toYaml(body), status, { 'content-type': 'application/yaml; charset=utf-8' });
	return c.json(body, status);
}

const fail = (c: Context, status: 400 | 404, message: string) =>
	answer(c, { data: null, success: false, message }, status);

/** A positive integer query or path value, or null. */
function positiveInt(value: string | undefined): number | null {
	if (value === undefined || !/^\d+$/.test(value)) return null;
	const n = Number(value);
	return n >= 1 ? n : null;
}

/** The demo Bible text service (BI-BASE-1: read-only GETs under /api/v1). */
export function createBibleApp(): Hono {
	const app = new Hono().basePath(API_ROOT);
	const root = (c: Context) => `${new URL(c.req.url).origin}${API_ROOT}`;
	const entry = (c: Context, b: BibleEntry) => ({ apiUrl: `${root(c)}/bibles/${b.ref}`, ...b });
	/** The book of a translation, and its chapters once loaded; or the 404 answer. */
	const bookOf = async (c: Context, bibleRef: string, bookRef: string) => {
		const bible = await translation(bibleRef);
		if (!bible) return fail(c, 404, `No Bible ${bibleRef}.`);
		const book = bible.books.find((b) => b.ref === bookRef);
		if (!book) return fail(c, 404, `No book ${bookRef} in ${bibleRef}.`);
		return loadBook(book).chapters;
	};

	app.use('*', async (c, next) => {
		const format = c.req.query('format');
		if (format !== undefined && !['json', 'xml', 'yaml'].includes(format))
			return c.json(
				{ data: null, success: false, message: `Unknown format ${format}: use json, xml or yaml.` },
				400
			);
		await next();
	});

	// BI-EP-1
	app.get('/bibles', async (c) =>
		answer(c, {
			data: (await demoBible()).index.translations.map((t) => entry(c, listEntry(t))),
			success: true
		})
	);

	// BI-EP-2
	app.get('/bibles/:bible', async (c) => {
		const bible = await translation(c.req.param('bible'));
		if (!bible) return fail(c, 404, `No Bible ${c.req.param('bible')}.`);
		return answer(c, {
			data: {
				...entry(c, listEntry(bible)),
				books: bible.books.map((book, order) => ({
					apiUrl: `${root(c)}/bibles/${bible.ref}/books/${book.ref}`,
					chaptersCount: book.chaptersCount,
					name: book.name,
					order,
					ref: book.ref
				}))
			},
			success: true
		});
	});

	// BI-EP-3
	app.get('/bibles/:bible/books/:book/chapters/:chapter', async (c) => {
		const { bible, book: bookRef, chapter } = c.req.param();
		const chapters = await bookOf(c, bible, bookRef);
		if (chapters instanceof Response) return chapters;
		const n = positiveInt(chapter);
		const verses = n === null ? undefined : chapters[n - 1];
		if (!verses) return fail(c, 404, `No chapter ${chapter} in ${bible} ${bookRef}.`);
		return answer(c, {
			data: {
				apiUrl: `${root(c)}/bibles/${bible}/books/${bookRef}/chapters/${n ?? chapter}`,
				ref: n,
				// A verse the translation does not have (empty in its data) is left out, not sent empty.
				verses: verses.flatMap((text, i) => (text ? [{ ref: String(i + 1), text }] : []))
			},
			success: true
		});
	});

	// BI-EP-4: the end verse is clamped to the chapter's last verse; no end chapter exists.
	app.get('/passage/:bible/:book', async (c) => {
		const { bible, book: bookRef } = c.req.param();
		const chapters = await bookOf(c, bible, bookRef);
		if (chapters instanceof Response) return chapters;
		const startChapter = positiveInt(c.req.query('start-chapter') ?? '1');
		const startVerse = positiveInt(c.req.query('start-verse') ?? '1');
		const endParam = c.req.query('end-verse');
		const endVerse = endParam === undefined ? Infinity : positiveInt(endParam);
		if (startChapter === null || startVerse === null || endVerse === null)
			return fail(c, 400, 'start-chapter, start-verse and end-verse must be positive integers.');
		if (endVerse < startVerse) return fail(c, 400, 'end-verse is before start-verse.');
		const verses = chapters[startChapter - 1];
		if (!verses) return fail(c, 404, `No chapter ${startChapter} in ${bible} ${bookRef}.`);
		if (startVerse > verses.length)
			return fail(c, 404, `No verse ${startVerse} in ${bible} ${bookRef} ${startChapter}.`);
		const end = Math.min(endVerse, verses.length);
		return answer(c, {
			data: {
				bibleRef: bible,
				bookRef,
				startChapter,
				startVerse,
				endChapter: startChapter,
				endVerse: end,
				verses: verses
					.slice(startVerse - 1, end)
					.flatMap((text, i) =>
						text ? [{ chapter: startChapter, verse: startVerse + i, text }] : []
					)
			},
			success: true
		});
	});

	app.notFound((c) => fail(c, 404, 'Not found'));
	return app;
}
