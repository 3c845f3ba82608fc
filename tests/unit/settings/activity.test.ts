/** The home page's "last activity" per area: what is kept, and how it reads. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readActivities, recordActivity, requestLine } from '$lib/settings/activity';
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

describe('requestLine', () => {
	it('is the method and path: a query (which may hold a token) is never kept', () => {
		expect(requestLine('GET', 'https://h.test/api/v4/projects?private_token=s3cret&page=2')).toBe(
			'GET /api/v4/projects'
		);
		expect(requestLine('GET', 'not a url')).toBe('GET');
	});
});
