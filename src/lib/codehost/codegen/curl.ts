/** "Copy as cURL": redacted unless the person asks for the secrets. */
import { redactHeaders, redactUrl } from '$lib/http/redact';
import { asSent } from '../request/target';

export interface CurlInput {
	method: string;
	url: string;
	headers: Record<string, string>;
	body?: string;
	/** Send cookies (session-cookie auth). */
	withCookies?: boolean;
}

/** Single-quotes a word for a POSIX shell. */
export function shellQuote(value: string): string {
	return `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * A word the shell reads as it is (letters, digits, `-`, `_`, `.`) stays bare, for the familiar
 * `-X DELETE`; anything else is quoted, so no input can end its word.
 */
export function shellWord(value: string): string {
	return /^[A-Za-z0-9_.-]+$/.test(value) ? value : shellQuote(value);
}

export function toCurl(input: CurlInput, { includeSecrets = false } = {}): string {
	const url = asSent(includeSecrets ? input.url : redactUrl(input.url));
	const headers = includeSecrets ? input.headers : redactHeaders(input.headers);
	const parts = ['curl'];
	if (input.method.toUpperCase() !== 'GET') parts.push('-X', shellWord(input.method.toUpperCase()));
	// curl sends no header for `Name:`; `Name;` is how it sends one with an empty value.
	for (const [name, value] of Object.entries(headers))
		parts.push('-H', shellQuote(value === '' ? `${name};` : `${name}: ${value}`));
	if (input.withCookies)
		parts.push(
			'-b',
			shellQuote(includeSecrets ? '_service_session=<your session>' : '_service_session=[redacted]')
		);
	if (input.body !== undefined && input.body !== '')
		parts.push('--data-raw', shellQuote(input.body));
	// curl reads [a-z] and {a,b} in a URL as ranges and lists of URLs: `name[key]=v` is one URL.
	if (/[[\]{}]/.test(url)) parts.push('-g');
	parts.push(shellQuote(url));
	return parts.join(' ');
}
