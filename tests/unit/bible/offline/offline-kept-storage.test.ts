import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DownloadOutcome } from '$lib/bible/offline/downloader';
import { OfflineState } from '$lib/bible/offline/offline.svelte';
import { createClient } from '$lib/http/client';
import { AreaSession } from '$lib/settings/area-session.svelte';
import { resetKeepStorage } from '$lib/ui/kept-storage';

// The download itself is tested in downloader.test.ts; here, what its end asks of the browser.
const outcome = vi.hoisted(() => ({ next: undefined as DownloadOutcome | undefined }));
vi.mock('$lib/bible/offline/downloader', async (original) => ({
	...(await original<typeof import('$lib/bible/offline/downloader')>()),
	downloadChapters: async () => outcome.next!
}));

function offlineState(): OfflineState {
	const client = createClient({
		baseUrl: 'https://bible-offline-kept.test/api/v1',
		transport: async () => new Response('{}'),
		env: { online: () => true, pageOrigin: () => undefined }
	});
	const session = new AreaSession({
		service: 'bible',
		mode: 'live',
		apiRoot: client.options.baseUrl,
		secret: '',
		client: () => client
	});
	return new OfflineState(session);
}

function browserStorage() {
	const storage = {
		persisted: vi.fn(async () => false),
		persist: vi.fn(async () => true),
		estimate: vi.fn(async () => ({ usage: 1, quota: 10 }))
	};
	vi.stubGlobal('navigator', { storage });
	return storage;
}

const progress = { done: 21, total: 21, failed: 0, bytes: 80_000 };

afterEach(() => {
	vi.unstubAllGlobals();
	resetKeepStorage();
});

describe('a translation downloaded for offline asks the browser to keep the site’s data', () => {
	it('once the download is complete', async () => {
		const storage = browserStorage();
		outcome.next = { status: 'complete', progress, changed: 0 };
		await offlineState().download('KJV', [], { label: 'KJV', wholeTranslation: true });
		await vi.waitFor(() => expect(storage.persist).toHaveBeenCalledTimes(1));
	});

	it('not when the download stopped short (cancelled, or storage full)', async () => {
		const storage = browserStorage();
		outcome.next = { status: 'cancelled', progress: { ...progress, done: 3 } };
		await offlineState().download('KJV', [], { label: 'John', wholeTranslation: false });
		outcome.next = { status: 'quota', progress, neededBytes: 1000 };
		await offlineState().download('KJV', [], { label: 'John', wholeTranslation: false });
		await new Promise((r) => setTimeout(r, 10));
		expect(storage.persist).not.toHaveBeenCalled();
	});
});
