/** The home page's line per area: Demo or Live with its host, and how long ago it was last used. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { recordActivity } from '$lib/settings/activity';
import { loadAreaSummaries, timeAgo } from '$lib/settings/area-summary';
import { saveConnections, defaultConnections } from '$lib/settings/persistence';
import { MemoryStorage } from '../memory-storage';

// Node has no localStorage: each test gets an empty one.
beforeEach(() => {
	vi.stubGlobal('localStorage', new MemoryStorage());
});

describe('loadAreaSummaries', () => {
	it('says Demo, or Live with the host, and the last activity', async () => {
		await saveConnections({
			...defaultConnections(),
			energy: { mode: 'live', baseUrl: 'https://energy.example:8443/x', proxyUrl: '' }
		});
		recordActivity('energy', 'Ordered 65,000 energy', 7);
		const s = await loadAreaSummaries();
		expect(s.codehost).toEqual({ mode: 'demo', host: null, last: null });
		expect(s.energy).toEqual({
			mode: 'live',
			host: 'energy.example:8443',
			last: { at: 7, what: 'Ordered 65,000 energy' }
		});
	});
});

describe('timeAgo', () => {
	const now = Date.UTC(2026, 10, 23, 12);
	it.each([
		[now - 5_000, 'just now'],
		[now - 5 * 60_000, '5 minutes ago'],
		[now - 3 * 3600_000, '3 hours ago'],
		[now - 26 * 3600_000, 'yesterday'],
		[now - 15 * 24 * 3600_000, '2 weeks ago']
	])('%s reads as "%s"', (at, text) => {
		expect(timeAgo(at, now)).toBe(text);
	});
});
