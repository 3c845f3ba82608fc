/** The home page's line per area, in words: Demo or Live with its host, and the last thing done. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordActivity } from '$lib/settings/activity';
import { defaultConnections, saveConnections } from '$lib/settings/persistence';
import { HomeStatus } from '$lib/ui/home-status.svelte';
import { MemoryStorage } from '../memory-storage';

beforeEach(() => vi.stubGlobal('localStorage', new MemoryStorage()));
afterEach(() => vi.unstubAllGlobals());

describe('HomeStatus', () => {
	it('says nothing until it has loaded, then one line per area', async () => {
		await saveConnections({
			...defaultConnections(),
			energy: { mode: 'live', baseUrl: 'https://energy.example:8443/x', proxyUrl: '' },
			bible: { mode: 'live', baseUrl: 'not a url', proxyUrl: '' }
		});
		recordActivity('energy', 'Ordered 65,000 energy', Date.now() - 5_000);
		const status = new HomeStatus();
		expect(status.lines).toBeNull();
		await status.load();
		expect(status.lines).toEqual({
			codehost: { mode: 'Demo', last: 'Nothing done here yet' },
			energy: { mode: 'Live · energy.example:8443', last: 'Last: Ordered 65,000 energy, just now' },
			bible: { mode: 'Live · no server set', last: 'Nothing done here yet' }
		});
	});
});
