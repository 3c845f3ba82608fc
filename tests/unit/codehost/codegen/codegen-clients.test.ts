/**
 * The code each client gets, read line by line: how the credential travels (or why it cannot),
 * the library idioms and where they stop, bodies, escapes, and the token left out unless asked.
 */
import { describe, expect, it } from 'vitest';
import {
	curlCode,
	fetchCode,
	generate,
	gitbeakerCode,
	glabCode,
	pythonCode
} from '$lib/codehost/codegen/codegen';
import { base, lines, pyNoBody, req } from './code-request';

const FETCH_TAIL = [
	'const text = await response.text();',
	'console.log(response.status, text ? JSON.parse(text) : null);'
];
const PY_HEAD = ['import os', '', 'import gitlab', ''];
const PY_TAIL = 'print(result.status_code, result.json() if result.content else None)';
const GB_HEAD = [
	'// Node 20 or later, with npm install @gitbeaker/rest: save as request.mjs and run node request.mjs.',
	`import { Gitlab } from '@gitbeaker/rest';`,
	''
];
const GB_TAIL = 'console.log(response.status, response.body);';

describe('a browser session cookie', () => {
	const r = req({ auth: { method: 'session', way: 'private-token-header', token: '' } });

	it('cURL and fetch send it from SESSION_COOKIE, and no token header', () => {
		expect(generate('cURL', r)).toBe(
			lines(
				'curl \\',
				"  --url 'https://gitlab.example.com/api/v4/projects/1/members' \\",
				"  --header 'Accept: application/json' \\",
				`  --cookie '_service_session='"$SESSION_COOKIE"`
			)
		);
		expect(generate('fetch', r)).toBe(
			lines(
				"const response = await fetch('https://gitlab.example.com/api/v4/projects/1/members', {",
				"\tmethod: 'GET',",
				'\theaders: {',
				"\t\t'Accept': 'application/json',",
				"\t\t'Cookie': '_service_session=' + (process.env.SESSION_COOKIE ?? '')",
				'\t}',
				'});',
				...FETCH_TAIL
			)
		);
		expect(generate('cURL', { ...r, auth: { ...r.auth, token: 'sess-1' } }, true)).toContain(
			"--cookie '_service_session=sess-1'"
		);
	});

	it('gitbeaker, python-gitlab and glab cannot send it, take no token, and say so', () => {
		expect(generate('gitbeaker', r)).toBe(
			lines(
				...GB_HEAD,
				"const api = new Gitlab({ host: 'https://gitlab.example.com' });",
				'// gitbeaker sends no browser session cookie: use a token.',
				'',
				"const response = await api.requester.get('projects/1/members');",
				GB_TAIL
			)
		);
		expect(generate('python-gitlab', r)).toBe(
			lines(
				...PY_HEAD,
				'gl = gitlab.Gitlab("https://gitlab.example.com")',
				'# python-gitlab sends no browser session cookie: use a token.',
				'',
				pyNoBody('GET'),
				'result = gl.http_request("get", "/projects/1/members")',
				PY_TAIL
			)
		);
		const glab = lines(
			'# glab sends no browser session cookie: use a token (glab auth login).',
			"glab api --hostname 'gitlab.example.com' 'projects/1/members'"
		);
		expect(generate('glab', r)).toBe(glab);
		expect(generate('glab', { ...r, auth: { ...r.auth, token: 'sess-1' } }, true)).toBe(glab);
	});
});

describe('no credential', () => {
	const r = req({
		method: 'DELETE',
		target: '/projects/1',
		auth: { method: 'none', way: 'private-token-header', token: '' }
	});

	it('each client writes the bare request, with no token and no note about one', () => {
		expect(generate('cURL', r)).toBe(
			lines(
				'curl \\',
				'  --request DELETE \\',
				"  --url 'https://gitlab.example.com/api/v4/projects/1' \\",
				"  --header 'Accept: application/json'"
			)
		);
		expect(generate('fetch', r)).toBe(
			lines(
				"const response = await fetch('https://gitlab.example.com/api/v4/projects/1', {",
				"\tmethod: 'DELETE',",
				'\theaders: {',
				"\t\t'Accept': 'application/json'",
				'\t}',
				'});',
				...FETCH_TAIL
			)
		);
		expect(generate('gitbeaker', r)).toBe(
			lines(
				...GB_HEAD,
				"const api = new Gitlab({ host: 'https://gitlab.example.com' });",
				'',
				"const response = await api.requester.delete('projects/1');",
				GB_TAIL
			)
		);
		expect(generate('python-gitlab', r)).toBe(
			lines(
				...PY_HEAD,
				'gl = gitlab.Gitlab("https://gitlab.example.com")',
				'',
				pyNoBody('DELETE'),
				'result = gl.http_request("delete", "/projects/1")',
				PY_TAIL
			)
		);
		expect(generate('glab', r)).toBe(
			"glab api --hostname 'gitlab.example.com' --method DELETE 'projects/1'"
		);
		expect(generate('glab', r, true)).toBe(
			"glab api --hostname 'gitlab.example.com' --method DELETE 'projects/1'"
		);
	});
});

describe('the token in the query string', () => {
	const access = req({
		query: 'query=a',
		auth: { method: 'oauth', way: 'access-token-query', token: ' t/1 ' }
	});
	const job = req({
		target: '/projects/1/releases',
		auth: { method: 'job', way: 'job-token-query', token: 't' }
	});

	it('CH-AUTH-1: an OAuth token goes as access_token after the query', () => {
		expect(generate('cURL', access)).toContain(
			`--url 'https://gitlab.example.com/api/v4/projects/1/members?query=a&access_token='"$GITLAB_TOKEN" \\`
		);
		expect(generate('fetch', access)).toContain(
			"fetch('https://gitlab.example.com/api/v4/projects/1/members?query=a&access_token=' + encodeURIComponent(process.env.GITLAB_TOKEN ?? ''), {"
		);
		expect(generate('fetch', access, true)).toContain(
			"fetch('https://gitlab.example.com/api/v4/projects/1/members?query=a&access_token=t%2F1', {"
		);
		expect(generate('cURL', access, true)).toContain(
			"--url 'https://gitlab.example.com/api/v4/projects/1/members?query=a&access_token=t%2F1' \\"
		);
	});

	it('CH-AUTH-3: a job token goes as job_token, the first parameter when there is no query', () => {
		expect(generate('cURL', job)).toBe(
			lines(
				'curl \\',
				`  --url 'https://gitlab.example.com/api/v4/projects/1/releases?job_token='"$CI_JOB_TOKEN" \\`,
				"  --header 'Accept: application/json'"
			)
		);
		expect(generate('fetch', job)).toContain(
			"fetch('https://gitlab.example.com/api/v4/projects/1/releases?job_token=' + encodeURIComponent(process.env.CI_JOB_TOKEN ?? ''), {"
		);
		expect(generate('fetch', job, true)).toContain(
			"fetch('https://gitlab.example.com/api/v4/projects/1/releases?job_token=t', {"
		);
		expect(generate('gitbeaker', job)).toContain(
			"const api = new Gitlab({ host: 'https://gitlab.example.com' });"
		);
		expect(generate('gitbeaker', job)).toContain(
			"const response = await api.requester.get('projects/1/releases', { searchParams: { job_token: process.env.CI_JOB_TOKEN ?? '' } });"
		);
	});

	it('python-gitlab sends it in the query too; glab its own way, and says so', () => {
		expect(generate('python-gitlab', job)).toBe(
			lines(
				...PY_HEAD,
				'gl = gitlab.Gitlab("https://gitlab.example.com")',
				'',
				pyNoBody('GET'),
				'result = gl.http_request("get", "/projects/1/releases", query_data={"job_token": os.environ["CI_JOB_TOKEN"]})',
				PY_TAIL
			)
		);
		expect(generate('python-gitlab', access)).toContain(
			'result = gl.http_request("get", "/projects/1/members", query_data={"query": "a", "access_token": os.environ["GITLAB_TOKEN"]})'
		);
		expect(generate('glab', access)).toBe(
			lines(
				'# glab reads the token from GITLAB_TOKEN or from glab auth login.',
				"glab api --hostname 'gitlab.example.com' 'projects/1/members?query=a'"
			)
		);
	});

	it('a header token has no query-string note in python-gitlab', () => {
		const comments = generate('python-gitlab', base)
			.split('\n')
			.filter((l) => l.startsWith('#'));
		expect(comments).toEqual([pyNoBody('GET')]);
	});
});

describe('the token only when asked for, trimmed', () => {
	const r = req({ auth: { method: 'personal', way: 'private-token-header', token: '  tok-9 \n' } });

	it('each client writes the token without the spaces around it', () => {
		expect(generate('cURL', r, true)).toMatch(/\n {2}--header 'PRIVATE-TOKEN: tok-9'$/);
		expect(generate('fetch', r, true)).toContain("\t\t'PRIVATE-TOKEN': 'tok-9'\n");
		expect(generate('gitbeaker', r, true)).toContain(
			"const api = new Gitlab({ host: 'https://gitlab.example.com', token: 'tok-9' });"
		);
		expect(generate('python-gitlab', r, true)).toContain(
			'gl = gitlab.Gitlab("https://gitlab.example.com", private_token="tok-9")'
		);
		expect(generate('glab', r, true)).toBe(
			"GITLAB_TOKEN='tok-9' glab api --hostname 'gitlab.example.com' 'projects/1/members'"
		);
		expect(generate('fetch', { ...r, auth: { ...r.auth, way: 'bearer' } }, true)).toContain(
			"\t\t'Authorization': 'Bearer ' + ('tok-9')\n"
		);
	});

	it('each exported client leaves the token out unless the caller asks', () => {
		for (const code of [curlCode, fetchCode, gitbeakerCode, pythonCode, glabCode]) {
			expect(code(r)).not.toContain('tok-9');
			expect(code(r, true)).toContain('tok-9');
		}
	});

	it('glab without the token reads it from the environment: a note, no empty word', () => {
		expect(glabCode(r)).toBe(
			lines(
				'# glab reads the token from GITLAB_TOKEN or from glab auth login.',
				"glab api --hostname 'gitlab.example.com' 'projects/1/members'"
			)
		);
	});
});

describe('bodies', () => {
	const json = req({
		method: 'POST',
		target: '/projects/1/issues',
		query: 'state=new',
		sudo: { value: 'alice', way: 'query' },
		headers: { 'Content-Type': 'application/json', accept: 'application/json' },
		bodyText:
			'{"title":"Bug","due":null,"confidential":true,"weight":3,"labels":["a","b"],"meta":{"x":false}}'
	});

	it('a JSON body: fetch writes it indented, python-gitlab as a Python literal, gitbeaker as an object', () => {
		expect(generate('fetch', json)).toBe(
			lines(
				"const response = await fetch('https://gitlab.example.com/api/v4/projects/1/issues?state=new&sudo=alice', {",
				"\tmethod: 'POST',",
				'\theaders: {',
				"\t\t'Accept': 'application/json',",
				"\t\t'PRIVATE-TOKEN': process.env.GITLAB_TOKEN ?? '',",
				"\t\t'Content-Type': 'application/json'",
				'\t},',
				'\tbody: JSON.stringify({',
				'\t\t"title": "Bug",',
				'\t\t"due": null,',
				'\t\t"confidential": true,',
				'\t\t"weight": 3,',
				'\t\t"labels": [',
				'\t\t\t"a",',
				'\t\t\t"b"',
				'\t\t],',
				'\t\t"meta": {',
				'\t\t\t"x": false',
				'\t\t}',
				'\t})',
				'});',
				...FETCH_TAIL
			)
		);
		expect(generate('python-gitlab', json)).toBe(
			lines(
				...PY_HEAD,
				'gl = gitlab.Gitlab("https://gitlab.example.com", private_token=os.environ["GITLAB_TOKEN"])',
				'',
				'result = gl.http_request("post", "/projects/1/issues", query_data={"state": "new"}, post_data={"title": "Bug", "due": None, "confidential": True, "weight": 3, "labels": ["a", "b"], "meta": {"x": False}}, sudo="alice")',
				PY_TAIL
			)
		);
		expect(generate('gitbeaker', json)).toBe(
			lines(
				...GB_HEAD,
				"const api = new Gitlab({ host: 'https://gitlab.example.com', token: process.env.GITLAB_TOKEN ?? '' });",
				'',
				`const response = await api.requester.post('projects/1/issues', { searchParams: { state: 'new', sudo: 'alice' }, body: {"title":"Bug","due":null,"confidential":true,"weight":3,"labels":["a","b"],"meta":{"x":false}} });`,
				GB_TAIL
			)
		);
	});

	it('an Accept header the person typed is not written twice', () => {
		for (const client of ['cURL', 'fetch', 'glab'] as const)
			expect(generate(client, { ...json, headers: { Accept: 'text/plain' } })).not.toMatch(
				/text\/plain/
			);
		expect(generate('cURL', json).match(/Accept/gi)).toHaveLength(1);
		expect(generate('glab', json)).toBe(
			lines(
				'# glab reads the token from GITLAB_TOKEN or from glab auth login.',
				"glab api --hostname 'gitlab.example.com' --method POST --header 'Content-Type: application/json' 'projects/1/issues?state=new&sudo=alice' --input - <<'BODY'",
				json.bodyText!,
				'BODY'
			)
		);
	});

	it('a form-encoded body: raw text in cURL and fetch, a FormData in gitbeaker, decoded pairs in python-gitlab', () => {
		const form = req({
			method: 'PUT',
			target: '/projects/1',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			bodyText: "name=it's%20a\\b&x=1"
		});
		expect(generate('cURL', form)).toContain(
			"--header 'Content-Type: application/x-www-form-urlencoded' \\\n  --data-raw 'name=it'\\''s%20a\\b&x=1'"
		);
		expect(generate('fetch', form)).toContain("\tbody: 'name=it\\'s%20a\\\\b&x=1'\n});");
		expect(generate('gitbeaker', form)).toContain(
			lines(
				'// gitbeaker sends a form as multipart/form-data: GitLab reads the same fields from it.',
				'const form = new FormData();',
				"form.append('name', 'it\\'s a\\\\b');",
				"form.append('x', '1');",
				"const response = await api.requester.put('projects/1', { body: form });"
			)
		);
		expect(generate('python-gitlab', form)).toContain(
			'result = gl.http_request("put", "/projects/1", post_data={"name": "it\'s a\\\\b", "x": "1"})'
		);
	});

	it('line breaks in a text body or a header value are escaped in JavaScript strings', () => {
		const text = req({
			method: 'POST',
			target: '/markdown',
			headers: { 'Content-Type': 'text/plain', 'X-Note': 'a\\b' },
			bodyText: 'line 1\r\nline 2'
		});
		const js = generate('fetch', text);
		expect(js).toContain("\t\t'X-Note': 'a\\\\b'\n");
		expect(js).toContain("\tbody: 'line 1\\r\\nline 2'\n");
		// gitbeaker would send a text body as a JSON string: fetch sends it as the app does.
		expect(generate('gitbeaker', text)).toContain(
			'// gitbeaker sends a body only as JSON or as a form, and this one is neither. This is fetch, sending the request as the app does.'
		);
		expect(generate('gitbeaker', text)).toContain("\tbody: 'line 1\\r\\nline 2'\n");
		expect(generate('python-gitlab', text)).toContain(
			'post_data="line 1\\r\\nline 2".encode(), raw=True)'
		);
	});

	it('an empty body is not sent', () => {
		const empty = req({ method: 'POST', target: '/projects/1/star', bodyText: '' });
		expect(generate('cURL', empty)).not.toContain('--data-raw');
		expect(generate('fetch', empty)).not.toContain('body:');
		expect(generate('glab', empty)).not.toContain('--input');
		const get = req({});
		expect(generate('glab', get)).not.toContain('--input');
	});

	it('a multipart form without a file: fetch builds it with no file line; glab sends the fields as JSON', () => {
		const form = req({
			method: 'POST',
			target: '/projects/1/wikis',
			form: { fields: [['title', "it's"]] }
		});
		expect(generate('fetch', form)).toBe(
			lines(
				'const form = new FormData();',
				"form.append('title', 'it\\'s');",
				"const response = await fetch('https://gitlab.example.com/api/v4/projects/1/wikis', {",
				"\tmethod: 'POST',",
				'\theaders: {',
				"\t\t'Accept': 'application/json',",
				"\t\t'PRIVATE-TOKEN': process.env.GITLAB_TOKEN ?? ''",
				'\t},',
				'\tbody: form',
				'});',
				...FETCH_TAIL
			)
		);
		expect(generate('glab', form)).toBe(
			lines(
				'# glab reads the token from GITLAB_TOKEN or from glab auth login.',
				'# glab api sends these fields as JSON, not as a multipart form; the API reads both.',
				"glab api --hostname 'gitlab.example.com' --method POST 'projects/1/wikis' --raw-field 'title=it'\\''s'"
			)
		);
	});
});

describe('library idioms and where they stop', () => {
	const GB_API =
		"const api = new Gitlab({ host: 'https://gitlab.example.com', token: process.env.GITLAB_TOKEN ?? '' });";
	const PY_GL =
		'gl = gitlab.Gitlab("https://gitlab.example.com", private_token=os.environ["GITLAB_TOKEN"])';

	it('a page of the group listing: Groups.all and groups.list fetch that page only; glab does not walk', () => {
		const groups = req({ target: '/groups', query: 'search=release%202&page=3' });
		expect(generate('gitbeaker', groups)).toBe(
			lines(
				...GB_HEAD.slice(0, 2),
				'',
				GB_API,
				'',
				"const groups = await api.Groups.all({ search: 'release 2', page: 3 });",
				'console.log(groups.length, groups[0]);'
			)
		);
		expect(generate('python-gitlab', groups)).toBe(
			lines(
				...PY_HEAD,
				PY_GL,
				'',
				pyNoBody('GET'),
				'for group in gl.groups.list(get_all=False, search="release 2", page=3):',
				'    print(group.id, group.full_path)'
			)
		);
		expect(generate('glab', groups)).toContain(
			"glab api --hostname 'gitlab.example.com' 'groups?search=release%202&page=3'"
		);
		expect(generate('glab', groups)).not.toContain('--paginate');
	});

	it("a listing without a page: gitbeaker's all() would walk every page, so its raw request", () => {
		const groups = req({ target: '/groups', query: 'search=core' });
		expect(generate('gitbeaker', groups)).toContain(
			"api.requester.get('groups', { searchParams: { search: 'core' } });"
		);
		expect(generate('python-gitlab', groups)).toContain(
			'for group in gl.groups.list(get_all=False, search="core"):'
		);
	});

	it("a page of a project's issues: Issues.all with the project, project.issues.list", () => {
		const issues = req({
			target: '/projects/gitlab-org%2Fserver/issues',
			query: 'state=opened&page=1'
		});
		expect(generate('gitbeaker', issues)).toContain(
			lines(
				"const issues = await api.Issues.all({ projectId: 'gitlab-org/server', state: 'opened', page: 1 });",
				'console.log(issues.length, issues[0]);'
			)
		);
		expect(generate('python-gitlab', issues)).toContain(
			lines(
				'project = gl.projects.get("gitlab-org/server", lazy=True)',
				'for issue in project.issues.list(get_all=False, state="opened", page=1):',
				'    print(issue.iid, issue.title)'
			)
		);
	});

	it('labels are no keyword argument in python-gitlab (it would join them with commas): the raw request', () => {
		const issues = req({ target: '/projects/12/issues', query: 'labels=a,b&page=1' });
		expect(generate('python-gitlab', issues)).toContain(
			'result = gl.http_request("get", "/projects/12/issues", query_data={"labels": "a,b", "page": "1"})'
		);
	});

	it('one issue and a sub-resource of a project are raw requests', () => {
		const one = req({ target: '/projects/12/issues/5' });
		expect(generate('gitbeaker', one)).toContain("api.requester.get('projects/12/issues/5');");
		expect(generate('python-gitlab', one)).toContain(
			'result = gl.http_request("get", "/projects/12/issues/5")'
		);
		expect(generate('gitbeaker', req({}))).toContain("api.requester.get('projects/1/members');");
		expect(generate('gitbeaker', req({ target: '/groups/5/projects/shared' }))).toContain(
			"api.requester.get('groups/5/projects/shared');"
		);
	});

	it('the current user and one project map to their calls', () => {
		const me = req({ target: '/user' });
		expect(generate('gitbeaker', me)).toContain(
			lines('const user = await api.Users.showCurrentUser();', 'console.log(user.username);')
		);
		expect(generate('python-gitlab', me)).toContain(lines('gl.auth()', 'print(gl.user.username)'));
		expect(
			generate('gitbeaker', req({ target: '/projects/a%2Fb', query: 'license=true' }))
		).toContain("const project = await api.Projects.show('a/b', { license: 'true' });");
		// gitbeaker would write `(` as it is; the app sends %28: the raw request keeps the app's path.
		expect(generate('gitbeaker', req({ target: '/projects/a%2Fb%28c%29' }))).toContain(
			"api.requester.get('projects/a%2Fb%28c%29');"
		);
	});

	it('a POST to a listing path is no listing call', () => {
		const create = req({ method: 'POST', target: '/projects', query: 'name=x&path=y' });
		expect(generate('gitbeaker', create)).toContain(
			"api.requester.post('projects', { searchParams: { name: 'x', path: 'y' } });"
		);
		expect(generate('python-gitlab', create)).toContain(
			'result = gl.http_request("post", "/projects", query_data={"name": "x", "path": "y"})'
		);
	});

	it('options: numbers bare in the calls, strings in raw requests, odd keys quoted, none left out', () => {
		const r = req({
			target: '/projects',
			query: 'per_page=20&search=2nd&order-by=id&labels%5B%5D=a&owned=true&page=1'
		});
		expect(generate('gitbeaker', r)).toContain(
			"api.requester.get('projects', { searchParams: { per_page: '20', search: '2nd', 'order-by': 'id', labels: ['a'], owned: 'true', page: '1' } });"
		);
		expect(generate('python-gitlab', r)).toContain(
			'query_data={"per_page": "20", "search": "2nd", "order-by": "id", "labels[]": ["a"], "owned": "true", "page": "1"}'
		);
		const plain = req({ target: '/projects', query: 'per_page=20&search=2nd&owned=true&page=1' });
		expect(generate('gitbeaker', plain)).toContain(
			"api.Projects.all({ perPage: 20, search: '2nd', owned: 'true', page: 1 });"
		);
		expect(generate('python-gitlab', plain)).toContain(
			'gl.projects.list(get_all=False, per_page=20, search="2nd", owned="true", page=1):'
		);
	});

	it('a camelCase name, which gitbeaker would rename, or a repeated plain name go by fetch', () => {
		for (const query of ['orderBy=id', 'a=1&a=2']) {
			const code = generate('gitbeaker', req({ query }));
			expect(code).toContain('This is fetch, sending the request as the app does.');
			expect(code).toContain(
				`fetch('https://gitlab.example.com/api/v4/projects/1/members?${query}'`
			);
			expect(code).not.toContain("@gitbeaker/rest';");
		}
	});
});

describe('a repeated parameter', () => {
	it('goes as one key with a list in python-gitlab and as an array in gitbeaker, so no value is lost', () => {
		const r = req({ query: 'labels%5B%5D=a&labels%5B%5D=b&x=1' });
		expect(generate('python-gitlab', r)).toContain(
			'result = gl.http_request("get", "/projects/1/members", query_data={"labels[]": ["a", "b"], "x": "1"})'
		);
		expect(generate('gitbeaker', r)).toContain("searchParams: { labels: ['a', 'b'], x: '1' }");
		const form = req({
			method: 'POST',
			target: '/projects/1/wikis',
			form: {
				fields: [
					['tags[]', 'a'],
					['tags[]', 'b']
				]
			}
		});
		expect(generate('python-gitlab', form)).toContain('post_data={"tags": ["a", "b"]})');
	});
});

describe('the API root', () => {
	it('a trailing slash or two is dropped from URLs; the host drops /api/v4', () => {
		for (const apiRoot of [
			'https://gitlab.example.com/api/v4/',
			'https://gitlab.example.com/api/v4//'
		]) {
			const r = req({ apiRoot });
			expect(generate('cURL', r)).toContain(
				"--url 'https://gitlab.example.com/api/v4/projects/1/members' \\"
			);
			expect(generate('fetch', r)).toContain(
				"fetch('https://gitlab.example.com/api/v4/projects/1/members', {"
			);
		}
		expect(
			generate('python-gitlab', req({ apiRoot: 'https://gitlab.example.com/api/v4/' }))
		).toContain('gl = gitlab.Gitlab("https://gitlab.example.com", ');
		expect(
			generate('gitbeaker', req({ apiRoot: 'https://tools.example/api/v1/gitlab/api/v4' }))
		).toContain("host: 'https://tools.example/api/v1/gitlab'");
	});
});
