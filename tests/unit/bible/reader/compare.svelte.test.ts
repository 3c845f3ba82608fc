// A translation shown beside the reading one ("Compare with"): its book list and the same chapter,
// read like any chapter, without the list of translations and without becoming "where I read".
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listBibles } from '$lib/bible/api';
import { loadPosition } from '$lib/bible/prefs';
import { CompareSide } from '$lib/bible/reader/compare.svelte';
import { createBibleApp } from '$lib/fakes/bible/app';
import { createClient } from '$lib/http/client';
import { AreaSession } from '$lib/settings/area-session.svelte';
import { MemoryStorage } from '../../memory-storage';

function server(baseUrl: string) {
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
	const session = new AreaSession({
		service: 'bible',
		mode: 'demo',
		apiRoot: baseUrl,
		secret: '',
		client: () => client
	});
	return { client, paths, session };
}

beforeEach(() => vi.stubGlobal('localStorage', new MemoryStorage()));
afterEach(() => vi.unstubAllGlobals());

describe('a translation beside the reading one', () => {
	it('reads the same chapter in its translation: its books, then the chapter, never the list', async () => {
		const { client, paths, session } = server('https://bible-compare-a.test/api/v1');
		const other = (await listBibles(client)).find((b) => b.ref !== 'KJV')!.ref;
		paths.length = 0;
		const side = new CompareSide(session, other);
		await side.show('John', 3);
		expect(side.library.detail?.ref).toBe(other);
		expect(side.reader.status).toBe('ready');
		expect(side.reader.shown).toBe('John 3');
		expect(paths).toEqual([
			`/api/v1/bibles/${other}`,
			`/api/v1/bibles/${other}/books/John/chapters/3`
		]);
		// Not "where I am reading": the reading translation's place is its own.
		expect(loadPosition(other)).toBeUndefined();
	});

	it('moving to another chapter moves it too; another translation chosen is read from then on', async () => {
		const { client, session } = server('https://bible-compare-b.test/api/v1');
		const other = (await listBibles(client)).find((b) => b.ref !== 'KJV')!.ref;
		const side = new CompareSide(session, other);
		await side.show('John', 3);
		await side.show('John', 4);
		expect(side.reader.shown).toBe('John 4');
		side.ref = 'KJV';
		await side.show('John', 4);
		expect(side.library.detail?.ref).toBe('KJV');
		expect(side.reader.bibleRef).toBe('KJV');
		expect(side.reader.chapter?.verses[0]?.text).toContain('When therefore the Lord knew');
	});
});
