import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildCatalogue, type CatalogueData } from '$lib/codehost/catalogue/catalogue';
import type { EndpointTemplate } from '$lib/codehost/contract/endpoints';

const row = (method: string, path: string, docs: string, sources = 1) => [
	method,
	path,
	docs,
	'',
	[],
	[],
	[],
	sources
];
const data = (...entries: unknown[][]): CatalogueData => ({
	about: '',
	docsBase: 'https://docs.gitlab.com/api/',
	entries
});
const template = (method: EndpointTemplate['method'], path: string): EndpointTemplate => ({
	id: 'added',
	method,
	path,
	note: '',
	rules: [],
	example: {}
});

describe('building the catalogue', () => {
	it('gives an entry of an unknown source no source', () => {
		const [entry] = buildCatalogue(data(row('GET', '/groups', 'groups/', 0)), []);
		expect(entry!.sources).toEqual([]);
	});

	it('links an added template to the page of the entry sharing the longest path, parameters of any name alike', () => {
		const catalogue = buildCatalogue(
			data(
				row('GET', '/projects/:id/issues/:issue_iid', 'issues/#single-issue'),
				row('GET', '/groups/:id/x', 'groups/'),
				row('GET', '/groups/:id/:sub/y', 'subgroups/')
			),
			[template('GET', '/projects/:pid/issues/:x/sneeze'), template('GET', '/groups/:id/fixed/y')]
		);
		const docs = (path: string) => catalogue.find((e) => e.path === path)?.docsUrl;
		expect(docs('/projects/:pid/issues/:x/sneeze')).toBe('https://docs.gitlab.com/api/issues/');
		// A parameter of the entry does not stand for a fixed segment of the template.
		expect(docs('/groups/:id/fixed/y')).toBe('https://docs.gitlab.com/api/groups/');
	});
});

describe('loading the catalogue', () => {
	afterEach(() => {
		vi.doUnmock('$lib/codehost/catalogue/gitlab-endpoints.json');
		vi.resetModules();
	});

	it('tries again after a failed load (offline), instead of keeping the failure', async () => {
		let calls = 0;
		vi.resetModules();
		vi.doMock('$lib/codehost/catalogue/gitlab-endpoints.json', () => {
			calls++;
			if (calls === 1) throw new Error('offline');
			return { default: data(row('GET', '/groups', 'groups/')) };
		});
		const { loadCatalogue } = await import('$lib/codehost/catalogue/catalogue');
		await expect(loadCatalogue()).rejects.toThrow();
		const entries = await loadCatalogue();
		expect(entries.some((e) => e.label === 'GET /groups')).toBe(true);
	});
});
