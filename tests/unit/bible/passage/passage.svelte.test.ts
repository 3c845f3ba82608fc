// The reference field: a passage looked up on the server or this device, a whole chapter opened.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getBible } from '$lib/bible/api';
import { PassageState } from '$lib/bible/passage/passage.svelte';
import { AreaSession } from '$lib/settings/area-session.svelte';
import { createBibleApp } from '$lib/fakes/bible/app';
import { createClient, type HttpClient } from '$lib/http/client';

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

describe('passage lookup', () => {
	it('BI-EP-4: a one-chapter range uses the passage endpoint', async () => {
		const { client, paths } = demoClient();
		const books = (await getBible(client, 'KJV')).books;
		paths.length = 0;
		const passage = new PassageState(fixedConnection(client));
		passage.text = 'John 3:16-18';
		expect(await passage.lookup('KJV', books)).toEqual({ kind: 'passage' });
		expect(paths).toEqual(['/api/v1/passage/KJV/John?start-chapter=3&start-verse=16&end-verse=18']);
		expect(passage.title).toBe('John 3:16–18');
		expect(passage.verses.map((v) => v.verse)).toEqual([16, 17, 18]);
	});

	it('a range across chapters is composed from chapters', async () => {
		const { client, paths } = demoClient();
		const books = (await getBible(client, 'KJV')).books;
		paths.length = 0;
		const passage = new PassageState(fixedConnection(client));
		passage.text = 'John 3:35-4:2';
		await passage.lookup('KJV', books);
		expect(paths.every((p) => p.includes('/chapters/'))).toBe(true);
		expect(passage.verses.map((v) => `${v.chapter}:${v.verse}`)).toEqual([
			'3:35',
			'3:36',
			'4:1',
			'4:2'
		]);
	});

	it('a whole chapter opens in the reader; a missing one says it does not exist', async () => {
		const { client } = demoClient();
		const books = (await getBible(client, 'KJV')).books;
		const passage = new PassageState(fixedConnection(client));
		passage.text = 'Gen 1';
		expect(await passage.lookup('KJV', books)).toEqual({
			kind: 'chapter',
			bookRef: 'Gen',
			chapter: 1
		});
		passage.text = 'Mal 5:1';
		await passage.lookup('KJV', books);
		expect(passage.message).toContain('does not exist');
	});
});
