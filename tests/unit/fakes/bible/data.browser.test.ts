import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDemoBible } from '$lib/fakes/bible/data.browser';
import { demoBookName, preloadDemoBook } from '$lib/fakes/bible/names';
import { ApiProblem } from '$lib/http/problem';

afterEach(() => vi.unstubAllGlobals());

/** A response whose body arrives in the given pieces, then (unless `hang`) ends. */
function streamed(pieces: string[], hang = false): Response {
	const bytes = pieces.map((p) => new TextEncoder().encode(p));
	return new Response(
		new ReadableStream<Uint8Array>({
			start(controller) {
				for (const b of bytes) controller.enqueue(b);
				if (!hang) controller.close();
			}
		})
	);
}

describe('the demo Bible in the browser: book assets fetched on demand', async () => {
	const data = await openDemoBible();

	it('has the index at once, and a URL for every book file it names', async () => {
		expect(data.index.translations.map((t) => t.ref)).toEqual([
			'KJV',
			'WEB',
			'RV1909',
			'SBLGNT',
			'WLC'
		]);
		const urls: string[] = [];
		vi.stubGlobal('fetch', async (url: string) => {
			urls.push(url);
			return streamed(['{"ref":"Jude","chapters":[["a"]]}']);
		});
		await data.readBook('KJV/Jude.json');
		expect(urls).toHaveLength(1);
		expect(urls[0]).toMatch(/demo-bible\/KJV\/Jude\.json/);
	});

	it('the reader starts a book’s download before the demo service needs it, and it is fetched once', async () => {
		const urls: string[] = [];
		vi.stubGlobal('fetch', async (url: string) => {
			urls.push(url);
			return streamed(['{"ref":"Obad","chapters":[["The vision of Obadiah."]]}']);
		});
		preloadDemoBook('NOPE', 'Gen');
		preloadDemoBook('KJV', '__proto__');
		expect(urls).toEqual([]);
		preloadDemoBook('KJV', 'Obad');
		preloadDemoBook('KJV', 'Obad');
		expect(urls).toHaveLength(1);
		const book = await data.readBook('KJV/Obad.json');
		expect(book.chapters[0]![0]).toBe('The vision of Obadiah.');
		expect(urls).toHaveLength(1);
		// Read once, never downloaded again by a later preload.
		preloadDemoBook('KJV', 'Obad');
		expect(urls).toHaveLength(1);
		expect(demoBookName('KJV', 'Obad')).toBe('Obadiah');
	});

	it('reports the bytes as they arrive', async () => {
		vi.stubGlobal('fetch', async () => streamed(['{"ref":"Jude",', '"chapters":[["a","b"]]}']));
		const seen: number[] = [];
		const book = await data.readBook('KJV/Jude.json', { onProgress: (n) => seen.push(n) });
		expect(book.chapters).toEqual([['a', 'b']]);
		expect(seen).toEqual([14, 37]);
	});

	it('a book that stops arriving is a timeout of the demo data, not of a server', async () => {
		vi.stubGlobal('fetch', async () => streamed(['{"ref":'], true));
		const problem = await data.readBook('KJV/Jude.json', { stallMs: 50 }).catch((e: unknown) => e);
		expect(problem).toBeInstanceOf(ApiProblem);
		expect((problem as ApiProblem).kind).toBe('timeout');
		expect((problem as ApiProblem).message).toMatch(/^The demo Bible stopped arriving/);
		expect(`${(problem as ApiProblem).message} ${(problem as ApiProblem).hint}`).not.toMatch(
			/server/i
		);
	});

	it('a missing asset says to reload (a new version), not that a server failed', async () => {
		vi.stubGlobal('fetch', async () => new Response('Not found', { status: 404 }));
		const problem = (await data.readBook('KJV/Jude.json').catch((e: unknown) => e)) as ApiProblem;
		expect(problem.kind).toBe('network');
		expect(problem.message).toContain('Reload the page');
	});
});
