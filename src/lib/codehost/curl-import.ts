/**
 * Reads a cURL command (a browser's "Copy as cURL", a docs page, this explorer's Code) into a
 * request. The shell words come from shell-quote; every option not understood is listed, never
 * dropped silently. No Svelte here.
 */
import { parse } from 'shell-quote';
import { decodedParamName } from '$lib/http/redact';
import type { AuthMethod, AuthWay, SudoWay } from './auth';
import { METHODS, type RequestSnapshot } from './collections';
import { decodeQuery, type ParamValue } from './encoding';
import type { BodyKind } from './endpoints';

export interface ParsedCurl {
	method: string;
	url: string;
	headers: [string, string][];
	/** The body as sent (after --data-urlencode encoding), or undefined. */
	body?: string;
	/** -b / --cookie. */
	cookie?: string;
	/** -u / --user (basic auth, which the API does not take). */
	user?: string;
	/** -G: the data goes into the query string. */
	get: boolean;
	/** -F / --form-string text fields of a multipart form. */
	form: [string, string][];
	/** -F fields that name a file on the computer (`@path`, `<path`), which a page cannot read. */
	files: string[];
	/** What was not understood, or understood and left out, with why. */
	notes: string[];
}

/** Options that take a value and only change how curl itself behaves. */
const IGNORED_WITH_VALUE = new Set([
	'-o',
	'--output',
	'-m',
	'--max-time',
	'--connect-timeout',
	'-A',
	'--user-agent',
	'-e',
	'--referer',
	'-w',
	'--write-out',
	'--retry'
]);
/** Flags with no meaning for a browser request. */
const IGNORED_FLAGS = new Set([
	'-s',
	'--silent',
	'-S',
	'--show-error',
	'-i',
	'--include',
	'-v',
	'--verbose',
	'-L',
	'--location',
	'--compressed',
	'-k',
	'--insecure',
	'-f',
	'--fail',
	'--globoff',
	'-g'
]);
const DATA = new Set(['-d', '--data', '--data-raw', '--data-binary', '--data-ascii']);

/**
 * Splits a command into words; `\` line continuations are joined first (before any trimming, so a
 * command copied with a trailing continuation leaves no stray empty word).
 */
function words(command: string): { words: string[]; notes: string[] } {
	const notes: string[] = [];
	const joined = command.replace(/\\\r?\n/g, ' ').replace(/\^\r?\n/g, ' ');
	const out: string[] = [];
	// `$NAME` stays as written: a placeholder for a token, never expanded from anywhere.
	for (const entry of parse(joined, (key) => `$${key}`)) {
		if (typeof entry === 'string') out.push(entry);
		else if ('comment' in entry) notes.push(`A comment: #${entry.comment}`);
		else if ('op' in entry && entry.op === 'glob') out.push(entry.pattern);
		else if ('op' in entry)
			notes.push(
				`The shell operator “${entry.op}” and what follows it are not part of the request.`
			);
	}
	return { words: out, notes };
}

export function parseCurl(command: string): ParsedCurl {
	const { words: list, notes } = words(command);
	if (list[0] !== 'curl')
		throw new Error('This is not a cURL command: it should start with “curl”.');
	const out: ParsedCurl = {
		method: '',
		url: '',
		headers: [],
		get: false,
		form: [],
		files: [],
		notes
	};
	const data: string[] = [];
	/** Flags that change only how curl itself runs: left out, and listed in one note. */
	const curlOnly: string[] = [];
	for (let i = 1; i < list.length; i++) {
		let word = list[i]!;
		let inline: string | undefined;
		// --name=value and -Xvalue forms.
		const eq = /^(--[a-z-]+)=(.*)$/s.exec(word);
		if (eq) [word, inline] = [eq[1]!, eq[2]];
		else if (/^-[XHdbu]./.test(word)) [word, inline] = [word.slice(0, 2), word.slice(2)];
		const value = () => inline ?? list[++i] ?? '';
		if (word === '-X' || word === '--request') out.method = value().toUpperCase();
		else if (word === '-H' || word === '--header') {
			const h = value();
			const at = h.indexOf(':');
			if (at > 0) out.headers.push([h.slice(0, at).trim(), h.slice(at + 1).trim()]);
			else out.notes.push(`The header “${h}” has no value.`);
		} else if (DATA.has(word)) data.push(value());
		else if (word === '--data-urlencode') {
			const v = value();
			const at = v.indexOf('=');
			data.push(
				at === -1
					? encodeURIComponent(v)
					: `${v.slice(0, at)}=${encodeURIComponent(v.slice(at + 1))}`
			);
		} else if (word === '--json') {
			data.push(value());
			out.headers.push(['Content-Type', 'application/json'], ['Accept', 'application/json']);
		} else if (word === '-b' || word === '--cookie') out.cookie = value();
		else if (word === '-u' || word === '--user') out.user = value();
		else if (word === '-G' || word === '--get') out.get = true;
		else if (word === '--url') out.url = value();
		else if (word === '-I' || word === '--head') {
			out.method = 'HEAD';
		} else if (IGNORED_FLAGS.has(word)) curlOnly.push(word);
		else if (IGNORED_WITH_VALUE.has(word)) {
			const v = value();
			out.notes.push(`${word} ${v}: left out (the browser decides this).`);
		} else if (word === '-F' || word === '--form' || word === '--form-string') {
			const field = value();
			const at = field.indexOf('=');
			const name = field.slice(0, Math.max(0, at));
			// With -F a leading @ or < reads a file on the computer that ran curl; --form-string is text.
			const raw = field.slice(at + 1);
			const content = word === '--form-string' ? raw : raw.replace(/;type=[^;]*$/, '');
			if (at <= 0) out.notes.push(`${word} ${field}: not a name=value field, left out.`);
			else if (word !== '--form-string' && /^[@<]/.test(content)) {
				out.files.push(name);
				out.notes.push(
					`${word} ${field}: a page cannot read a file from your disk by its name; choose it under File${name === 'file' ? '' : ` (it is sent as the field “file”, not “${name}”)`}.`
				);
			} else out.form.push([name, content]);
		} else if (word.startsWith('-')) out.notes.push(`${word}: not understood, left out.`);
		else if (!out.url) out.url = word;
		else out.notes.push(`“${word}”: a second URL, left out.`);
	}
	if (curlOnly.length)
		out.notes.push(
			`${curlOnly.join(', ')}: left out (${curlOnly.length > 1 ? 'they change' : 'it changes'} only how curl itself runs or prints).`
		);
	if (!out.url) throw new Error('The command has no URL.');
	if (data.length) out.body = data.join('&');
	const multipart = out.form.length > 0 || out.files.length > 0;
	out.method ||= (out.body !== undefined && !out.get) || multipart ? 'POST' : 'GET';
	if (out.get && out.body !== undefined) {
		out.url += (out.url.includes('?') ? '&' : '?') + out.body;
		out.body = undefined;
	}
	return out;
}

/** Headers a browser sets itself (from a browser's "Copy as cURL"): not the request's to carry. */
const BROWSER_HEADERS =
	/^(sec-|accept-language$|accept-encoding$|user-agent$|referer$|origin$|connection$|cache-control$|pragma$|priority$|dnt$|host$|content-length$|if-none-match$)/i;

export interface ImportedRequest {
	snapshot: RequestSnapshot;
	/** The token the command carried ('' when it read one from an environment variable). */
	token: string;
	sudo?: { value: string; way: SudoWay };
	notes: string[];
}

const isPlaceholder = (v: string) => /^\$\{?[A-Za-z_]\w*\}?$/.test(v);

/** Puts `name[]` / `name[key]` pairs back into arrays and hashes, as the explorer writes them. */
function unflatten(pairs: [string, string][]): Record<string, ParamValue> {
	const out: Record<string, ParamValue> = {};
	for (const [name, value] of pairs) {
		const m = /^([^[\]]+)\[([^[\]]*)\]$/.exec(name);
		if (m && m[2] === '' && (out[m[1]!] === undefined || Array.isArray(out[m[1]!])))
			out[m[1]!] = [...((out[m[1]!] as string[] | undefined) ?? []), value];
		else if (m && m[2] && (out[m[1]!] === undefined || typeof out[m[1]!] === 'object'))
			out[m[1]!] = { ...(out[m[1]!] as Record<string, string>), [m[2]]: value };
		else out[name] = value;
	}
	return out;
}

/**
 * A parsed command as the explorer's request at `apiRoot`. The credential moves to the token (a
 * command to another server is loaded under the current base URL: the token only goes there).
 */
export function toRequest(parsed: ParsedCurl, apiRoot: string): ImportedRequest {
	const notes = [...parsed.notes];
	if (!(METHODS as readonly string[]).includes(parsed.method))
		throw new Error(
			`The command uses ${parsed.method}, which the explorer does not send (GET, POST, PUT, PATCH or DELETE).`
		);
	// The path and query are taken as written: URL() would re-encode some characters.
	const parts = /^(https?:\/\/[^/?#\s]+)([^?#]*)(?:\?([^#]*))?/i.exec(parsed.url);
	let origin: string;
	try {
		origin = new URL(parts?.[1] ?? '').origin;
	} catch {
		throw new Error(
			`“${parsed.url.slice(0, 80)}” is not a full URL (it needs http:// or https://).`
		);
	}
	const rawPath = parts![2] || '/';
	const root = new URL(apiRoot);
	const rootPath = root.pathname.replace(/\/+$/, '');
	let path: string;
	if (origin === root.origin && rawPath.startsWith(`${rootPath}/`))
		path = rawPath.slice(rootPath.length);
	else {
		const at = rawPath.search(/\/api\/v\d+\//);
		path = at === -1 ? rawPath : rawPath.slice(at).replace(/^\/api\/v\d+/, '');
		notes.push(
			`The command went to ${origin}; it is loaded at the current base URL, ${apiRoot}. Change the base URL in Settings to send it there.`
		);
	}
	let token = '';
	let method: AuthMethod = 'none';
	let way: AuthWay = 'none';
	const take = (value: string, m: AuthMethod, w: AuthWay) => {
		method = m;
		way = w;
		if (isPlaceholder(value))
			notes.push(`The token comes from ${value} in the command: paste it into the Token field.`);
		else token = value;
	};
	let sudo: ImportedRequest['sudo'];
	const query: string[] = [];
	for (const part of (parts![3] ?? '').split('&').filter(Boolean)) {
		const name = decodedParamName(part);
		const raw = part.slice(part.indexOf('=') + 1);
		const value = part.includes('=') ? safeDecode(raw) : '';
		if (name === 'private_token') take(value, 'personal', 'private-token-query');
		else if (name === 'access_token') take(value, 'oauth', 'access-token-query');
		else if (name === 'job_token') take(value, 'job', 'job-token-query');
		else if (name === 'sudo') sudo = { value, way: 'query' };
		else query.push(part);
	}
	const headers: string[] = [];
	let contentType = '';
	for (const [name, value] of parsed.headers) {
		const lower = name.toLowerCase();
		if (lower === 'private-token') take(value, 'personal', 'private-token-header');
		else if (lower === 'job-token') take(value, 'job', 'job-token-header');
		else if (lower === 'authorization' && /^bearer\s+/i.test(value)) {
			// A Bearer token is OAuth's (so an expired one is refreshed), unless it shows it is an
			// access token: GitLab's prefix, or a placeholder named like one ($GITLAB_TOKEN).
			const bearer = value.replace(/^bearer\s+/i, '');
			const personal = isPlaceholder(bearer)
				? !/oauth|access/i.test(bearer)
				: /^gl(pat|dt)-/.test(bearer);
			take(bearer, personal ? 'personal' : 'oauth', 'bearer');
		} else if (lower === 'authorization')
			notes.push(
				'The Authorization header is not a Bearer token: left out (the API takes tokens, not passwords).'
			);
		else if (lower === 'sudo') sudo = { value, way: 'header' };
		else if (lower === 'content-type') contentType = value;
		else if (lower === 'accept' && /json|\*\/\*/.test(value)) {
			// The explorer asks for JSON already.
		} else if (lower === 'cookie') parsed = { ...parsed, cookie: value };
		else if (BROWSER_HEADERS.test(name)) notes.push(`${name}: left out (the browser sets it).`);
		else headers.push(`${name}: ${value}`);
	}
	if (parsed.cookie) {
		if (/(^|;\s*)_service_session=/.test(parsed.cookie)) {
			method = 'session';
			way = 'cookie';
			notes.push(
				'The session cookie was not copied: the browser sends its own cookie for the code host, if it has one.'
			);
		} else notes.push('The cookies were left out: the browser sends its own.');
	}
	if (parsed.user)
		notes.push('-u (user and password) was left out: the API takes tokens, not passwords.');

	let params = '';
	// Without data curl sends no body: neither does the request (no `{}`, no JSON content type).
	let bodyKind: BodyKind = parsed.method === 'GET' ? 'query' : 'none';
	const multipart = parsed.form.length > 0 || parsed.files.length > 0;
	if (multipart) {
		params = parsed.form.length ? JSON.stringify(unflatten(parsed.form), null, 2) : '';
		bodyKind = 'multipart';
		if (parsed.body !== undefined)
			notes.push('The command has both a form and a body; the body was left out.');
	} else if (parsed.body !== undefined) {
		if (/json/i.test(contentType) || (!contentType && /^\s*[{[]/.test(parsed.body))) {
			try {
				const value = JSON.parse(parsed.body) as unknown;
				if (!value || typeof value !== 'object' || Array.isArray(value))
					throw new Error('not an object');
				params = JSON.stringify(value, null, 2);
				bodyKind = 'json';
			} catch {
				notes.push(
					'The body is not one JSON object; it was put under Parameters as text to fix by hand.'
				);
				params = parsed.body;
				bodyKind = 'json';
			}
		} else {
			params = JSON.stringify(unflatten(decodeQuery(parsed.body)), null, 2);
			bodyKind = 'form';
		}
	} else if (contentType) notes.push(`Content-Type: ${contentType} without a body: left out.`);
	return {
		snapshot: {
			method: parsed.method as RequestSnapshot['method'],
			path: path || '/',
			pathParams: {},
			query: query.join('&'),
			params,
			bodyKind,
			headers: headers.join('\n'),
			auth: { method, way }
		},
		token,
		sudo,
		notes
	};
}

function safeDecode(v: string): string {
	try {
		return decodeURIComponent(v.replace(/\+/g, ' '));
	} catch {
		return v;
	}
}
