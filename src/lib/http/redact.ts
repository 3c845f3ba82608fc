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

/** Replaces any known secret value wherever it occurs in a text (bodies, messages). */
export function redactText(text: string, secrets: readonly string[]): string {
	let out = text;
	for (const secret of secrets) {
		if (secret.length >= 4) out = out.split(secret).join(REDACTED);
	}
	return out;
}
