import { describe, expect, it, vi } from 'vitest';
import { AreaSession } from '$lib/settings/area-session.svelte';
import type { DownloadOutcome } from '$lib/bible/offline/downloader';
import { OfflineState } from '$lib/bible/offline/offline.svelte';
import { createClient } from '$lib/http/client';

// The download itself is tested in downloader.test.ts; here, what the page says of its outcome.
const outcome = vi.hoisted(() => ({ next: undefined as DownloadOutcome | undefined }));
vi.mock('$lib/bible/offline/downloader', async (original) => ({
	...(await original<typeof import('$lib/bible/offline/downloader')>()),
	downloadChapters: async () => outcome.next!
}));

function offlineState(): OfflineState {
	const client = createClient({
		baseUrl: 'https://bible-offline-messages.test/api/v1',
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

const progress = { done: 21, total: 21, failed: 0, bytes: 80_000 };

describe('what the page says when storage fills up', () => {
	it('while downloading: the chapters kept and about how much more space is needed', async () => {
		const offline = offlineState();
		outcome.next = { status: 'quota', progress: { ...progress, done: 12 }, neededBytes: 36_000 };
		await offline.download('KJV', [], { label: 'John', wholeTranslation: false });
		expect(offline.message).toBe(
			'Storage is full. The 12 chapters stored are kept; about 35.2 KB more space is needed to finish.'
		);
	});

	it('while checking for changes (nothing new to store): no "0 B more space", but what to do', async () => {
		const offline = offlineState();
		outcome.next = { status: 'quota', progress, neededBytes: 0 };
		await offline.download('KJV', [], { label: 'John', wholeTranslation: false, refresh: true });
		expect(offline.message).toBe(
			'Storage is full: not every changed chapter could be written. The chapters on this device are kept; free some space and check again.'
		);
		expect(offline.message).not.toMatch(/\b0 B\b/);
	});
});
