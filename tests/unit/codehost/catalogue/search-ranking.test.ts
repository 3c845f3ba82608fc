/**
 * The ranking rules of the catalogue search on small hand-made catalogues, where every score can
 * be worked out by hand (the real catalogue's tests are in search.test.ts). The entries have no
 * templates, one source and no `/projects` prefix, so none gets the small lead of the well-known.
 */
import { describe, expect, it } from 'vitest';
import type { CatalogueEntry, CatalogueMethod } from '$lib/codehost/catalogue/catalogue';
import { findEndpoint, indexCatalogue, searchCatalogue } from '$lib/codehost/catalogue/search';

const entry = (
	method: CatalogueMethod,
	path: string,
	words = '',
	more: Partial<CatalogueEntry> = {}
): CatalogueEntry => ({
	method,
	path,
	label: `${method} ${path}`,
	docsUrl: 'https://docs.gitlab.com/api/',
	words,
	required: [],
	optional: [],
	where: method === 'GET' || method === 'DELETE' ? 'query' : 'body',
	types: {},
	sources: ['python-gitlab'],
	templates: [],
	...more
});

const search = (entries: CatalogueEntry[], query: string) =>
	searchCatalogue(indexCatalogue(entries), query).map((e) => e.label);

describe('searching by path', () => {
	const catalogue = [
		entry('GET', '/groups/:id/members'),
		entry('GET', '/groups/:id/issues'),
		entry('GET', '/groups/:id/issues/:issue_iid')
	];

	it('completes the last segment of a concrete path', () => {
		expect(search(catalogue, '/groups/42/mem')).toEqual(['GET /groups/:id/members']);
	});

	it('takes only the last segment as a prefix, never one in the middle', () => {
		expect(search(catalogue, '/gro/42/issues')).toEqual([]);
	});

	it('leaves out the query string typed after the path', () => {
		expect(search(catalogue, '/groups/42/issues?state=opened')[0]).toBe('GET /groups/:id/issues');
	});

	it('ignores spaces around the query, and several after a method', () => {
		expect(search(catalogue, '  /groups/42/issues  ')[0]).toBe('GET /groups/:id/issues');
		expect(search(catalogue, 'GET   /groups/42/issues')[0]).toBe('GET /groups/:id/issues');
	});

	it('puts a segment typed exactly before a parameter taking it, even a well-known endpoint', () => {
		const entries = [
			entry('GET', '/groups/:id', '', { templates: ['get-group'] }),
			entry('GET', '/groups/search')
		];
		expect(search(entries, '/groups/search')).toEqual(['GET /groups/search', 'GET /groups/:id']);
	});

	it('ranks a fragment found inside paths by its position, then by the shorter path', () => {
		const entries = [
			entry('GET', '/aa/b/c'),
			entry('GET', '/a/b/c/d'),
			entry('GET', '/a/b/c'),
			entry('GET', '/x/y')
		];
		expect(search(entries, 'b/c')).toEqual(['GET /a/b/c', 'GET /a/b/c/d', 'GET /aa/b/c']);
	});

	it('lists the methods of one path in the order GET, POST, PUT, PATCH, DELETE', () => {
		const entries = (['GET', 'PUT', 'DELETE', 'POST', 'PATCH'] as const).map((m) =>
			entry(m, '/things')
		);
		expect(search(entries, '/things')).toEqual([
			'GET /things',
			'POST /things',
			'PUT /things',
			'PATCH /things',
			'DELETE /things'
		]);
	});

	it('lists entries of equal score shorter path first', () => {
		const entries = [entry('DELETE', '/things/:id/long'), entry('DELETE', '/things/:id')];
		expect(search(entries, 'DELETE')).toEqual(['DELETE /things/:id', 'DELETE /things/:id/long']);
	});
});

describe('searching by words', () => {
	it('puts a word of the path typed whole before a longer word it begins', () => {
		const entries = [entry('GET', '/tagx/ls'), entry('GET', '/tag/listing')];
		expect(search(entries, 'tag')).toEqual(['GET /tag/listing', 'GET /tagx/ls']);
	});

	it('falls back to the entry’s other words, one typed whole before one it begins', () => {
		const entries = [
			entry('POST', '/d', 'eraser'),
			entry('POST', '/ccc', 'erase'),
			entry('POST', '/erase_all')
		];
		expect(search(entries, 'erase')).toEqual(['POST /erase_all', 'POST /ccc', 'POST /d']);
		expect(search(entries, 'era')).toEqual(['POST /erase_all', 'POST /d', 'POST /ccc']);
	});

	it('finds nothing when one of the words matches nothing', () => {
		const entries = [entry('POST', '/ccc', 'erase')];
		expect(search(entries, 'erase')).toEqual(['POST /ccc']);
		expect(search(entries, 'erase zebra')).toEqual([]);
	});

	it('puts the endpoint about the thing named before one that only mentions it', () => {
		const entries = [entry('GET', '/issues/notes'), entry('GET', '/a/b/c/d/issues')];
		expect(search(entries, 'issue')).toEqual(['GET /a/b/c/d/issues', 'GET /issues/notes']);
		expect(search(entries, 'iss')).toEqual(['GET /a/b/c/d/issues', 'GET /issues/notes']);
	});

	it('counts an endpoint about the things named only when it is about all of them', () => {
		const entries = [entry('GET', '/issues/:id/notes'), entry('GET', '/x/y/z/issue_notes')];
		expect(search(entries, 'issue note')).toEqual([
			'GET /x/y/z/issue_notes',
			'GET /issues/:id/notes'
		]);
	});

	it('gives no such lead to a path made of parameters only', () => {
		const entries = [entry('GET', '/:anything', 'hereby'), entry('GET', '/qq', 'here')];
		expect(search(entries, 'here')).toEqual(['GET /qq', 'GET /:anything']);
	});

	it('prefers fewer segments, and fewer words for as many segments', () => {
		const entries = [
			entry('GET', '/pipelines/:a/:b/:c/:d/x'),
			entry('GET', '/pipelines/y/z/x'),
			entry('GET', '/pipelines/:a/:b/x')
		];
		expect(search(entries, 'pipeline')).toEqual([
			'GET /pipelines/:a/:b/x',
			'GET /pipelines/y/z/x',
			'GET /pipelines/:a/:b/:c/:d/x'
		]);
	});

	it('reads a verb among several words as the method, before or after them', () => {
		const entries = [entry('GET', '/notes', 'list notes'), entry('POST', '/notes')];
		expect(search(entries, 'create note')).toEqual(['POST /notes']);
		expect(search(entries, 'notes post')).toEqual(['POST /notes']);
	});

	it('reads a single verb as a word, not as the method', () => {
		const entries = [entry('GET', '/address_book'), entry('POST', '/things')];
		expect(search(entries, 'add')).toEqual(['GET /address_book']);
	});
});

describe('the endpoint a request is for', () => {
	const index = indexCatalogue([
		entry('POST', '/groups/:id'),
		entry('POST', '/groups/import'),
		entry('GET', '/:anything')
	]);

	it('prefers a fixed segment to a parameter, whatever their order in the catalogue', () => {
		expect(findEndpoint(index, 'POST', '/groups/import')?.label).toBe('POST /groups/import');
		expect(findEndpoint(index, 'POST', '/groups/7')?.label).toBe('POST /groups/:id');
	});

	it('finds a path made of parameters only', () => {
		expect(findEndpoint(index, 'GET', '/x')?.label).toBe('GET /:anything');
	});
});
