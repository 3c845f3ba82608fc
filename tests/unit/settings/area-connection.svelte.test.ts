import { beforeEach, describe, expect, it, vi } from 'vitest';

// The demo Bible's head start for a deep link: what it asks the fakes for, by the stored mode.
const preloadDemoBook = vi.fn();
vi.mock('$lib/fakes/bible/names', () => ({ preloadDemoBook }));

const { connections } = await import('$lib/settings/area-connection.svelte');
const { saveConnections, defaultConnections } = await import('$lib/settings/persistence');

describe('a deep-linked chapter starts the demo Bible before the page asks', () => {
	beforeEach(async () => {
		preloadDemoBook.mockClear();
		await saveConnections(defaultConnections());
	});

	it('in Demo mode (the default on a first visit), for the chapter’s translation and book', async () => {
		await connections.bible.preloadDemo({ bibleRef: 'KJV', bookRef: 'John' });
		expect(preloadDemoBook).toHaveBeenCalledExactlyOnceWith('KJV', 'John');
	});

	it('not when the stored settings put the Bible in Live mode: no fakes for a Live user', async () => {
		const stored = defaultConnections();
		stored.bible = { ...stored.bible, mode: 'live', baseUrl: 'https://bible.example' };
		await saveConnections(stored);
		await connections.bible.preloadDemo({ bibleRef: 'KJV', bookRef: 'John' });
		expect(preloadDemoBook).not.toHaveBeenCalled();
	});

	it('only for the Bible', async () => {
		await connections.codehost.preloadDemo({ bibleRef: 'KJV', bookRef: 'John' });
		expect(preloadDemoBook).not.toHaveBeenCalled();
	});
});
