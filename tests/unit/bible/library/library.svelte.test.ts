import { describe, expect, it, vi } from 'vitest';
import { AreaSession } from '$lib/settings/area-session.svelte';
import { LibraryState } from '$lib/bible/library/library.svelte';
import { ReaderState } from '$lib/bible/reader/reader.svelte';
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

/** What a Bible area gives its states: one server. */
const fixed = (client: HttpClient) =>
	new AreaSession({
		service: 'bible',
		mode: 'demo',
		apiRoot: client.options.baseUrl,
		secret: '',
		client: () => client
	});

describe('the Bible load sequence (LibraryState.show)', () => {
	it('in the reader: the translation, its chapter, then the list of translations', async () => {
		const a = server('https://bible-a.test/api/v1');
		const connection = fixed(a.client);
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
		const library = new LibraryState(fixed(a.client));
		await library.show({});
		const first = library.bibles[0]!.ref;
		expect(library.current()).toBe(first);
		expect(library.detail?.ref).toBe(first);
		expect(a.paths).toEqual(['/api/v1/bibles', `/api/v1/bibles/${first}`]);
	});
});
