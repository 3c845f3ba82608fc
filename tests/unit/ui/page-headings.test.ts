import { describe, expect, it } from 'vitest';
import { headingFor, PAGE_HEADINGS } from '$lib/ui/page-headings';

describe('headingFor: the heading shown while the settings load', () => {
	it('names each area page as the page itself does', () => {
		expect(headingFor('/(areas)/explorer')).toBe('Code-host API explorer');
		expect(headingFor('/(areas)/energy')).toBe('Energy order dashboard');
		expect(headingFor('/(areas)/settings')).toBe('Settings');
		for (const id of ['/(areas)/bible', '/(areas)/bible/[bible]', '/(areas)/bible/[bible]/[book]'])
			expect(headingFor(id)).toBe(PAGE_HEADINGS.bible);
	});

	it('gives none where the heading depends on what loads (a chapter), nor for unknown routes', () => {
		expect(headingFor('/(areas)/bible/[bible]/[book]/[chapter]')).toBeUndefined();
		expect(headingFor('/(areas)/bible/notes')).toBeUndefined();
		expect(headingFor('/')).toBeUndefined();
		expect(headingFor('toString')).toBeUndefined();
		expect(headingFor(null)).toBeUndefined();
	});
});
