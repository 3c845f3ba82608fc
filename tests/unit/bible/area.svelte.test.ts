// The Bible on the one lifecycle (area-state.svelte.ts): a change of the Bible's connection in
// Settings closes the old area (its download stops, its requests in flight are aborted) and the
// pages read a new one, which loads from the new server.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openBible, type BibleArea } from '$lib/bible/area.svelte';
import { createBibleApp } from '$lib/fakes/bible/app';
import { createClient, type HttpClient } from '$lib/http/client';
import type { AreaConnection } from '$lib/settings/area-connection.svelte';
import { areaState, closeAreas } from '$lib/settings/area-state.svelte';

interface Server {
	client: HttpClient;
	paths: string[];
	/** Chapter requests held until they are aborted (only with `hold`). */
	held: Request[];
}

/** A server (the demo's app) at `baseUrl`; with `hold`, its chapters never answer. */
function server(baseUrl: string, hold = false): Server {
	const app = createBibleApp();
	const paths: string[] = [];
	const held: Request[] = [];
	const client = createClient({
		baseUrl,
		retryLimit: 0,
		transport: async (input, init) => {
			const request = new Request(input, init);
			paths.push(new URL(request.url).pathname);
			if (!hold || !/\/chapters\/\d+$/.test(request.url)) return app.fetch(request);
			held.push(request);
			return new Promise<Response>((_, reject) =>
				request.signal.addEventListener('abort', () => reject(request.signal.reason))
			);
		},
		env: { online: () => true, pageOrigin: () => undefined }
	});
	return { client, paths, held };
}

/** The Bible's connection as Settings give it, on one server. */
const settings = (s: Server, mode: 'demo' | 'live' = 'live') =>
	({
		service: 'bible',
		mode,
		apiRoot: s.client.options.baseUrl,
		identity: `${mode} ${s.client.options.baseUrl} `,
		secret: '',
		client: () => s.client
	}) as unknown as AreaConnection<'bible'>;

/** What a page does: read the area for the connection as it is. */
const area = (s: Server, mode?: 'demo' | 'live') =>
	areaState<BibleArea, 'bible'>(settings(s, mode), openBible);
/** The old area is closed once the update that replaced it is over. */
const settle = () => new Promise<void>((resolve) => queueMicrotask(resolve));

function showChapter(bible: BibleArea, bookRef: string, chapter: number) {
	const reader = bible.reader({ remember: false });
	const shown = bible.library.show({
		bibleRef: 'KJV',
		reader: { state: reader, bookRef, chapter }
	});
	return { reader, shown };
}

afterEach(closeAreas);

describe('the Bible follows its connection', () => {
	it('the same connection keeps its area and asks nothing again; another server gets a new area that loads from it', async () => {
		const a = server('https://bible-area-a.test/api/v1');
		const b = server('https://bible-area-b.test/api/v1');
		const first = area(a);
		await showChapter(first, 'Jude', 1).shown;
		await vi.waitFor(() => expect(a.paths).toContain('/api/v1/bibles'));
		expect(area(a)).toBe(first);
		const again = showChapter(area(a), 'Jude', 1);
		await again.shown;
		expect(a.paths).toHaveLength(3);
		expect(again.reader.source).toBe('cache');

		const second = area(b);
		expect(second).not.toBe(first);
		await settle();
		expect(first.closed).toBe(true);
		const moved = showChapter(second, 'Jude', 1);
		await moved.shown;
		await vi.waitFor(() => expect(b.paths).toContain('/api/v1/bibles'));
		expect(b.paths).toEqual([
			'/api/v1/bibles/KJV',
			'/api/v1/bibles/KJV/books/Jude/chapters/1',
			'/api/v1/bibles'
		]);
		expect(moved.reader.source).toBe('network');
		// Never the other server's translations or books.
		expect(second.library.detail?.ref).toBe('KJV');
		expect(a.paths).toHaveLength(3);
	});

	it('switching Demo to Live aborts the old area’s chapter request in flight, and it is not reported', async () => {
		const a = server('https://bible-area-c.test/api/v1', true);
		const b = server('https://bible-area-d.test/api/v1');
		const first = area(a, 'demo');
		const { reader, shown } = showChapter(first, 'John', 3);
		await vi.waitFor(() => expect(a.held).toHaveLength(1));
		expect(a.held[0]!.signal.aborted).toBe(false);

		area(b, 'live');
		await settle();
		expect(a.held[0]!.signal.aborted).toBe(true);
		await shown;
		expect(reader.problem).toBeNull();
		expect(reader.chapter).toBeNull();
	});

	it('a download in progress stops when Settings move the connection: no more chapters are asked for', async () => {
		const a = server('https://bible-area-e.test/api/v1', true);
		const b = server('https://bible-area-f.test/api/v1');
		const first = area(a);
		const detail = await first.library.openTranslation('KJV');
		const john = first.library.book('John')!;
		expect(detail && john.chaptersCount).toBe(21);
		const download = first.offline.download('KJV', [john], {
			label: 'John',
			wholeTranslation: false
		});
		await vi.waitFor(() => expect(a.held.length).toBeGreaterThan(0));
		expect(first.offline.running).toBe(true);

		area(b);
		await settle();
		await download;
		expect(first.offline.running).toBe(false);
		expect(first.offline.message).toMatch(/^Download cancelled\./);
		// The download is over: what it asked for is all it will ever ask for.
		expect(a.held.every((r) => r.signal.aborted)).toBe(true);
		expect(a.held.length).toBeLessThan(21);
	});
});
