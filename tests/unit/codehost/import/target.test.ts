import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '$lib/codehost/catalogue/catalogue';
import { encodeRawIds, EXPLORER_PATHS, splitTarget } from '$lib/codehost/import/target';
import { API_ROOT } from './sent';

const ctx = (variables: Record<string, string> = {}) => ({ apiRoot: API_ROOT, variables });

describe('splitTarget', () => {
	it.each([
		['https://gitlab.example.com/api/v4/projects?x=1', '/projects', 'x=1', true],
		['HTTPS://GITLAB.EXAMPLE.COM/api/v4/user', '/user', '', true],
		['https://gitlab.example.com:443/api/v4/user#top', '/user', '', true],
		['gitlab.example.com/api/v4/user', 'http://gitlab.example.com/api/v4/user', '', false],
		['http://gitlab.example.com/api/v4/user', 'http://gitlab.example.com/api/v4/user', '', false],
		['https://gitlab.example.com/api/v3/user', 'https://gitlab.example.com/api/v3/user', '', false],
		[
			'https://gitlab.example.com/api/v4x/user',
			'https://gitlab.example.com/api/v4x/user',
			'',
			false
		],
		['https://evil.example/api/v4/user', 'https://evil.example/api/v4/user', '', false],
		['/api/v4/groups', '/groups', '', true],
		['/groups', '/groups', '', true]
	])('%s → %s', (url, path, query, underRoot) => {
		expect(splitTarget(url, ctx())).toMatchObject({ path, query, underRoot });
	});

	it('a leading {{variable}} is read from the file’s values; without one it stands for the API root, and says so', () => {
		expect(
			splitTarget('{{baseUrl}}/user', ctx({ baseUrl: 'https://gitlab.example.com/api/v4/' }))
		).toMatchObject({ path: '/user', underRoot: true, notes: [] });
		expect(
			splitTarget('{{ baseUrl }}/user', ctx({ baseUrl: 'https://other.example/api/v4' }))
		).toMatchObject({ path: 'https://other.example/api/v4/user', underRoot: false });
		const unknown = splitTarget('{{url}}/user', ctx());
		expect(unknown).toMatchObject({ path: '/user', underRoot: true });
		expect(unknown.notes[0]!.why).toMatch(/read as this explorer's API root/);
	});

	it('a variable in the host is filled from the file; one without a value keeps the URL and says so', () => {
		expect(
			splitTarget('https://{{host}}/api/v4/user', ctx({ host: 'gitlab.example.com' }))
		).toMatchObject({ path: '/user', underRoot: true });
		const t = splitTarget('https://{{host}}/api/v4/user', ctx());
		expect(t).toMatchObject({ path: 'https://{{host}}/api/v4/user', underRoot: false });
		expect(t.notes[0]!.what).toMatch(/server is a variable without a value/);
	});
});

describe('encodeRawIds (CH-PATH-1, CH-PATH-2)', async () => {
	const paths = (await loadCatalogue()).map((e) => e.path);
	it.each([
		['/projects/group/project/issues', '/projects/group%2Fproject/issues'],
		['/projects/a/b/c/merge_requests/3', '/projects/a%2Fb%2Fc/merge_requests/3'],
		[
			'/projects/7/repository/files/src/lib/app.ts',
			'/projects/7/repository/files/src%2Flib%2Fapp.ts'
		],
		['/projects/7/repository/tags/release/1.0', '/projects/7/repository/tags/release%2F1.0'],
		['/groups/parent/child/projects', '/groups/parent%2Fchild/projects'],
		['/projects/7/issues/5', '/projects/7/issues/5'],
		['/projects/group%2Fproject/issues', '/projects/group%2Fproject/issues'],
		['/projects/:id/issues', '/projects/:id/issues'],
		['/nothing/like/this', '/nothing/like/this']
	])('%s → %s', (path, want) => {
		expect(encodeRawIds(path, paths)).toBe(want);
	});

	it('without the catalogue, the explorer’s own templates are used', () => {
		expect(encodeRawIds('/projects/a/b/issues/5', EXPLORER_PATHS)).toBe('/projects/a%2Fb/issues/5');
	});

	it('a parameter at the end takes extra segments only where it names a path (a project id does not)', () => {
		expect(encodeRawIds('/projects/a/b', ['/projects/:id'])).toBe('/projects/a/b');
		expect(
			encodeRawIds('/projects/1/repository/files/a/b', [
				'/projects/:id/repository/files/:file_path'
			])
		).toBe('/projects/1/repository/files/a%2Fb');
	});
});
