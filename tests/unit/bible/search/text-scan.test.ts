// A cold start answers from the stored text while the saved index loads: the answers must be the
// ones the index gives, over real text (the KJV and the accented RV1909).
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { bibleCache } from '$lib/bible/offline/cache';
import type { BibleDetail } from '$lib/bible/schemas';
import { SearchEngine, type SearchAnswer, type SearchRequest } from '$lib/bible/search/engine';
import { parseQuery } from '$lib/bible/search/query';
import { collectWords, scanChapters } from '$lib/bible/search/text-scan';
import { TranslationIndex } from '$lib/bible/search/verse-index';
import { loadDemoTexts } from '$lib/fakes/bible/node-sources';
import type { FakeBook } from '$lib/fakes/bible/kjv-data';

const BOOKS = ['Gen', 'Ruth', 'Ps', 'John', '1John'];

let texts: Map<string, FakeBook[]>;
beforeAll(async () => {
	texts = await loadDemoTexts();
});

function booksOf(bibleRef: string): FakeBook[] {
	return texts.get(bibleRef)!.filter((b) => BOOKS.includes(b.ref));
}

let n = 0;
async function store(bibleRef: string): Promise<string> {
	const apiRoot = `https://cold-${++n}.invalid/api`;
	const books = booksOf(bibleRef);
	const detail: BibleDetail = {
		apiUrl: 'x',
		copytightInfo: '',
		langId: bibleRef === 'RV1909' ? 'es' : 'en',
		language: '',
		name: bibleRef,
		publisher: '',
		ref: bibleRef,
		books: books.map((b, i) => ({
			apiUrl: 'x',
			chaptersCount: b.chapters.length,
			name: b.name,
			order: i,
			ref: b.ref
		}))
	};
	const cache = bibleCache(apiRoot);
	await cache.putDetail(detail);
	for (const b of books)
		await cache.putMany(
			bibleRef,
			b.chapters.map((verses, c) => ({
				bookRef: b.ref,
				chapter: c + 1,
				data: {
					apiUrl: 'x',
					ref: c + 1,
					verses: verses.map((text, v) => ({ ref: String(v + 1), text }))
				},
				bytes: 1
			}))
		);
	return apiRoot;
}

function request(q: string, more: Partial<SearchRequest> = {}): SearchRequest {
	const parsed = parseQuery(q);
	if (!parsed.ok) throw new Error(parsed.message);
	return { query: parsed.query, loose: false, limit: 40, ...more };
}

const QUERIES: [string, Partial<SearchRequest>?][] = [
	['shepherd'],
	['"in the beginning"'],
	['love*', { book: '1John' }],
	['god love'],
	['LORD', { testament: 'OT' }],
	['"the lord is my shepherd"'],
	['righteous*', { limit: 3 }],
	['nothingsuchword']
];

const summary = (a: SearchAnswer) =>
	a.ok ? { total: a.total, hits: a.hits, coverage: a.coverage } : { message: a.message };

describe('Bible search on a cold start', { timeout: 30_000 }, () => {
	it('answers from the stored text exactly as the loaded index does (KJV)', async () => {
		const apiRoot = await store('KJV');
		const warm = new SearchEngine(apiRoot);
		await warm.sync();
		await warm.save();
		for (const [q, more] of QUERIES) {
			// A new engine each time: nothing in memory, the saved index not loaded yet.
			const cold = await new SearchEngine(apiRoot).search(request(q, more));
			const indexed = await warm.search(request(q, more));
			expect(summary(cold), q).toEqual(summary(indexed));
		}
		const shepherd = await new SearchEngine(apiRoot).search(request('shepherd'));
		expect(shepherd.ok && shepherd.hits[0]).toMatchObject({ book: 'Gen', chapter: 46 });
	});

	it('folds accents only when asked, as the index does (RV1909)', async () => {
		const apiRoot = await store('RV1909');
		const warm = new SearchEngine(apiRoot);
		await warm.sync();
		for (const loose of [false, true]) {
			const cold = await new SearchEngine(apiRoot).search(request('el principio', { loose }));
			expect(summary(cold)).toEqual(summary(await warm.search(request('el principio', { loose }))));
		}
		const strict = await new SearchEngine(apiRoot).search(request('el', { book: 'John' }));
		const loose = await new SearchEngine(apiRoot).search(
			request('el', { book: 'John', loose: true })
		);
		expect(strict.ok && loose.ok && loose.total > strict.total).toBe(true);
	});

	it('finds what the index finds for any words of the text (property)', async () => {
		const john = booksOf('KJV').find((b) => b.ref === 'John')!;
		const chapters = john.chapters.map((verses, c) => ({
			book: 'John',
			chapter: c + 1,
			verses: verses.map((text, v) => ({ ref: String(v + 1), text }))
		}));
		const index = new TranslationIndex();
		for (const c of chapters) index.addChapter(c.book, c.chapter, c.verses);
		// Words long enough that a prefix of all but their last letter is a query of its own.
		const words = [
			...new Set(
				john.chapters
					.flat()
					.join(' ')
					.toLowerCase()
					.match(/[a-z]{4,}/g)
			)
		];
		const key = (d: { chapter: number; verse: string }) => d.chapter * 1000 + Number(d.verse);
		const loader = () => Promise.resolve(chapters);
		// The same text once its words are noted: chapters are then skipped by word, not by indexOf.
		const noted = chapters.map((c) => ({ ...c }));
		await collectWords(noted, false);
		await fc.assert(
			fc.asyncProperty(
				fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 3 }),
				fc.boolean(),
				async (picked, prefix) => {
					const query = request(prefix ? `${picked.join(' ').slice(0, -1)}*` : picked.join(' '));
					const scanned = scanChapters(chapters, query.query, { loose: false }, key, 20);
					const found = await index.search(query.query, { loose: false }, key, 20, loader);
					expect(scanned).toEqual(found);
					expect(scanChapters(noted, query.query, { loose: false }, key, 20)).toEqual(found);
				}
			),
			{ numRuns: 60 }
		);
	});
});
