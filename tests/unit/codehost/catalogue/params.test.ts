import { describe, expect, it } from 'vitest';
import {
	encodeParamValue,
	fillPath,
	matchPath,
	missingRequired,
	pathParams
} from '$lib/codehost/catalogue/params';

describe('path parameters', () => {
	it('turns each :name into a field, the project reference first', () => {
		expect(pathParams('/projects/:id/merge_requests/:merge_request_iid/notes')).toEqual([
			{ name: 'id', kind: 'project', hint: 'A number, or a path such as group/project' },
			{ name: 'merge_request_iid', kind: 'segment', hint: 'A number' }
		]);
		expect(pathParams('/users')).toEqual([]);
		expect(pathParams('/users/:id')[0]!.kind).toBe('segment');
	});

	it('CH-PATH-1: a project is a number as it is or namespace/project with %2F', () => {
		const [id] = pathParams('/projects/:id');
		expect(encodeParamValue(id!, '42')).toBe('42');
		expect(encodeParamValue(id!, ' group/project ')).toBe('group%2Fproject');
		expect(encodeParamValue(id!, 'a/b c/d')).toBe('a%2Fb%20c%2Fd');
	});

	it('CH-PATH-2: any other parameter is one segment, its slashes encoded', () => {
		const params = pathParams('/projects/:id/repository/files/:file_path');
		expect(encodeParamValue(params[1]!, 'docs/guide/README.md')).toBe('docs%2Fguide%2FREADME.md');
	});

	it('keeps a {{variable}} for the send path to fill', () => {
		const [id] = pathParams('/projects/:id');
		expect(encodeParamValue(id!, '{{project}}')).toBe('{{project}}');
	});

	it('fills a template and names what is still missing', () => {
		expect(
			fillPath('/projects/:id/issues/:issue_iid', { id: 'diaspora/client', issue_iid: '5' })
		).toEqual({
			path: '/projects/diaspora%2Fclient/issues/5',
			missing: []
		});
		expect(fillPath('/projects/:id/issues/:issue_iid', { id: '1', issue_iid: ' ' })).toEqual({
			path: '/projects/1/issues/:issue_iid',
			missing: ['issue_iid']
		});
	});

	it('reads the values back from a concrete path', () => {
		expect(
			matchPath('/projects/:id/issues/:issue_iid', '/projects/group%2Fapp/issues/5?x=1')
		).toEqual({
			id: 'group/app',
			issue_iid: '5'
		});
		expect(matchPath('/projects/:id/issues', '/projects/1/merge_requests')).toBeUndefined();
		expect(matchPath('/projects/:id', '/projects/1/issues')).toBeUndefined();
	});
});

describe('missing required attributes', () => {
	const entry = { required: ['source_branch', 'target_branch', 'title'] };

	it('names those neither the query nor the JSON body carries', () => {
		expect(missingRequired(entry, { body: '{"title":"Fix","source_branch":"a"}' })).toEqual([
			'target_branch'
		]);
		expect(
			missingRequired(entry, {
				query: 'target_branch=main',
				body: { title: 'x', source_branch: 'a' }
			})
		).toEqual([]);
	});

	it('counts an empty value as missing and a bracketed name as its attribute', () => {
		expect(
			missingRequired({ required: ['title', 'labels'] }, { query: '?title=&labels[]=bug' })
		).toEqual(['title']);
		expect(
			missingRequired({ required: ['ref', 'variables'] }, { body: 'ref=main&variables[0][key]=A' })
		).toEqual([]);
	});

	it('names them all for a body that is not an object', () => {
		expect(missingRequired({ required: ['title'] }, { body: '[1,2]' })).toEqual(['title']);
		expect(missingRequired({ required: ['title'] }, { body: '' })).toEqual(['title']);
		expect(missingRequired({ required: ['title'] }, { query: { title: undefined } })).toEqual([
			'title'
		]);
	});
});
