/**
 * The request as @gitbeaker/rest (JavaScript for Node 20, an ES module) and python-gitlab write
 * it: a library call where one sends exactly this request (one page, not a walk), else the
 * library's raw request. Where a library cannot send it as the app does, or would send its token
 * to another origin, the code says why and uses fetch or requests instead.
 */
import {
	fetchStatements,
	jsForm,
	jsFormImport,
	jsKey,
	jsString,
	type CodeRequest,
	type Plan
} from './plan';
import { decodeQuery, encodeComponent } from '../request/encoding';

/** The API under a host, as both libraries build it from their `host`/`url` argument. */
const API = '/api/v4';
const hostOf = (apiRoot: string) => {
	const root = apiRoot.replace(/\/+$/, '');
	return root.endsWith(API) ? root.slice(0, -API.length) : new URL(root).origin;
};
const isJson = (r: CodeRequest) => /json/i.test(r.headers['Content-Type'] ?? '');
const isForm = (r: CodeRequest) =>
	/^application\/x-www-form-urlencoded/i.test(r.headers['Content-Type'] ?? '');
/** Headers for the libraries to add: they write Content-Type themselves. */
const extraHeaders = (p: Plan) =>
	Object.entries(p.headers).filter(([n]) => n.toLowerCase() !== 'content-type');
/** Repeated `name[]=…` as one list under `name`; a repeated plain name cannot be a key. */
function grouped(
	pairs: [string, string][]
): Map<string, { list: boolean; values: string[] }> | null {
	const out = new Map<string, { list: boolean; values: string[] }>();
	for (const [k, v] of pairs) {
		const list = k.endsWith('[]') && k.length > 2;
		const key = list ? k.slice(0, -2) : k;
		const seen = out.get(key);
		if (seen && (!seen.list || !list)) return null;
		if (seen) seen.values.push(v);
		else out.set(key, { list, values: [v] });
	}
	return out;
}
const identifier = (k: string) => /^[a-z_][a-z0-9_]*$/i.test(k);
/**
 * gitbeaker renames keys before sending them (xcase's decamelize): in a key that starts with a
 * lower-case letter, each upper-case letter becomes `_` and its lower case (`a_B` → `a__b`).
 */
const decamelized = (k: string) =>
	/^[a-z]/.test(k) ? k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) : k;
const renamedByGitbeaker = (k: string) => decamelized(k) !== k;
const camel = (name: string) => name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
/**
 * A key gitbeaker's own calls send as given: it reads back from the camelCase option written for
 * it, and is not `prototype`, with which gitbeaker's renaming leaves the whole object unrenamed.
 */
const idiomKey = (k: string) => identifier(k) && k !== 'prototype' && decamelized(camel(k)) === k;
const number = (v: string) => /^(0|[1-9]\d{0,14})$/.test(v);

// ---- gitbeaker ----

const GITBEAKER_HEAD =
	'// Node 20 or later, with npm install @gitbeaker/rest: save as request.mjs and run node request.mjs.';

function searchKey(k: string) {
	return identifier(k) && k !== '__proto__' ? k : jsKey(k);
}

/** The query as gitbeaker's searchParams, keys as sent (gitbeaker writes lists as `name[]`). */
function jsSearch(pairs: [string, string][], extra: string[] = []): string | null {
	const groups = grouped(pairs);
	if (!groups) return null;
	const items: string[] = [];
	for (const [k, { list, values }] of groups) {
		if (renamedByGitbeaker(k)) return null;
		items.push(
			`${searchKey(k)}: ${list ? `[${values.map(jsString).join(', ')}]` : jsString(values[0]!)}`
		);
	}
	items.push(...extra);
	return items.length ? `{ ${items.join(', ')} }` : null;
}

/** Whether a key of a JSON value, at any depth, passes the test. */
function someKey(v: unknown, test: (key: string) => boolean): boolean {
	if (Array.isArray(v)) return v.some((x) => someKey(x, test));
	if (v && typeof v === 'object')
		return Object.entries(v).some(([k, x]) => test(k) || someKey(x, test));
	return false;
}
const PROTO = '__proto__';

/** Why gitbeaker cannot send this request as the app does, if it cannot. */
function gitbeakerCannot(r: CodeRequest, p: Plan): string | null {
	if (!grouped(p.pairs)?.size && p.pairs.length)
		return 'gitbeaker writes a repeated name as name[]; this request repeats a plain name.';
	if (p.pairs.some(([k]) => renamedByGitbeaker(k.replace(/\[\]$/, ''))))
		return 'gitbeaker renames camelCase parameters to snake_case.';
	// gitbeaker copies parameters and headers into objects by assignment, where __proto__ sets
	// the copy's prototype: the field is lost, or its fields are sent as others.
	if (p.pairs.some(([k]) => k.replace(/\[\]$/, '') === PROTO))
		return 'gitbeaker would lose a parameter named __proto__.';
	if (Object.keys(p.headers).includes(PROTO))
		return 'gitbeaker would lose a header named __proto__.';
	if (r.upload) return 'gitbeaker sends no file as the whole body.';
	if (r.bodyText && !isJson(r) && !isForm(r))
		return 'gitbeaker sends a body only as JSON or as a form, and this one is neither.';
	if (r.bodyText && isJson(r)) {
		const value: unknown = JSON.parse(r.bodyText);
		if (!value || typeof value !== 'object' || Array.isArray(value))
			return 'gitbeaker sends a JSON body only as an object.';
		if (someKey(value, renamedByGitbeaker))
			return 'gitbeaker renames camelCase fields to snake_case.';
		if (someKey(value, (k) => k === PROTO))
			return 'gitbeaker would send the fields of a field named __proto__ as fields of their own object.';
	}
	return null;
}

/** The path for gitbeaker's requester: relative to its API URL when that reads back the same. */
function endpointUnder(base: string, prefix: string): string {
	if (base.startsWith(prefix) && URL.canParse(base)) {
		const rest = base.slice(prefix.length);
		const sent = new URL(base).href;
		// `./` keeps a first segment with a colon (`http:`) from being read as a URL of its own.
		for (const candidate of [rest, `./${rest}`])
			if (new URL(candidate, prefix).href === sent) return candidate;
	}
	return base;
}

/** One of gitbeaker's own calls, when the request is exactly what it sends (one page). */
function gitbeakerIdiom(p: Plan, path: string, sudo: string): string | null {
	const groups = grouped(p.pairs);
	if (!groups || [...groups].some(([k, g]) => g.list || !idiomKey(k))) return null;
	const opts = [...groups].map(
		([k, g]) => `${camel(k)}: ${number(g.values[0]!) ? g.values[0]! : jsString(g.values[0]!)}`
	);
	if (sudo) opts.push(sudo);
	const args = opts.length ? `{ ${opts.join(', ')} }` : '';
	const keys = [...groups.keys()];
	// A list call walks every page unless it is given one.
	const onePage = keys.includes('page');
	let m: RegExpExecArray | null;
	if (path === 'projects' && onePage && !keys.some((k) => /^(user_id|starred_only)$/.test(k)))
		return `const projects = await api.Projects.all(${args});\nconsole.log(projects.length, projects[0]);`;
	if (path === 'groups' && onePage)
		return `const groups = await api.Groups.all(${args});\nconsole.log(groups.length, groups[0]);`;
	if (path === 'user' && !keys.length)
		return `const user = await api.Users.showCurrentUser(${args});\nconsole.log(user.username);`;
	if ((m = /^projects\/([^/]+)$/.exec(path))) {
		const id = decodeURIComponent(m[1]!);
		if (encodeURIComponent(id) !== m[1]) return null;
		return `const project = await api.Projects.show(${jsString(id)}${args ? `, ${args}` : ''});\nconsole.log(project.name);`;
	}
	if ((m = /^projects\/([^/]+)\/issues$/.exec(path)) && onePage && !keys.includes('group_id')) {
		const id = decodeURIComponent(m[1]!);
		if (encodeURIComponent(id) !== m[1]) return null;
		return `const issues = await api.Issues.all({ projectId: ${jsString(id)}, ${opts.join(', ')} });\nconsole.log(issues.length, issues[0]);`;
	}
	return null;
}

export function gitbeakerFromPlan(r: CodeRequest, p: Plan): string {
	const viaFetch = (why: string) =>
		[
			'// Node 20 or later: save as request.mjs and run node request.mjs.',
			`// ${why}`,
			...jsFormImport(r),
			...fetchStatements(r, p)
		].join('\n');
	if (p.offsite)
		return viaFetch(
			`${p.offsite} gitbeaker would send its token there too, so this is fetch, without it.`
		);
	const cannot = gitbeakerCannot(r, p);
	if (cannot) return viaFetch(`${cannot} This is fetch, sending the request as the app does.`);
	const cred = p.cred;
	const secret = p.includeToken ? jsString(p.token) : `process.env.${cred?.env ?? ''} ?? ''`;
	const host = hostOf(r.apiRoot);
	const args = [`host: ${jsString(host)}`];
	if (cred?.gitbeaker && !cred.param) args.push(`${cred.gitbeaker}: ${secret}`);
	const lines = [
		GITBEAKER_HEAD,
		`import { Gitlab } from '@gitbeaker/rest';`,
		...jsFormImport(r),
		'',
		`const api = new Gitlab({ ${args.join(', ')} });`
	];
	if (cred?.cookie) lines.push('// gitbeaker sends no browser session cookie: use a token.');
	for (const [name, value] of extraHeaders(p))
		lines.push(`api.headers[${jsString(name)}] = ${jsString(value)};`);
	lines.push('');
	const endpoint = endpointUnder(p.base, `${host}${API}/`);
	const sudo = p.sudo?.way === 'header' ? `sudo: ${jsString(p.sudo.value.trim())}` : '';
	const idiom =
		r.method === 'GET' &&
		!r.bodyText &&
		!extraHeaders(p).length &&
		!cred?.param &&
		!p.sudo?.way.startsWith('q')
			? gitbeakerIdiom(p, endpoint, sudo)
			: null;
	if (idiom) return [...lines, idiom].join('\n');
	const extra: string[] = [];
	if (cred?.param) extra.push(`${cred.param}: ${secret}`);
	if (p.sudo?.way === 'query') extra.push(`sudo: ${jsString(p.sudo.value.trim())}`);
	const options: string[] = [];
	const search = jsSearch(p.pairs, extra);
	if (search) options.push(`searchParams: ${search}`);
	if (r.form) {
		lines.push(...jsForm(r.form));
		options.push('body: form');
	} else if (r.bodyText && isJson(r))
		options.push(`body: ${JSON.stringify(JSON.parse(r.bodyText))}`);
	else if (r.bodyText) {
		lines.push(
			'// gitbeaker sends a form as multipart/form-data: GitLab reads the same fields from it.',
			...jsForm({ fields: decodeQuery(r.bodyText) })
		);
		options.push('body: form');
	}
	if (sudo) options.push(sudo);
	return [
		...lines,
		`const response = await api.requester.${r.method.toLowerCase()}(${jsString(endpoint)}${options.length ? `, { ${options.join(', ')} }` : ''});`,
		'console.log(response.status, response.body);'
	].join('\n');
}

// ---- python-gitlab ----

const py = (value: string) => JSON.stringify(value);
/** python-gitlab turns these into comma-separated or other forms before sending. */
const PY_TYPED = new Set(['labels', 'iids', 'topic', 'topics', 'skip_groups', 'avatar']);
/** Python's keywords, which cannot be keyword arguments. */
const PY_KEYWORDS = new Set(
	'False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield'.split(
		' '
	)
);

/** Pairs as a Python dict: a repeated name is one key with a list, so no value is lost. */
function pyDict(pairs: [string, string][], more: string[] = []): string {
	const byName = new Map<string, string[]>();
	for (const [k, v] of pairs) byName.set(k, [...(byName.get(k) ?? []), v]);
	const entries = [...byName].map(
		([k, vs]) =>
			`${py(k)}: ${vs.length > 1 || k.endsWith('[]') ? `[${vs.map(py).join(', ')}]` : py(vs[0]!)}`
	);
	return `{${[...entries, ...more].join(', ')}}`;
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

/** Form pairs as the JSON object GitLab reads the same fields from (`a[]` as a list under `a`). */
function formAsJson(pairs: [string, string][]): string {
	// A Map, so that a field named __proto__ or constructor is a key like any other.
	const out = new Map<string, string | string[]>();
	for (const [k, v] of pairs) {
		if (k.endsWith('[]')) {
			const key = k.slice(0, -2);
			const seen = out.get(key);
			out.set(key, [...(seen === undefined ? [] : Array.isArray(seen) ? seen : [seen]), v]);
		} else out.set(k, v);
	}
	return pyValue(Object.fromEntries(out));
}

function pythonIdiom(p: Plan, path: string, kwargs: string[]): string | null {
	const byName = new Map<string, number>();
	for (const [k] of p.pairs) byName.set(k, (byName.get(k) ?? 0) + 1);
	if (
		[...byName].some(([k, n]) => n > 1 || !identifier(k) || PY_TYPED.has(k) || PY_KEYWORDS.has(k))
	)
		return null;
	const args = [...p.pairs.map(([k, v]) => `${k}=${number(v) ? v : py(v)}`), ...kwargs];
	const list = ['get_all=False', ...args].join(', ');
	const more = args.length ? `, ${args.join(', ')}` : '';
	let m: RegExpExecArray | null;
	if (path === '/projects')
		return `for project in gl.projects.list(${list}):\n    print(project.id, project.name)`;
	if (path === '/groups')
		return `for group in gl.groups.list(${list}):\n    print(group.id, group.full_path)`;
	if (path === '/user' && !args.length) return `gl.auth()\nprint(gl.user.username)`;
	if ((m = /^\/projects\/([^/]+)$/.exec(path))) {
		const id = decodeURIComponent(m[1]!);
		if (encodeComponent(id) !== m[1]) return null;
		return `project = gl.projects.get(${py(id)}${more})\nprint(project.name)`;
	}
	if ((m = /^\/projects\/([^/]+)\/issues$/.exec(path))) {
		const id = decodeURIComponent(m[1]!);
		if (encodeComponent(id) !== m[1]) return null;
		return `project = gl.projects.get(${py(id)}, lazy=True)\nfor issue in project.issues.list(${list}):\n    print(issue.iid, issue.title)`;
	}
	return null;
}

/** requests, which python-gitlab is built on, sending the request without any credential. */
function pythonRequests(r: CodeRequest, p: Plan, why: string): string {
	const headers = { Accept: 'application/json', ...p.headers };
	const call = [py(r.method), py(p.url), `headers=${pyValue(headers)}`];
	if (r.form) {
		call.push(`data=${pyDict(r.form.fields)}`);
		if (r.form.file)
			call.push(
				`files={${py(r.form.field ?? 'file')}: (${py(r.form.file)}, open(${py(r.form.file)}, "rb"))}`
			);
	} else if (r.upload) call.push(`data=open(${py(r.upload)}, "rb")`);
	else if (r.bodyText) call.push(`data=${py(r.bodyText)}.encode()`);
	return [
		`# ${why}`,
		'import requests',
		'',
		`response = requests.request(${call.join(', ')}, timeout=30)`,
		'print(response.status_code, response.text)'
	].join('\n');
}

/**
 * A multipart form with a file through python-gitlab's own session and headers (its token, Sudo):
 * its http_request would add an empty `avatar` field to the form.
 */
function pythonSessionForm(r: CodeRequest, p: Plan, path: string): string[] {
	const file = py(r.form!.file!);
	const query = [...p.pairs];
	if (p.sudo?.way === 'query') query.push(['sudo', p.sudo.value.trim()]);
	const token = p.cred?.param
		? [`${py(p.cred.param)}: ${p.includeToken ? py(p.token) : `os.environ[${py(p.cred.env)}]`}`]
		: [];
	const url = path.startsWith('/') ? `gl.api_url + ${py(path)}` : py(path);
	const args = [py(r.method), url, 'headers=gl.headers'];
	if (query.length || token.length) args.push(`params=${pyDict(query, token)}`);
	args.push(
		`data=${pyDict(r.form!.fields)}`,
		`files={${py(r.form!.field ?? 'file')}: (${file}, open(${file}, "rb"))}`
	);
	return [
		"# python-gitlab's own call would add an empty avatar field: its session sends the form as the app does.",
		`result = gl.session.request(${args.join(', ')}, timeout=30)`,
		'print(result.status_code, result.json() if result.content else None)'
	];
}

export function pythonFromPlan(r: CodeRequest, p: Plan): string {
	if (p.offsite)
		return pythonRequests(
			r,
			p,
			`${p.offsite} python-gitlab would send its token there too, so this is requests, without it.`
		);
	const cred = p.cred;
	const secret = p.includeToken ? py(p.token) : `os.environ[${py(cred?.env ?? 'GITLAB_TOKEN')}]`;
	const host = hostOf(r.apiRoot);
	const lines = ['import os', '', 'import gitlab', ''];
	const args = [py(host)];
	if (cred?.python && !cred.param) args.push(`${cred.python}=${secret}`);
	lines.push(`gl = gitlab.Gitlab(${args.join(', ')})`);
	if (cred?.cookie) lines.push('# python-gitlab sends no browser session cookie: use a token.');
	const headers = extraHeaders(p);
	if (p.sudo?.way === 'header') headers.unshift(['Sudo', p.sudo.value.trim()]);
	// Session headers go with every request of `gl` (a Sudo header, as the app sends it).
	for (const [name, value] of headers) lines.push(`gl.headers[${py(name)}] = ${py(value)}`);
	lines.push('');
	// python-gitlab sets this header on every call; the app sends none without a body.
	if (!r.bodyText && !r.form && !r.upload)
		lines.push(
			`# python-gitlab also sends “Content-Type: application/json” on this ${r.method}, which has no body (the app sends none); GitLab ignores it.`
		);
	const root = `${host}${API}`;
	const path = p.base.startsWith(`${root}/`) ? p.base.slice(root.length) : p.base;
	const kwargs = p.sudo?.way === 'query' ? [`sudo=${py(p.sudo.value.trim())}`] : [];
	const idiom =
		r.method === 'GET' && !r.bodyText && !cred?.param ? pythonIdiom(p, path, kwargs) : null;
	if (idiom) return [...lines, idiom].join('\n');
	if (r.form?.file) return [...lines, ...pythonSessionForm(r, p, path)].join('\n');
	const call = [py(path)];
	const token = cred?.param ? [`${py(cred.param)}: ${secret}`] : [];
	if (p.pairs.length || token.length) call.push(`query_data=${pyDict(p.pairs, token)}`);
	if (r.form) {
		lines.push(
			'# python-gitlab sends a multipart form only with a file: these fields go as JSON, which the API also reads.'
		);
		call.push(`post_data=${formAsJson(r.form.fields)}`);
	} else if (r.upload) {
		lines.push('# python-gitlab sends a raw body as application/octet-stream.');
		call.push(`post_data=open(${py(r.upload)}, "rb").read()`, 'raw=True');
	} else if (r.bodyText && isJson(r)) call.push(`post_data=${pyValue(JSON.parse(r.bodyText))}`);
	else if (r.bodyText && !isForm(r)) {
		lines.push('# python-gitlab sends a raw body as application/octet-stream.');
		call.push(`post_data=${py(r.bodyText)}.encode()`, 'raw=True');
	} else if (r.bodyText) {
		lines.push(
			'# python-gitlab sends these form fields as JSON: GitLab reads the same fields from it.'
		);
		call.push(`post_data=${formAsJson(decodeQuery(r.bodyText))}`);
	}
	call.push(...kwargs);
	lines.push(
		`result = gl.http_request(${py(r.method.toLowerCase())}, ${call.join(', ')})`,
		'print(result.status_code, result.json() if result.content else None)'
	);
	return lines.join('\n');
}
