import { describe, expect, it } from 'vitest';
import {
	decodeQuery,
	encodeComponent,
	encodeProjectRef,
	encodeQuery,
	fillPath,
	joinUrl,
	lintRequest
} from '$lib/codehost/request/encoding';

const RAW_FILE = {
	level: 'warning',
	message: 'The file path contains a raw “/”: encode it as %2F, or it matches no endpoint (404).'
};
const RAW_TAG = {
	level: 'warning',
	message: 'The tag name contains a raw “/”: encode it as %2F, or it matches no endpoint (404).'
};
const RAW_BRANCH = {
	level: 'warning',
	message: 'The branch name contains a raw “/”: encode it as %2F, or it matches no endpoint (404).'
};
const PLUS = {
	level: 'warning',
	message:
		'The query contains a bare “+”, which the server reads as a space. A literal plus is written %2B.'
};

describe('encoding details', () => {
	it("encodes !'()* with upper-case hex escapes", () => {
		expect(encodeComponent("it's (a) *test*!")).toBe('it%27s%20%28a%29%20%2Atest%2A%21');
	});

	it('CH-PATH-1: a numeric project id with stray spaces is sent as the bare number', () => {
		expect(encodeProjectRef(' 42 ')).toBe('42');
		expect(encodeProjectRef(7)).toBe('7');
		expect(encodeProjectRef(' group/app ')).toBe('group%2Fapp');
	});

	it('parameter names are encoded too, except their brackets', () => {
		expect(encodeQuery({ 'a b': '1', h: { 'k&x': 'v' } })).toBe('a%20b=1&h[k%26x]=v');
	});

	it('decodeQuery drops a leading "?" only, reads "+" as a space, and keeps a name without "="', () => {
		expect(decodeQuery('?a=1&b=?x')).toEqual([
			['a', '1'],
			['b', '?x']
		]);
		expect(decodeQuery('b=?x')).toEqual([['b', '?x']]);
		expect(decodeQuery('q=a+b&flag')).toEqual([
			['q', 'a b'],
			['flag', '']
		]);
	});

	it('decodeQuery keeps a malformed escape as written instead of failing', () => {
		expect(decodeQuery('a=100%&b=%E0%A4%A')).toEqual([
			['a', '100%'],
			['b', '%E0%A4%A']
		]);
	});
});

describe('fillPath', () => {
	it('leaves a parameter with no value, or an empty one, as :name so the lint can ask for it', () => {
		expect(fillPath('/projects/:id/issues/:iid', { id: '1', iid: '' })).toBe(
			'/projects/1/issues/:iid'
		);
		expect(fillPath('/projects/:id/issues/:iid', {})).toBe('/projects/:id/issues/:iid');
	});

	it('CH-PATH-1: only :id is a project reference (a number as it is, trimmed)', () => {
		expect(fillPath('/projects/:id/jobs/:job_id', { id: ' 42 ', job_id: 'a b' })).toBe(
			'/projects/42/jobs/a%20b'
		);
	});
});

describe('joinUrl', () => {
	it('CH-ROOT-1: joins root, path and query with exactly one slash and a "?" only when there is a query', () => {
		expect(joinUrl('https://h.example/api/v4', '/projects')).toBe(
			'https://h.example/api/v4/projects'
		);
		expect(joinUrl('https://h.example/api/v4//', 'projects', 'page=2')).toBe(
			'https://h.example/api/v4/projects?page=2'
		);
		expect(joinUrl('https://h.example/api/v4/', '/projects', '')).toBe(
			'https://h.example/api/v4/projects'
		);
	});
});

describe('lintRequest messages', () => {
	it('names the unfilled path parameters, singular or plural', () => {
		expect(lintRequest('/projects/:id')).toEqual([
			{ level: 'error', message: 'Fill the path parameter :id; the colon is not sent.' }
		]);
		expect(lintRequest('/projects/:id/issues/:iid')).toEqual([
			{ level: 'error', message: 'Fill the path parameters :id, :iid; the colon is not sent.' }
		]);
	});

	it('CH-ROOT-1: warns about the API root only at the start of the path, with or without a slash', () => {
		const root = {
			level: 'warning',
			message: 'The path repeats the API root (/api/v4); it is already in the base URL.'
		};
		expect(lintRequest('/api/v4/projects')).toEqual([root]);
		expect(lintRequest('api/v4/projects')).toEqual([root]);
		expect(lintRequest('/projects/1/api/v4')).toEqual([]);
	});

	it('CH-PATH-3: a raw namespace/project is flagged unless the project is a number, encoded or a parameter', () => {
		expect(lintRequest('/projects/diaspora/client-1')).toEqual([
			{
				level: 'warning',
				message:
					'“diaspora/client-1” looks like a namespaced project path with a raw “/”: write it diaspora%2Fclient-1, or it matches no endpoint (404).'
			}
		]);
		expect(lintRequest('/projects/app1/members')).toHaveLength(1);
		expect(lintRequest('/projects/1app/members')).toHaveLength(1);
		expect(lintRequest('/projects/v1:2/members')).toHaveLength(1);
		expect(lintRequest('/projects/42/members')).toEqual([]);
	});

	it('CH-PATH-3: a segment the seed knows after a project is not taken for a namespace', () => {
		for (const sub of [
			'share',
			'pipeline',
			'issues',
			'repository',
			'branches',
			'jobs',
			'releases',
			'import'
		])
			expect(lintRequest(`/projects/diaspora/${sub}`), sub).toEqual([]);
	});

	it('CH-PATH-2: file and tag names are flagged only when a raw "/" adds a segment', () => {
		expect(lintRequest('/projects/1/repository/files/docs/a.md')).toEqual([RAW_FILE]);
		expect(lintRequest('/projects/1/repository/files/README.md')).toEqual([]);
		expect(lintRequest('/projects/1/files/docs/a.md')).toEqual([]);
		expect(lintRequest('/projects/1/repository/tags/release/1.0')).toEqual([RAW_TAG]);
		expect(lintRequest('/projects/1/repository/tags/v1.0')).toEqual([]);
		expect(lintRequest('/projects/1/tags/release/1.0')).toEqual([]);
	});

	it('CH-PATH-2: a branch is flagged only when a raw "/" adds a segment before /commits', () => {
		expect(lintRequest('/projects/1/branches/feature/login/commits')).toEqual([RAW_BRANCH]);
		expect(lintRequest('/projects/1/branches/main/commits')).toEqual([]);
		expect(lintRequest('/projects/1/repository/commits')).toEqual([]);
		expect(lintRequest('/projects/1/branches/feature/login')).toEqual([]);
	});

	it('CH-ROOT-1: the .json suffix is flagged at the end of the path only, not in a file name', () => {
		expect(lintRequest('/projects.json')).toEqual([
			{ level: 'warning', message: 'The .json suffix is not needed.' }
		]);
		expect(lintRequest('/projects.json', 'page=2')).toHaveLength(1);
		expect(lintRequest('/projects/1/jobs/5/artifacts/report.jsonl')).toEqual([]);
		expect(lintRequest('/projects/1/repository/files/package.json', 'ref=main')).toEqual([]);
		expect(lintRequest('/projects/1/repository/files/config%2Fapp.json')).toEqual([]);
	});

	it('CH-ROOT-1: only a repository file’s name is exempt, not one after a files segment elsewhere', () => {
		expect(lintRequest('/projects/1/files/report.json')).toEqual([
			{ level: 'warning', message: 'The .json suffix is not needed.' }
		]);
	});

	it('CH-KEY-1: keyset lint names what is missing, "them" for two and "it" for one', () => {
		expect(lintRequest('/projects', 'pagination=keyset')).toEqual([
			{
				level: 'warning',
				message:
					'Keyset pagination needs order_by and sort as well (the server answers 400 without them). The keyset helper fills them in (CH-KEY-1).'
			}
		]);
		expect(lintRequest('/projects', 'pagination=keyset&sort=asc')).toEqual([
			{
				level: 'warning',
				message:
					'Keyset pagination needs order_by as well (the server answers 400 without it). The keyset helper fills them in (CH-KEY-1).'
			}
		]);
	});

	it('CH-PAY-7: a bare + is a warning; no query means no query warnings', () => {
		expect(lintRequest('/projects', 'search=a+b')).toEqual([PLUS]);
		expect(lintRequest('/projects')).toEqual([]);
	});
});
