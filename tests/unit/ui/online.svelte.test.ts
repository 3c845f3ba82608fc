/** Whether the browser believes it is online, as the offline banner reads it. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OnlineStatus } from '$lib/ui/online.svelte';

afterEach(() => vi.unstubAllGlobals());

describe('OnlineStatus', () => {
	it('reads the browser’s state when it starts watching, then follows its online and offline events', () => {
		const browser = { onLine: false };
		const window = new EventTarget();
		vi.stubGlobal('navigator', browser);
		vi.stubGlobal('window', window);
		const status = new OnlineStatus();
		const stop = status.watch();
		expect(status.online).toBe(false);
		browser.onLine = true;
		window.dispatchEvent(new Event('online'));
		expect(status.online).toBe(true);
		browser.onLine = false;
		window.dispatchEvent(new Event('offline'));
		expect(status.online).toBe(false);
		stop();
		browser.onLine = true;
		window.dispatchEvent(new Event('online'));
		expect(status.online).toBe(false);
	});
});
