/** Header names whose values are credentials (compared lower-case). */
export const SECRET_HEADERS = new Set([
	'authorization',
	'private-token',
	'job-token',
	'token',
	'cookie',
	'set-cookie',
	'x-service-captcha-response',
	'x-gitlab-captcha-response'
]);

/** Query parameters whose values are credentials. */
export const SECRET_QUERY_PARAMS = new Set([
	'private_token',
	'access_token',
	'job_token',
	'refresh_token',
	'client_secret',
	'token'
]);

export const REDACTED = '[redacted]';

export function redactHeaders(headers: Record<string, string>): Record<string, string> {
	const out: Record<string, string> = {};
	for (const [name, value] of Object.entries(headers)) {
		out[name] = SECRET_HEADERS.has(name.toLowerCase()) ? REDACTED : value;
	}
	return out;
}

/** Replaces secret query values in a URL; leaves everything else byte for byte. */
export function redactUrl(url: string): string {
	const q = url.indexOf('?');
	if (q === -1) return url;
	const hashAt = url.indexOf('#', q);
	const query = url.slice(q + 1, hashAt === -1 ? undefined : hashAt);
	const rest = hashAt === -1 ? '' : url.slice(hashAt);
	const parts = query.split('&').map((part) => {
		const eq = part.indexOf('=');
		if (eq === -1) return part;
		let name = part.slice(0, eq);
		try {
			name = decodeURIComponent(name.replace(/\+/g, ' '));
		} catch {
			// keep the raw name
		}
		return SECRET_QUERY_PARAMS.has(name.toLowerCase()) ? `${part.slice(0, eq)}=${REDACTED}` : part;
	});
	return `${url.slice(0, q)}?${parts.join('&')}${rest}`;
}

/** Redacts secret query parameters inside every <URL> of a header value (a Link may echo a token). */
export function redactHeaderUrls(value: string): string {
	return value.replace(/<([^>]*)>/g, (_m, url: string) => `<${redactUrl(url)}>`);
}

/** Replaces any known secret value wherever it occurs in a text (bodies, messages). */
export function redactText(text: string, secrets: readonly string[]): string {
	let out = text;
	for (const secret of secrets) {
		if (secret.length >= 4) out = out.split(secret).join(REDACTED);
	}
	return out;
}
