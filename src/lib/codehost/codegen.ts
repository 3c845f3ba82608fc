/**
 * "Code" for the request as five clients write it: cURL, fetch, @gitbeaker/rest, python-gitlab and
 * `glab api`. Every client sends what the app sends: the target is read by the send path's own
 * function, and a request to another origin than the API root's carries no credential, saying so.
 * The token is an environment variable unless the person opts in. No Svelte here.
 */
import type { AuthMethod, AuthWay, SudoWay } from './auth';
import { CREDENTIAL_HEADERS, originOf } from '$lib/http/credentials';
import { shellQuote } from './curl';
import { decodeQuery } from './encoding';
import { requestTarget } from './request-target';
import { gitbeakerFromPlan, pythonFromPlan } from './codegen-libraries';

export const CLIENTS = ['cURL', 'fetch', 'gitbeaker', 'python-gitlab', 'glab'] as const;
export type Client = (typeof CLIENTS)[number];

/** What each client's code is, and how to run it (shown above the code). */
export const CLIENT_LABELS: Record<Client, string> = {
	cURL: 'Shell command (bash or zsh) for curl.',
	fetch: 'JavaScript for Node 20 or later: save it as request.mjs and run node request.mjs.',
	gitbeaker:
		'JavaScript for Node 20 or later with @gitbeaker/rest 43: save it as request.mjs and run node request.mjs.',
	'python-gitlab':
		'Python 3 with python-gitlab 3: save it as request.py and run python3 request.py.',
	glab: 'Shell command for the GitLab CLI (glab api).'
};

/** The request as the explorer sends it, variables resolved, without its credential. */
export interface CodeRequest {
	method: string;
	apiRoot: string;
	/** Encoded path under the API root, or an absolute URL (read as the send path reads it). */
	path: string;
	/** Encoded query without credentials. */
	query: string;
	/** Headers without credentials (Content-Type included when there is a body). */
	headers: Record<string, string>;
	body?: string;
	/** A multipart form instead of `body`: its fields, and the chosen file's name (field `file`). */
	form?: { fields: [string, string][]; file?: string };
	auth: { method: AuthMethod; way: AuthWay; token: string };
	/** Acting as another user (an administrator's token), as a header or a query parameter. */
	sudo?: { value: string; way: SudoWay };
}

export interface Credential {
	/** The environment variable the snippet reads the token from. */
	env: string;
	header?: string;
	/** Written before the token in the header (`Bearer `). */
	prefix?: string;
	param?: string;
	cookie?: boolean;
	/** The python-gitlab / gitbeaker constructor argument. */
	python: string;
	gitbeaker: string;
}

function credentialOf(auth: CodeRequest['auth']): Credential | null {
	if (auth.method === 'none') return null;
	if (auth.method === 'session')
		return { env: 'SESSION_COOKIE', cookie: true, python: '', gitbeaker: '' };
	const job = auth.method === 'job';
	const oauth = auth.method === 'oauth';
	const base = {
		env: job ? 'CI_JOB_TOKEN' : 'GITLAB_TOKEN',
		python: job ? 'job_token' : oauth ? 'oauth_token' : 'private_token',
		gitbeaker: job ? 'jobToken' : oauth ? 'oauthToken' : 'token'
	};
	switch (auth.way) {
		case 'bearer':
			return { ...base, header: 'Authorization', prefix: 'Bearer ' };
		case 'private-token-query':
			return { ...base, param: 'private_token' };
		case 'access-token-query':
			return { ...base, param: 'access_token' };
		case 'job-token-query':
			return { ...base, param: 'job_token' };
		case 'job-token-header':
			return { ...base, header: 'JOB-TOKEN' };
		default:
			return { ...base, header: 'PRIVATE-TOKEN' };
	}
}

/** The request as every client must send it: where, with which credential, which headers. */
export interface Plan {
	/** The URL the app requests, query included, credential parameters left out. */
	url: string;
	/** `url` without its query. */
	base: string;
	/** Its query, decoded, in order. */
	pairs: [string, string][];
	/** Null when nothing is sent, or when the target is on another origin. */
	cred: Credential | null;
	/** Headers as the app sends them (Accept is each client's own), credentials left out. */
	headers: Record<string, string>;
	sudo?: CodeRequest['sudo'];
	/** Why no credential goes (the target is on another origin), as a sentence. */
	offsite?: string;
	token: string;
	includeToken: boolean;
}

export function planOf(r: CodeRequest, includeToken = false): Plan {
	const target = requestTarget(r.apiRoot, r.path, r.query);
	const url = target.url;
	const q = url.indexOf('?');
	const base = q === -1 ? url : url.slice(0, q);
	const pairs = q === -1 ? [] : decodeQuery(url.slice(q + 1));
	// The send path's own rule: headers that carry a credential or act for a user stay home.
	const headers = Object.fromEntries(
		Object.entries(r.headers).filter(
			([name]) =>
				name.toLowerCase() !== 'accept' &&
				(target.credentialed || !CREDENTIAL_HEADERS.has(name.toLowerCase()))
		)
	);
	const plan: Plan = {
		url,
		base,
		pairs,
		cred: target.credentialed ? credentialOf(r.auth) : null,
		headers,
		sudo: target.credentialed && r.sudo?.value.trim() ? r.sudo : undefined,
		token: r.auth.token.trim(),
		includeToken
	};
	if (!target.credentialed) {
		const there = originOf(url) ?? url;
		plan.offsite = `This request goes to ${there}, not to the API root's ${new URL(r.apiRoot).origin}: like the app, it sends no token, session or Sudo there.`;
	}
	return plan;
}

/** A JS string literal (single quotes, as the project's code writes them). */
export function jsString(value: string): string {
	return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r')}'`;
}

/** A method as a shell word: quoted unless it is plain letters. */
const shellMethod = (method: string) => (/^[A-Za-z]+$/.test(method) ? method : shellQuote(method));

export function generate(client: Client, r: CodeRequest, includeToken = false): string {
	switch (client) {
		case 'cURL':
			return curlCode(r, includeToken);
		case 'fetch':
			return fetchCode(r, includeToken);
		case 'gitbeaker':
			return gitbeakerCode(r, includeToken);
		case 'python-gitlab':
			return pythonCode(r, includeToken);
		case 'glab':
			return glabCode(r, includeToken);
	}
}

/** The URL with the credential parameter appended (its value after the returned text). */
const withParam = (p: Plan, param: string) => `${p.url}${p.url.includes('?') ? '&' : '?'}${param}=`;
const sudoParam = (p: Plan) =>
	p.sudo?.way === 'query' ? `sudo=${encodeURIComponent(p.sudo.value.trim())}` : '';
/** The URL as sent: the Sudo parameter after the query, the credential parameter added apart. */
function urlOf(p: Plan): string {
	const sudo = sudoParam(p);
	return sudo ? `${p.url}${p.url.includes('?') ? '&' : '?'}${sudo}` : p.url;
}

export const gitbeakerCode = (r: CodeRequest, includeToken = false) =>
	gitbeakerFromPlan(r, planOf(r, includeToken));
export const pythonCode = (r: CodeRequest, includeToken = false) =>
	pythonFromPlan(r, planOf(r, includeToken));

// ---- cURL ----

export function curlCode(r: CodeRequest, includeToken = false): string {
	const p = planOf(r, includeToken);
	const cred = p.cred;
	// A placeholder is `"$NAME"` next to the quoted text: the shell joins them into one word.
	const secret = (before: string) =>
		includeToken ? shellQuote(`${before}${p.token}`) : `${shellQuote(before)}"$${cred!.env}"`;
	const lines = ['curl'];
	if (r.method !== 'GET') lines.push(`--request ${shellMethod(r.method)}`);
	const address = urlOf(p);
	if (cred?.param) {
		const join = withParam({ ...p, url: address }, cred.param);
		lines.push(
			`--url ${includeToken ? shellQuote(join + encodeURIComponent(p.token)) : secret(join)}`
		);
	} else lines.push(`--url ${shellQuote(address)}`);
	lines.push(`--header ${shellQuote('Accept: application/json')}`);
	if (cred?.header) lines.push(`--header ${secret(`${cred.header}: ${cred.prefix ?? ''}`)}`);
	if (p.sudo?.way === 'header')
		lines.push(`--header ${shellQuote(`Sudo: ${p.sudo.value.trim()}`)}`);
	for (const [name, value] of Object.entries(p.headers))
		lines.push(`--header ${shellQuote(`${name}: ${value}`)}`);
	if (cred?.cookie) lines.push(`--cookie ${secret('_service_session=')}`);
	if (r.body !== undefined && r.body !== '') lines.push(`--data-raw ${shellQuote(r.body)}`);
	// --form-string: a value is text as written (with --form a leading @ or < would read a file).
	for (const [k, v] of r.form?.fields ?? []) lines.push(`--form-string ${shellQuote(`${k}=${v}`)}`);
	if (r.form?.file) lines.push(`--form ${shellQuote(`file=@${r.form.file}`)}`);
	const command = lines.join(' \\\n  ');
	return p.offsite ? `# ${p.offsite}\n${command}` : command;
}

// ---- fetch ----

/** Statements that build the multipart form in JavaScript (node: the file is read from disk). */
export function jsForm(form: NonNullable<CodeRequest['form']>): string[] {
	return [
		'const form = new FormData();',
		...form.fields.map(([k, v]) => `form.append(${jsString(k)}, ${jsString(v)});`),
		...(form.file
			? [`form.append('file', await openAsBlob(${jsString(form.file)}), ${jsString(form.file)});`]
			: [])
	];
}
export const jsFormImport = (r: CodeRequest) =>
	r.form?.file ? [`import { openAsBlob } from 'node:fs';`] : [];

/** The fetch call for the plan: also what gitbeaker's code falls back to where it cannot go. */
export function fetchStatements(r: CodeRequest, p: Plan): string[] {
	const cred = p.cred;
	const secret = p.includeToken ? jsString(p.token) : `process.env.${cred?.env ?? ''} ?? ''`;
	const address = urlOf(p);
	const target = cred?.param
		? p.includeToken
			? jsString(withParam({ ...p, url: address }, cred.param) + encodeURIComponent(p.token))
			: `${jsString(withParam({ ...p, url: address }, cred.param))} + encodeURIComponent(${secret})`
		: jsString(address);
	const headers: string[] = [`'Accept': 'application/json'`];
	if (cred?.header)
		headers.push(
			`${jsString(cred.header)}: ${cred.prefix ? `${jsString(cred.prefix)} + (${secret})` : secret}`
		);
	if (cred?.cookie) headers.push(`'Cookie': '_service_session=' + (${secret})`);
	if (p.sudo?.way === 'header') headers.push(`'Sudo': ${jsString(p.sudo.value.trim())}`);
	for (const [name, value] of Object.entries(p.headers))
		headers.push(`${jsString(name)}: ${jsString(value)}`);
	const options = [
		`method: ${jsString(r.method)}`,
		`headers: {\n\t\t${headers.join(',\n\t\t')}\n\t}`
	];
	// fetch writes the multipart Content-Type itself, with its boundary.
	if (r.form) options.push('body: form');
	else if (r.body !== undefined && r.body !== '') {
		const json = /json/i.test(r.headers['Content-Type'] ?? '');
		options.push(
			json
				? `body: JSON.stringify(${indent(JSON.stringify(JSON.parse(r.body), null, '\t'))})`
				: `body: ${jsString(r.body)}`
		);
	}
	return [
		...(r.form ? jsForm(r.form) : []),
		`const response = await fetch(${target}, {\n\t${options.join(',\n\t')}\n});`,
		`const text = await response.text();`,
		`console.log(response.status, text ? JSON.parse(text) : null);`
	];
}

export function fetchCode(r: CodeRequest, includeToken = false): string {
	const p = planOf(r, includeToken);
	return [
		...(p.offsite ? [`// ${p.offsite}`] : []),
		...jsFormImport(r),
		...fetchStatements(r, p)
	].join('\n');
}

const indent = (text: string) => text.replace(/\n/g, '\n\t');

// ---- glab ----

/** A heredoc delimiter that is no line of the body (a body line equal to it would end it). */
export function heredocDelimiter(body: string): string {
	const lines = new Set(body.split(/\r?\n/));
	let name = 'BODY';
	for (let i = 1; lines.has(name); i++) name = `BODY_${i}`;
	return name;
}

/** One request, as the app sends it (no --paginate: the app asks for one page). */
export function glabCode(r: CodeRequest, includeToken = false): string {
	const p = planOf(r, includeToken);
	const cred = p.cred;
	if (p.offsite)
		// glab api sends its token to any host it is given: this request is curl without it.
		return `# glab api sends the token it holds to any host: this request uses curl instead.\n${curlCode(r, includeToken)}`;
	const root = r.apiRoot.replace(/\/+$/, '');
	const address = urlOf(p);
	const under = address.startsWith(`${root}/`) ? address.slice(root.length + 1) : '';
	// glab api reads a word with a scheme as a URL of its own, and takes its token there.
	if (!under || /^[a-z][a-z0-9+.-]*:|^\//i.test(under))
		return `# glab api can name only a path under the API root, which this is not: this request uses curl.\n${curlCode(r, includeToken)}`;
	const parts: string[] = [];
	if (cred && !cred.cookie) parts.push(includeToken ? `GITLAB_TOKEN=${shellQuote(p.token)}` : '');
	parts.push('glab api', `--hostname ${shellQuote(new URL(r.apiRoot).host)}`);
	if (r.method !== 'GET') parts.push(`--method ${shellMethod(r.method)}`);
	if (p.sudo?.way === 'header')
		parts.push(`--header ${shellQuote(`Sudo: ${p.sudo.value.trim()}`)}`);
	for (const [name, value] of Object.entries(p.headers))
		parts.push(`--header ${shellQuote(`${name}: ${value}`)}`);
	parts.push(shellQuote(under));
	const head = [
		cred && !cred.cookie && !includeToken
			? `# glab reads the token from GITLAB_TOKEN or from glab auth login.`
			: '',
		cred?.cookie ? '# glab sends no browser session cookie: use a token (glab auth login).' : ''
	].filter(Boolean);
	if (r.form) {
		// glab api has no multipart form: its raw fields go as JSON, and no file can go.
		head.push(
			r.form.file
				? '# glab api cannot send a multipart form with a file: use the cURL or fetch code for this request.'
				: '# glab api sends these fields as JSON, not as a multipart form; the API reads both.'
		);
		for (const [k, v] of r.form.fields) parts.push(`--raw-field ${shellQuote(`${k}=${v}`)}`);
	}
	let command = parts.filter(Boolean).join(' ');
	if (r.body && !r.form) {
		const end = heredocDelimiter(r.body);
		command += ` --input - <<'${end}'\n${r.body}\n${end}`;
	}
	return [...head, command].join('\n');
}
