/** Header names whose values are credentials (compared lower-case). */
export const SECRET_HEADERS: ReadonlySet<string> = new Set([
	'authorization',
	'private-token',
	'job-token',
	'token',
	'cookie',
	'set-cookie',
	'x-service-captcha-response',
	'x-gitlab-captcha-response'
]);

/**
 * Names whose values are secrets wherever they stand: query strings, form bodies and JSON
 * bodies, of requests and of answers (an OAuth answer carries both tokens).
 */
export const SECRET_PARAMS: ReadonlySet<string> = new Set([
	'private_token',
	'access_token',
	'job_token',
	'refresh_token',
	'client_secret',
	'token',
	'password'
]);

export const REDACTED = '[redacted]';

export function redactHeaders(headers: Record<string, string>): Record<string, string> {
	const out: Record<string, string> = {};
	for (const [name, value] of Object.entries(headers)) {
		out[name] = SECRET_HEADERS.has(name.toLowerCase()) ? REDACTED : value;
	}
	return out;
}

/** A parameter's name decoded (`private%5Ftoken` is `private_token`) and lower-cased. */
export function decodedParamName(part: string): string {
	const eq = part.indexOf('=');
	const raw = eq === -1 ? part : part.slice(0, eq);
	try {
		return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
	} catch {
		return raw.toLowerCase();
	}
}

/** `a=1&private_token=x` with secret values replaced; everything else byte for byte. */
export function redactQueryString(query: string): string {
	return query
		.split('&')
		.map((part) => {
			const eq = part.indexOf('=');
			if (eq === -1) return part;
			return SECRET_PARAMS.has(decodedParamName(part)) ? `${part.slice(0, eq)}=${REDACTED}` : part;
		})
		.join('&');
}

/** Replaces secret query values in a URL; leaves everything else byte for byte. */
export function redactUrl(url: string): string {
	const q = url.indexOf('?');
	if (q === -1) return url;
	const hashAt = url.indexOf('#', q);
	const query = url.slice(q + 1, hashAt === -1 ? undefined : hashAt);
	const rest = hashAt === -1 ? '' : url.slice(hashAt);
	return `${url.slice(0, q)}?${redactQueryString(query)}${rest}`;
}

/** Redacts secret query parameters inside every <URL> of a header value (a Link may echo a token). */
export function redactHeaderUrls(value: string): string {
	return value.replace(/<([^>]*)>/g, (_m, url: string) => `<${redactUrl(url)}>`);
}

const JSON_SECRET = new RegExp(
	`"(${[...SECRET_PARAMS].join('|')})"(\\s*:\\s*)("(?:[^"\\\\]|\\\\.)*"|-?\\d[\\d.eE+-]*)`,
	'gi'
);
const FORM_BODY = /^[^\s=&]+=[^\s]*$/;

/**
 * A request or answer body with the values of secret names replaced: JSON members
 * (`"access_token": "…"`, at any depth) and form fields (`password=…`). Text keeps its layout,
 * so what is shown is what was sent, minus the secrets.
 */
export function redactBody(text: string): string {
	const trimmed = text.trim();
	if (FORM_BODY.test(trimmed) && !trimmed.startsWith('{')) return redactQueryString(text);
	return text.replace(
		JSON_SECRET,
		(_m, name: string, colon: string) => `"${name}"${colon}"${REDACTED}"`
	);
}

const HEX_ESCAPE = /%[0-9A-F]{2}/g;
/** The characters the URL standard percent-encodes in a path and in a query (besides non-ASCII). */
const PATH_SET = /[ "#<>?`{}]/g;
const QUERY_SET = /[ "#<>']/g;

function base64(bytes: Uint8Array): string {
	let binary = '';
	for (const b of bytes) binary += String.fromCharCode(b);
	return btoa(binary);
}

/** Percent-encodes what `set` names and every non-ASCII character, as a URL parser does. */
function urlEncoded(secret: string, set: RegExp): string {
	return secret
		.replace(set, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)
		.replace(/[\u0080-\u{10ffff}]+/gu, encodeURI);
}

/** A lone surrogate cannot be percent-encoded: such a secret has no percent-encoded form. */
function percentForms(secret: string): string[] {
	try {
		const component = encodeURIComponent(secret);
		const hex = (c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
		return [
			component,
			component.replace(/[!'()*]/g, hex),
			// URLSearchParams and many servers (Rack, Rails) encode `~` too, and `'`, `!`, `(`, `)`.
			new URLSearchParams({ v: secret }).toString().slice(2),
			// An encoder that leaves only letters and digits as they are.
			component.replace(/[^A-Za-z0-9%]/g, hex),
			urlEncoded(secret, PATH_SET),
			urlEncoded(secret, QUERY_SET)
		];
	} catch {
		return [];
	}
}

const formCache = new Map<string, readonly string[]>();

/**
 * Every way a secret is written where it travels: as it is, percent-encoded (upper and lower case
 * hex, a space as %20 or +; by encodeURIComponent, by URLSearchParams, by an encoder that leaves
 * only letters and digits, as a URL parser leaves it), JSON-escaped (non-ASCII as it is or as
 * \u escapes), and in base64 and URL-safe base64. Longest first, so a longer form is replaced
 * whole before a shorter one could cut into it.
 */
export function secretForms(secret: string): readonly string[] {
	const cached = formCache.get(secret);
	if (cached) return cached;
	const forms = new Set<string>([secret]);
	for (const p of percentForms(secret)) {
		for (const form of [p, p.replace(/%20/g, '+')]) {
			forms.add(form);
			forms.add(form.replace(HEX_ESCAPE, (h) => h.toLowerCase()));
		}
	}
	const json = JSON.stringify(secret).slice(1, -1);
	forms.add(json);
	forms.add(
		json.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
	);
	forms.add(json.replace(/\//g, '\\/'));
	const b64 = base64(new TextEncoder().encode(secret));
	forms.add(b64);
	forms.add(b64.replace(/=+$/, ''));
	forms.add(b64.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_'));
	const out = [...forms]
		.filter((f) => f.length >= MIN_SECRET_CHARS)
		.sort((a, b) => b.length - a.length);
	if (formCache.size > 200) formCache.clear();
	formCache.set(secret, out);
	return out;
}

/** Shorter values are too likely to stand in ordinary text to be replaced everywhere. */
export const MIN_SECRET_CHARS = 4;

/** Replaces any known secret value, in any of its written forms, wherever it occurs in a text. */
export function redactText(text: string, secrets: readonly string[]): string {
	let out = text;
	for (const secret of secrets) {
		if (secret.length < MIN_SECRET_CHARS) continue;
		for (const form of secretForms(secret))
			if (out.includes(form)) out = out.split(form).join(REDACTED);
	}
	return out;
}

/** Whether a text holds a known secret in any of its written forms. */
export function holdsSecret(text: string, secrets: readonly string[]): boolean {
	return secrets.some(
		(secret) =>
			secret.length >= MIN_SECRET_CHARS && secretForms(secret).some((form) => text.includes(form))
	);
}
