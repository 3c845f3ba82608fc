import { afterEach, describe, expect, it, vi } from 'vitest';
import { getBible } from '$lib/bible/api';
import { ChapterCache, bibleCache } from '$lib/bible/offline/cache';
import { AreaSession } from '$lib/settings/area-session.svelte';
import { neighbours } from '$lib/bible/reader/navigation';
import { ReaderState } from '$lib/bible/reader/reader.svelte';
import { createBibleApp } from '$lib/fakes/bible/app';
import { createClient, type HttpClient } from '$lib/http/client';

/** A connection that never changes, around one client. */
const fixedConnection = (client: HttpClient) =>
	new AreaSession({
		service: 'bible',
		mode: 'demo',
		apiRoot: client.options.baseUrl,
		secret: '',
		client: () => client
	});

function demoClient() {
	const app = createBibleApp();
	const paths: string[] = [];
	const client = createClient({
		baseUrl: 'https://bible.demo/api/v1',
		transport: async (input, init) => {
			const request = new Request(input, init);
			paths.push(new URL(request.url).pathname + new URL(request.url).search);
			return app.fetch(request);
		},
		env: { online: () => true, pageOrigin: () => undefined }
	});
	return { client, paths };
}

afterEach(() => vi.unstubAllGlobals());

describe('reader', () => {
	it('reads a chapter from the server once, then from the device (cache-first)', async () => {
		const { client, paths } = demoClient();
		const books = (await getBible(client, 'KJV')).books;
		paths.length = 0;
		const reader = new ReaderState(fixedConnection(client));
		await reader.open('KJV', books, 'Obad', 1);
		expect(reader.status).toBe('ready');
		expect(reader.source).toBe('network');
		expect(paths).toEqual(['/api/v1/bibles/KJV/books/Obad/chapters/1']);
		await vi.waitFor(async () =>
			expect(await bibleCache('https://bible.demo/api/v1').get('KJV', 'Obad', 1)).toBeDefined()
		);

		const again = new ReaderState(fixedConnection(client));
		await again.open('KJV', books, 'Obad', 1);
		expect(again.source).toBe('cache');
		expect(again.chapter).toEqual(reader.chapter);
		expect(paths).toHaveLength(1);
	});

	it('BI-TEXT-1: the verses are shown exactly as the server sent them, from the server and from the device', async () => {
		const { client } = demoClient();
		const books = (await getBible(client, 'KJV')).books;
		const answer = await createBibleApp().fetch(
			new Request('https://bible.demo/api/v1/bibles/KJV/books/Ps/chapters/119')
		);
		const sent = (await answer.json()) as { data: { verses: unknown[] } };
		const reader = new ReaderState(fixedConnection(client));
		await reader.open('KJV', books, 'Ps', 119);
		expect(reader.source).toBe('network');
		expect(reader.chapter?.verses).toStrictEqual(sent.data.verses);
		await vi.waitFor(async () =>
			expect(await bibleCache('https://bible.demo/api/v1').get('KJV', 'Ps', 119)).toBeDefined()
		);
		const again = new ReaderState(fixedConnection(client));
		await again.open('KJV', books, 'Ps', 119);
		expect(again.source).toBe('cache');
		expect(again.chapter?.verses).toStrictEqual(sent.data.verses);
	});

	it('BI-FMT-1: a chapter viewed as XML or YAML is shown raw and never cached as JSON', async () => {
		const { client, paths } = demoClient();
		const books = (await getBible(client, 'KJV')).books;
		const cache = bibleCache('https://bible.demo/api/v1');
		const reader = new ReaderState(fixedConnection(client));
		await reader.open('KJV', books, '3John', 1);
		await vi.waitFor(async () => expect(await cache.get('KJV', '3John', 1)).toBeDefined());
		const stored = await cache.get('KJV', '3John', 1);
		const usage = await cache.usage('KJV');

		for (const format of ['xml', 'yaml'] as const) {
			paths.length = 0;
			await reader.showRaw(format);
			expect(paths).toEqual([`/api/v1/bibles/KJV/books/3John/chapters/1?format=${format}`]);
			expect(reader.raw.value?.text).toContain(format === 'xml' ? '<?xml' : 'verses:');
		}
		// The stored JSON chapter is untouched and nothing else was stored.
		expect(await cache.get('KJV', '3John', 1)).toStrictEqual(stored);
		expect(await cache.usage('KJV')).toEqual(usage);
		const again = new ReaderState(fixedConnection(client));
		await again.open('KJV', books, '3John', 1);
		expect(again.source).toBe('cache');
		expect(again.chapter).toStrictEqual(reader.chapter);
	});

	it('each API root has its own cache: a chapter stored from the demo is not shown for another server', async () => {
		const { client } = demoClient();
		const books = (await getBible(client, 'KJV')).books;
		await bibleCache('https://bible.demo/api/v1').put(
			'KJV',
			'Hag',
			1,
			{ apiUrl: 'x', ref: 1, verses: [{ ref: '1', text: 'demo copy' }] },
			10
		);
		const other = createClient({
			baseUrl: 'https://bible.example/api/v1',
			transport: async (input, init) => createBibleApp().fetch(new Request(input, init)),
			env: { online: () => true, pageOrigin: () => undefined }
		});
		const reader = new ReaderState(fixedConnection(other));
		await reader.open('KJV', books, 'Hag', 1);
		expect(reader.source).toBe('network');
		expect(reader.chapter?.verses[0]?.text).not.toBe('demo copy');
	});

	it('offline, an undownloaded chapter says so at once without a request', async () => {
		const { client, paths } = demoClient();
		const books = (await getBible(client, 'KJV')).books;
		paths.length = 0;
		vi.stubGlobal('navigator', { onLine: false });
		const reader = new ReaderState(fixedConnection(client));
		await reader.open('KJV', books, 'Nah', 2);
		expect(reader.status).toBe('not-downloaded');
		expect(paths).toEqual([]);
	});

	it('a chapter beyond the book is not found, without a request', async () => {
		const { client, paths } = demoClient();
		const books = (await getBible(client, 'KJV')).books;
		paths.length = 0;
		const reader = new ReaderState(fixedConnection(client));
		await reader.open('KJV', books, 'John', 22);
		expect(reader.status).toBe('not-found');
		expect(paths).toEqual([]);
	});

	it('previous and next chapter cross book boundaries, and stop at the ends', async () => {
		const { client } = demoClient();
		const books = (await getBible(client, 'KJV')).books;
		expect(neighbours(books, 'Matt', 1)).toEqual({
			prev: { bookRef: 'Mal', chapter: 4 },
			next: { bookRef: 'Matt', chapter: 2 }
		});
		expect(neighbours(books, 'Jude', 1)).toEqual({
			prev: { bookRef: '3John', chapter: 1 },
			next: { bookRef: 'Rev', chapter: 1 }
		});
		expect(neighbours(books, 'Gen', 1).prev).toBeUndefined();
		expect(neighbours(books, 'Rev', 22).next).toBeUndefined();
	});

	it('reads the chapters either side ahead from the device: the next one then opens without a database read', async () => {
		const { client, paths } = demoClient();
		const books = (await getBible(client, 'KJV')).books;
		const reader = new ReaderState(fixedConnection(client));
		// Ruth 1, 2 and 3 read once, so kept on this device.
		for (const chapter of [1, 2, 3]) await reader.open('KJV', books, 'Ruth', chapter);
		await vi.waitFor(async () =>
			expect(await bibleCache('https://bible.demo/api/v1').get('KJV', 'Ruth', 3)).toBeDefined()
		);
		await reader.open('KJV', books, 'Ruth', 2);
		const asked = vi.spyOn(ChapterCache.prototype, 'readAhead');
		await reader.readAhead();
		expect(asked).toHaveBeenCalledWith('KJV', [
			{ bookRef: 'Ruth', chapter: 3 },
			{ bookRef: 'Ruth', chapter: 1 }
		]);
		asked.mockRestore();
		const requests = paths.length;
		// Opened from memory: no database read (whose answer would come in a task of its own).
		const reads = vi.spyOn(IDBDatabase.prototype, 'transaction');
		await reader.open('KJV', books, 'Ruth', 3);
		expect(reads).not.toHaveBeenCalled();
		reads.mockRestore();
		expect([reader.status, reader.shown, reader.source]).toEqual(['ready', 'Ruth 3', 'cache']);
		expect(paths).toHaveLength(requests);
	});
});

describe('storing a chapter on a full disk', () => {
	it('shows the chapter, says it is not kept because storage is full, and leaves the chapters kept before', async () => {
		const { client } = demoClient();
		const books = (await getBible(client, 'KJV')).books;
		const cache = bibleCache('https://bible.demo/api/v1');
		const reader = new ReaderState(fixedConnection(client));
		await reader.open('KJV', books, 'Jude', 1);
		expect(reader.notKept).toBe('');
		await vi.waitFor(async () => expect(await cache.get('KJV', 'Jude', 1)).toBeDefined());

		const put = vi
			.spyOn(ChapterCache.prototype, 'put')
			.mockRejectedValue(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
		await reader.open('KJV', books, 'Phlm', 1);
		expect(put).toHaveBeenCalled();
		expect(reader.status).toBe('ready');
		expect(reader.chapter?.verses.length).toBeGreaterThan(0);
		expect(reader.notKept).toBe('full');
		put.mockRejectedValue(new Error('refused'));
		await reader.open('KJV', books, '2John', 1);
		expect(reader.notKept).toBe('refused');
		put.mockRestore();
		expect(await cache.get('KJV', 'Phlm', 1)).toBeUndefined();
		expect((await cache.get('KJV', 'Jude', 1))?.data.verses.length).toBeGreaterThan(0);
		// Opening a chapter from the device says nothing of the failure.
		await reader.open('KJV', books, 'Jude', 1);
		expect(reader.source).toBe('cache');
		expect(reader.notKept).toBe('');
	});
});

describe('the latest chapter asked for wins', () => {
	it('a chapter that answers after the next one was asked for is not shown, and its request is stopped', async () => {
		const app = createBibleApp();
		const held: Request[] = [];
		const client = createClient({
			baseUrl: 'https://bible-latest.test/api/v1',
			transport: async (input, init) => {
				const request = new Request(input, init);
				if (!request.url.endsWith('/John/chapters/3')) return app.fetch(request);
				held.push(request);
				await new Promise<void>((resolve) => setTimeout(resolve, 50));
				return app.fetch(new Request(request.url));
			},
			env: { online: () => true, pageOrigin: () => undefined }
		});
		const books = (await getBible(client, 'KJV')).books;
		const reader = new ReaderState(fixedConnection(client), { remember: false });
		const first = reader.open('KJV', books, 'John', 3);
		await vi.waitFor(() => expect(held).toHaveLength(1));
		expect(reader.status).toBe('loading');
		await reader.open('KJV', books, 'John', 4);
		await first;
		expect(held[0]!.signal.aborted).toBe(true);
		expect(reader.shown).toBe('John 4');
		expect(reader.chapter?.verses[0]?.text).toContain('When therefore the Lord knew');
		expect(reader.problem).toBeNull();
	});

	it('a chapter that is not in the book is not found at once, whatever was loading', async () => {
		const { client } = demoClient();
		const books = (await getBible(client, 'KJV')).books;
		const reader = new ReaderState(fixedConnection(client), { remember: false });
		await reader.open('KJV', books, 'Jude', 2);
		expect(reader.status).toBe('not-found');
		expect(reader.chapter).toBeNull();
	});
});
