import { describe, expect, it, vi } from 'vitest';
import type { BibleConnection } from '$lib/bible/connection';
import { LibraryState } from '$lib/bible/library.svelte';
import { ReaderState } from '$lib/bible/reader.svelte';
import { createBibleApp } from '$lib/fakes/bible/app';
import { createClient, type HttpClient } from '$lib/http/client';

/** A server (the demo's app) at `baseUrl`, and the paths it was asked for. */
function server(baseUrl: string): { client: HttpClient; paths: string[] } {
	const app = createBibleApp();
	const paths: string[] = [];
	const client = createClient({
		baseUrl,
		transport: async (input, init) => {
			const request = new Request(input, init);
			paths.push(new URL(request.url).pathname);
			return app.fetch(request);
		},
		env: { online: () => true, pageOrigin: () => undefined }
	});
	return { client, paths };
}

/** What Settings would provide: one connection, switched to another server by `use`. */
function switchable(first: HttpClient) {
	let client = first;
	let revision = 0;
	const connection: BibleConnection = {
		mode: 'demo',
		get apiRoot() {
			return client.options.baseUrl;
		},
		get revision() {
			return revision;
		},
		client: () => client
	};
	return {
		connection,
		use(next: HttpClient) {
			client = next;
			revision++;
		}
	};
}

describe('the Bible load sequence (LibraryState.show)', () => {
	it('in the reader: the translation, its chapter, then the list of translations', async () => {
		const a = server('https://bible-a.test/api/v1');
		const { connection } = switchable(a.client);
		const library = new LibraryState(connection);
		const reader = new ReaderState(connection, { remember: false });
		await library.show({ bibleRef: 'KJV', reader: { state: reader, bookRef: 'John', chapter: 3 } });
		expect(reader.status).toBe('ready');
		expect(reader.chapter?.verses[15]?.text).toContain('For God so loved the world');
		await vi.waitFor(() => expect(library.bibles.length).toBeGreaterThan(1));
		expect(a.paths).toEqual([
			'/api/v1/bibles/KJV',
			'/api/v1/bibles/KJV/books/John/chapters/3',
			'/api/v1/bibles'
		]);
	});

	it('on the library page: the list, then the translation read last or the first', async () => {
		const a = server('https://bible-b.test/api/v1');
		const library = new LibraryState(switchable(a.client).connection);
		await library.show({});
		const first = library.bibles[0]!.ref;
		expect(library.current()).toBe(first);
		expect(library.detail?.ref).toBe(first);
		expect(a.paths).toEqual(['/api/v1/bibles', `/api/v1/bibles/${first}`]);
	});

	it('a changed connection loads everything afresh from the new server; an unchanged one asks nothing again', async () => {
		const a = server('https://bible-c.test/api/v1');
		const b = server('https://bible-d.test/api/v1');
		const { connection, use } = switchable(a.client);
		const library = new LibraryState(connection);
		const reader = new ReaderState(connection, { remember: false });
		const show = () =>
			library.show({ bibleRef: 'KJV', reader: { state: reader, bookRef: 'Jude', chapter: 1 } });
		await show();
		await vi.waitFor(() => expect(a.paths).toContain('/api/v1/bibles'));
		await show();
		expect(a.paths).toHaveLength(3);
		expect(reader.source).toBe('cache');

		use(b.client);
		await show();
		await vi.waitFor(() => expect(b.paths).toContain('/api/v1/bibles'));
		expect(b.paths).toEqual([
			'/api/v1/bibles/KJV',
			'/api/v1/bibles/KJV/books/Jude/chapters/1',
			'/api/v1/bibles'
		]);
		expect(reader.source).toBe('network');
		expect(a.paths).toHaveLength(3);
	});

	it('after a change to a server that fails, the translations of the old one are not shown', async () => {
		const a = server('https://bible-e.test/api/v1');
		const { connection, use } = switchable(a.client);
		const library = new LibraryState(connection);
		await library.show({});
		expect(library.bibles.length).toBeGreaterThan(1);
		use(
			createClient({
				baseUrl: 'https://bible-f.test/api/v1',
				transport: async () => new Response('Not here', { status: 404 }),
				env: { online: () => true, pageOrigin: () => undefined }
			})
		);
		await library.show({});
		expect(library.problem?.status).toBe(404);
		expect(library.bibles).toEqual([]);
		expect(library.detail).toBeNull();
	});
});
