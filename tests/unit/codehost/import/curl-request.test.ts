import { describe, expect, it } from 'vitest';
import { parseCurl, toRequest } from '$lib/codehost/import/curl';

const ROOT_URL = 'https://gitlab.example.com/api/v4';
const other = (origin: string) =>
	`The command went to ${origin}; it is loaded at the current base URL, ${ROOT_URL}. Change the base URL in Settings to send it there.`;
const load = (command: string, root = ROOT_URL) => toRequest(parseCurl(command), root);

describe('toRequest: where the command went', () => {
	it('a command to the base URL keeps its path and query as written, with no note', () => {
		const r = load(`curl '${ROOT_URL}/projects/a%2Fb/issues?labels=x,y&&per_page=5'`);
		expect(r.request.path).toBe('/projects/a%2Fb/issues');
		expect(r.request.query).toBe('labels=x,y&per_page=5');
		expect(r.notes).toEqual([]);
	});

	it('a base URL written with a trailing slash matches the same commands', () => {
		const r = load(`curl ${ROOT_URL}/projects`, `${ROOT_URL}/`);
		expect(r.request.path).toBe('/projects');
		expect(r.notes).toEqual([]);
		expect(load(`curl ${ROOT_URL}/projects`, `${ROOT_URL}//`).notes).toEqual([]);
	});

	it('another server: the part after /api/vN is the path, and the note names the server', () => {
		const r = load(`curl https://other.example/gitlab/api/v4/projects/1?simple=true`);
		expect(r.request.path).toBe('/projects/1');
		expect(r.request.query).toBe('simple=true');
		expect(r.notes).toEqual([other('https://other.example')]);
		expect(load(`curl https://other.example/api/v10/projects`).request.path).toBe('/projects');
	});

	it('another server without /api/vN: its whole path, on the current server (not under /api/v4)', () => {
		const site = (origin: string) =>
			`The command went to ${origin}; it is loaded at the current server, https://gitlab.example.com. Change the base URL in Settings to send it there.`;
		const graphql = load(`curl https://gitlab.com/api/graphql`);
		expect(graphql.request.path).toBe('https://gitlab.example.com/api/graphql');
		expect(graphql.notes).toEqual([site('https://gitlab.com')]);
		const bare = load(`curl https://other.example`);
		expect(bare.request.path).toBe('https://gitlab.example.com/');
		expect(bare.notes).toEqual([site('https://other.example')]);
		// Under a sub-path, the site is the API root without its /api/v4.
		const sub = load(`curl https://other.example/oauth/token`, 'https://h.example/gitlab/api/v4');
		expect(sub.request.path).toBe('https://h.example/gitlab/oauth/token');
	});

	it('the API root’s own server outside /api/v4 keeps its path as a full URL, with no note', () => {
		for (const path of ['/oauth/token', '/oauth/token/info', '/api/graphql', '/api/v3/projects']) {
			const r = load(`curl --request POST https://gitlab.example.com${path}`);
			expect(r.request.path).toBe(`https://gitlab.example.com${path}`);
			expect(r.notes).toEqual([]);
		}
		expect(load(`curl ${ROOT_URL}`).request.path).toBe('/');
	});

	it('the same host over http is another server', () => {
		const http = load(`curl http://gitlab.example.com/api/v4/projects`);
		expect(http.request.path).toBe('/projects');
		expect(http.notes).toEqual([other('http://gitlab.example.com')]);
	});

	it('a URL without http:// or https:// is refused, the message quoting at most 80 characters', () => {
		expect(() =>
			load(`curl 'gitlab.example.com/?next=https://gitlab.example.com/api/v4/x'`)
		).toThrow(
			'“gitlab.example.com/?next=https://gitlab.example.com/api/v4/x” is not a full URL (it needs http:// or https://).'
		);
		const long = `example.com/${'a'.repeat(100)}`;
		expect(() => load(`curl ${long}`)).toThrow(
			`“${long.slice(0, 80)}” is not a full URL (it needs http:// or https://).`
		);
	});

	it('a method the explorer does not send is refused with its name', () => {
		expect(() => load(`curl -X OPTIONS ${ROOT_URL}/projects`)).toThrow(
			'The command uses OPTIONS, which the explorer does not send (GET, POST, PUT, PATCH or DELETE).'
		);
	});
});

describe('toRequest: credentials (CH-AUTH-1, CH-AUTH-2, CH-AUTH-3, CH-SUDO-2)', () => {
	it('no credential: auth none, no token', () => {
		const r = load(`curl ${ROOT_URL}/projects`);
		expect(r.request.auth).toEqual({ method: 'none', way: 'none' });
		expect(r.token).toBe('');
		expect(r.sudo).toBeUndefined();
	});

	it.each([
		['private_token', 'personal', 'private-token-query'],
		['access_token', 'oauth', 'access-token-query'],
		['job_token', 'job', 'job-token-query']
	])('CH-AUTH: ?%s moves out of the query into the token field', (param, method, way) => {
		const r = load(`curl '${ROOT_URL}/projects?${param}=tok-1&per_page=5'`);
		expect(r.token).toBe('tok-1');
		expect(r.request.auth).toEqual({ method, way });
		expect(r.request.query).toBe('per_page=5');
		expect(r.notes).toEqual([]);
	});

	it.each([
		['PRIVATE-TOKEN', 'tok-1', 'personal', 'private-token-header'],
		['JOB-TOKEN', 'tok-1', 'job', 'job-token-header'],
		// A Bearer token is OAuth's, so it can be refreshed; GitLab's own prefix says personal.
		['Authorization', 'Bearer tok-1', 'oauth', 'bearer'],
		['authorization', 'bearer  tok-1', 'oauth', 'bearer'],
		['Authorization', 'Bearer glpat-tok-1', 'personal', 'bearer']
	])('CH-AUTH: the %s header moves into the token field', (name, value, method, way) => {
		const r = load(`curl ${ROOT_URL}/projects -H '${name}: ${value}'`);
		expect(r.token).toBe(value.replace(/^bearer\s+/i, ''));
		expect(r.request.auth).toEqual({ method, way });
		expect(r.request.headers).toBe('');
		expect(r.notes).toEqual([]);
	});

	it('a token that only contains a $ is a token, not a placeholder; ${NAME} is a placeholder', () => {
		expect(load(`curl ${ROOT_URL}/x -H 'PRIVATE-TOKEN: glpat-a$b'`).token).toBe('glpat-a$b');
		expect(load(`curl ${ROOT_URL}/x -H 'PRIVATE-TOKEN: $TOKEN-2'`).token).toBe('$TOKEN-2');
		const braces = load(`curl ${ROOT_URL}/x -H 'PRIVATE-TOKEN: \${TOKEN}'`);
		expect(braces.token).toBe('');
		expect(braces.request.auth).toEqual({ method: 'personal', way: 'private-token-header' });
		expect(braces.notes).toEqual([
			'The token comes from ${TOKEN} in the command: paste it into the Token field.'
		]);
	});

	it('an Authorization header that is not Bearer is left out with why; auth stays none', () => {
		const r = load(`curl ${ROOT_URL}/x -H 'Authorization: Basic bWU6cHc='`);
		expect(r.token).toBe('');
		expect(r.request.auth).toEqual({ method: 'none', way: 'none' });
		expect(r.request.headers).toBe('');
		expect(r.notes).toEqual([
			'The Authorization header is not a Bearer token: left out (the API takes tokens, not passwords).'
		]);
	});

	it('another header whose value starts with Bearer is an ordinary header', () => {
		const r = load(`curl ${ROOT_URL}/x -H 'X-Note: Bearer of news'`);
		expect(r.token).toBe('');
		expect(r.request.headers).toBe('X-Note: Bearer of news');
	});

	it('CH-SUDO-2: sudo in the query or the Sudo header moves to the sudo field', () => {
		const q = load(`curl '${ROOT_URL}/user?sudo=jane+doe&a=1'`);
		expect(q.sudo).toEqual({ value: 'jane doe', way: 'query' });
		expect(q.request.query).toBe('a=1');
		const h = load(`curl ${ROOT_URL}/user -H 'Sudo: 42'`);
		expect(h.sudo).toEqual({ value: '42', way: 'header' });
		expect(h.request.headers).toBe('');
	});

	it('a query credential without a value reads as empty; a value that is not valid %-encoding stays as written', () => {
		expect(load(`curl '${ROOT_URL}/user?sudo'`).sudo).toEqual({ value: '', way: 'query' });
		expect(load(`curl '${ROOT_URL}/user?sudo=100%'`).sudo).toEqual({ value: '100%', way: 'query' });
	});

	it('CH-AUTH-4: a _service_session cookie (in -b or a Cookie header) means session auth, not copied', () => {
		const note =
			'The session cookie was not copied: the browser sends its own cookie for the code host, if it has one.';
		for (const command of [
			`curl ${ROOT_URL}/user -b '_service_session=abc'`,
			`curl ${ROOT_URL}/user -b 'theme=dark; _service_session=abc'`,
			`curl ${ROOT_URL}/user -b 'theme=dark;_service_session=abc'`,
			`curl ${ROOT_URL}/user -H 'Cookie: theme=dark; _service_session=abc'`
		]) {
			const r = load(command);
			expect(r.request.auth).toEqual({ method: 'session', way: 'cookie' });
			expect(r.request.headers).toBe('');
			expect(r.notes).toEqual([note]);
		}
	});

	it('other cookies (even one whose name ends in _service_session) are left out with a note', () => {
		const r = load(`curl ${ROOT_URL}/user -H 'Cookie: my_service_session=abc'`);
		expect(r.request.auth).toEqual({ method: 'none', way: 'none' });
		expect(r.request.headers).toBe('');
		expect(r.notes).toEqual(['The cookies were left out: the browser sends its own.']);
	});
});

describe('toRequest: headers', () => {
	it('Accept asking for JSON is dropped (the explorer asks already); other Accepts and headers are kept', () => {
		const r = load(
			`curl ${ROOT_URL}/x -H 'Accept: */*' -H 'accept: application/json' -H 'Accept: text/plain' -H 'X-Format: json'`
		);
		expect(r.request.headers).toBe('Accept: text/plain\nX-Format: json');
	});

	it.each([
		'Sec-Fetch-Site',
		'Accept-Language',
		'Accept-Encoding',
		'User-Agent',
		'Referer',
		'Origin',
		'Connection',
		'Cache-Control',
		'Pragma',
		'Priority',
		'DNT',
		'Host',
		'Content-Length',
		'If-None-Match'
	])('the browser header %s is left out with a note', (name) => {
		const r = load(`curl ${ROOT_URL}/x -H '${name}: 1'`);
		expect(r.request.headers).toBe('');
		expect(r.notes).toEqual([`${name}: left out (the browser sets it).`]);
	});

	it.each([
		'X-Forwarded-Host',
		'X-Sec-Trace',
		'Accept-Language-Override',
		'Accept-Encoding-Hint',
		'User-Agent-Id',
		'Referer-Id',
		'Origin-Trial',
		'Connection-Id',
		'Cache-Control-Extra',
		'Pragma-Id',
		'Priority-Class',
		'DNT-Reason',
		'Host-Name',
		'Content-Length-Limit',
		'If-None-Match-Id'
	])('%s only resembles a browser header: it is the request’s own and is kept', (name) => {
		const r = load(`curl ${ROOT_URL}/x -H '${name}: 1'`);
		expect(r.request.headers).toBe(`${name}: 1`);
		expect(r.notes).toEqual([]);
	});
});

describe('toRequest: bodies', () => {
	it('without data curl sends no body, and neither does the request: no {} and no JSON type', () => {
		const get = load(`curl ${ROOT_URL}/x`);
		expect(get.request).toMatchObject({ method: 'GET', bodyKind: 'query', params: '' });
		const del = load(`curl -X DELETE ${ROOT_URL}/x`);
		expect(del.request).toMatchObject({ method: 'DELETE', bodyKind: 'none', params: '' });
		// GitLab's documentation writes POSTs with everything in the query.
		const post = load(`curl --globoff --request POST "${ROOT_URL}/projects?name=x&labels[]=a"`);
		expect(post.request).toMatchObject({
			method: 'POST',
			bodyKind: 'none',
			params: '',
			query: 'name=x&labels[]=a'
		});
	});

	it('-d "" is an empty form body, as curl sends it (Content-Length: 0, a form Content-Type)', () => {
		expect(load(`curl -d '' ${ROOT_URL}/x`).request).toMatchObject({
			method: 'POST',
			bodyKind: 'form',
			params: ''
		});
	});

	it('a JSON object body, with or without a JSON Content-Type, fills Parameters', () => {
		for (const command of [
			`curl ${ROOT_URL}/x -d '{"name":"x"}'`,
			`curl ${ROOT_URL}/x -d '  {"name":"x"}'`,
			`curl ${ROOT_URL}/x -H 'Content-Type: application/json' -d '{"name":"x"}'`,
			`curl -X GET ${ROOT_URL}/x -H 'Content-Type: application/json' -d '{"name":"x"}'`
		]) {
			const r = load(command);
			expect(r.request.bodyKind).toBe('json');
			expect(r.request.params).toBe('{\n  "name": "x"\n}');
			expect(r.request.headers).toBe('');
			expect(r.notes).toEqual([]);
		}
	});

	it.each(['[1,2]', 'null', '"text"', '{broken'])(
		'a JSON body that is not one object (%s) goes under Parameters as text, with a note',
		(body) => {
			const r = load(
				`curl -X GET ${ROOT_URL}/x -H 'Content-Type: application/json' --data-raw '${body}'`
			);
			expect(r.request.bodyKind).toBe('json');
			expect(r.request.params).toBe(body);
			expect(r.notes).toEqual([
				'The body is not one JSON object; it was put under Parameters as text to fix by hand.'
			]);
		}
	);

	it('a form body fills Parameters, with name[] arrays and name[key] hashes put back together', () => {
		const r = load(
			`curl ${ROOT_URL}/x -d 'name=a+b' -d 'labels[]=x' -d 'labels[]=y' -d 'opts[visibility]=private' -d 'opts[lfs]=true'`
		);
		expect(r.request.bodyKind).toBe('form');
		expect(JSON.parse(r.request.params)).toEqual({
			name: 'a b',
			labels: ['x', 'y'],
			opts: { visibility: 'private', lfs: 'true' }
		});
	});

	it('a name already used for a plain value, or a deeper name, stays as written', () => {
		const r = load(
			`curl ${ROOT_URL}/x -d 'a=1' -d 'a[k]=2' -d 'b=1' -d 'b[]=2' -d 'c[d][e]=3' -d 'f[g]h[i]=4'`
		);
		expect(JSON.parse(r.request.params)).toEqual({
			a: '1',
			'a[k]': '2',
			b: '1',
			'b[]': '2',
			'c[d][e]': '3',
			'f[g]h[i]': '4'
		});
	});

	it('a name given twice (a plain name, a hash key) keeps its last value, as the server reads it, with a note that does not repeat the values', () => {
		const r = load(
			`curl ${ROOT_URL}/x -d 'password=one' -d 'password=two' -d 'password=three' -d 'o[k]=1' -d 'o[k]=2' -d 'a[]=1' -d 'a[]=2'`
		);
		expect(JSON.parse(r.request.params)).toEqual({
			password: 'three',
			o: { k: '2' },
			a: ['1', '2']
		});
		expect(r.notes).toEqual([
			'password is given more than once: only its last value is sent (the server reads only that one).',
			'o[k] is given more than once: only its last value is sent (the server reads only that one).'
		]);
	});

	it('name[][key] fields start a new hash when the key comes again (Rack’s reading); mixed with name[] they stay as written', () => {
		const r = load(
			`curl ${ROOT_URL}/x -d 'v[][key]=A' -d 'v[][value]=1' -d 'v[][key]=B' -d 'w[]=x' -d 'w[][k]=y' -d '__proto__=p'`
		);
		expect(JSON.parse(r.request.params)).toEqual({
			v: [{ key: 'A', value: '1' }, { key: 'B' }],
			w: ['x'],
			'w[][k]': 'y',
			['__proto__']: 'p'
		});
		expect(r.notes).toEqual([
			'The fields v[][…] as written: they are sent as v[0][…] to v[1][…], the same list of 2 hashes in the same order.'
		]);
	});

	it('a multipart form: hashes put back together; a file alone leaves Parameters empty', () => {
		const r = load(`curl ${ROOT_URL}/x -F 'opts[a]=1' -F 'opts[b]=2'`);
		expect(r.request.bodyKind).toBe('multipart');
		expect(JSON.parse(r.request.params)).toEqual({ opts: { a: '1', b: '2' } });
		const file = load(`curl ${ROOT_URL}/x -F 'file=@a.txt'`);
		expect(file.request).toMatchObject({ method: 'POST', bodyKind: 'multipart', params: '' });
	});

	it('a form and a body: refused, as curl itself refuses it (“You can only select one HTTP request method!”)', () => {
		expect(() => load(`curl ${ROOT_URL}/x -F 'a=1' -d 'b=2'`)).toThrow(
			'curl itself refuses this command: it cannot send a multipart form (-F) and a body (-d) in one request.'
		);
	});

	it('a Content-Type without a body is left out with a note', () => {
		const r = load(`curl ${ROOT_URL}/x -H 'Content-Type: application/json'`);
		expect(r.request.headers).toBe('');
		expect(r.notes).toEqual(['Content-Type: application/json without a body: left out.']);
	});
});
