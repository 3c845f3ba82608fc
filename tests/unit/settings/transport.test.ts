import { describe, expect, it, vi } from 'vitest';
import { getBible, getChapter } from '$lib/bible/api';
import { AreaSession } from '$lib/settings/area-session.svelte';
import { ReaderState } from '$lib/bible/reader/reader.svelte';
import { demoFaults } from '$lib/fakes/demo-transport';
import { createClient, type HttpClient, type LoadProgress } from '$lib/http/client';
import { ApiProblem } from '$lib/http/problem';
import { defaultConnection, effectiveApiRoot } from '$lib/settings/connection';
import { transportFor } from '$lib/settings/transport';

/** A connection that never changes, around one client. */
const fixedConnection = (client: HttpClient) =>
	new AreaSession({
		service: 'bible',
		mode: 'demo',
		apiRoot: client.options.baseUrl,
		secret: '',
		client: () => client
	});

// Each test file has its own modules: the demo service is loaded afresh here, as on a first visit.
function demoClient(timeoutMs: number) {
	const connection = defaultConnection();
	return createClient({
		baseUrl: effectiveApiRoot('bible', connection),
		...transportFor('bible', connection),
		timeoutMs,
		env: { online: () => true, pageOrigin: () => undefined }
	});
}

describe('Demo mode: loading the demo is not part of a request’s timeout', () => {
	it('a first chapter whose demo data takes longer than the timeout still arrives, with progress', async () => {
		// Loading the demo here (splitting the whole package in Node, then Psalms) takes far more than 20 ms.
		const client = demoClient(20);
		const progress: LoadProgress[] = [];
		const started = performance.now();
		const { chapter } = await getChapter(client, 'KJV', 'Ps', 23, {
			onLoading: (p) => progress.push(p)
		});
		expect(performance.now() - started).toBeGreaterThan(20);
		expect(chapter.verses[0]!.text).toMatch(/^The LORD \[is\] my shepherd/);
		// First the demo's code (size unknown), then the book, counted against its size.
		expect(progress[0]).toEqual({ loaded: 0, total: 0 });
		expect(progress.at(-1)!.total).toBeGreaterThan(200_000);
		// Loaded now: the next chapter of the book has nothing to wait for.
		const again: LoadProgress[] = [];
		await getChapter(client, 'KJV', 'Ps', 24, { onLoading: (p) => again.push(p) });
		expect(again).toEqual([]);
	});

	it('the demo answer itself still has a timeout', async () => {
		await getChapter(demoClient(5000), 'KJV', 'Ps', 1);
		demoFaults.bible.latencyMs = 300;
		try {
			const problem = await getChapter(demoClient(50), 'KJV', 'Ps', 1).catch((e: unknown) => e);
			expect(problem).toBeInstanceOf(ApiProblem);
			expect((problem as ApiProblem).kind).toBe('timeout');
		} finally {
			demoFaults.bible.latencyMs = 0;
		}
	});

	it('the reader shows the demo’s loading progress while it waits for it, then the chapter', async () => {
		const connection = defaultConnection();
		const demo = transportFor('bible', connection);
		let release!: () => void;
		const gate = new Promise<void>((resolve) => (release = resolve));
		const client = createClient({
			baseUrl: effectiveApiRoot('bible', connection),
			transport: demo.transport,
			// The demo's own prepare, held half-way through a large book.
			prepare: async (request) => {
				if (request.url.includes('/chapters/')) {
					request.onProgress?.({ loaded: 50_000, total: 200_000 });
					await gate;
				}
				await demo.prepare!(request);
			},
			env: { online: () => true, pageOrigin: () => undefined }
		});
		const books = (await getBible(client, 'KJV')).books;
		const reader = new ReaderState(fixedConnection(client));
		const opening = reader.open('KJV', books, 'Gen', 1);
		await vi.waitFor(() => expect(reader.demoLoad).toEqual({ loaded: 50_000, total: 200_000 }));
		expect(reader.status).toBe('loading');
		release();
		await opening;
		expect(reader.status).toBe('ready');
		expect(reader.chapter?.verses[0]?.text).toBe(
			'In the beginning God created the heaven and the earth.'
		);
		expect(reader.demoLoad).toBeNull();
	});
});
