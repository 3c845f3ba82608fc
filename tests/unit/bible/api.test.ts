import { describe, expect, it } from 'vitest';
import { getBible, getChapter, getPassage, getRaw, listBibles } from '$lib/bible/api';
import { booksInOrder } from '$lib/bible/schemas';
import { createBibleApp } from '$lib/fakes/bible/app';
import { createClient } from '$lib/http/client';
import { ApiProblem } from '$lib/http/problem';

const noProbe = { online: () => true, pageOrigin: () => undefined };

/** A client on the demo fake, recording every request. */
function demoClient() {
	const app = createBibleApp();
	const requests: Request[] = [];
	const client = createClient({
		baseUrl: 'https://bible.demo/api/v1',
		transport: async (input, init) => {
			const request = new Request(input, init);
			requests.push(request.clone());
			return app.fetch(request);
		},
		headers: { accept: 'application/json' },
		env: noProbe
	});
	return { client, requests };
}

/** A client whose server answers one fixed body. */
function fixedClient(body: unknown, status = 200) {
	return createClient({
		baseUrl: 'https://bible.example/api/v1',
		transport: async () => Response.json(body, { status }),
		retryLimit: 0,
		env: noProbe
	});
}

async function problemOf(promise: Promise<unknown>): Promise<ApiProblem> {
	try {
		await promise;
	} catch (error) {
		if (error instanceof ApiProblem) return error;
		throw error;
	}
	throw new Error('expected an ApiProblem');
}

describe('Bible service', () => {
	it('BI-BASE-1, BI-VER-1, BI-AUTH-1: GETs under /api/v1 with no credential', async () => {
		const { client, requests } = demoClient();
		await listBibles(client);
		await getBible(client, 'KJV');
		await getChapter(client, 'KJV', 'John', 3);
		await getPassage(client, {
			bibleRef: 'KJV',
			bookRef: 'John',
			startChapter: 3,
			startVerse: 16,
			endVerse: 18
		});
		// One request per call (an empty record would pass the checks below).
		expect(requests).toHaveLength(4);
		for (const r of requests) {
			expect(r.method).toBe('GET');
			expect(new URL(r.url).pathname.startsWith('/api/v1/')).toBe(true);
			expect(r.headers.has('authorization')).toBe(false);
			expect(r.headers.has('token')).toBe(false);
		}
	});

	it('BI-EP-1, BI-LIST-1: lists translations, keeping copytightInfo as spelled', async () => {
		const { client } = demoClient();
		const bibles = await listBibles(client);
		expect(bibles[0]).toMatchObject({ ref: 'KJV', copytightInfo: '', langId: 'en' });
		expect(Object.keys(bibles[0]!)).toContain('copytightInfo');
	});

	it('BI-LIST-1: a list entry without copytightInfo breaks the contract and names the field', async () => {
		const client = fixedClient({
			data: [
				{ apiUrl: 'x', langId: 'en', language: 'English', name: 'N', publisher: 'P', ref: 'N' }
			],
			success: true
		});
		const problem = await problemOf(listBibles(client));
		expect(problem.kind).toBe('contract');
		expect(problem.message).toContain('data.0.copytightInfo');
	});

	it('BI-ENV-1: success false is not taken as data', async () => {
		const problem = await problemOf(listBibles(fixedClient({ data: [], success: false })));
		expect(problem.kind).toBe('contract');
		expect(problem.message).toContain('success');
	});

	it('BI-EP-2, BI-DET-1, BI-BOOK-1: the detail carries books; they are shown by order', async () => {
		const { client } = demoClient();
		const detail = await getBible(client, 'KJV');
		expect(detail.books).toHaveLength(66);
		expect(detail.books[0]).toEqual({
			apiUrl: 'https://bible.demo/api/v1/bibles/KJV/books/Gen',
			chaptersCount: 50,
			name: 'Genesis',
			order: 0,
			ref: 'Gen'
		});
		const shuffled = [...detail.books].reverse();
		expect(booksInOrder(shuffled).map((b) => b.ref)).toEqual(detail.books.map((b) => b.ref));
	});

	it('BI-BOOK-1: a non-integer chaptersCount breaks the contract', async () => {
		const client = fixedClient({
			data: {
				apiUrl: 'x',
				copytightInfo: '',
				langId: 'en',
				language: 'E',
				name: 'N',
				publisher: 'P',
				ref: 'N',
				books: [{ apiUrl: 'x', chaptersCount: '50', name: 'Genesis', order: 0, ref: 'Gen' }]
			},
			success: true
		});
		const problem = await problemOf(getBible(client, 'N'));
		expect(problem.kind).toBe('contract');
		expect(problem.message).toContain('data.books.0.chaptersCount');
	});

	it('BI-EP-3, BI-CH-1: a chapter, with the size of the JSON received', async () => {
		const { client } = demoClient();
		const { chapter, bytes } = await getChapter(client, 'KJV', 'John', 3);
		expect(chapter.ref).toBe(3);
		expect(chapter.verses).toHaveLength(36);
		expect(chapter.verses[0]!.ref).toBe('1');
		expect(bytes).toBeGreaterThan(4000);
	});

	it('BI-CH-1: a verse ref sent as a number breaks the contract', async () => {
		const client = fixedClient({
			data: { apiUrl: 'x', ref: 1, verses: [{ ref: 1, text: 'In the beginning' }] },
			success: true
		});
		const problem = await problemOf(getChapter(client, 'KJV', 'Gen', 1));
		expect(problem.message).toContain('data.verses.0.ref');
	});

	it('BI-CH-1: a chapter whose ref is not the chapter asked for breaks the contract', async () => {
		const client = fixedClient({
			data: { apiUrl: 'x', ref: 4, verses: [{ ref: '1', text: 'In the beginning' }] },
			success: true
		});
		const problem = await problemOf(getChapter(client, 'KJV', 'Gen', 3));
		expect(problem.kind).toBe('contract');
		expect(problem.message).toContain('data.ref');
	});

	it('BI-EP-4, BI-PAS-1: a passage with integer query parameters', async () => {
		const { client, requests } = demoClient();
		const passage = await getPassage(client, {
			bibleRef: 'KJV',
			bookRef: 'John',
			startChapter: 3,
			startVerse: 16,
			endVerse: 18
		});
		expect(new URL(requests[0]!.url).search).toBe('?start-chapter=3&start-verse=16&end-verse=18');
		expect(passage).toMatchObject({ startChapter: 3, startVerse: 16, endChapter: 3, endVerse: 18 });
		expect(passage.verses.map((v) => v.verse)).toEqual([16, 17, 18]);
	});

	it('BI-FMT-1: XML and YAML come back as text to view, not parsed', async () => {
		const { client, requests } = demoClient();
		const xml = await getRaw(client, 'bibles/KJV/books/Jude/chapters/1', 'xml');
		expect(xml.contentType).toContain('xml');
		expect(xml.text.startsWith('<?xml')).toBe(true);
		expect(new URL(requests[0]!.url).searchParams.get('format')).toBe('xml');
		const yaml = await getRaw(client, 'bibles', 'yaml');
		expect(yaml.text).toContain('copytightInfo');
	});

	it('an unknown chapter is an http 404 problem', async () => {
		const { client } = demoClient();
		const problem = await problemOf(getChapter(client, 'KJV', 'John', 22));
		expect(problem.kind).toBe('http');
		expect(problem.status).toBe(404);
	});

	it('BI-BOOK-1, BI-EP-3: refs are path-encoded and sent case-sensitively', async () => {
		const { client, requests } = demoClient();
		await problemOf(getChapter(client, 'a/b', 'John', 1));
		expect(new URL(requests[0]!.url).pathname).toBe('/api/v1/bibles/a%2Fb/books/John/chapters/1');
	});
});

// What a reader is told when a chapter's answer is wrong, and a raw answer without a content type.
describe('a chapter’s answer that is wrong', () => {
	const noProbe = { online: () => true, pageOrigin: () => undefined };

	/** A client whose server answers every request with `respond()`. */
	const clientAnswering = (respond: () => Response) =>
		createClient({
			baseUrl: 'https://bible.example/api/v1',
			transport: () => Promise.resolve(respond()),
			retryLimit: 0,
			env: noProbe
		});

	async function problemOf(promise: Promise<unknown>): Promise<ApiProblem> {
		const error = await promise.catch((e: unknown) => e);
		expect(error).toBeInstanceOf(ApiProblem);
		return error as ApiProblem;
	}

	describe('a chapter’s answer that is wrong', () => {
		it('an error status names the GET request', async () => {
			const client = clientAnswering(() => Response.json({ success: false }, { status: 404 }));
			const problem = await problemOf(getChapter(client, 'KJV', 'Gen', 3));
			expect(problem.method).toBe('GET');
			expect(problem.message).toMatch(/^GET https:\/\/bible\.example\/api\/v1\/.* answered 404/);
		});

		it('another chapter than the one asked for: the GET, and a hint naming data.ref', async () => {
			const client = clientAnswering(() =>
				Response.json({
					data: { apiUrl: 'x', ref: 4, verses: [{ ref: '1', text: 'In the beginning' }] },
					success: true
				})
			);
			const problem = await problemOf(getChapter(client, 'KJV', 'Gen', 3));
			expect(problem.method).toBe('GET');
			expect(problem.hint).toBe(
				'The server answered, but the field `data.ref` is not what the API contract promises. The server may run another version.'
			);
		});
	});

	describe('a raw answer', () => {
		it('without a content type says none, as an empty text', async () => {
			const client = clientAnswering(() => new Response(new TextEncoder().encode('key: value')));
			const answer = await getRaw(client, 'bibles', 'yaml');
			expect(answer.contentType).toBe('');
			expect(answer.text).toBe('key: value');
		});
	});
});
