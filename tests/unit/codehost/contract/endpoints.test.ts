/**
 * CH-EP-*: each template of the explorer, sent through the client as a person would (choose the
 * template, Send), puts on the wire what the contract's endpoint table says.
 */
import { describe, expect, it } from 'vitest';
import { createCodehostApp } from '$lib/fakes/codehost/app';
import { explorerOver, ROOT } from '../explorer-over';

async function sent(templateId: string, token = 'glpat-demo-token') {
	const app = createCodehostApp();
	const requests: Request[] = [];
	const explorer = explorerOver(async (input, init) => {
		const request = new Request(input, init);
		requests.push(request.clone());
		return app.fetch(request);
	});
	explorer.auth.setMethod(
		templateId.startsWith('job') || templateId === 'releases' ? 'job' : 'personal'
	);
	explorer.auth.token =
		templateId.startsWith('job') || templateId === 'releases' ? 'glcbt-demo-job-token' : token;
	explorer.form.useTemplate(templateId);
	await explorer.exchange.send();
	const request = requests[0]!;
	const url = new URL(request.url);
	return {
		explorer,
		method: request.method,
		/** The path as it went out, still encoded. */
		path: request.url.slice(ROOT.length).split('?')[0]!,
		query: url.searchParams,
		contentType: request.headers.get('content-type') ?? '',
		body: await request.text(),
		headers: request.headers
	};
}

describe('the explorer’s endpoint templates, on the wire', () => {
	it('CH-EP-1: GET /projects, paginated', async () => {
		const r = await sent('list-projects');
		expect([r.method, r.path, r.query.get('per_page')]).toEqual(['GET', '/projects', '5']);
		expect(r.explorer.exchange.response?.pagination.kind).toBe('offset');
	});

	it('CH-EP-2, CH-PATH-1: GET /projects/:id with the namespaced path as %2F, no token needed', async () => {
		const r = await sent('get-project', '');
		expect([r.method, r.path]).toEqual(['GET', '/projects/diaspora%2Fclient-1']);
		expect(r.explorer.exchange.response?.status).toBe(200);
	});

	it('CH-EP-3: POST /projects with name and description as a JSON body', async () => {
		const r = await sent('create-project');
		expect([r.method, r.path, r.contentType]).toEqual(['POST', '/projects', 'application/json']);
		expect(JSON.parse(r.body)).toEqual({ name: 'My project', description: 'Made in the explorer' });
		expect(r.explorer.exchange.response?.status).toBe(201);
	});

	it('CH-EP-4: DELETE /projects/:id/share/:group_id, both numeric', async () => {
		const r = await sent('unshare-project');
		expect(r.method).toBe('DELETE');
		expect(r.path).toMatch(/^\/projects\/\d+\/share\/\d+$/);
	});

	it('CH-EP-5: POST /projects/import as multipart with namespace, path, file and override_params', async () => {
		const r = await sent('import-project');
		expect([r.method, r.path]).toEqual(['POST', '/projects/import']);
		expect(r.contentType).toMatch(/^multipart\/form-data; boundary=/);
		for (const field of ['namespace', 'path', 'override_params[visibility]'])
			expect(r.body).toContain(`name="${field}"`);
	});

	it('CH-EP-6, CH-PAY-6: POST /projects/:id/pipeline with ref and variables as an array of hashes', async () => {
		const r = await sent('create-pipeline');
		expect([r.method, r.path]).toEqual(['POST', '/projects/1/pipeline']);
		const form = new URLSearchParams(r.body);
		expect(form.get('ref')).toBeTruthy();
		expect(form.get('variables[0][key]')).toBeTruthy();
		expect(form.has('variables[0][value]')).toBe(true);
	});

	it('CH-EP-7, CH-ID-1: GET /projects/:id/issues/:iid by iid', async () => {
		const r = await sent('get-issue');
		expect([r.method, r.path]).toEqual(['GET', '/projects/42/issues/5']);
		expect((r.explorer.exchange.response?.json as { id: number; iid: number }).iid).toBe(5);
	});

	it('CH-EP-8: GET /projects/:id/issues/:iid/notes, paginated', async () => {
		const r = await sent('issue-notes');
		expect([r.method, r.path]).toEqual(['GET', '/projects/42/issues/5/notes']);
		expect(r.explorer.exchange.response?.pagination.kind).toBe('offset');
	});

	it('CH-EP-9, CH-PATH-2: GET a file with its path URL-encoded and the ref query', async () => {
		const r = await sent('get-file');
		expect(r.path).toBe('/projects/1/repository/files/docs%2Fguide%2FREADME.md');
		expect(r.query.get('ref')).toBe('main');
	});

	it('CH-EP-10, CH-PATH-2: GET branch commits with the branch URL-encoded', async () => {
		const r = await sent('branch-commits');
		expect(r.path).toBe('/projects/1/branches/feature%2Flogin/commits');
	});

	it('CH-EP-11, CH-PATH-2: GET a tag with its name URL-encoded', async () => {
		const r = await sent('get-tag');
		expect(r.path).toBe('/projects/1/repository/tags/release%2F1.0');
	});

	it('CH-EP-12, CH-AUTH-3: job artifacts accept the job token', async () => {
		const r = await sent('job-artifacts');
		expect([r.method, r.path]).toEqual(['GET', '/projects/1/jobs/7/artifacts']);
		expect(r.headers.get('job-token')).toBe('glcbt-demo-job-token');
		expect(r.explorer.exchange.response?.status).toBe(200);
	});

	it('CH-EP-13, CH-AUTH-3: releases accept the job token', async () => {
		const r = await sent('releases');
		expect([r.method, r.path]).toEqual(['GET', '/projects/1/releases']);
		expect(r.explorer.exchange.response?.status).toBe(200);
	});

	it('CH-EP-14: namespaces, groups and users are paginated listings', async () => {
		for (const id of ['namespaces', 'groups', 'users']) {
			const r = await sent(id);
			expect([r.method, r.path]).toEqual(['GET', `/${id}`]);
			expect(r.explorer.exchange.response?.pagination.kind).toBe('offset');
		}
	});

	it('CH-EP-15: POST /snippets with title, file_name, content and visibility', async () => {
		const r = await sent('create-snippet');
		expect([r.method, r.path]).toEqual(['POST', '/snippets']);
		expect(Object.keys(JSON.parse(r.body)).sort()).toEqual(
			['content', 'file_name', 'title', 'visibility'].sort()
		);
	});
});
