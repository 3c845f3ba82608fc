// The study data in the app: the build's JSON files (generated/bible-study/, which the Vite plugin
// writes before the tests load), read from IndexedDB when kept for offline use (fake-indexeddb),
// else fetched once from the page's own server (a fake fetch here).
import { clear, createStore, set } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '$lib/http/client';
import { ApiProblem } from '$lib/http/problem';
import {
	browserStudySource,
	dropStudyPart,
	keepOriginalWords,
	keepStudyPart
} from '$lib/bible/study/browser-source';
import { keptFile, partRecords } from '$lib/bible/study/offline';

vi.mock('$lib/http/client', async (original) => {
	const real = await original<typeof import('$lib/http/client')>();
	return { ...real, createClient: vi.fn(real.createClient) };
});

const ORIGIN = 'https://app.example';
const kept = createStore('bible-study', 'files');
let fetched: string[];
let failing: boolean;

beforeEach(async () => {
	await clear(kept);
	fetched = [];
	failing = false;
	vi.stubGlobal('location', { origin: ORIGIN, href: `${ORIGIN}/bible/John/3` });
	vi.stubGlobal(
		'fetch',
		vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
			const url = String(input instanceof Request ? input.url : input);
			const method = input instanceof Request ? input.method : (init?.method ?? 'GET');
			fetched.push(method === 'GET' ? url : `${method} ${url}`);
			if (failing) return new Response('down', { status: 404 });
			return Response.json({ served: new URL(url).pathname });
		})
	);
});
afterEach(() => vi.unstubAllGlobals());

describe('study data in the browser: which files there are', () => {
	it('has the build’s files, named by their path under bible-study/, and no others', () => {
		const source = browserStudySource();
		for (const file of ['kjv/John.json', 'commentary/index.json', 'topics/A.json'])
			expect(source.has(file), file).toBe(true);
		for (const file of ['kjv/Nope.json', '/generated/bible-study/kjv/John.json', 'John.json'])
			expect(source.has(file), file).toBe(false);
	});
});

describe('study data in the browser: reading a file', () => {
	it('reads a file kept on this device from there, parsed, without the network', async () => {
		await set('file:kjv/John.json', '{"book":"John","kept":true}', kept);
		expect(await browserStudySource().read('kjv/John.json')).toEqual({
			book: 'John',
			kept: true
		});
		expect(fetched).toEqual([]);
	});

	it('fetches a file not kept from the page’s own server, once, parsed', async () => {
		const source = browserStudySource();
		const data = (await source.read('kjv/John.json')) as { served: string };
		expect(data.served).toMatch(/John.*\.json$/);
		expect(fetched).toHaveLength(1);
		expect(new URL(fetched[0]!).origin).toBe(ORIGIN);
		expect(await source.read('kjv/John.json')).toBe(data);
		expect(fetched).toHaveLength(1);
		// One HTTP client for every file, on the page's origin, with a generous timeout.
		await source.read('kjv/Jude.json');
		expect(createClient).toHaveBeenCalledOnce();
		expect(vi.mocked(createClient).mock.calls[0]![0]).toMatchObject({
			baseUrl: ORIGIN,
			timeoutMs: 30_000
		});
	});

	it('a file the build does not have is a problem saying to reload, without asking the network', async () => {
		const error: unknown = await browserStudySource()
			.read('kjv/Nope.json')
			.catch((e: unknown) => e);
		expect(error).toBeInstanceOf(ApiProblem);
		expect((error as ApiProblem).kind).toBe('http');
		expect((error as ApiProblem).message).toBe('The study data has no file kjv/Nope.json.');
		expect((error as ApiProblem).hint).toMatch(/^Reload the page/);
		expect(fetched).toEqual([]);
	});

	it('a failed fetch is an error, and the next read tries again', async () => {
		const source = browserStudySource();
		failing = true;
		await expect(source.read('topics/B.json')).rejects.toBeInstanceOf(ApiProblem);
		failing = false;
		expect(await source.read('topics/B.json')).toMatchObject({ served: expect.any(String) });
	});
});

describe('study data in the browser: keeping a part for offline use', () => {
	it('downloads every file of a part as JSON text, and deletes them again', async () => {
		const progress: [number, number][] = [];
		const record = await keepStudyPart('mhcc', (done, total) => progress.push([done, total]));
		// The commentary's index and a file per book it covers.
		expect(record.complete).toBe(true);
		expect(record.files).toBeGreaterThan(2);
		expect(progress.at(-1)).toEqual([record.files, record.files]);
		expect(fetched).toHaveLength(record.files);
		expect(JSON.parse((await keptFile('commentary/mhcc/John.json'))!)).toMatchObject({
			served: expect.stringMatching(/John.*\.json$/)
		});
		expect(await keptFile('commentary/scofield/John.json')).toBeUndefined();
		expect((await partRecords()).mhcc).toEqual(record);

		await dropStudyPart('mhcc');
		expect(await keptFile('commentary/mhcc/John.json')).toBeUndefined();
		expect((await partRecords()).mhcc).toBeUndefined();
	});

	it('a part that does not exist is refused by name', async () => {
		expect(() => keepStudyPart('psalter', () => {})).toThrow('No study data part psalter.');
		expect(() => dropStudyPart('psalter')).toThrow('No study data part psalter.');
	});
});

describe('the Greek and Hebrew words kept with a downloaded book or translation', () => {
	it('keeps a book’s words, the text’s index, lexicon and places, and the Strong’s dictionary; no other book', async () => {
		await keepOriginalWords('SBLGNT', ['John']);
		// Each file once.
		expect(new Set(fetched).size).toBe(fetched.length);
		expect(await keptFile('original/SBLGNT/John.json')).toBeDefined();
		expect(await keptFile('original/SBLGNT/index.json')).toBeDefined();
		expect(await keptFile('original/SBLGNT/lexicon/0.json')).toBeDefined();
		expect(await keptFile('original/SBLGNT/forms/0.json')).toBeDefined();
		expect(await keptFile('strongs/G-0.json')).toBeDefined();
		expect(await keptFile('original/SBLGNT/Matt.json')).toBeUndefined();
		expect(await keptFile('original/WLC/index.json')).toBeUndefined();
		expect(await keptFile('kjv/John.json')).toBeUndefined();
		const records = await partRecords();
		expect(records.greek).toMatchObject({ complete: false });
		expect(records.greek!.bytes).toBeGreaterThan(0);
		expect(records.hebrew).toBeUndefined();
	});

	it('keeps the whole text’s words for a whole translation, and nothing for one without words', async () => {
		await keepOriginalWords('KJV');
		expect(fetched).toEqual([]);
		await keepOriginalWords('SBLGNT');
		expect(await keptFile('original/SBLGNT/Matt.json')).toBeDefined();
		expect((await partRecords()).greek).toMatchObject({ complete: true });
	});
});
