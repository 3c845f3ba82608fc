/**
 * Credentials belong to one origin: the API root's (scheme, host, port). The HTTP core uses these
 * to send a request to any other origin bare: no credential header, parameter or cookie.
 */
import { decodedParamName, holdsSecret, SECRET_HEADERS, SECRET_PARAMS } from './redact';

/** Headers that authenticate or act for a user: the secret ones, and `Sudo`. */
export const CREDENTIAL_HEADERS: ReadonlySet<string> = new Set([...SECRET_HEADERS, 'sudo']);
/** Query parameters that authenticate or act for a user. */
export const CREDENTIAL_PARAMS: ReadonlySet<string> = new Set([...SECRET_PARAMS, 'sudo']);

export function originOf(url: string): string | undefined {
	try {
		const origin = new URL(url).origin;
		return origin === 'null' ? undefined : origin;
	} catch {
		return undefined;
	}
}

/** Whether `url` lies on the origin of `apiRoot`; an unreadable URL never does. */
export function sameOrigin(url: string, apiRoot: string): boolean {
	const a = originOf(url);
	return a !== undefined && a === originOf(apiRoot);
}

function splitQuery(url: string): { head: string; parts: string[]; tail: string } | null {
	const q = url.indexOf('?');
	if (q === -1) return null;
	const hashAt = url.indexOf('#', q);
	return {
		head: url.slice(0, q),
		parts: url.slice(q + 1, hashAt === -1 ? undefined : hashAt).split('&'),
		tail: hashAt === -1 ? '' : url.slice(hashAt)
	};
}

const isCredentialPart = (part: string, secrets: readonly string[]) =>
	part !== '' && (CREDENTIAL_PARAMS.has(decodedParamName(part)) || holdsSecret(part, secrets));

/**
 * The URL without credential query parameters (names compared decoded, any case) and without
 * parameters holding a known secret; the rest byte for byte.
 */
export function withoutCredentialParams(url: string, secrets: readonly string[] = []): string {
	const split = splitQuery(url);
	if (!split || !split.parts.some((part) => isCredentialPart(part, secrets))) return url;
	const kept = split.parts.filter((part) => !isCredentialPart(part, secrets));
	return `${split.head}${kept.length ? `?${kept.join('&')}` : ''}${split.tail}`;
}

export function hasCredentialParam(url: string, secrets: readonly string[] = []): boolean {
	return splitQuery(url)?.parts.some((part) => isCredentialPart(part, secrets)) ?? false;
}

/**
 * Whether a header carries a credential: a credential header by name, or any header holding a
 * known secret (a secret variable's value in `X-Api-Key`, say) in any of its written forms.
 */
export function isCredentialHeader(
	name: string,
	value: string,
	secrets: readonly string[] = []
): boolean {
	return CREDENTIAL_HEADERS.has(name.toLowerCase()) || holdsSecret(value, secrets);
}

/** Headers without the ones that carry credentials (by name, or by holding a known secret). */
export function withoutCredentialHeaders(
	headers: Headers,
	secrets: readonly string[] = []
): Headers {
	const out = new Headers();
	headers.forEach((value, name) => {
		if (!isCredentialHeader(name, value, secrets)) out.set(name, value);
	});
	return out;
}

export function hasCredentialHeader(headers: Headers, secrets: readonly string[] = []): boolean {
	let found = false;
	headers.forEach((value, name) => {
		if (isCredentialHeader(name, value, secrets)) found = true;
	});
	return found;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
const CREDENTIAL_TEXT = new RegExp(
	[
		// A header line or cURL -H word: `PRIVATE-TOKEN: …`, `Authorization: Bearer …`.
		`(?:^|[^\\w-])(?:${[...CREDENTIAL_HEADERS].map(escape).join('|')})\\s*:`,
		// A query or form parameter: `?private_token=…`, `password=…`.
		`(?:^|[?&\\s'"])(?:${[...CREDENTIAL_PARAMS].map(escape).join('|')})=`,
		// cURL's own ways of sending one: -u user:pass, -b cookie, --oauth2-bearer.
		`(?:^|\\s)(?:-u|--user|-b|--cookie|--oauth2-bearer)(?:\\s|=|$)`,
		`\\bBearer\\s+\\S`
	].join('|'),
	'im'
);

/** Whether a text (a pasted cURL command, a header list, a query) carries a credential. */
export function holdsCredential(text: string): boolean {
	return CREDENTIAL_TEXT.test(text);
}
