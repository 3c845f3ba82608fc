/** What the shell starts after the first paint: the two notices, the storage probe, the update check. */
import { afterEach, describe, expect, it, vi } from 'vitest';

const mount = vi.hoisted(() => vi.fn());
vi.mock('svelte', async (actual) => ({ ...(await actual<typeof import('svelte')>()), mount }));

/** The module as a page loads it, in a development build or not. */
async function shell(dev: boolean) {
	vi.resetModules();
	vi.doMock('$app/environment', () => ({ dev, browser: true, building: false, version: 'test' }));
	const { start } = await import('$lib/ui/shell-extras.svelte');
	const { storageStatus } = await import('$lib/ui/storage-status.svelte');
	const { appUpdate } = await import('$lib/ui/app-update.svelte');
	const { default: StorageNotice } = await import('$lib/ui/StorageNotice.svelte');
	const { default: UpdatePrompt } = await import('$lib/ui/UpdatePrompt.svelte');
	const probe = vi.spyOn(storageStatus, 'probe').mockResolvedValue(true);
	const register = vi.spyOn(appUpdate, 'register').mockResolvedValue();
	return { start, probe, register, StorageNotice, UpdatePrompt };
}

afterEach(() => {
	mount.mockClear();
	vi.unstubAllGlobals();
	vi.doUnmock('$app/environment');
});

describe('start', () => {
	it('puts the storage notice, then the update prompt, between the header and the page', async () => {
		const slot = { id: 'shell-update' };
		vi.stubGlobal('document', { getElementById: (id: string) => (id === slot.id ? slot : null) });
		const { start, StorageNotice, UpdatePrompt } = await shell(true);
		start();
		expect(mount.mock.calls).toEqual([
			[StorageNotice, { target: slot }],
			[UpdatePrompt, { target: slot }]
		]);
	});

	it('probes the storage; registers the service worker only in a built app', async () => {
		vi.stubGlobal('document', { getElementById: () => null });
		const built = await shell(false);
		built.start();
		expect(mount).not.toHaveBeenCalled();
		expect(built.probe).toHaveBeenCalledOnce();
		expect(built.register).toHaveBeenCalledOnce();

		const dev = await shell(true);
		dev.start();
		expect(dev.probe).toHaveBeenCalledOnce();
		expect(dev.register).not.toHaveBeenCalled();
	});
});
