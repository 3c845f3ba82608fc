import { describe, expect, it } from 'vitest';
import {
	encodeParamValue,
	fillPath,
	matchPath,
	missingRequired,
	pathParams
} from '$lib/codehost/catalogue/params';

describe('path parameter fields', () => {
	it('gives a name used twice in a template one field', () => {
		expect(pathParams('/projects/:id/compare/:ref/to/:ref').map((p) => p.name)).toEqual([
			'id',
			'ref'
		]);
	});

	it('takes only the first parameter of a path under /projects or /groups as a project', () => {
		expect(pathParams('/groups/:id/projects')[0]!.kind).toBe('project');
		expect(pathParams('/users/:user_id/projects/:project_id').map((p) => p.kind)).toEqual([
			'segment',
			'segment'
		]);
	});

	it('hints a number for an id (iid, *_id, id) and encoded slashes for anything else', () => {
		const hint = (name: string) => pathParams(`/things/:${name}`)[0]!.hint;
		expect(hint('issue_iid')).toBe('A number');
		expect(hint('note_id')).toBe('A number');
		expect(hint('id')).toBe('A number');
		for (const name of ['slug', 'key_identity', 'uuid', 'identity'])
			expect(hint(name), name).toBe('Slashes are sent encoded (%2F)');
	});
});

describe('encoding a parameter value', () => {
	const [segment] = pathParams('/things/:file_path');

	it('keeps a {{variable}} written with spaces around it or inside the braces', () => {
		expect(encodeParamValue(segment!, ' {{file}} ')).toBe('{{file}}');
		expect(encodeParamValue(segment!, '{{ file }}')).toBe('{{ file }}');
	});

	it('encodes a value that only contains a {{variable}} among other text', () => {
		expect(encodeParamValue(segment!, 'docs/{{file}}')).toBe('docs%2F%7B%7Bfile%7D%7D');
		expect(encodeParamValue(segment!, '{{dir}}/a')).toBe('%7B%7Bdir%7D%7D%2Fa');
	});
});

describe('filling a template', () => {
	it('encodes the only parameter of a template', () => {
		expect(fillPath('/projects/:id', { id: 'group/app' })).toEqual({
			path: '/projects/group%2Fapp',
			missing: []
		});
	});

	it('names a parameter given no value at all as missing, once however often it appears', () => {
		expect(fillPath('/projects/:id/issues/:issue_iid', { id: '1' })).toEqual({
			path: '/projects/1/issues/:issue_iid',
			missing: ['issue_iid']
		});
		expect(fillPath('/a/:x/b/:x', {})).toEqual({ path: '/a/:x/b/:x', missing: ['x'] });
	});
});

describe('reading values back from a path', () => {
	it('keeps a value that is not valid percent-encoding as it was typed', () => {
		expect(matchPath('/projects/:id/issues', '/projects/100%/issues')).toEqual({ id: '100%' });
	});
});

describe('required attributes a request leaves out', () => {
	const entry = { required: ['title'] };

	it('reads a query string with its leading ?', () => {
		expect(missingRequired(entry, { query: '?title=Fix' })).toEqual([]);
	});

	it('takes only a leading ? as the mark of the query string', () => {
		expect(missingRequired(entry, { query: 'title?=Fix' })).toEqual(['title']);
	});

	it('reads query parameters already parsed', () => {
		expect(missingRequired(entry, { query: new URLSearchParams('title=Fix') })).toEqual([]);
		expect(missingRequired(entry, { query: new URLSearchParams('title=') })).toEqual(['title']);
	});

	it('reads query values given as an object, an empty one as missing', () => {
		expect(missingRequired(entry, { query: { title: 'Fix' } })).toEqual([]);
		expect(missingRequired(entry, { query: { title: '' } })).toEqual(['title']);
	});

	it('counts a body field left undefined as missing', () => {
		expect(missingRequired(entry, { body: { title: undefined } })).toEqual(['title']);
		expect(missingRequired(entry, { body: { title: 'Fix' } })).toEqual([]);
	});

	it('names them all for a JSON null body', () => {
		expect(missingRequired(entry, { body: 'null' })).toEqual(['title']);
	});
});
