/**
 * Reads a cURL command (a browser's "Copy as cURL", a docs page, this explorer's Code) into a
 * request that sends what curl itself would send. The shell words come from shell-quote
 * (curl-import-shell.ts), curl's options from its own table (curl-import-options.ts); every option
 * not understood, and everything curl would read from a file, is listed, never dropped silently.
 * No Svelte here.
 */
import { decodedParamName } from '$lib/http/redact';
import type { AuthMethod, AuthWay, SudoWay } from '../auth/auth';
import { EXPLORER_METHODS, type CodehostRequest, type FileSlot } from '../request/request';
import { readOptions, isOption, type CurlOption } from './curl-options';
import { asWritten, shellCommands, type ShellCommand } from './curl-shell';
import { decodeQuery, type ParamValue } from '../request/encoding';
import type { BodyKind } from '../contract/endpoints';
import { variableNames } from '../request/variables';

export interface ParsedCurl {
	method: string;
	url: string;
	headers: [string, string][];
	/** The body as sent (after --data-urlencode encoding), without parts read from files. */
	body?: string;
	/** Files curl reads into the body (`-d @file`, `--data-urlencode name@file`): a page cannot. */
	bodyFiles: string[];
	/** -b / --cookie. */
	cookie?: string;
	/** -u / --user (basic auth, which the API does not take). */
	user?: string;
	/** -G: the data goes into the query string. */
	get: boolean;
	/** -F / --form-string text fields of a multipart form, in the order written. */
	form: [string, string][];
	/** -F fields that upload a file from the computer (`name=@path`), which a page cannot read. */
	files: { field: string; file: string }[];
	/** -T / --upload-file: the file curl sends as the whole body. */
	upload?: string;
	/** What was not understood, or understood and left out, with why. */
	notes: string[];
}

/** Options whose value only changes how curl itself or the browser does the request. */
const BROWSER_DECIDES = new Set([
	'output',
	'max-time',
	'connect-timeout',
	'user-agent',
	'referer',
	'write-out',
	'retry'
]);
const DATA = new Set(['data', 'data-ascii', 'data-binary', 'data-raw', 'data-urlencode', 'json']);
const FILE_NOTE = 'a page cannot read a file from your disk by its name';

/** What curl's --data-urlencode and --url-query make of a value: spaces as +, %xx as curl writes. */
function curlEscape(text: string): string {
	return [...new TextEncoder().encode(text)]
		.map((byte) => {
			const c = String.fromCharCode(byte);
			if (/[A-Za-z0-9\-._~]/.test(c)) return c;
			return c === ' ' ? '+' : `%${byte.toString(16).padStart(2, '0')}`;
		})
		.join('');
}

/** `content`, `=content`, `name=content`, `@file`, `name@file`: the first `=` or `@` decides. */
function urlencoded(value: string): { text: string } | { name: string; file: string } {
	const at = value.search(/[=@]/);
	if (at === -1) return { text: curlEscape(value) };
	const name = value.slice(0, at);
	if (value[at] === '@') return { name, file: value.slice(at + 1) };
	return { text: `${name ? `${name}=` : ''}${curlEscape(value.slice(at + 1))}` };
}

/** A -F value's file name after `@`: up to `;`, or a "quoted name". */
function formFile(spec: string): string {
	if (spec.startsWith('"'))
		return /^"((?:\\.|[^"\\])*)"/.exec(spec)?.[1]?.replace(/\\(.)/g, '$1') ?? spec;
	return spec.split(';')[0]!;
}

/** The one curl command of a text; the others are listed, a second curl command is refused. */
function curlCommand(text: string): { command: ShellCommand; notes: string[] } {
	const { commands, notes } = shellCommands(text);
	const starts = (c: ShellCommand) => {
		// `NAME=value curl …` sets a variable for curl alone: the words before `curl` are not its.
		const at = c.words.findIndex((w) => !/^[A-Za-z_]\w*=/.test(w));
		return at === -1 ? -1 : c.words[at] === 'curl' ? at : -1;
	};
	const curls = commands.filter((c) => starts(c) !== -1);
	if (!curls.length) throw new Error('This is not a cURL command: it should start with “curl”.');
	if (curls.length > 1) {
		const op = curls[1]!.after === '\n' ? 'a line break' : `“${curls[1]!.after}”`;
		throw new Error(
			`The text holds ${curls.length} curl commands (the second after ${op}), and each is a request of its own: import them one at a time.`
		);
	}
	const command = curls[0]!;
	const index = commands.indexOf(command);
	for (const [i, other] of commands.entries()) {
		if (other === command) continue;
		// Only the command's name: its words may carry a secret (`export TOKEN=…`).
		const where =
			i < index
				? 'before the curl command'
				: other.after === '\n'
					? 'on a line of its own'
					: `after “${other.after}”`;
		notes.push(
			`The command “${asWritten(other.words[0]!).replace(/=.*/s, '=…')}” (${where}) is not part of the request.`
		);
	}
	const at = starts(command);
	for (const word of command.words.slice(0, at))
		notes.push(
			`The shell variable ${word.slice(0, word.indexOf('='))} set for curl is not part of the request.`
		);
	return { command: { ...command, words: command.words.slice(at) }, notes };
}

export function parseCurl(text: string): ParsedCurl {
	const { command, notes } = curlCommand(text);
	const list = command.words;
	const out: ParsedCurl = {
		method: '',
		url: '',
		headers: [],
		bodyFiles: [],
		get: false,
		form: [],
		files: [],
		notes
	};
	let data = '';
	/** Some data was written in the command (`-d ''` too), not only read from files. */
	let literal = false;
	let hasData = false;
	let head = false;
	let written = '';
	let writtenBy = '-X';
	let uploadBy = '--upload-file';
	const queryParts: string[] = [];
	/** Which option first asked for each kind of request, for curl's own refusal. */
	const kinds = new Map<'data' | 'form' | 'head' | 'upload', string>();
	/** Flags that change only how curl itself runs: left out, and listed in one note. */
	const curlOnly: string[] = [];
	const joined: string[] = [];
	const addData = (text: string, json = false) => {
		// curl joins data with &, but a --json part follows the previous one directly.
		data += data && !json ? `&${text}` : text;
		hasData = literal = true;
	};
	/** A part of the body curl reads from a file (`how` it sends it), or `-`: its standard input. */
	const bodyFile = (o: CurlOption, file: string, how: string) => {
		out.bodyFiles.push(file);
		hasData = true;
		out.notes.push(
			file === '-'
				? `${o.written} ${asWritten(o.value!)}: curl reads this part of the body from its standard input, which a page does not have; type it under Parameters.`
				: `${o.written} ${asWritten(o.value!)}: curl sends the contents of the file ${asWritten(file)} ${how}; ${FILE_NOTE}: type them under Parameters.`
		);
	};
	const apply = (o: CurlOption) => {
		const v = o.value ?? '';
		if (o.problem) return out.notes.push(o.problem);
		if (o.joined) joined.push(`${o.written}=${v}`);
		if (DATA.has(o.name!)) kinds.set('data', kinds.get('data') ?? o.written);
		switch (o.name) {
			case 'request':
				written = v;
				writtenBy = o.written;
				return;
			case 'header':
				return header(v, o);
			case 'data':
			case 'data-ascii':
				if (v.startsWith('@'))
					return bodyFile(o, v.slice(1), 'in the body, without their line breaks');
				return addData(v);
			case 'data-binary':
				if (v.startsWith('@')) return bodyFile(o, v.slice(1), 'in the body, as they are');
				return addData(v);
			case 'data-raw':
				return addData(v);
			case 'json':
				if (!out.headers.some(([n]) => n === 'Content-Type'))
					out.headers.push(['Content-Type', 'application/json'], ['Accept', 'application/json']);
				if (v.startsWith('@')) return bodyFile(o, v.slice(1), 'as the JSON body');
				return addData(v, true);
			case 'data-urlencode': {
				const part = urlencoded(v);
				if ('text' in part) return addData(part.text);
				const how = part.name
					? `URL-encoded, as the value of ${asWritten(part.name)}`
					: 'URL-encoded, in the body';
				return bodyFile(o, part.file, how);
			}
			case 'url-query': {
				if (v.startsWith('+')) return queryParts.push(v.slice(1));
				const part = urlencoded(v);
				if ('text' in part) return queryParts.push(part.text);
				return out.notes.push(
					`${o.written} ${asWritten(v)}: curl adds the URL-encoded contents of the file ${asWritten(part.file)} to the query; ${FILE_NOTE}: add them under Query.`
				);
			}
			case 'form':
			case 'form-string':
				return form(v, o);
			case 'upload-file':
				kinds.set('upload', kinds.get('upload') ?? o.written);
				out.upload = v;
				uploadBy = o.written;
				return;
			case 'get':
				out.get = true;
				return;
			case 'head':
				head = true;
				kinds.set('head', kinds.get('head') ?? o.written);
				return;
			case 'cookie':
				// A value without = names a file of cookies for curl's cookie engine.
				if (v.includes('=')) out.cookie = v;
				else
					out.notes.push(
						`${o.written} ${asWritten(v)}: curl reads cookies from that file; the browser sends its own.`
					);
				return;
			case 'user':
				out.user = v;
				return;
			case 'oauth2-bearer':
				out.headers.push(['Authorization', `Bearer ${v}`]);
				return;
			case 'url':
				return address(v);
			case 'next':
				throw new Error(
					`The command holds more than one request (${o.written} starts another): import them one at a time.`
				);
			case 'config':
				return out.notes.push(
					`${o.written} ${asWritten(v)}: curl reads more options from that file; ${FILE_NOTE}, so they are not imported.`
				);
			default:
				if (o.value === undefined) return curlOnly.push(o.written);
				if (BROWSER_DECIDES.has(o.name!))
					return out.notes.push(`${o.written} ${v}: left out (the browser decides this).`);
				// Its value is not repeated: it may be a password (--proxy-user, --pass).
				return out.notes.push(
					`${o.written} and its value: a curl setting the explorer does not use; left out.`
				);
		}
	};
	const header = (h: string, o: CurlOption) => {
		if (h.startsWith('@'))
			return out.notes.push(
				`${o.written} ${asWritten(h)}: curl reads headers from that file; ${FILE_NOTE}: add them under Request headers.`
			);
		const colon = h.indexOf(':');
		const empty = /^([^:;\s]+);$/.exec(h);
		if (empty) return out.headers.push([empty[1]!, '']);
		if (colon <= 0 || !h.slice(0, colon).trim()) {
			// Its first word only: the rest may be a token written without the colon.
			const shown = h.replace(/\s+\S[\s\S]*$/, ' …');
			return out.notes.push(`The header “${shown}” is not Name: value; curl does not send it.`);
		}
		const name = h.slice(0, colon).trim();
		const value = h.slice(colon + 1).trim();
		// `Name:` with no value takes away a header curl would add; nothing is sent.
		if (!value)
			return out.notes.push(
				`The header “${name}:” has no value: curl sends no ${name} header then; left out.`
			);
		out.headers.push([name, value]);
	};
	const form = (field: string, o: CurlOption) => {
		const at = field.indexOf('=');
		const name = field.slice(0, Math.max(0, at));
		const raw = field.slice(at + 1);
		if (at <= 0) return out.notes.push(`${o.written} ${field}: not a name=value field, left out.`);
		kinds.set('form', kinds.get('form') ?? o.written);
		if (o.name === 'form-string') return out.form.push([name, raw]);
		// With -F a leading @ uploads a file and < reads a file's text; --form-string is text.
		if (raw.startsWith('@')) {
			const file = formFile(raw.slice(1));
			out.files.push({ field: name, file });
			return out.notes.push(
				out.files.length === 1
					? `${o.written} ${asWritten(field)}: ${FILE_NOTE}. Choose ${asWritten(file)} under “File for ${name}”; nothing is sent until you do.`
					: `${o.written} ${asWritten(field)}: the explorer sends one chosen file with a form; only the first, ${asWritten(out.files[0]!.file)}, is kept: send this one in a second request.`
			);
		}
		if (raw.startsWith('<')) {
			// Kept, empty, in its place: the fields around it stay in curl's order.
			out.form.push([name, '']);
			return out.notes.push(
				`${o.written} ${asWritten(field)}: curl sends the text of the file ${asWritten(formFile(raw.slice(1)))} as the field ${asWritten(name)}; ${FILE_NOTE}: type that text into its place under Parameters (it is empty now).`
			);
		}
		out.form.push([name, raw.replace(/;type=[^;]*$/, '')]);
	};
	const address = (word: string) => {
		if (!out.url) out.url = word;
		else
			// Without its query, which may hold a token.
			out.notes.push(
				`“${asWritten(word.replace(/\?.*$/s, ''))}”: curl would send a second request to this address; only the first is imported.`
			);
	};

	for (let i = 1; i < list.length;) {
		if (!isOption(list[i]!)) {
			address(list[i]!);
			i++;
			continue;
		}
		const { options, used } = readOptions(list, i);
		i += used;
		for (const option of options) apply(option);
	}
	if (joined.length)
		out.notes.push(
			`${joined.join(', ')}: curl itself refuses --name=value (it takes a value as the next word); read as if written with a space.`
		);
	if (curlOnly.length)
		out.notes.push(
			`${curlOnly.join(', ')}: left out (${curlOnly.length > 1 ? 'they change' : 'it changes'} only how curl itself runs or prints).`
		);
	refuseMixed(kinds, out.get);
	if (!out.url) throw new Error('The command has no URL.');
	if (literal) out.body = data;
	const method = written
		? written.toUpperCase()
		: head
			? 'HEAD'
			: kinds.has('form')
				? 'POST'
				: out.upload !== undefined
					? 'PUT'
					: hasData && !out.get
						? 'POST'
						: 'GET';
	if (written && written !== method)
		out.notes.push(
			`${writtenBy} ${written}: curl sends the method as written; the explorer sends ${method}.`
		);
	out.method = method;
	if (out.get && !kinds.has('form') && out.body !== undefined) {
		queryParts.unshift(out.body);
		out.body = undefined;
	}
	if (queryParts.length) out.url += (out.url.includes('?') ? '&' : '?') + queryParts.join('&');
	if (out.upload !== undefined) upload(out, uploadBy);
	return out;
}

/** curl refuses a command that asks for two kinds of request at once. */
function refuseMixed(kinds: Map<'data' | 'form' | 'head' | 'upload', string>, get: boolean) {
	const what = {
		data: 'a body',
		form: 'a multipart form',
		head: 'only the headers',
		upload: 'a file'
	};
	const asked = [...kinds].filter(([kind]) => !(get && kind === 'data' && kinds.has('head')));
	if (asked.length < 2) return;
	const [[a, optA], [b, optB]] = asked as [
		[keyof typeof what, string],
		[keyof typeof what, string]
	];
	throw new Error(
		`curl itself refuses this command: it cannot send ${what[a]} (${optA}) and ${what[b]} (${optB}) in one request.`
	);
}

/** -T: curl PUTs the file as the whole body, adding its name to an address that ends with `/`. */
function upload(out: ParsedCurl, option: string) {
	const file = out.upload!;
	const base = file.split('/').pop()!;
	const m = /^(https?:\/\/[^/?#]+)(\/[^?#]*)?$/i.exec(out.url);
	if (m && (!m[2] || m[2].endsWith('/')) && file !== '-' && file !== '.')
		out.url = `${m[1]!}${m[2] ?? '/'}${encodeURIComponent(base)}`;
	out.notes.push(
		file === '-' || file === '.'
			? `${option} ${file}: curl sends what it reads from its standard input as the whole body, which the explorer does not have; the request is loaded without a body.`
			: `${option} ${asWritten(file)}: curl sends the contents of ${asWritten(file)} as the whole body; ${FILE_NOTE}. Choose it under “File to send as the body”; nothing is sent until you do.`
	);
}

/** Headers a browser sets itself (from a browser's "Copy as cURL"): not the request's to carry. */
const BROWSER_HEADERS =
	/^(sec-|accept-language$|accept-encoding$|user-agent$|referer$|origin$|connection$|cache-control$|pragma$|priority$|dnt$|host$|content-length$|if-none-match$)/i;

/**
 * A cURL command read into the explorer: the request it makes, and apart from it the credential it
 * carried (the token and Sudo go to the Auth fields, never into the request) and what was noted.
 */
export interface ImportedCurl {
	request: CodehostRequest;
	/** The token the command carried ('' when it read one from a shell variable or a placeholder). */
	token: string;
	sudo?: { value: string; way: SudoWay };
	notes: string[];
}

/** A value written in place of one: `$TOKEN`, `${TOKEN}`, `{{TOKEN}}`, `$(cat file)`, `<your_token>`. */
const PLACEHOLDER = /^(\$\{?[A-Za-z_]\w*\}?|\{\{[A-Za-z_]\w*\}\}|\$\(.*\)|<[^<>]+>)$/s;

/** `{{NAME}}` at the start of an address: the shell's value, which the explorer does not have. */
const LEADING_VARIABLE = /^\{\{([A-Za-z_]\w*)\}\}/;

const hashOf = (v: ParamValue | undefined): Record<string, ParamValue> | undefined =>
	v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, ParamValue>) : undefined;

/**
 * Puts `name[]`, `name[key]` and `name[][key]` pairs back into arrays, hashes and arrays of hashes,
 * as the explorer writes them, keeping every field and its order. A `name[][key]` starts a new
 * hash when the last one has that key already, as Rack (GitLab's server) reads them.
 */
export function unflatten(pairs: [string, string][]): {
	value: Record<string, ParamValue>;
	notes: string[];
} {
	// No prototype: a field named __proto__ is a field like any other.
	const out = Object.create(null) as Record<string, ParamValue>;
	const notes: string[] = [];
	const listsOfHashes = new Set<string>();
	const repeated = new Set<string>();
	const replaced = (name: string) => repeated.add(name);
	for (const [name, value] of pairs) {
		const m = /^([^[\]]+)\[([^[\]]*)\](?:\[([^[\]]+)\])?$/.exec(name);
		const base = m?.[1] ?? '';
		const held = out[base];
		if (m && m[3] !== undefined && m[2] === '' && (held === undefined || Array.isArray(held))) {
			const list = [...((held as ParamValue[] | undefined) ?? [])];
			const last = hashOf(list.at(-1));
			if (list.length && !last) {
				// `name[]=x` and `name[][key]=y` mixed: kept as written.
				if (Object.hasOwn(out, name)) replaced(name);
				out[name] = value;
				continue;
			}
			if (last && !Object.hasOwn(last, m[3])) list[list.length - 1] = { ...last, [m[3]]: value };
			else list.push({ [m[3]]: value });
			out[base] = list;
			listsOfHashes.add(base);
		} else if (
			m &&
			m[3] === undefined &&
			m[2] === '' &&
			(held === undefined || Array.isArray(held)) &&
			!listsOfHashes.has(base)
		)
			out[base] = [...((held as ParamValue[] | undefined) ?? []), value];
		else if (m && m[3] === undefined && m[2] && (held === undefined || hashOf(held))) {
			const hash = hashOf(held) ?? {};
			if (Object.hasOwn(hash, m[2])) replaced(name);
			out[base] = { ...hash, [m[2]]: value };
		} else {
			if (Object.hasOwn(out, name) && typeof out[name] === 'string') replaced(name);
			out[name] = value;
		}
	}
	// The values are not repeated: one may be a secret (password=…).
	for (const name of repeated)
		notes.push(
			`${asWritten(name)} is given more than once: only its last value is sent (the server reads only that one).`
		);
	for (const base of listsOfHashes) {
		const count = (out[base] as ParamValue[]).length;
		notes.push(
			`The fields ${base}[][…] as written: they are sent as ${base}[0][…]${count > 1 ? ` to ${base}[${count - 1}][…]` : ''}, the same list of ${count > 1 ? `${count} hashes` : 'one hash'} in the same order.`
		);
	}
	return { value: out, notes };
}

/** Where the command's address is for the explorer: a path under the API root, or a full URL. */
function locate(url: string, apiRoot: string): { path: string; query: string; note?: string } {
	const root = new URL(apiRoot);
	const rootPath = root.pathname.replace(/\/+$/, '');
	// The site the API root belongs to: the root without its /api/vN.
	const site = `${root.origin}${rootPath.replace(/\/api\/v\d+$/, '')}`;
	const afterApi = (path: string) => {
		const at = path.search(/\/api\/v\d+(?=\/|$)/);
		return at === -1 ? undefined : path.slice(at).replace(/^\/api\/v\d+/, '') || '/';
	};
	const lead = LEADING_VARIABLE.exec(url);
	if (lead) {
		// `$CI_API_V4_URL/projects`: the shell's address is read as the current one.
		const [, rest = '', query = ''] = /^([^?#]*)(?:\?([^#]*))?/.exec(url.slice(lead[0].length))!;
		const underApi = afterApi(rest) ?? (/api/i.test(lead[1]!) ? rest || '/' : undefined);
		const path = underApi ?? `${site}${rest}`;
		return {
			path,
			query,
			note: `The address starts with $${lead[1]!}, the shell’s value: it is read as ${underApi === undefined ? `the current server, ${site}` : `the current base URL, ${apiRoot}`}.`
		};
	}
	// The path and query are taken as written: URL() would re-encode some characters.
	const parts = /^(https?:\/\/[^/?#\s]+)([^?#]*)(?:\?([^#]*))?/i.exec(url);
	if (!parts)
		throw new Error(
			`“${asWritten(url).slice(0, 80)}” is not a full URL (it needs http:// or https://).`
		);
	const rawPath = parts[2] || '/';
	const query = parts[3] ?? '';
	let origin: string;
	try {
		if (parts[1]!.includes('{{')) throw new Error('a variable');
		origin = new URL(parts[1]!).origin;
	} catch {
		const path = afterApi(rawPath) ?? `${site}${rawPath}`;
		return {
			path,
			query,
			note: `The server comes from the shell (${asWritten(parts[1]!)}); it is loaded at the current ${path.startsWith('/') ? `base URL, ${apiRoot}` : `server, ${site}`}. Change the base URL in Settings to send it elsewhere.`
		};
	}
	if (origin === root.origin) {
		// On the API root's origin: under the root a path, elsewhere (/oauth/token) the full URL.
		if (rawPath === rootPath || rawPath.startsWith(`${rootPath}/`))
			return { path: rawPath.slice(rootPath.length) || '/', query };
		return { path: `${origin}${rawPath}`, query };
	}
	const underApi = afterApi(rawPath);
	if (underApi !== undefined)
		return {
			path: underApi,
			query,
			note: `The command went to ${origin}; it is loaded at the current base URL, ${apiRoot}. Change the base URL in Settings to send it there.`
		};
	return {
		path: `${site}${rawPath === '/' && site !== root.origin ? '' : rawPath}`,
		query,
		note: `The command went to ${origin}; it is loaded at the current server, ${site}. Change the base URL in Settings to send it there.`
	};
}

/**
 * A parsed command as the explorer's request at `apiRoot`. The credential moves to the token (a
 * command to another server is loaded under the current base URL: the token only goes there).
 */
export function toRequest(parsed: ParsedCurl, apiRoot: string): ImportedCurl {
	if (!(EXPLORER_METHODS as readonly string[]).includes(parsed.method))
		throw new Error(
			`The command uses ${parsed.method}, which the explorer does not send (GET, POST, PUT, PATCH or DELETE).`
		);
	const notes = [...parsed.notes];
	const located = locate(parsed.url, apiRoot);
	if (located.note) notes.push(located.note);
	let token = '';
	let method: AuthMethod = 'none';
	let way: AuthWay = 'none';
	const placeholder = (value: string) =>
		PLACEHOLDER.test(value) ? value.replace(/^\{\{(\w+)\}\}$/, '$$$1') : undefined;
	const take = (value: string, m: AuthMethod, w: AuthWay) => {
		method = m;
		way = w;
		const stand = placeholder(value);
		if (stand?.startsWith('<'))
			notes.push(
				`The command has ${stand} in place of the token: paste yours into the Token field.`
			);
		else if (stand)
			notes.push(`The token comes from ${stand} in the command: paste it into the Token field.`);
		else token = value;
	};
	let sudo: ImportedCurl['sudo'];
	const setSudo = (value: string, w: SudoWay) => {
		const stand = placeholder(value);
		if (stand)
			notes.push(`The Sudo user comes from ${stand} in the command: type it into the Sudo field.`);
		sudo = { value: stand ? '' : value, way: w };
	};
	const query: string[] = [];
	for (const part of located.query.split('&').filter(Boolean)) {
		const name = decodedParamName(part);
		const raw = part.slice(part.indexOf('=') + 1);
		const value = part.includes('=') ? safeDecode(raw) : '';
		if (name === 'private_token') take(value, 'personal', 'private-token-query');
		else if (name === 'access_token') take(value, 'oauth', 'access-token-query');
		else if (name === 'job_token') take(value, 'job', 'job-token-query');
		else if (name === 'sudo') setSudo(value, 'query');
		else query.push(part);
	}
	const headers: string[] = [];
	let contentType = '';
	let cookie = parsed.cookie;
	for (const [name, value] of parsed.headers) {
		const lower = name.toLowerCase();
		if (lower === 'private-token') take(value, 'personal', 'private-token-header');
		else if (lower === 'job-token') take(value, 'job', 'job-token-header');
		else if (lower === 'authorization' && /^bearer\s+/i.test(value)) {
			// A Bearer token is OAuth's (so an expired one is refreshed), unless it shows it is an
			// access token: GitLab's prefix, or a placeholder named like one ($GITLAB_TOKEN).
			const bearer = value.replace(/^bearer\s+/i, '');
			const personal = placeholder(bearer)
				? !/oauth|access/i.test(bearer)
				: /^gl(pat|dt)-/.test(bearer);
			take(bearer, personal ? 'personal' : 'oauth', 'bearer');
		} else if (lower === 'authorization')
			notes.push(
				'The Authorization header is not a Bearer token: left out (the API takes tokens, not passwords).'
			);
		else if (lower === 'sudo') setSudo(value, 'header');
		else if (lower === 'content-type') contentType = value;
		else if (lower === 'accept' && /json|\*\/\*/.test(value)) {
			// The explorer asks for JSON already.
		} else if (lower === 'cookie') cookie = value;
		else if (BROWSER_HEADERS.test(name)) notes.push(`${name}: left out (the browser sets it).`);
		else headers.push(`${name}: ${value}`);
	}
	if (cookie) {
		if (/(^|;\s*)_service_session=/.test(cookie)) {
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
	const fromFile = parsed.bodyFiles.length > 0 && !parsed.get;
	const fields = (pairs: [string, string][]) => {
		const { value, notes: more } = unflatten(pairs);
		notes.push(...more);
		return Object.keys(value).length ? JSON.stringify(value, null, 2) : '';
	};
	if (multipart) {
		params = fields(parsed.form);
		bodyKind = 'multipart';
	} else if (parsed.body !== undefined || fromFile) {
		const body = parsed.body ?? '';
		if (/json/i.test(contentType) || (!contentType && /^\s*[{[]/.test(body))) {
			bodyKind = 'json';
			try {
				const value = body ? (JSON.parse(body) as unknown) : {};
				if (!value || typeof value !== 'object' || Array.isArray(value))
					throw new Error('not an object');
				params = body ? JSON.stringify(value, null, 2) : '';
			} catch {
				notes.push(
					'The body is not one JSON object; it was put under Parameters as text to fix by hand.'
				);
				params = body;
			}
		} else {
			params = fields(decodeQuery(body));
			bodyKind = 'form';
		}
	} else if (contentType && parsed.upload === undefined)
		notes.push(`Content-Type: ${contentType} without a body: left out.`);
	const slot = fileSlotOf(parsed);
	const request: CodehostRequest = {
		...(slot ? { fileSlot: slot } : {}),
		method: parsed.method as CodehostRequest['method'],
		path: located.path,
		pathParams: {},
		query: query.join('&'),
		params,
		bodyKind,
		headers: headers.join('\n'),
		auth: { method, way }
	};
	const used = variableNames(request.path, request.query, request.params, request.headers);
	if (used.length) {
		const many = used.length > 1;
		notes.push(
			`The shell’s value${many ? 's' : ''} of ${used.map((n) => `$${n}`).join(', ')}: here ${many ? 'they are the variables' : 'it is the variable'} ${used.map((n) => `{{${n}}}`).join(', ')}; give ${many ? 'them values' : 'it a value'} in the environment.`
		);
	}
	return { request, token, sudo, notes };
}

/** The file the person chooses for the request: the first -F file field, or the -T file. */
function fileSlotOf(parsed: ParsedCurl): FileSlot | undefined {
	const first = parsed.files[0];
	if (first) return { field: first.field, source: first.file };
	const upload = parsed.upload;
	if (upload !== undefined && upload !== '-' && upload !== '.')
		return { field: null, source: upload };
	return undefined;
}

function safeDecode(v: string): string {
	try {
		return decodeURIComponent(v.replace(/\+/g, ' '));
	} catch {
		return v;
	}
}
