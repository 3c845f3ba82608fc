/**
 * An imported API description as endpoint-list entries: its query and body parameters with their
 * types, descriptions, allowed values and whether required, as the description gives them; its
 * operations before GitLab's where both describe one endpoint; a newer version found by title or
 * server.
 */
import { describe, expect, it } from 'vitest';
import { buildCatalogue } from '$lib/codehost/catalogue/catalogue';
import {
	describedEntries,
	sameDescription,
	withDescribed,
	type ApiDescription
} from '$lib/codehost/catalogue/described';
import { endpointParams } from '$lib/codehost/catalogue/param-info';
import { indexCatalogue, searchCatalogue } from '$lib/codehost/catalogue/search';

const tracker: ApiDescription = {
	id: 'api-1',
	title: 'Tracker API',
	version: '1.4.0',
	servers: ['https://tracker.example.com/api/v1'],
	imported: '2026-12-01T10:00:00.000Z',
	operations: [
		{
			method: 'GET',
			path: '/projects/:project_id/issues',
			summary: 'List issues',
			docsUrl: 'https://docs.tracker.example.com/issues#list',
			params: [
				{ name: 'project_id', in: 'path', required: true, type: 'string' },
				{ name: 'search', in: 'query', required: false, type: 'string' },
				{
					name: 'state',
					in: 'query',
					required: true,
					type: 'string',
					description: 'Only issues in this state.',
					values: ['opened', 'closed']
				},
				{ name: 'X-Trace', in: 'header', required: false }
			]
		},
		{
			method: 'POST',
			path: '/projects/:project_id/issues',
			summary: 'Create an issue',
			bodyType: 'application/json',
			params: [
				{ name: 'project_id', in: 'path', required: true },
				{ name: 'title', in: 'body', required: true, type: 'string' }
			]
		}
	]
};

describe('describedEntries', () => {
	it('gives each operation its query and body parameters as the description says, required first', () => {
		const [list, create] = describedEntries(tracker);
		expect(list).toMatchObject({
			method: 'GET',
			path: '/projects/:project_id/issues',
			label: 'GET /projects/:project_id/issues',
			docsUrl: 'https://docs.tracker.example.com/issues#list',
			from: 'Tracker API',
			summary: 'List issues',
			required: ['state'],
			optional: ['search'],
			where: 'query'
		});
		expect(endpointParams(list!)).toEqual([
			{
				name: 'state',
				required: true,
				where: 'query',
				type: 'string',
				description: 'Only issues in this state.',
				values: ['opened', 'closed']
			},
			{ name: 'search', required: false, where: 'query', type: 'string' }
		]);
		// Nothing guessed from GitLab's conventions (no page, per_page) for another API.
		expect(endpointParams(list!).map((p) => p.name)).not.toContain('per_page');
		expect(create).toMatchObject({ where: 'body', required: ['title'], docsUrl: '' });
	});
});

describe('withDescribed', () => {
	const base = buildCatalogue({
		about: '',
		docsBase: 'https://docs.gitlab.com/api/',
		entries: [
			['GET', '/projects/:id/issues', 'issues/', 'list issue', [], ['state'], [], 3],
			['GET', '/users', 'users/', 'list user', [], [], [], 3]
		]
	});

	it('lists the description’s operation once, in place of GitLab’s of the same shape', () => {
		const merged = withDescribed(base, [tracker]);
		const issues = merged.filter((e) => e.method === 'GET' && /issues$/.test(e.path));
		expect(issues).toHaveLength(1);
		expect(issues[0]!.from).toBe('Tracker API');
		expect(merged.some((e) => e.path === '/users')).toBe(true);
		// The path field finds it by path and by its summary's words.
		const index = indexCatalogue(merged);
		expect(searchCatalogue(index, '/projects/5/iss')[0]!.from).toBe('Tracker API');
		expect(searchCatalogue(index, 'create issue')[0]!.label).toBe(
			'POST /projects/:project_id/issues'
		);
	});

	it('the first description kept wins where two describe one endpoint', () => {
		const other = { ...tracker, id: 'api-2', title: 'Other' };
		const merged = withDescribed(base, [tracker, other]);
		expect(merged.filter((e) => e.from === 'Other')).toEqual([]);
	});
});

describe('sameDescription', () => {
	it('finds a newer version by its title (any case) or by a server in common', () => {
		expect(sameDescription([tracker], { title: 'tracker api ', servers: [] })).toBe(tracker);
		expect(
			sameDescription([tracker], {
				title: 'Tracker API (renamed)',
				servers: ['https://tracker.example.com/api/v1']
			})
		).toBe(tracker);
	});

	it('a relative server or another title is another description', () => {
		const relative = { ...tracker, servers: ['/'] };
		expect(sameDescription([relative], { title: 'Petstore', servers: ['/'] })).toBeUndefined();
		expect(sameDescription([tracker], { title: 'Petstore', servers: [] })).toBeUndefined();
	});
});
