/**
 * The generated code is run: cURL and fetch snippets go to the fake code host over loopback
 * through a recorder, and must send what the explorer's own Send sent.
 */
import { AreaSession } from '$lib/settings/area-session.svelte';
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeServers, type RunningFake } from '../../../../scripts/fake-servers';
import { generate, type CodeRequest } from '$lib/codehost/codegen/codegen';
import { ExplorerState } from '$lib/codehost/explorer.svelte';
import { HistoryStore } from '$lib/codehost/history/history';
import { createClient } from '$lib/http/client';

const run = promisify(execFile);
const TOKEN = 'glpat-demo-token';

interface Seen {
	method: string;
	url: string;
	headers: Record<string, string>;
	body: string;
}

let fakes: RunningFake[];
let recorder: Server;
let root: string;
const seen: Seen[] = [];

async function read(req: IncomingMessage): Promise<string> {
	const chunks: Buffer[] = [];
	for await (const c of req) chunks.push(c as Buffer);
	return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
	fakes = await startFakeServers({ portBase: 20_000 + Math.floor(Math.random() * 20_000) });
	const target = fakes.find((f) => f.service === 'codehost')!.url;
	recorder = createServer(async (req, res) => {
		const body = await read(req);
		const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
		seen.push({ method: req.method!, url: req.url!, headers, body });
		const answer = await fetch(`${target}${req.url}`, {
			method: req.method,
			headers: { ...headers, host: new URL(target).host },
			body: body || undefined
		});
		res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? '' });
		res.end(await answer.text());
	});
	await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
	root = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}/api/v4`;
});

afterAll(async () => {
	recorder?.close();
	await Promise.all(fakes.map((f) => f.close()));
});

function explorer(): ExplorerState {
	return new ExplorerState(
		new AreaSession({
			service: 'codehost',
			mode: 'live',
			apiRoot: root,
			secret: '',
			client: ({ secrets, onExchange } = {}) =>
				createClient({
					baseUrl: root,
					transport: (input, init) => fetch(input, init),
					secrets,
					onExchange,
					env: { online: () => true, pageOrigin: () => undefined }
				})
		}),
		new HistoryStore(0)
	);
}

/** What a server cares about: method, URL, body and the headers that carry meaning. */
function essence(s: Seen) {
	const keep = ['private-token', 'authorization', 'content-type', 'x-trace', 'sudo'];
	return {
		method: s.method,
		url: s.url,
		body: s.body,
		headers: Object.fromEntries(keep.filter((k) => k in s.headers).map((k) => [k, s.headers[k]]))
	};
}

async function sendThree(setup: (e: ExplorerState) => void) {
	const e = explorer();
	setup(e);
	seen.length = 0;
	await e.exchange.send();
	expect(e.exchange.refused).toBeNull();
	const env = { ...process.env, GITLAB_TOKEN: TOKEN };
	const curl = e.tools.code('cURL');
	expect(curl).not.toContain(TOKEN);
	await run('/bin/sh', ['-c', `${curl} --silent --output /dev/null`], { env });
	const fetchCode = e.tools.code('fetch');
	expect(fetchCode).not.toContain(TOKEN);
	await run(process.execPath, ['--input-type=module', '-e', fetchCode], { env });
	expect(seen).toHaveLength(3);
	return seen.map(essence);
}

// Each case starts curl and node: slow on a busy machine.
describe('generated cURL and fetch send what the explorer sends', { timeout: 30_000 }, () => {
	it('a GET with a path variable, a query and the token in the PRIVATE-TOKEN header', async () => {
		const [explorerSent, curlSent, fetchSent] = await sendThree((e) => {
			e.environments.setValue('project', 'diaspora/client-1');
			e.form.path = '/projects/{{project}}';
			e.form.query = 'statistics=true&search=a%20b';
			e.form.headers = 'X-Trace: it\'s "quoted"';
			e.auth.setMethod('personal');
			e.auth.token = TOKEN;
		});
		expect(explorerSent!.url).toBe(
			'/api/v4/projects/diaspora%2Fclient-1?statistics=true&search=a%20b'
		);
		expect(explorerSent!.headers['private-token']).toBe(TOKEN);
		expect(curlSent).toEqual(explorerSent);
		expect(fetchSent).toEqual(explorerSent);
	});

	it('a POST with a JSON body and a Bearer token', async () => {
		const [explorerSent, curlSent, fetchSent] = await sendThree((e) => {
			e.form.method = 'POST';
			e.form.path = '/projects';
			e.form.query = '';
			e.form.bodyKind = 'json';
			e.form.params = '{"name": "it\'s $HOME `x` \\\\ \\"q\\"", "tags": ["a", "b"]}';
			e.auth.setMethod('personal');
			e.auth.way = 'bearer';
			e.auth.token = TOKEN;
		});
		expect(explorerSent!.headers.authorization).toBe(`Bearer ${TOKEN}`);
		expect(JSON.parse(explorerSent!.body).name).toBe('it\'s $HOME `x` \\ "q"');
		expect(curlSent).toEqual(explorerSent);
		expect(fetchSent).toEqual(explorerSent);
	});

	it('a form body and the token in the query string, with Sudo', async () => {
		const [explorerSent, curlSent, fetchSent] = await sendThree((e) => {
			e.form.method = 'PUT';
			e.form.path = '/projects/1';
			e.form.query = 'a=1';
			e.form.bodyKind = 'form';
			e.form.params = '{"labels": ["x y", "z+"], "description": "100%"}';
			e.auth.setMethod('personal');
			e.auth.way = 'private-token-query';
			e.auth.token = TOKEN;
			e.auth.sudo = 'alice';
		});
		expect(explorerSent!.url).toContain(`private_token=${TOKEN}`);
		expect(curlSent).toEqual(explorerSent);
		expect(fetchSent).toEqual(explorerSent);
	});

	it('a multipart form with fields and a file: the same fields and file reach the server', async () => {
		const dir = await mkdtemp(join(tmpdir(), 'codegen-'));
		await writeFile(join(dir, 'notes.txt'), 'release notes\n');
		const e = explorer();
		e.form.method = 'POST';
		e.form.path = '/projects/1/uploads';
		e.form.query = '';
		e.form.bodyKind = 'multipart';
		e.form.params = '{"description": "@not a file", "labels": ["a b", "c"]}';
		e.form.file = new File(['release notes\n'], 'notes.txt', { type: 'text/plain' });
		e.auth.setMethod('personal');
		e.auth.token = TOKEN;
		seen.length = 0;
		await e.exchange.send();
		expect(e.exchange.refused).toBeNull();
		const env = { ...process.env, GITLAB_TOKEN: TOKEN };
		await run('/bin/sh', ['-c', `${e.tools.code('cURL')} --silent --output /dev/null`], {
			env,
			cwd: dir
		});
		await run(process.execPath, ['--input-type=module', '-e', e.tools.code('fetch')], {
			env,
			cwd: dir
		});
		expect(seen).toHaveLength(3);
		const forms = await Promise.all(seen.map(formOf));
		expect(forms[0]).toEqual([
			['description', '@not a file'],
			['labels[]', 'a b'],
			['labels[]', 'c'],
			['file', 'notes.txt: release notes\n']
		]);
		expect(forms[1]).toEqual(forms[0]);
		expect(forms[2]).toEqual(forms[0]);
		for (const s of seen) {
			expect(s.url).toBe('/api/v4/projects/1/uploads');
			expect(s.headers['private-token']).toBe(TOKEN);
		}
	});
});

/** A multipart body as its fields in order; a file as `name: content`. */
async function formOf(s: Seen): Promise<[string, string][]> {
	const form = await new Request('http://x/', {
		method: 'POST',
		headers: { 'content-type': s.headers['content-type']! },
		body: s.body
	}).formData();
	const out: [string, string][] = [];
	for (const [k, v] of form)
		out.push([k, typeof v === 'string' ? v : `${v.name}: ${await v.text()}`]);
	return out;
}

const base: CodeRequest = {
	method: 'GET',
	apiRoot: 'https://gitlab.example.com/api/v4',
	target: '/projects',
	query: 'pagination=keyset&per_page=100&order_by=id&sort=asc',
	headers: {},
	auth: { method: 'personal', way: 'private-token-header', token: TOKEN }
};

describe('each client in its own idiom', () => {
	it('a keyset page of the project listing: one page in each client, as the app asks for', () => {
		expect(generate('python-gitlab', base)).toContain(
			'for project in gl.projects.list(get_all=False, pagination="keyset", per_page=100, order_by="id", sort="asc"):'
		);
		expect(generate('python-gitlab', base)).toContain(
			'gl = gitlab.Gitlab("https://gitlab.example.com", private_token=os.environ["GITLAB_TOKEN"])'
		);
		// Projects.all follows the next-page links to the end: the raw request fetches one page.
		expect(generate('gitbeaker', base)).toContain(
			"api.requester.get('projects', { searchParams: { pagination: 'keyset', per_page: '100', order_by: 'id', sort: 'asc' } })"
		);
		expect(generate('gitbeaker', base)).toContain("token: process.env.GITLAB_TOKEN ?? ''");
		expect(generate('glab', base)).toContain(
			"glab api --hostname 'gitlab.example.com' 'projects?pagination=keyset&per_page=100&order_by=id&sort=asc'"
		);
	});

	it('one project and the current user map to their calls; the OAuth and job tokens to their arguments', () => {
		const one = { ...base, target: '/projects/diaspora%2Fclient-1', query: '' };
		expect(generate('python-gitlab', one)).toContain(
			'project = gl.projects.get("diaspora/client-1")'
		);
		expect(generate('gitbeaker', one)).toContain("api.Projects.show('diaspora/client-1')");
		expect(generate('glab', one)).not.toContain('--paginate');
		const me = {
			...base,
			target: '/user',
			query: '',
			auth: { method: 'oauth' as const, way: 'bearer' as const, token: 't' }
		};
		expect(generate('python-gitlab', me)).toContain('oauth_token=os.environ["GITLAB_TOKEN"]');
		expect(generate('python-gitlab', me)).toContain('gl.auth()');
		expect(generate('gitbeaker', me)).toContain("oauthToken: process.env.GITLAB_TOKEN ?? ''");
		const job = {
			...base,
			auth: { method: 'job' as const, way: 'job-token-header' as const, token: 't' }
		};
		expect(generate('cURL', job)).toContain(`--header 'JOB-TOKEN: '"$CI_JOB_TOKEN"`);
		expect(generate('python-gitlab', job)).toContain('job_token=os.environ["CI_JOB_TOKEN"]');
	});

	it('anything else is the raw request of each client', () => {
		const post = {
			...base,
			method: 'POST',
			target: '/projects/1/issues',
			query: '',
			headers: { 'Content-Type': 'application/json' },
			bodyText: '{"title":"Bug","confidential":false}'
		};
		expect(generate('python-gitlab', post)).toContain(
			'result = gl.http_request("post", "/projects/1/issues", post_data={"title": "Bug", "confidential": False})'
		);
		expect(generate('gitbeaker', post)).toContain(
			`api.requester.post('projects/1/issues', { body: {"title":"Bug","confidential":false} })`
		);
		expect(generate('glab', post)).toContain(
			"glab api --hostname 'gitlab.example.com' --method POST --header 'Content-Type: application/json' 'projects/1/issues' --input - <<'BODY'"
		);
	});

	it('a multipart form in each client: fields as text, the file read from disk; where a client cannot, it says so', () => {
		const form: CodeRequest = {
			...base,
			method: 'POST',
			target: '/projects/1/uploads',
			query: '',
			form: { fields: [['description', '@x']], file: 'notes.txt' }
		};
		expect(generate('cURL', form)).toContain(
			"--form-string 'description=@x' \\\n  --form 'file=@notes.txt'"
		);
		const js = generate('fetch', form);
		expect(js).toMatch(/^import \{ openAsBlob \} from 'node:fs';/);
		expect(js).toContain("form.append('file', await openAsBlob('notes.txt'), 'notes.txt');");
		expect(js).toContain('body: form');
		expect(js).not.toContain('Content-Type');
		expect(generate('gitbeaker', form)).toContain(
			"api.requester.post('projects/1/uploads', { body: form })"
		);
		expect(generate('python-gitlab', form)).toContain(
			'result = gl.session.request("POST", gl.api_url + "/projects/1/uploads", headers=gl.headers, data={"description": "@x"}, files={"file": ("notes.txt", open("notes.txt", "rb"))}, timeout=30)'
		);
		expect(generate('glab', form)).toContain(
			'# glab api cannot send a multipart form with a file: use the cURL or fetch code'
		);
		const fieldsOnly = { ...form, form: { fields: form.form!.fields } };
		expect(generate('glab', fieldsOnly)).toContain("--raw-field 'description=@x'");
		expect(generate('python-gitlab', fieldsOnly)).toContain('these fields go as JSON');
	});

	it('the token appears only when asked for, in every client', () => {
		for (const client of ['cURL', 'fetch', 'gitbeaker', 'python-gitlab', 'glab'] as const) {
			expect(generate(client, base)).not.toContain(TOKEN);
			expect(generate(client, base, true)).toContain(TOKEN);
		}
	});
});
