/** cURL and glab commands with a Sudo header, an API root with trailing slashes, a colon in a path. */
import { describe, expect, it } from 'vitest';
import { generate, type CodeRequest } from '$lib/codehost/codegen/codegen';
import { lines, req } from './code-request';

const GLAB_NOTE = '# glab reads the token from GITLAB_TOKEN or from glab auth login.';

describe('a Sudo header', () => {
	const sudo = req({ sudo: { value: ' root ', way: 'header' } });

	it('cURL sends it after the token, its value trimmed', () => {
		expect(generate('cURL', sudo)).toBe(
			lines(
				'curl \\',
				"  --url 'https://gitlab.example.com/api/v4/projects/1/members' \\",
				"  --header 'Accept: application/json' \\",
				`  --header 'PRIVATE-TOKEN: '"$GITLAB_TOKEN" \\`,
				"  --header 'Sudo: root'"
			)
		);
	});

	it('glab sends it as a header, its value trimmed', () => {
		expect(generate('glab', sudo)).toBe(
			lines(
				GLAB_NOTE,
				"glab api --hostname 'gitlab.example.com' --header 'Sudo: root' 'projects/1/members'"
			)
		);
	});
});

describe('a Sudo parameter or a blank Sudo', () => {
	it('cURL adds sudo after the query, or as the query, its value trimmed and encoded', () => {
		const url = (over: Partial<CodeRequest>) =>
			generate('cURL', req({ sudo: { value: ' ro ot ', way: 'query' }, ...over })).split('\n')[1];
		expect(url({ query: 'page=2' })).toBe(
			"  --url 'https://gitlab.example.com/api/v4/projects/1/members?page=2&sudo=ro%20ot' \\"
		);
		expect(url({})).toBe(
			"  --url 'https://gitlab.example.com/api/v4/projects/1/members?sudo=ro%20ot' \\"
		);
	});

	it('fetch sends a Sudo header with its value trimmed', () => {
		expect(generate('fetch', req({ sudo: { value: ' root ', way: 'header' } }))).toContain(
			"\t\t'Sudo': 'root'"
		);
	});

	it('a Sudo of spaces only is no Sudo', () => {
		for (const way of ['header', 'query'] as const)
			for (const client of ['cURL', 'fetch', 'glab'] as const)
				expect(
					generate(client, req({ sudo: { value: '  ', way } })),
					`${client} ${way}`
				).not.toMatch(/sudo/i);
	});
});

describe('glab and the API root', () => {
	it('names the path under a root written with trailing slashes', () => {
		expect(generate('glab', req({ apiRoot: 'https://gitlab.example.com/api/v4//' }))).toBe(
			lines(GLAB_NOTE, "glab api --hostname 'gitlab.example.com' 'projects/1/members'")
		);
	});

	it('keeps a path with a colon after its first segment (no scheme there)', () => {
		expect(generate('glab', req({ target: '/projects/1/repository/files/a:b' }))).toBe(
			lines(GLAB_NOTE, "glab api --hostname 'gitlab.example.com' 'projects/1/repository/files/a:b'")
		);
	});
});
