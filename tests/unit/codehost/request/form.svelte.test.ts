/**
 * The request form as a person fills it: an endpoint fills the fields, variables fill the path
 * and query, what is missing is named, and a saved request or a History entry fills it back.
 */
import { describe, expect, it } from 'vitest';
import { AuthState } from '$lib/codehost/auth/auth.svelte';
import { RequestFormState, type FormContext } from '$lib/codehost/request/form.svelte';
import { REDACTED } from '$lib/http/redact';

const ROOT = 'https://codehost.demo/api/v4';

function form(variables: Record<string, string> = {}, status?: number) {
	const auth = new AuthState(() => false);
	const context: FormContext = { apiRoot: ROOT, auth, variables, status };
	return { form: new RequestFormState(() => context), auth, context };
}

describe('the request form', () => {
	it('an endpoint chosen fills method, path, example parameters and body kind', () => {
		const { form: f } = form();
		f.useTemplate('create-pipeline');
		expect(f.method).toBe('POST');
		expect(f.path).toBe('/projects/:id/pipeline');
		expect(f.paramNames).toEqual(['id']);
		expect(f.pathParams.id).toBeTruthy();
		expect(f.builtPath).toBe(`/projects/${f.pathParams.id}/pipeline`);
		f.useTemplate('create-project');
		expect(f.bodyKind).toBe('json');
		expect(JSON.parse(f.params)).toEqual({
			name: 'My project',
			description: 'Made in the explorer'
		});
	});

	it('variables fill the path (one segment each, / encoded) and the query; missing ones are named', () => {
		const { form: f } = form({ project: 'group/app', page: '2' });
		f.path = '/projects/{{project}}/issues';
		f.query = 'page={{page}}&state={{state}}';
		expect(f.builtPath).toBe('/projects/group%2Fapp/issues');
		expect(f.resolvedQuery).toBe('page=2&state={{state}}');
		expect(f.variablesUsed).toEqual(['project', 'page', 'state']);
		expect(f.unresolved).toEqual(['state']);
	});

	it('parameters that are not a JSON object are refused with what to write instead', () => {
		const { form: f } = form();
		f.method = 'POST';
		f.bodyKind = 'json';
		f.params = '[1, 2]';
		expect(f.inputError).toMatch(/one JSON object/);
		f.params = '{"title": "x"}';
		expect(f.inputError).toBeNull();
		expect(f.build().body).toBe('{"title":"x"}');
	});

	it('the preview URL shows where the request goes with the token left out', () => {
		const { form: f, auth } = form();
		auth.setMethod('personal');
		auth.token = 'glpat-secret';
		auth.way = 'private-token-query';
		expect(f.previewUrl).toBe(`${ROOT}/projects?per_page=5&private_token=…`);
		expect(f.previewUrl).not.toContain('glpat-secret');
	});

	it('after a 414 the form offers to send the parameters as a body, and moves them', () => {
		const { form: f, context } = form({}, 414);
		expect(f.offerBody).toBe(true);
		f.sendAsBody();
		expect(f.offerBody).toBe(false);
		expect(f.bodyKind).toBe('form');
		context.status = 200;
		expect(f.queryInBody).toBe(true);
	});

	it('a saved request fills the form back as it was, with its auth by name only', () => {
		const { form: f, auth } = form();
		f.method = 'PUT';
		f.path = '/projects/:id';
		f.pathParams = { id: '{{project}}' };
		f.query = '';
		f.params = '{"name": "{{name}}"}';
		f.bodyKind = 'json';
		f.headers = 'If-Match: "1"';
		auth.setMethod('personal');
		auth.token = 'glpat-secret';
		const saved = f.request();
		expect(JSON.stringify(saved)).not.toContain('glpat-secret');

		const { form: other, auth: otherAuth } = form();
		other.load(saved);
		expect(other.request()).toEqual(saved);
		expect(otherAuth.method).toBe('personal');
		expect(other.build().method).toBe('PUT');
	});

	it('a History entry fills the form; a query it stored redacted is left empty', () => {
		const { form: f } = form();
		f.load({
			method: 'DELETE',
			path: 'projects/7',
			query: `private_token=${REDACTED}`,
			params: '',
			bodyKind: 'none'
		});
		expect(f.method).toBe('DELETE');
		expect(f.path).toBe('/projects/7');
		expect(f.query).toBe('');
		f.load({ method: 'TRACE', path: '/projects', query: 'page=2', params: '', bodyKind: 'query' });
		expect(f.method).toBe('GET');
		expect(f.query).toBe('page=2');
	});

	it('the URL bar shows the path with its query; a path typed without one carries none over', () => {
		const { form: f } = form();
		// As Next page leaves it: the second page's query in the form.
		f.load({
			method: 'GET',
			path: '/projects',
			query: 'page=2&per_page=5',
			params: '',
			bodyKind: 'query'
		});
		expect(f.url).toBe('/projects?page=2&per_page=5');
		f.url = '/projects/99999';
		expect(f.query).toBe('');
		expect(f.build().query).toBe('');
		expect(f.previewUrl).toBe(`${ROOT}/projects/99999`);
	});

	it('a ? typed in the URL bar makes query rows, and a row edit rewrites the bar', () => {
		const { form: f } = form();
		f.url = '/projects?';
		expect(f.url).toBe('/projects?');
		f.url = '/projects?a=1';
		expect(f.queryRows.rows.map((r) => [r.name, r.value])).toEqual([['a', '1']]);
		f.queryRows.update(0, { value: '2' });
		expect(f.url).toBe('/projects?a=2');
		f.queryRows.update(0, { enabled: false });
		expect(f.url).toBe('/projects');
		expect(f.build().query).toBe('');
	});

	it('a header row switched off is not sent', () => {
		const { form: f } = form();
		f.headers = 'X-A: 1\nX-B: 2';
		f.headerRows.update(0, { enabled: false });
		expect(f.build().headers).toEqual({ 'X-B': '2' });
	});

	it('an empty path parameter refuses the request and names the field', () => {
		const { form: f } = form();
		f.url = '/projects/:id';
		expect(f.missingPathParams).toEqual(['id']);
		expect(f.inputError).toMatch(/^Fill the path parameter id beside the path/);
		f.pathParams = { id: '  ' };
		expect(f.inputError).toMatch(/path parameter id/);
		f.pathParams = { id: '7' };
		expect(f.inputError).toBeNull();
		f.path = '/projects/:id/issues/:issue_iid';
		expect(f.inputError).toMatch(/path parameter issue_iid beside/);
	});

	it('the Template field shows a template only while the request is still that template', () => {
		const { form: f } = form();
		expect(f.shownTemplate?.id).toBe('list-projects');
		f.url = '/projects/1';
		expect(f.shownTemplate).toBeUndefined();
		f.url = '/projects';
		expect(f.shownTemplate?.id).toBe('list-projects');
		f.method = 'POST';
		expect(f.shownTemplate).toBeUndefined();
	});
});

describe('the request form: a file the request needs', () => {
	it('a loaded request that needs a file keeps where it goes in the form’s request; another request or a template clears it', () => {
		const { form: f } = form();
		const needsFile = {
			method: 'PUT' as const,
			path: '/projects/5',
			pathParams: {},
			query: '',
			params: '',
			bodyKind: 'multipart' as const,
			headers: '',
			auth: { method: 'none' as const, way: 'none' as const },
			fileSlot: { field: 'avatar', source: 'dk.png' }
		};
		f.load(needsFile);
		expect(f.fileSlot).toEqual({ field: 'avatar', source: 'dk.png' });
		expect(f.inputError).toMatch(/^Choose the file to send as the field “avatar”/);
		f.file = new File(['png'], 'dk.png');
		expect(f.inputError).toBeNull();
		expect(f.request().fileSlot).toEqual({ field: 'avatar', source: 'dk.png' });
		f.load({ ...needsFile, fileSlot: undefined });
		expect(f.fileSlot).toBeNull();
		expect(f.request()).not.toHaveProperty('fileSlot');
		f.load(needsFile);
		f.useTemplate('create-project');
		expect(f.fileSlot).toBeNull();
	});
});
