import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '$lib/codehost/contract/endpoints';
import {
	buildCatalogue,
	loadCatalogue,
	shapeOf,
	type CatalogueData,
	type CatalogueEntry
} from '$lib/codehost/catalogue/catalogue';
import data from '$lib/codehost/catalogue/gitlab-endpoints.json';

const catalogue = buildCatalogue(data as CatalogueData);
const find = (label: string): CatalogueEntry => {
	const entry = catalogue.find((e) => e.label === label);
	if (!entry) throw new Error(`no entry ${label}`);
	return entry;
};

describe('the extracted GitLab catalogue', () => {
	it('holds every endpoint of both sources, each method and path once', () => {
		expect(data.entries.length).toBeGreaterThanOrEqual(700);
		const shapes = catalogue.map((e) => shapeOf(e.method, e.path));
		expect(new Set(shapes).size).toBe(shapes.length);
		const count = (s: string) => catalogue.filter((e) => e.sources.includes(s as never)).length;
		// python-gitlab's 201 managers and custom actions, GitLab::API::v4's 454 methods, shared 413.
		expect(count('python-gitlab')).toBeGreaterThan(600);
		expect(count('GitLab::API::v4')).toBeGreaterThan(400);
		const methods = new Set(catalogue.map((e) => e.method));
		expect([...methods].sort()).toEqual(['DELETE', 'GET', 'POST', 'PUT']);
	});

	it('names the sources and their licences', () => {
		expect(data.about).toMatch(/python-gitlab .*LGPL-3\.0/);
		expect(data.about).toMatch(/GitLab::API::v4 .*Artistic-1\.0 or GPL-1\.0-or-later/);
	});

	it.each([
		['POST /projects/:id/issues', ['title']],
		['POST /projects/:id/merge_requests', ['source_branch', 'target_branch', 'title']],
		['POST /projects/:id/repository/branches', ['branch', 'ref']],
		['POST /projects/:id/repository/tags', ['tag_name', 'ref']],
		['POST /projects/:id/labels', ['name', 'color']],
		['POST /projects/:id/milestones', ['title']],
		['POST /projects/:id/hooks', ['url']],
		['POST /projects/:id/variables', ['key', 'value']],
		['POST /projects/:id/issues/:issue_iid/notes', ['body']],
		['POST /groups', ['name', 'path']],
		['POST /projects/:id/deploy_keys', ['title', 'key']],
		['POST /projects/:id/members', ['access_level', 'user_id']],
		['PUT /projects/:id/repository/files/:file_path', ['branch', 'content', 'commit_message']],
		['POST /projects/:id/issues/:issue_iid/time_estimate', ['duration']]
	])('%s requires %j', (label, required) => {
		expect([...find(label).required].sort()).toEqual([...required].sort());
	});

	it('puts GET attributes in the query and the others in the body', () => {
		const list = find('GET /projects/:id/merge_requests');
		expect(list.where).toBe('query');
		expect(list.optional).toEqual(expect.arrayContaining(['state', 'labels', 'search']));
		expect(list.types.labels).toBe('csv');
		expect(find('POST /projects/:id/issues').where).toBe('body');
	});

	it('links each endpoint to a GitLab docs page', () => {
		for (const entry of catalogue)
			expect(entry.docsUrl).toMatch(/^https:\/\/docs\.gitlab\.com\/api\/[\w/]+\/(#[\w-]+)?$/);
		expect(find('GET /projects/:id/merge_requests').docsUrl).toBe(
			'https://docs.gitlab.com/api/merge_requests/'
		);
		expect(find('POST /projects/:id/issues').docsUrl).toBe('https://docs.gitlab.com/api/issues/');
		expect(find('POST /projects/:id/merge_requests/:merge_request_iid/approve').docsUrl).toBe(
			'https://docs.gitlab.com/api/merge_request_approvals/#approve-merge-request'
		);
	});

	it('derives a page for what neither source links: the resource, a renamed page, the parent', () => {
		const page = (label: string) => find(label).docsUrl.replace('https://docs.gitlab.com/api/', '');
		expect(page('GET /projects/:id/merge_requests/:merge_request_iid/approval_rules')).toBe(
			'merge_request_approvals/'
		);
		expect(page('POST /groups/:id/export')).toBe('group_import_export/');
		expect(page('GET /user/status')).toBe('users/');
		expect(page('GET /projects/:id/services/:service_name')).toBe('integrations/');
		expect(page('GET /admin/ci/variables')).toBe('instance_level_ci_variables/');
	});

	it('covers every template of the explorer (endpoints.ts)', () => {
		for (const template of ENDPOINTS) {
			const entry = catalogue.find((e) => e.templates.includes(template.id));
			expect(entry, template.id).toBeDefined();
			expect(shapeOf(entry!.method, entry!.path)).toBe(shapeOf(template.method, template.path));
		}
		// Templates GitLab's sources describe are not duplicated.
		expect(catalogue.filter((e) => e.label === 'GET /projects/:id').length).toBe(1);
		expect(find('GET /projects/:id').templates).toEqual(['get-project', 'get-renamed-project']);
	});

	it('loads lazily once and shares the result', async () => {
		const [a, b] = await Promise.all([loadCatalogue(), loadCatalogue()]);
		expect(a).toBe(b);
		expect(a.length).toBe(catalogue.length);
	});
});
