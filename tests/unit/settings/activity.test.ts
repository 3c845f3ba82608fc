/** The home page's "last activity" per area: what is kept, and how it reads. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readActivities, recordActivity, requestLine } from '$lib/settings/activity';
import { loadAreaSummaries, timeAgo } from '$lib/settings/area-summary';
import { saveConnections, defaultConnections } from '$lib/settings/persistence';
import { MemoryStorage } from '../memory-storage';

// Node has no localStorage: each test gets an empty one.
beforeEach(() => {
	vi.stubGlobal('localStorage', new MemoryStorage());
});

describe('recordActivity and readActivities', () => {
	it('keeps the last line per area, newest wins, other areas untouched', () => {
		recordActivity('codehost', 'GET /api/v4/projects', 1000);
		recordActivity('bible', 'Read John 3 (KJV)', 2000);
		recordActivity('codehost', 'POST /api/v4/projects', 3000);
		expect(readActivities()).toEqual({
			codehost: { at: 3000, what: 'POST /api/v4/projects' },
			bible: { at: 2000, what: 'Read John 3 (KJV)' }
		});
	});

	it('a damaged or foreign stored value reads as no activity, not an error', () => {
		localStorage.setItem('activity.v1', '{not json');
		expect(readActivities()).toEqual({});
		localStorage.setItem(
			'activity.v1',
			JSON.stringify({
				codehost: { at: 'soon', what: 1 },
				energy: { at: 5, what: 'Ordered' },
				x: {}
			})
		);
		expect(readActivities()).toEqual({ energy: { at: 5, what: 'Ordered' } });
	});

	it('a very long line is cut, so storage holds a line, not a document', () => {
		recordActivity('codehost', 'GET /' + 'a'.repeat(500), 1);
		expect(readActivities().codehost?.what).toHaveLength(120);
	});
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

describe('requestLine', () => {
	it('is the method and path: a query (which may hold a token) is never kept', () => {
		expect(requestLine('GET', 'https://h.test/api/v4/projects?private_token=s3cret&page=2')).toBe(
			'GET /api/v4/projects'
		);
		expect(requestLine('GET', 'not a url')).toBe('GET');
	});
});
