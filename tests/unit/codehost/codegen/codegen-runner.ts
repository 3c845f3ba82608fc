/**
 * Runs generated code as a person would (curl in bash, Node 20 on a saved `.mjs`, Debian's
 * python3 with python3-gitlab) against a loopback server that logs what arrives, reduced to what
 * the API reads: method, raw path, query pairs, credential and extra headers, body parameters.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Client } from '$lib/codehost/codegen/codegen';

/** Where the generated `.mjs` files are saved: under node_modules, so `@gitbeaker/rest` resolves. */
const RUN_DIR = join(process.cwd(), 'node_modules', '.cache', 'codegen-run');
/** Debian's python3 has python3-gitlab; a pyenv shim first on PATH may not. */
export const PYTHON = '/usr/bin/python3';

export interface Arrival {
	method: string;
	/** The path as sent, percent-encoding kept (`%2F` and `/` are different paths to the API). */
	path: string;
	/** Decoded query pairs, sorted: the query as a multiset. */
	query: string[];
	/** The query byte for byte, as it reached the server. */
	rawQuery: string;
	/** Headers that change what the API does: credentials, Sudo, and the ones a person added. */
	headers: Record<string, string>;
	/** The body's parameters as the API reads them (JSON, url-encoded or multipart), sorted. */
	body: string[];
	/** The body's media type, for the report (GitLab reads a form and a JSON object alike). */
	media: string;
}

/** Headers every HTTP client writes its own way; they do not change what the API does. */
const CLIENT_HEADERS = new Set([
	'host',
	'user-agent',
	'accept',
	'accept-encoding',
	'accept-language',
	'connection',
	'content-length',
	'content-type',
	// curl --upload-file asks for 100-continue before the body: how it sends, not what.
	'expect',
	'sec-fetch-mode',
	'transfer-encoding'
]);

const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
const pairsOf = (text: string) =>
	text
		.split('&')
		.filter(Boolean)
		.map((p) => {
			const eq = p.indexOf('=');
			return eq === -1 ? `${decode(p)}=` : `${decode(p.slice(0, eq))}=${decode(p.slice(eq + 1))}`;
		});

/** A JSON value as the bracket-style pairs GitLab's parameter parsing makes of it. */
function flatten(name: string, value: unknown, out: string[]) {
	if (Array.isArray(value)) for (const v of value) flatten(`${name}[]`, v, out);
	else if (value && typeof value === 'object')
		for (const [k, v] of Object.entries(value)) flatten(name ? `${name}[${k}]` : k, v, out);
	else out.push(`${name}=${value === null ? '' : String(value)}`);
}

async function bodyParams(request: Request): Promise<{ body: string[]; media: string }> {
	const media = (request.headers.get('content-type') ?? '').split(';')[0]!.trim();
	const raw = await request.clone().text();
	if (!raw) return { body: [], media: '' };
	if (media === 'multipart/form-data') {
		const form = await request.formData();
		const out: string[] = [];
		for (const [k, v] of form)
			out.push(`${k}=${typeof v === 'string' ? v : `(file ${v.name}: ${await v.text()})`}`);
		return { body: out.sort(), media };
	}
	if (media === 'application/x-www-form-urlencoded') return { body: pairsOf(raw).sort(), media };
	try {
		const out: string[] = [];
		const parsed: unknown = JSON.parse(raw);
		if (!parsed || typeof parsed !== 'object') return { body: [`(JSON ${raw})`], media };
		flatten('', parsed, out);
		return { body: out.sort(), media };
	} catch {
		return { body: [`(unreadable ${raw})`], media };
	}
}

async function arrival(req: IncomingMessage, origin: string): Promise<Arrival> {
	const chunks: Buffer[] = [];
	for await (const chunk of req) chunks.push(chunk as Buffer);
	const target = req.url ?? '/';
	const q = target.indexOf('?');
	const headers: Record<string, string> = {};
	for (const [name, value] of Object.entries(req.headers))
		if (!CLIENT_HEADERS.has(name) && value !== undefined) headers[name] = String(value);
	const hasBody = chunks.length > 0;
	const request = new Request(`${origin}${target}`, {
		method: 'POST',
		headers: { 'content-type': req.headers['content-type'] ?? '' },
		body: hasBody ? Buffer.concat(chunks) : undefined
	});
	return {
		method: req.method ?? '',
		path: q === -1 ? target : target.slice(0, q),
		query: q === -1 ? [] : pairsOf(target.slice(q + 1)).sort(),
		rawQuery: q === -1 ? '' : target.slice(q + 1),
		headers,
		...(hasBody ? await bodyParams(request) : { body: [], media: '' })
	};
}

const LISTS = /\/(projects|groups|issues|users|jobs|notes)$/;

/** A loopback code host that answers like GitLab enough for each client, and logs arrivals. */
export class LoggingServer {
	readonly arrivals: Arrival[] = [];
	/** The Content-Type header of each arrival as sent (none: undefined), in the same order. */
	readonly contentTypes: (string | undefined)[] = [];
	#server: Server;
	origin = '';

	constructor() {
		this.#server = createServer((req, res) => {
			this.contentTypes.push(req.headers['content-type']);
			void arrival(req, this.origin).then((a) => {
				this.arrivals.push(a);
				const page = Number(/(?:^|&)page=(\d+)/.exec(a.query.join('&'))?.[1] ?? '1');
				if (a.method === 'DELETE') return res.writeHead(204).end();
				const list = a.method === 'GET' && LISTS.test(a.path);
				const headers: Record<string, string> = { 'content-type': 'application/json' };
				// A next page, so a client that walks pages shows it by asking for more.
				if (list && page < 4)
					headers.link = `<${this.origin}${a.path}?page=${page + 1}&per_page=1>; rel="next"`;
				const item = {
					id: 1,
					iid: 1,
					name: 'one',
					title: 'one',
					username: 'alice',
					full_path: 'one'
				};
				res.writeHead(a.method === 'POST' ? 201 : 200, headers);
				res.end(JSON.stringify(list ? [item] : item));
			});
		});
	}

	async start(): Promise<this> {
		await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
		this.origin = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
		return this;
	}

	/** The arrivals since the last call. */
	take(): Arrival[] {
		this.contentTypes.splice(0);
		return this.arrivals.splice(0);
	}

	stop(): Promise<void> {
		return new Promise((resolve) => this.#server.close(() => resolve()));
	}
}

export interface RunResult {
	code: number;
	stdout: string;
	stderr: string;
}

function run(file: string, args: string[], env: Record<string, string>): Promise<RunResult> {
	// On a fresh clone the folder does not exist yet, and a missing cwd fails every run.
	mkdirSync(RUN_DIR, { recursive: true });
	return new Promise((resolve) => {
		execFile(
			file,
			args,
			{
				env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
				cwd: RUN_DIR,
				timeout: 20_000
			},
			(error, stdout, stderr) =>
				resolve({
					code: error ? Number(error.code ?? 1) || 1 : 0,
					stdout,
					stderr: stderr || (error && !stderr ? error.message : '')
				})
		);
	});
}

/** A file the code reads (a multipart form's file), in the directory the code runs in. */
export function writeRunFile(name: string, content: string) {
	mkdirSync(RUN_DIR, { recursive: true });
	writeFileSync(join(RUN_DIR, name), content);
}

let counter = 0;
/** Runs one client's code as a saved file (`.mjs`, `.py`) or a bash command, with the token in env. */
export function runCode(client: Client, code: string, env: Record<string, string>) {
	mkdirSync(RUN_DIR, { recursive: true });
	const name = join(RUN_DIR, `run-${process.pid}-${counter++}`);
	const node = { ...env, FORCE_COLOR: '0', NODE_NO_WARNINGS: '1' };
	switch (client) {
		case 'cURL':
			return run('/bin/bash', ['-c', `${code} --silent --show-error`], env);
		case 'fetch':
		case 'gitbeaker':
			writeFileSync(`${name}.mjs`, code);
			return run(process.execPath, [`${name}.mjs`], node).finally(() => rmSync(`${name}.mjs`));
		case 'python-gitlab':
			writeFileSync(`${name}.py`, code);
			return run(PYTHON, [`${name}.py`], { ...env, PYTHONWARNINGS: 'ignore' }).finally(() =>
				rmSync(`${name}.py`)
			);
		case 'glab':
			throw new Error(
				'glab is not packaged for Debian: its command text is checked by unit tests.'
			);
	}
}

/** Fails with what to install when Debian's python3-gitlab is missing (never a silent skip). */
export async function requirePythonGitlab(): Promise<void> {
	const check = await run(PYTHON, ['-c', 'import gitlab; print(gitlab.__version__)'], {});
	if (check.code !== 0)
		throw new Error(
			`These tests run the generated python-gitlab code with ${PYTHON} and Debian's python3-gitlab, which is missing: install it with "apt-get install -y python3-gitlab". (${check.stderr.trim()})`
		);
}
