import { describe, expect, it } from 'vitest';
import { buildCatalogue, type CatalogueData } from '$lib/codehost/catalogue/catalogue';
import {
	addParameter,
	chooseEndpoint,
	endpointInForm,
	type EndpointForm
} from '$lib/codehost/catalogue/choose';
import data from '$lib/codehost/catalogue/gitlab-endpoints.json';

const catalogue = buildCatalogue(data as CatalogueData);
const find = (label: string) => {
	const entry = catalogue.find((e) => e.label === label);
	if (!entry) throw new Error(`no entry ${label}`);
	return entry;
};

/** A form with something typed in every field choosing an endpoint resets. */
const filledForm = (): EndpointForm => ({
	endpoint: null,
	method: 'DELETE',
	path: '/users/:user_id/keys',
	pathParams: { id: 'group/project', user_id: '7' },
	query: 'state=opened',
	params: 'title=Old',
	bodyKind: 'multipart',
	queryInBody: true,
	file: new File(['x'], 'a.txt')
});

describe('choosing a catalogue endpoint', () => {
	it('takes the endpoint, its method and its path template', () => {
		const form = filledForm();
		const entry = find('POST /projects/:id/issues');
		chooseEndpoint(form, entry);
		expect(form.endpoint).toBe(entry);
		expect(form.method).toBe('POST');
		expect(form.path).toBe('/projects/:id/issues');
	});

	it('keeps values typed for a parameter of the same name, the others empty', () => {
		const form = filledForm();
		chooseEndpoint(form, find('GET /projects/:id/merge_requests/:merge_request_iid'));
		// `id` was typed before and stays; `merge_request_iid` is new; `user_id` is no longer asked.
		expect(form.pathParams).toEqual({ id: 'group/project', merge_request_iid: '' });
	});

	it('clears the query, the attributes, the file and the query-in-body choice', () => {
		const form = filledForm();
		chooseEndpoint(form, find('POST /projects/:id/issues'));
		expect(form.query).toBe('');
		expect(form.params).toBe('');
		expect(form.file).toBeNull();
		expect(form.queryInBody).toBe(false);
	});

	it('sends the attributes of a GET in the query and those of a POST as JSON', () => {
		const form = filledForm();
		chooseEndpoint(form, find('GET /projects/:id/issues'));
		expect(form.bodyKind).toBe('query');
		chooseEndpoint(form, find('POST /projects/:id/issues'));
		expect(form.bodyKind).toBe('json');
	});
});

describe('the chosen endpoint while the form still asks for it', () => {
	const entry = find('PUT /projects/:id/issues/:issue_iid');

	it('is the chosen entry while method and path are its own', () => {
		expect(endpointInForm({ endpoint: entry, method: 'PUT', path: entry.path })).toBe(entry);
	});

	it('is gone once the method changes', () => {
		expect(endpointInForm({ endpoint: entry, method: 'POST', path: entry.path })).toBeNull();
	});

	it('is gone once the path is edited', () => {
		expect(
			endpointInForm({ endpoint: entry, method: 'PUT', path: '/projects/:id/issues' })
		).toBeNull();
	});

	it('is none when no endpoint was chosen', () => {
		expect(endpointInForm({ endpoint: null, method: 'PUT', path: entry.path })).toBeNull();
	});
});

describe('adding a parameter chosen from the endpoint', () => {
	it('a query parameter becomes a query row with an empty value, once', () => {
		const form = { query: 'per_page=5', params: '', bodyKind: 'query' as const };
		expect(addParameter(form, { name: 'search', where: 'query' })).toMatch(/^Added search/);
		expect(form.query).toBe('per_page=5&search=');
		expect(addParameter(form, { name: 'search', where: 'query' })).toMatch(/already/);
		expect(form.query).toBe('per_page=5&search=');
	});

	it('a body attribute goes into the JSON parameters; a list as an empty list', () => {
		const form = { query: '', params: '{"title": "x"}', bodyKind: 'json' as const };
		addParameter(form, { name: 'labels', where: 'body', type: 'list (name[]=…)' });
		addParameter(form, { name: 'description', where: 'body' });
		expect(JSON.parse(form.params)).toEqual({ title: 'x', labels: [], description: '' });
	});

	it('parameters that are not one JSON object are left as they are, and it says so', () => {
		const form = { query: '', params: '{', bodyKind: 'json' as const };
		expect(addParameter(form, { name: 'title', where: 'body' })).toMatch(/not added/);
		expect(form.params).toBe('{');
	});
});
