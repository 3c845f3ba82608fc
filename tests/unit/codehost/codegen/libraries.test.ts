/**
 * gitbeaker and python-gitlab code in the cases codegen-clients.test.ts leaves aside: requests for
 * another server, multipart uploads through python-gitlab's session, Sudo, extra headers, bodies
 * gitbeaker cannot send, and where the library idioms stop. Whole snippets, line by line.
 */
import { describe, expect, it } from 'vitest';
import { generate, type CodeRequest } from '$lib/codehost/codegen/codegen';
import { lines, pyNoBody, req } from './code-request';

const NONE: CodeRequest['auth'] = { method: 'none', way: 'private-token-header', token: '' };
const TOKEN_QUERY: CodeRequest['auth'] = {
	method: 'personal',
	way: 'private-token-query',
	token: ' tok '
};

const PY_HEAD = ['import os', '', 'import gitlab', ''];
const PY_GL =
	'gl = gitlab.Gitlab("https://gitlab.example.com", private_token=os.environ["GITLAB_TOKEN"])';
const PY_BARE = 'gl = gitlab.Gitlab("https://gitlab.example.com")';
const PY_TAIL = 'print(result.status_code, result.json() if result.content else None)';
const GB_HEAD = [
	'// Node 20 or later, with npm install @gitbeaker/rest: save as request.mjs and run node request.mjs.',
	`import { Gitlab } from '@gitbeaker/rest';`,
	''
];
const GB_API =
	"const api = new Gitlab({ host: 'https://gitlab.example.com', token: process.env.GITLAB_TOKEN ?? '' });";
const GB_TAIL = 'console.log(response.status, response.body);';

describe('python-gitlab for a request to another server: requests, bare', () => {
	const OFFSITE = [
		"# This request goes to https://other.example, not to the API root's https://gitlab.example.com: like the app, it sends no token, session or Sudo there. python-gitlab would send its token there too, so this is requests, without it.",
		'import requests',
		''
	];
	const REQUESTS_TAIL = 'print(response.status_code, response.text)';
	const off = (over: Partial<CodeRequest>) => req({ target: 'https://other.example/x', ...over });

	it('a GET: Accept and the typed headers, no body', () => {
		expect(generate('python-gitlab', off({ headers: { 'X-Note': 'n' } }))).toBe(
			lines(
				...OFFSITE,
				'response = requests.request("GET", "https://other.example/x", headers={"Accept": "application/json", "X-Note": "n"}, timeout=30)',
				REQUESTS_TAIL
			)
		);
	});

	it('a text body as bytes', () => {
		const r = off({
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			bodyText: '{"a":1}'
		});
		expect(generate('python-gitlab', r)).toBe(
			lines(
				...OFFSITE,
				'response = requests.request("POST", "https://other.example/x", headers={"Accept": "application/json", "Content-Type": "application/json"}, data="{\\"a\\":1}".encode(), timeout=30)',
				REQUESTS_TAIL
			)
		);
	});

	it('a multipart form: its fields as data, a repeated name as a list, the file in files', () => {
		const withFile = off({
			method: 'POST',
			form: {
				fields: [
					['a', '1'],
					['a', '2']
				],
				file: 'pic.png'
			}
		});
		expect(generate('python-gitlab', withFile)).toBe(
			lines(
				...OFFSITE,
				'response = requests.request("POST", "https://other.example/x", headers={"Accept": "application/json"}, data={"a": ["1", "2"]}, files={"file": ("pic.png", open("pic.png", "rb"))}, timeout=30)',
				REQUESTS_TAIL
			)
		);
		const noFile = off({ method: 'POST', form: { fields: [['a', '1']] } });
		expect(generate('python-gitlab', noFile)).toBe(
			lines(
				...OFFSITE,
				'response = requests.request("POST", "https://other.example/x", headers={"Accept": "application/json"}, data={"a": "1"}, timeout=30)',
				REQUESTS_TAIL
			)
		);
	});
});

describe('python-gitlab for a multipart upload with a file: its session, as the app sends it', () => {
	const NOTE =
		"# python-gitlab's own call would add an empty avatar field: its session sends the form as the app does.";
	const upload = (over: Partial<CodeRequest>) =>
		req({ method: 'PUT', target: '/projects/1', form: { fields: [], file: 'a.png' }, ...over });

	it('the query, a Sudo parameter and a query token go in params, the fields in data', () => {
		const r = upload({
			method: 'POST',
			target: '/projects/1/uploads',
			query: 'x=1',
			form: { fields: [['title', 'T']], file: 'a.png' },
			sudo: { value: ' root ', way: 'query' },
			auth: TOKEN_QUERY
		});
		expect(generate('python-gitlab', r)).toBe(
			lines(
				...PY_HEAD,
				PY_BARE,
				'',
				NOTE,
				'result = gl.session.request("POST", gl.api_url + "/projects/1/uploads", headers=gl.headers, params={"x": "1", "sudo": "root", "private_token": os.environ["GITLAB_TOKEN"]}, data={"title": "T"}, files={"file": ("a.png", open("a.png", "rb"))}, timeout=30)',
				PY_TAIL
			)
		);
	});

	it('the query token itself when asked for', () => {
		expect(generate('python-gitlab', upload({ auth: TOKEN_QUERY }), true)).toContain(
			'headers=gl.headers, params={"private_token": "tok"}, data={}, files='
		);
	});

	it('no params at all without a query, Sudo parameter or query token', () => {
		expect(generate('python-gitlab', upload({ auth: NONE }))).toBe(
			lines(
				...PY_HEAD,
				PY_BARE,
				'',
				NOTE,
				'result = gl.session.request("PUT", gl.api_url + "/projects/1", headers=gl.headers, data={}, files={"file": ("a.png", open("a.png", "rb"))}, timeout=30)',
				PY_TAIL
			)
		);
	});

	it('the whole URL when the API root is not under /api/v4', () => {
		expect(
			generate('python-gitlab', upload({ apiRoot: 'https://gitlab.example.com/custom' }))
		).toContain('gl.session.request("PUT", "https://gitlab.example.com/custom/projects/1", ');
	});
});

describe('python-gitlab raw requests', () => {
	it('a Sudo header and the typed headers go on the session, Content-Type left to the library', () => {
		const r = req({
			sudo: { value: ' root ', way: 'header' },
			headers: { 'X-Note': 'n', 'Content-Type': 'text/plain' }
		});
		expect(generate('python-gitlab', r)).toBe(
			lines(
				...PY_HEAD,
				PY_GL,
				'gl.headers["Sudo"] = "root"',
				'gl.headers["X-Note"] = "n"',
				'',
				pyNoBody('GET'),
				'result = gl.http_request("get", "/projects/1/members")',
				PY_TAIL
			)
		);
	});

	it('a Sudo parameter as the sudo argument, trimmed', () => {
		expect(generate('python-gitlab', req({ sudo: { value: ' root ', way: 'query' } }))).toContain(
			'result = gl.http_request("get", "/projects/1/members", sudo="root")'
		);
	});

	it('a repeated plain name is one key with a list, and no listing call', () => {
		expect(generate('python-gitlab', req({ target: '/projects', query: 'a=1&a=2&page=1' }))).toBe(
			lines(
				...PY_HEAD,
				PY_GL,
				'',
				pyNoBody('GET'),
				'result = gl.http_request("get", "/projects", query_data={"a": ["1", "2"], "page": "1"})',
				PY_TAIL
			)
		);
	});

	it('a raw text body as bytes, and says python-gitlab sends it as octet-stream', () => {
		const r = req({ method: 'POST', headers: { 'Content-Type': 'text/plain' }, bodyText: 'hi' });
		expect(generate('python-gitlab', r)).toBe(
			lines(
				...PY_HEAD,
				PY_GL,
				'',
				'# python-gitlab sends a raw body as application/octet-stream.',
				'result = gl.http_request("post", "/projects/1/members", post_data="hi".encode(), raw=True)',
				PY_TAIL
			)
		);
	});

	it('a form-encoded body as JSON fields, and says so', () => {
		const r = req({
			method: 'POST',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			bodyText: 'a=1&b%5B%5D=2'
		});
		expect(generate('python-gitlab', r)).toBe(
			lines(
				...PY_HEAD,
				PY_GL,
				'',
				'# python-gitlab sends these form fields as JSON: GitLab reads the same fields from it.',
				'result = gl.http_request("post", "/projects/1/members", post_data={"a": "1", "b": ["2"]})',
				PY_TAIL
			)
		);
	});

	it('the whole URL when the API root is not under /api/v4', () => {
		expect(
			generate('python-gitlab', req({ apiRoot: 'https://gitlab.example.com/custom' }))
		).toContain(
			'result = gl.http_request("get", "https://gitlab.example.com/custom/projects/1/members")'
		);
	});
});

describe('python-gitlab idioms', () => {
	it('one project with options passes them to projects.get', () => {
		expect(
			generate('python-gitlab', req({ target: '/projects/1', query: 'statistics=true' }))
		).toBe(
			lines(
				...PY_HEAD,
				PY_GL,
				'',
				pyNoBody('GET'),
				'project = gl.projects.get("1", statistics="true")',
				'print(project.name)'
			)
		);
	});

	it('one project without options is projects.get with the id alone', () => {
		expect(generate('python-gitlab', req({ target: '/projects/1' }))).toContain(
			lines('project = gl.projects.get("1")', 'print(project.name)')
		);
	});

	it('without a credential too', () => {
		expect(generate('python-gitlab', req({ target: '/user', auth: NONE }))).toBe(
			lines(...PY_HEAD, PY_BARE, '', pyNoBody('GET'), 'gl.auth()', 'print(gl.user.username)')
		);
	});

	it('a project path not encoded as the app encodes it is a raw request', () => {
		for (const path of ['/projects/a%2fb/issues', '/projects/a%2fb'])
			expect(generate('python-gitlab', req({ target: path, query: 'page=1' }))).toContain(
				`result = gl.http_request("get", "${path}", query_data={"page": "1"})`
			);
	});
});

describe('gitbeaker with Sudo and extra headers', () => {
	it('a Sudo header as the sudo option of its call, trimmed', () => {
		expect(
			generate('gitbeaker', req({ target: '/user', sudo: { value: ' root ', way: 'header' } }))
		).toBe(
			lines(
				...GB_HEAD,
				GB_API,
				'',
				"const user = await api.Users.showCurrentUser({ sudo: 'root' });",
				'console.log(user.username);'
			)
		);
		expect(generate('gitbeaker', req({ sudo: { value: ' root ', way: 'header' } }))).toBe(
			lines(
				...GB_HEAD,
				GB_API,
				'',
				"const response = await api.requester.get('projects/1/members', { sudo: 'root' });",
				GB_TAIL
			)
		);
	});

	it('a Sudo parameter in the searchParams of the raw request, no idiom', () => {
		expect(
			generate('gitbeaker', req({ target: '/user', sudo: { value: ' root ', way: 'query' } }))
		).toBe(
			lines(
				...GB_HEAD,
				GB_API,
				'',
				"const response = await api.requester.get('user', { searchParams: { sudo: 'root' } });",
				GB_TAIL
			)
		);
	});

	it('a typed header on api.headers, and the raw request', () => {
		expect(generate('gitbeaker', req({ target: '/user', headers: { 'X-Note': 'n' } }))).toBe(
			lines(
				...GB_HEAD,
				GB_API,
				"api.headers['X-Note'] = 'n';",
				'',
				"const response = await api.requester.get('user');",
				GB_TAIL
			)
		);
	});

	it('its idioms without a credential too', () => {
		expect(generate('gitbeaker', req({ target: '/user', auth: NONE }))).toBe(
			lines(
				...GB_HEAD,
				"const api = new Gitlab({ host: 'https://gitlab.example.com' });",
				'',
				'const user = await api.Users.showCurrentUser();',
				'console.log(user.username);'
			)
		);
	});

	it('the host without the trailing slashes of the API root, a path before /api/v4 kept', () => {
		expect(
			generate('gitbeaker', req({ apiRoot: 'https://gitlab.example.com/gitlab/api/v4//' }))
		).toContain("const api = new Gitlab({ host: 'https://gitlab.example.com/gitlab', ");
		expect(
			generate('gitbeaker', req({ apiRoot: 'https://gitlab.example.com/api/v4//' }))
		).toContain(GB_API);
	});
});

describe('gitbeaker falls back to fetch for bodies it cannot send as the app does', () => {
	const json = (body: string) =>
		req({ method: 'POST', headers: { 'Content-Type': 'application/json' }, bodyText: body });
	const why = (r: CodeRequest) => generate('gitbeaker', r).split('\n')[1];

	it('a JSON body that is no object', () => {
		for (const body of ['[1]', 'null', '"text"'])
			expect(why(json(body)), body).toBe(
				'// gitbeaker sends a JSON body only as an object. This is fetch, sending the request as the app does.'
			);
		expect(generate('gitbeaker', json('[1]'))).toBe(
			lines(
				'// Node 20 or later: save as request.mjs and run node request.mjs.',
				'// gitbeaker sends a JSON body only as an object. This is fetch, sending the request as the app does.',
				"const response = await fetch('https://gitlab.example.com/api/v4/projects/1/members', {",
				"\tmethod: 'POST',",
				'\theaders: {',
				"\t\t'Accept': 'application/json',",
				"\t\t'PRIVATE-TOKEN': process.env.GITLAB_TOKEN ?? '',",
				"\t\t'Content-Type': 'application/json'",
				'\t},',
				'\tbody: JSON.stringify([',
				'\t\t1',
				'\t])',
				'});',
				'const text = await response.text();',
				'console.log(response.status, text ? JSON.parse(text) : null);'
			)
		);
	});

	it('a camelCase field anywhere in a JSON object, which gitbeaker would rename', () => {
		const renames =
			'// gitbeaker renames camelCase fields to snake_case. This is fetch, sending the request as the app does.';
		for (const body of [
			'{"fooBar":1}',
			'{"a":1,"fooBar":2}',
			'{"a":{"fooBar":1}}',
			'{"a":[{"ok":1},{"fooBar":1}]}'
		])
			expect(why(json(body)), body).toBe(renames);
		expect(generate('gitbeaker', json('{"snake_case":{"ok":[1]}}'))).toContain(
			'const response = await api.requester.post(\'projects/1/members\', { body: {"snake_case":{"ok":[1]}} });'
		);
	});

	it('a field or parameter named __proto__, which gitbeaker would lose or spread: fetch, with the field as a field', () => {
		expect(why(json('{"__proto__":{"visibility":"public"}}'))).toBe(
			'// gitbeaker would send the fields of a field named __proto__ as fields of their own object. This is fetch, sending the request as the app does.'
		);
		expect(generate('gitbeaker', json('{"a":[{"__proto__":{"visibility":"public"}}]}'))).toContain(
			'\t\t\t\t["__proto__"]: {\n\t\t\t\t\t"visibility": "public"\n\t\t\t\t}'
		);
		expect(why(req({ query: '__proto__=x&page=2' }))).toBe(
			'// gitbeaker would lose a parameter named __proto__. This is fetch, sending the request as the app does.'
		);
		expect(why(req({ query: '__proto__%5B%5D=x' }))).toMatch(/named __proto__/);
		// A bracketed name is one key of its own: gitbeaker sends it as it is.
		expect(generate('gitbeaker', req({ query: '__proto__%5Bvisibility%5D=public' }))).toContain(
			"searchParams: { '__proto__[visibility]': 'public' }"
		);
	});

	it('a key gitbeaker renames: one starting with a lower-case letter, with an upper-case one anywhere', () => {
		const renames =
			'// gitbeaker renames camelCase fields to snake_case. This is fetch, sending the request as the app does.';
		for (const body of ['{"a_B":1}', '{"with Space":1}', '{"x-Y":1}'])
			expect(why(json(body)), body).toBe(renames);
		// xcase leaves a key starting with anything else as it is.
		for (const body of ['{"ABc":1}', '{"_aB":1}', '{"1aB":1}'])
			expect(generate('gitbeaker', json(body)), body).toContain('api.requester.post(');
	});

	it('a list name then the same plain name', () => {
		expect(why(req({ query: 'labels%5B%5D=a&labels=b' }))).toBe(
			'// gitbeaker writes a repeated name as name[]; this request repeats a plain name. This is fetch, sending the request as the app does.'
		);
	});
});

describe('where the gitbeaker idioms stop', () => {
	const raw = (r: CodeRequest) => generate('gitbeaker', r).split('\n').at(-2);

	it('a project listing for a user or starred only is its raw request', () => {
		for (const query of ['page=1&user_id=5', 'starred_only=true&page=1'])
			expect(raw(req({ target: '/projects', query })), query).toMatch(
				/^const response = await api\.requester\.get\('projects', /
			);
	});

	it("a project's issues without a page, for a group, or of one issue are raw requests", () => {
		for (const [path, query] of [
			['/projects/1/issues', 'state=opened'],
			['/projects/1/issues', 'page=1&group_id=3'],
			['/projects/1/issues/5', 'page=1'],
			['/projects/a%2fb/issues', 'page=1']
		] as const)
			expect(raw(req({ target: path, query })), `${path}?${query}`).toMatch(
				/^const response = await api\.requester\.get\('projects\//
			);
	});
});
