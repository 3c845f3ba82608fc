import { Hono, type Context } from 'hono';
import { toXml, toYaml } from './formats';
import type { FakeBook } from './kjv-data';

const API_ROOT = '/api/v1';

interface BibleEntry {
	copytightInfo: string;
	langId: string;
	language: string;
	name: string;
	publisher: string;
	ref: string;
}

/** The translations the demo serves. */
export const DEMO_BIBLES: readonly BibleEntry[] = [
	{
		copytightInfo: '',
		langId: 'en',
		language: 'English (EN)',
		name: 'King James Version (KJV)',
		publisher: 'Public Domain',
		ref: 'KJV'
	},
	{
		copytightInfo:
			'Public domain. The New Testament of the 1769 King James text, unchanged: a smaller second translation for the demo.',
		langId: 'en',
		language: 'English (EN)',
		name: 'King James Version, New Testament (KJVNT)',
		publisher: 'Public Domain',
		ref: 'KJVNT'
	}
];

/** The first New Testament book in the KJV's order (Matthew). */
const NT_START = 39;

type Texts = Map<string, FakeBook[]>;
let texts: Promise<Texts> | undefined;

/** The text loads on the first request that needs it, then stays for the life of the page or process. */
export function loadTexts(): Promise<Texts> {
	texts ??= Promise.all([import('./kjv-data'), import('#kjv-verses')]).then(
		async ([data, source]) => {
			const kjv = data.indexKjv(await source.loadKjvVerses());
			const nt = kjv.slice(NT_START);
			return new Map([
				['KJV', kjv],
				['KJVNT', nt]
			]);
		}
	);
	return texts;
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
	app.get('/bibles', (c) =>
		answer(c, { data: DEMO_BIBLES.map((b) => entry(c, b)), success: true })
	);

	// BI-EP-2
	app.get('/bibles/:bible', async (c) => {
		const bible = DEMO_BIBLES.find((b) => b.ref === c.req.param('bible'));
		const books = bible && (await loadTexts()).get(bible.ref);
		if (!bible || !books) return fail(c, 404, `No Bible ${c.req.param('bible')}.`);
		return answer(c, {
			data: {
				...entry(c, bible),
				books: books.map((book, order) => ({
					apiUrl: `${root(c)}/bibles/${bible.ref}/books/${book.ref}`,
					chaptersCount: book.chapters.length,
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
		const books = (await loadTexts()).get(bible);
		if (!books) return fail(c, 404, `No Bible ${bible}.`);
		const book = books.find((b) => b.ref === bookRef);
		if (!book) return fail(c, 404, `No book ${bookRef} in ${bible}.`);
		const n = positiveInt(chapter);
		const verses = n === null ? undefined : book.chapters[n - 1];
		if (!verses) return fail(c, 404, `No chapter ${chapter} in ${bible} ${bookRef}.`);
		return answer(c, {
			data: {
				apiUrl: `${root(c)}/bibles/${bible}/books/${bookRef}/chapters/${n}`,
				ref: n,
				verses: verses.map((text, i) => ({ ref: String(i + 1), text }))
			},
			success: true
		});
	});

	// BI-EP-4: the end verse is clamped to the chapter's last verse; no end chapter exists.
	app.get('/passage/:bible/:book', async (c) => {
		const { bible, book: bookRef } = c.req.param();
		const books = (await loadTexts()).get(bible);
		if (!books) return fail(c, 404, `No Bible ${bible}.`);
		const book = books.find((b) => b.ref === bookRef);
		if (!book) return fail(c, 404, `No book ${bookRef} in ${bible}.`);
		const startChapter = positiveInt(c.req.query('start-chapter') ?? '1');
		const startVerse = positiveInt(c.req.query('start-verse') ?? '1');
		const endParam = c.req.query('end-verse');
		const endVerse = endParam === undefined ? Infinity : positiveInt(endParam);
		if (startChapter === null || startVerse === null || endVerse === null)
			return fail(c, 400, 'start-chapter, start-verse and end-verse must be positive integers.');
		if (endVerse < startVerse) return fail(c, 400, 'end-verse is before start-verse.');
		const verses = book.chapters[startChapter - 1];
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
					.map((text, i) => ({ chapter: startChapter, verse: startVerse + i, text }))
			},
			success: true
		});
	});

	app.notFound((c) => fail(c, 404, 'Not found'));
	return app;
}
