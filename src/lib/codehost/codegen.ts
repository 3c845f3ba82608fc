/**
 * "Code" for the request as five clients write it: cURL, fetch, @gitbeaker/rest, python-gitlab and
 * `glab api`, each with its own idiom where the request maps to one, else its raw request. The
 * token is an environment variable unless the person opts in. No Svelte here.
 */
import type { AuthMethod, AuthWay } from './auth';
import { decodeQuery } from './encoding';
import { shellQuote } from './curl';

export const CLIENTS = ['cURL', 'fetch', 'gitbeaker', 'python-gitlab', 'glab'] as const;
export type Client = (typeof CLIENTS)[number];

/** The request as the explorer sends it, variables resolved, without its credential. */
export interface CodeRequest {
	method: string;
	apiRoot: string;
	/** Encoded path under the API root. */
	path: string;
	/** Encoded query without credentials. */
	query: string;
	/** Headers without credentials (Content-Type included when there is a body). */
	headers: Record<string, string>;
	body?: string;
	/** A multipart form instead of `body`: its fields, and the chosen file's name (field `file`). */
	form?: { fields: [string, string][]; file?: string };
	auth: { method: AuthMethod; way: AuthWay; token: string };
}

/** Statements that build the multipart form in JavaScript (node: the file is read from disk). */
function jsForm(form: NonNullable<CodeRequest['form']>): string[] {
	return [
		'const form = new FormData();',
		...form.fields.map(([k, v]) => `form.append(${jsString(k)}, ${jsString(v)});`),
		...(form.file
			? [`form.append('file', await openAsBlob(${jsString(form.file)}), ${jsString(form.file)});`]
			: [])
	];
}
const jsFormImport = (r: CodeRequest) =>
	r.form?.file ? [`import { openAsBlob } from 'node:fs';`] : [];

interface Credential {
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

const url = (r: CodeRequest) =>
	`${r.apiRoot.replace(/\/+$/, '')}${r.path}${r.query ? `?${r.query}` : ''}`;
const hostOf = (apiRoot: string) => apiRoot.replace(/\/api\/v\d+\/?$/, '');
/** The path under the API root as the clients write it (no leading slash). */
const relative = (r: CodeRequest) => r.path.replace(/^\//, '');
/** A JS string literal (single quotes, as the project's code writes them). */
function jsString(value: string): string {
	return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r')}'`;
}
const py = (value: string) => JSON.stringify(value);

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

// ---- cURL ----

export function curlCode(r: CodeRequest, includeToken = false): string {
	const cred = credentialOf(r.auth);
	const token = r.auth.token.trim();
	// A placeholder is `"$NAME"` next to the quoted text: the shell joins them into one word.
	const secret = (before: string) =>
		includeToken ? shellQuote(`${before}${token}`) : `${shellQuote(before)}"$${cred!.env}"`;
	const lines = ['curl'];
	if (r.method !== 'GET') lines.push(`--request ${r.method}`);
	const address = url(r);
	if (cred?.param) {
		const join = `${address}${r.query ? '&' : '?'}${cred.param}=`;
		lines.push(
			`--url ${includeToken ? shellQuote(join + encodeURIComponent(token)) : secret(join)}`
		);
	} else lines.push(`--url ${shellQuote(address)}`);
	lines.push(`--header ${shellQuote('Accept: application/json')}`);
	if (cred?.header) lines.push(`--header ${secret(`${cred.header}: ${cred.prefix ?? ''}`)}`);
	for (const [name, value] of Object.entries(r.headers))
		if (name.toLowerCase() !== 'accept') lines.push(`--header ${shellQuote(`${name}: ${value}`)}`);
	if (cred?.cookie) lines.push(`--cookie ${secret('_service_session=')}`);
	if (r.body !== undefined && r.body !== '') lines.push(`--data-raw ${shellQuote(r.body)}`);
	// --form-string: a value is text as written (with --form a leading @ or < would read a file).
	for (const [k, v] of r.form?.fields ?? []) lines.push(`--form-string ${shellQuote(`${k}=${v}`)}`);
	if (r.form?.file) lines.push(`--form ${shellQuote(`file=@${r.form.file}`)}`);
	return lines.join(' \\\n  ');
}

// ---- fetch ----

export function fetchCode(r: CodeRequest, includeToken = false): string {
	const cred = credentialOf(r.auth);
	const token = r.auth.token.trim();
	const secret = includeToken ? jsString(token) : `process.env.${cred?.env ?? ''} ?? ''`;
	let address = jsString(url(r));
	if (cred?.param)
		address = includeToken
			? jsString(`${url(r)}${r.query ? '&' : '?'}${cred.param}=${encodeURIComponent(token)}`)
			: `${jsString(`${url(r)}${r.query ? '&' : '?'}${cred.param}=`)} + encodeURIComponent(${secret})`;
	const headers: string[] = [`'Accept': 'application/json'`];
	if (cred?.header)
		headers.push(
			`${jsString(cred.header)}: ${cred.prefix ? `${jsString(cred.prefix)} + (${secret})` : secret}`
		);
	if (cred?.cookie) headers.push(`'Cookie': '_service_session=' + (${secret})`);
	for (const [name, value] of Object.entries(r.headers))
		if (name.toLowerCase() !== 'accept') headers.push(`${jsString(name)}: ${jsString(value)}`);
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
		...jsFormImport(r),
		...(r.form ? jsForm(r.form) : []),
		`const response = await fetch(${address}, {\n\t${options.join(',\n\t')}\n});`,
		`const text = await response.text();`,
		`console.log(response.status, text ? JSON.parse(text) : null);`
	].join('\n');
}

const indent = (text: string) => text.replace(/\n/g, '\n\t');

// ---- idioms of the client libraries ----

interface Idiom {
	gitbeaker: (args: string) => string;
	python: (args: string) => string;
	/** A listing: `glab api --paginate` walks its pages. */
	list: boolean;
	/** The project reference in the path, if any. */
	id?: string;
}

const camel = (name: string) => name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/** The request as one of the libraries' own calls, when it is a plain GET they have one for. */
function idiomFor(r: CodeRequest): Idiom | null {
	if (r.method !== 'GET' || r.body) return null;
	const p = r.path;
	let m: RegExpExecArray | null;
	if (p === '/projects')
		return {
			list: true,
			gitbeaker: (a) =>
				`const projects = await api.Projects.all(${a});\nconsole.log(projects.length, projects[0]);`,
			python: (a) =>
				`for project in gl.projects.list(iterator=True${a}):\n    print(project.id, project.name)`
		};
	if (p === '/groups')
		return {
			list: true,
			gitbeaker: (a) => `const groups = await api.Groups.all(${a});\nconsole.log(groups.length);`,
			python: (a) =>
				`for group in gl.groups.list(iterator=True${a}):\n    print(group.id, group.full_path)`
		};
	if (p === '/user')
		return {
			list: false,
			gitbeaker: () =>
				`const user = await api.Users.showCurrentUser();\nconsole.log(user.username);`,
			python: () => `gl.auth()\nprint(gl.user.username)`
		};
	if ((m = /^\/projects\/([^/]+)$/.exec(p)))
		return {
			list: false,
			id: decodeURIComponent(m[1]!),
			gitbeaker: () =>
				`const project = await api.Projects.show(${jsString(decodeURIComponent(m![1]!))});\nconsole.log(project.name);`,
			python: () =>
				`project = gl.projects.get(${py(decodeURIComponent(m![1]!))})\nprint(project.name)`
		};
	if ((m = /^\/projects\/([^/]+)\/issues$/.exec(p)))
		return {
			list: true,
			gitbeaker: (a) =>
				`const issues = await api.Issues.all({ projectId: ${jsString(decodeURIComponent(m![1]!))}${a ? `, ...${a}` : ''} });\nconsole.log(issues.length);`,
			python: (a) =>
				`project = gl.projects.get(${py(decodeURIComponent(m![1]!))}, lazy=True)\nfor issue in project.issues.list(iterator=True${a}):\n    print(issue.iid, issue.title)`
		};
	return null;
}

/** The query as the libraries' options: camelCase for gitbeaker, keyword arguments for Python. */
function queryOptions(query: string): [string, string][] {
	return decodeQuery(query).filter(([k]) => k !== 'page');
}

function gitbeakerOptions(query: string): string {
	const pairs = queryOptions(query);
	if (!pairs.length) return '';
	return `{ ${pairs
		.map(
			([k, v]) =>
				`${/^[a-z_]+$/i.test(k) ? camel(k) : jsString(k)}: ${/^\d+$/.test(v) ? v : jsString(v)}`
		)
		.join(', ')} }`;
}

function pythonOptions(query: string): string {
	return queryOptions(query)
		.filter(([k]) => /^[a-z_]+$/i.test(k))
		.map(([k, v]) => `, ${k}=${/^\d+$/.test(v) ? v : py(v)}`)
		.join('');
}

export function gitbeakerCode(r: CodeRequest, includeToken = false): string {
	const cred = credentialOf(r.auth);
	const token = includeToken
		? jsString(r.auth.token.trim())
		: `process.env.${cred?.env ?? 'GITLAB_TOKEN'}!`;
	const setup = [`import { Gitlab } from '@gitbeaker/rest';`, ...jsFormImport(r), ''];
	const args = [`host: ${jsString(hostOf(r.apiRoot))}`];
	if (cred?.gitbeaker) args.push(`${cred.gitbeaker}: ${token}`);
	setup.push(`const api = new Gitlab({ ${args.join(', ')} });`, '');
	if (cred?.cookie) setup.push('// gitbeaker sends no browser session cookie: use a token.');
	const idiom = idiomFor(r);
	if (idiom) return [...setup, idiom.gitbeaker(gitbeakerOptions(r.query))].join('\n');
	const options: string[] = [];
	const search = decodeQuery(r.query);
	if (search.length) options.push(`searchParams: ${objectLiteral(search, jsString)}`);
	if (r.form) options.push('body: form');
	else if (r.body) {
		const json = /json/i.test(r.headers['Content-Type'] ?? '');
		options.push(
			json ? `body: ${JSON.stringify(JSON.parse(r.body))}` : `body: ${jsString(r.body)}`
		);
	}
	return [
		...setup,
		...(r.form ? jsForm(r.form) : []),
		`const response = await api.requester.${r.method.toLowerCase()}(${jsString(relative(r))}${options.length ? `, { ${options.join(', ')} }` : ''});`,
		'console.log(response.status, response.body);'
	].join('\n');
}

function objectLiteral(pairs: [string, string][], quote: (v: string) => string): string {
	return `{ ${pairs.map(([k, v]) => `${quote(k)}: ${quote(v)}`).join(', ')} }`;
}

export function pythonCode(r: CodeRequest, includeToken = false): string {
	const cred = credentialOf(r.auth);
	const token = includeToken
		? py(r.auth.token.trim())
		: `os.environ[${py(cred?.env ?? 'GITLAB_TOKEN')}]`;
	const lines = ['import os', '', 'import gitlab', ''];
	const args = [py(hostOf(r.apiRoot))];
	if (cred?.python) args.push(`${cred.python}=${token}`);
	lines.push(`gl = gitlab.Gitlab(${args.join(', ')})`);
	if (cred?.param)
		lines.push('# python-gitlab sends the token in a header, not in the query string.');
	if (cred?.cookie) lines.push('# python-gitlab sends no browser session cookie: use a token.');
	lines.push('');
	const idiom = idiomFor(r);
	if (idiom) return [...lines, idiom.python(pythonOptions(r.query))].join('\n');
	const call = [py(`/${relative(r)}`)];
	const search = decodeQuery(r.query);
	if (search.length) call.push(`query_data=${pyDict(search)}`);
	if (r.form) {
		call.push(`post_data=${pyDict(r.form.fields)}`);
		if (r.form.file)
			call.push(`files={"file": (${py(r.form.file)}, open(${py(r.form.file)}, "rb"))}`);
		else
			lines.push(
				'# python-gitlab sends a multipart form only with a file: these fields go as JSON, which the API also reads.'
			);
	} else if (r.body) {
		const json = /json/i.test(r.headers['Content-Type'] ?? '');
		call.push(
			json ? `post_data=${pyValue(JSON.parse(r.body))}` : `post_data=${pyDict(decodeQuery(r.body))}`
		);
	}
	lines.push(
		`result = gl.http_request(${py(r.method.toLowerCase())}, ${call.join(', ')})`,
		'print(result.status_code, result.json() if result.content else None)'
	);
	return lines.join('\n');
}

/** A repeated name (`labels[]=a&labels[]=b`) is one key with a list: a dict keeps one value per key. */
function pyDict(pairs: [string, string][]): string {
	const byName = new Map<string, string[]>();
	for (const [k, v] of pairs) byName.set(k, [...(byName.get(k) ?? []), v]);
	return `{${[...byName]
		.map(([k, vs]) => `${py(k)}: ${vs.length > 1 ? `[${vs.map(py).join(', ')}]` : py(vs[0]!)}`)
		.join(', ')}}`;
}

/** A JSON value as a Python literal. */
function pyValue(v: unknown): string {
	if (v === null) return 'None';
	if (v === true) return 'True';
	if (v === false) return 'False';
	if (typeof v === 'string') return py(v);
	if (typeof v === 'number') return String(v);
	if (Array.isArray(v)) return `[${v.map(pyValue).join(', ')}]`;
	return `{${Object.entries(v as object)
		.map(([k, x]) => `${py(k)}: ${pyValue(x)}`)
		.join(', ')}}`;
}

export function glabCode(r: CodeRequest, includeToken = false): string {
	const cred = credentialOf(r.auth);
	const parts: string[] = [];
	if (cred && !cred.cookie)
		parts.push(includeToken ? `GITLAB_TOKEN=${shellQuote(r.auth.token.trim())}` : '');
	parts.push('glab api', `--hostname ${shellQuote(new URL(r.apiRoot).host)}`);
	if (r.method !== 'GET') parts.push(`--method ${r.method}`);
	const idiom = idiomFor(r);
	if (idiom?.list) parts.push('--paginate');
	for (const [name, value] of Object.entries(r.headers))
		if (name.toLowerCase() !== 'accept') parts.push(`--header ${shellQuote(`${name}: ${value}`)}`);
	parts.push(shellQuote(`${relative(r)}${r.query ? `?${r.query}` : ''}`));
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
	if (r.body && !r.form) command += ` --input - <<'BODY'\n${r.body}\nBODY`;
	return [...head, command].join('\n');
}
