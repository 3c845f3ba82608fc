/**
 * "Code" for the request as five clients write it: cURL, fetch, @gitbeaker/rest, python-gitlab and
 * `glab api`. Every client sends what the app sends: the target is read by the send path's own
 * function, and a request to another origin than the API root's carries no credential, saying so.
 * The token is an environment variable unless the person opts in. No Svelte here.
 */
import { shellQuote } from './curl';
import { gitbeakerFromPlan, pythonFromPlan } from './libraries';
import { fetchStatements, jsFormImport, planOf, urlOf, withParam, type CodeRequest } from './plan';

export { jsString, planOf, type CodeRequest, type Credential, type Plan } from './plan';

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
	// curl reads [a-z] and {a,b} in a URL as ranges and lists of URLs: `name[key]=v` is one URL.
	if (/[[\]{}]/.test(address)) lines.push('--globoff');
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
	if (r.bodyText !== undefined && r.bodyText !== '')
		lines.push(`--data-raw ${shellQuote(r.bodyText)}`);
	// --form-string: a value is text as written (with --form a leading @ or < would read a file).
	for (const [k, v] of r.form?.fields ?? []) lines.push(`--form-string ${shellQuote(`${k}=${v}`)}`);
	if (r.form?.file) lines.push(`--form ${shellQuote(`${r.form.field ?? 'file'}=@${r.form.file}`)}`);
	if (r.upload) lines.push(`--upload-file ${shellQuote(r.upload)}`);
	const command = lines.join(' \\\n  ');
	return p.offsite ? `# ${p.offsite}\n${command}` : command;
}

// ---- fetch ----
export function fetchCode(r: CodeRequest, includeToken = false): string {
	const p = planOf(r, includeToken);
	return [
		...(p.offsite ? [`// ${p.offsite}`] : []),
		...jsFormImport(r),
		...fetchStatements(r, p)
	].join('\n');
}

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
	if (r.upload) parts.push(`--input ${shellQuote(r.upload)}`);
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
	if (r.bodyText && !r.form) {
		const end = heredocDelimiter(r.bodyText);
		command += ` --input - <<'${end}'\n${r.bodyText}\n${end}`;
	}
	return [...head, command].join('\n');
}
