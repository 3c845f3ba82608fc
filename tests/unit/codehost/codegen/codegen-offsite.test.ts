/**
 * Issue 23: the code never sends a credential where the app would not. A Path that is an absolute
 * URL on another server goes there bare in every client, with a comment saying why; one that only
 * looks like a URL (`/http://…`) stays under the API root, as the send path reads it. And the
 * shell commands keep every word a word: a hostile method, a body line that ends a heredoc.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { AuthMethod, AuthWay } from '$lib/codehost/auth/auth';
import {
	CLIENTS,
	generate,
	heredocDelimiter,
	type CodeRequest
} from '$lib/codehost/codegen/codegen';

const run = promisify(execFile);
const ROOT = 'http://127.0.0.1:6101/api/v4';
const OTHER = 'http://127.0.0.1:6102';
const SECRET = 'glpat-secret-xyz';

const request = (over: Partial<CodeRequest>): CodeRequest => ({
	method: 'GET',
	apiRoot: ROOT,
	target: '/projects',
	query: 'per_page=5',
	headers: {},
	auth: { method: 'personal', way: 'private-token-header', token: SECRET },
	...over
});

const WAYS: [AuthMethod, AuthWay][] = [
	['personal', 'private-token-header'],
	['personal', 'private-token-query'],
	['oauth', 'bearer'],
	['oauth', 'access-token-query'],
	['job', 'job-token-header'],
	['job', 'job-token-query'],
	['session', 'cookie']
];

/** Every way a credential could be named in code. */
const CREDENTIAL =
	/GITLAB_TOKEN|CI_JOB_TOKEN|SESSION_COOKIE|PRIVATE-TOKEN|JOB-TOKEN|Authorization|Bearer|private_token|access_token|job_token|_service_session|Cookie|[sS]udo|oauthToken|jobToken|token:|glpat-/;

describe('a typed absolute Path on another server', () => {
	for (const [method, way] of WAYS)
		for (const client of CLIENTS)
			it(`${method} (${way}): ${client} names no credential, with or without the token, and says why`, () => {
				const r = request({
					target: `${OTHER}/api/v4/projects`,
					// A credential typed into the Query and the Headers goes nowhere else either.
					query: 'per_page=5&private_token=typed-1',
					headers: { 'PRIVATE-TOKEN': 'typed-2', 'X-Note': 'kept' },
					auth: { method, way, token: SECRET },
					sudo: { value: 'root', way: 'header' }
				});
				for (const includeToken of [false, true]) {
					const code = generate(client, r, includeToken);
					const statements = code.replace(/^(#|\/\/).*$/gm, '');
					expect(statements).not.toMatch(CREDENTIAL);
					expect(code).not.toContain(SECRET);
					expect(code).not.toMatch(/typed-[12]/);
					expect(code).toContain(`${OTHER}/api/v4/projects?per_page=5`);
					expect(code).toContain('X-Note');
					expect(code).toContain(
						`This request goes to ${OTHER}, not to the API root's http://127.0.0.1:6101: like the app, it sends no token, session or Sudo there.`
					);
				}
			});

	it('the libraries say why they are not used: they would send their token there too', () => {
		const r = request({ target: `${OTHER}/x` });
		expect(generate('gitbeaker', r)).toContain(
			'gitbeaker would send its token there too, so this is fetch, without it.'
		);
		expect(generate('gitbeaker', r)).not.toContain('@gitbeaker/rest');
		expect(generate('gitbeaker', r)).toMatch(/^\/\/ Node 20 or later: save as request.mjs/);
		expect(generate('python-gitlab', r)).toContain(
			'python-gitlab would send its token there too, so this is requests, without it.'
		);
		expect(generate('python-gitlab', r)).not.toContain('import gitlab');
		expect(generate('glab', r)).toMatch(
			/^# glab api sends the token it holds to any host: this request uses curl instead./
		);
	});
});

describe('a Path that only looks like a URL stays under the API root, as the app sends it', () => {
	const r = request({ target: `/${OTHER}/api/v4/projects` });
	const sent = `${ROOT}/${OTHER}/api/v4/projects?per_page=5`;

	it('cURL and fetch name the URL the app requests, with the credential (same origin)', () => {
		expect(generate('cURL', r)).toContain(`--url '${sent}'`);
		expect(generate('cURL', r)).toContain(`PRIVATE-TOKEN: '"$GITLAB_TOKEN"`);
		expect(generate('fetch', r)).toContain(`fetch('${sent}'`);
	});

	it('gitbeaker writes ./ so its requester does not read the path as a URL of its own', () => {
		expect(new URL(`./${OTHER}/api/v4/projects`, `${ROOT}/`).href).toBe(sent.split('?')[0]);
		expect(generate('gitbeaker', r)).toContain(
			`api.requester.get('./${OTHER}/api/v4/projects', { searchParams: { per_page: '5' } });`
		);
	});

	it('python-gitlab gets a path that starts with /, which it appends to the API URL', () => {
		expect(generate('python-gitlab', r)).toContain(
			`gl.http_request("get", "/${OTHER}/api/v4/projects", query_data={"per_page": "5"})`
		);
	});

	it('glab, which would read it as a URL, is replaced by curl', () => {
		const code = generate('glab', r);
		expect(code).not.toContain('glab api --');
		expect(code).toContain(`--url '${sent}'`);
	});

	it('a path starting with // is read as the send path reads it: under the API root', () => {
		const slashes = request({ target: '//127.0.0.1:6102/x', query: '' });
		expect(generate('cURL', slashes)).toContain(`--url '${ROOT}/127.0.0.1:6102/x'`);
		expect(generate('gitbeaker', slashes)).toContain("api.requester.get('127.0.0.1:6102/x')");
		expect(generate('cURL', slashes)).toContain('GITLAB_TOKEN');
	});
});

describe('shell words stay words', () => {
	const hostile = `GET;touch "$MARKER";#`;

	it('a method that is not plain letters is quoted for cURL and glab', () => {
		const r = request({ method: hostile });
		expect(generate('cURL', r)).toContain(`--request 'GET;touch "$MARKER";#'`);
		expect(generate('glab', r)).toContain(`--method 'GET;touch "$MARKER";#'`);
		expect(generate('cURL', request({ method: 'PATCH' }))).toContain('--request PATCH \\');
	});

	it('run in bash, the cURL command is one curl call and the method one argument; nothing else runs', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'codegen-'));
		const marker = join(dir, 'marker');
		const code = generate('cURL', request({ method: hostile }));
		const { stdout } = await run(
			'/bin/bash',
			['-c', `curl() { printf '[%s]\\n' "$@"; echo CALLED; }\n${code}`],
			{ env: { PATH: process.env.PATH ?? '', MARKER: marker, GITLAB_TOKEN: 't' } }
		);
		expect(stdout.match(/CALLED/g)).toHaveLength(1);
		expect(stdout).toContain(`[--request]\n[GET;touch "$MARKER";#]\n`);
		expect(existsSync(marker)).toBe(false);
	});

	it('a heredoc ends at a delimiter that is no line of the body', async () => {
		const body = 'first\nBODY\nBODY_1\ntouch "$MARKER"';
		expect(heredocDelimiter(body)).toBe('BODY_2');
		expect(heredocDelimiter('{"a":1}')).toBe('BODY');
		const dir = mkdtempSync(join(tmpdir(), 'codegen-'));
		const marker = join(dir, 'marker');
		const code = generate(
			'glab',
			request({ method: 'POST', headers: { 'Content-Type': 'text/plain' }, bodyText: body })
		);
		const { stdout } = await run('/bin/bash', ['-c', `glab() { cat; }\n${code}`], {
			env: { PATH: process.env.PATH ?? '', MARKER: marker }
		});
		expect(stdout).toBe(`${body}\n`);
		expect(existsSync(marker)).toBe(false);
	});
});
