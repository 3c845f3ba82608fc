import { describe, expect, it } from 'vitest';
import { buildCatalogue, type CatalogueData } from '$lib/codehost/catalogue/catalogue';
import {
	findEndpoint,
	indexCatalogue,
	searchCatalogue,
	stem
} from '$lib/codehost/catalogue/search';
import data from '$lib/codehost/catalogue/gitlab-endpoints.json';

const index = indexCatalogue(buildCatalogue(data as CatalogueData));
const labels = (query: string, limit = 5) =>
	searchCatalogue(index, query, limit).map((e) => e.label);

describe('catalogue search', () => {
	it('finds merge requests by words, the list of a project among the first', () => {
		const top = labels('merge requests');
		expect(top).toContain('GET /projects/:id/merge_requests');
		expect(top.every((l) => l.includes('merge_requests'))).toBe(true);
		// The endpoints about merge requests come before those about their notes.
		expect(top.some((l) => l.includes('/notes'))).toBe(false);
	});

	it('completes a path prefix, the exact resource first', () => {
		expect(labels('/projects/:id/mer')[0]).toBe('GET /projects/:id/merge_requests');
		expect(labels('/projects/:id/merge_requests/')[0]).toMatch(
			/ \/projects\/:id\/merge_requests\/:merge_request_iid$/
		);
	});

	it('reads a concrete path as its template', () => {
		expect(labels('/projects/42/issues')[0]).toBe('GET /projects/:id/issues');
		expect(labels('/projects/group%2Fapp/merge_requests/3/notes', 2)).toContain(
			'GET /projects/:id/merge_requests/:merge_request_iid/notes'
		);
	});

	it('takes a method before the path, or a verb among the words', () => {
		expect(labels('POST /projects/:id/issues')[0]).toBe('POST /projects/:id/issues');
		expect(labels('create issue')[0]).toBe('POST /projects/:id/issues');
		expect(searchCatalogue(index, 'delete branch', 20).every((e) => e.method === 'DELETE')).toBe(
			true
		);
	});

	it('finds a path fragment anywhere', () => {
		expect(labels('approve', 20)).toContain(
			'POST /projects/:id/merge_requests/:merge_request_iid/approve'
		);
		expect(labels('repository/files', 20)).toContain(
			'GET /projects/:id/repository/files/:file_path'
		);
	});

	it('answers nothing for nothing, and nothing for words no entry has', () => {
		expect(labels('')).toEqual([]);
		expect(labels('zebra unicorn')).toEqual([]);
	});

	it('treats singular and plural alike', () => {
		expect(stem('requests')).toBe(stem('request'));
		expect(stem('branches')).toBe('branch');
		expect(stem('policies')).toBe('policy');
	});

	it('finds the endpoint a typed request is for, a fixed segment before a parameter', () => {
		expect(findEndpoint(index, 'post', '/projects/group%2Fapp/issues?x=1')?.label).toBe(
			'POST /projects/:id/issues'
		);
		expect(findEndpoint(index, 'POST', '/projects/import')?.label).toBe('POST /projects/import');
		expect(findEndpoint(index, 'GET', '/projects/:id/merge_requests')?.label).toBe(
			'GET /projects/:id/merge_requests'
		);
		expect(findEndpoint(index, 'GET', '/nothing/here')).toBeUndefined();
	});
});
