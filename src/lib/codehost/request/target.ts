/**
 * Where an outgoing request goes: the one reading of a Path (or an absolute URL from a Link, a
 * Location, a history entry) that the send path and the generated code share, so the code can
 * never name another address than the app sends to, nor carry a credential the app would not.
 */
import { buildUrl } from '$lib/http/client';
import { sameOrigin, withoutCredentialParams } from '$lib/http/credentials';
import { applyAuth } from '../auth/auth';
import type { BuiltRequest, RequestConnection, SentRequest } from './request';

export interface RequestTarget {
	/** The URL without credential parameters (the send path adds the auth method's, if allowed). */
	url: string;
	/** On the API root's origin: only there may a credential go. */
	credentialed: boolean;
}

/** Reads a path under the API root, or an absolute URL, with its encoded query appended. */
export function requestTarget(apiRoot: string, target: string, query?: string): RequestTarget {
	const url = withoutCredentialParams(buildUrl(apiRoot, target, query));
	return { url, credentialed: sameOrigin(url, apiRoot) };
}

/**
 * Where a built request would go with this connection, as it would go out: the auth method's
 * credentials (and Sudo) only on the API root's origin.
 */
export function sentWith(request: BuiltRequest, connection: RequestConnection): SentRequest {
	const target = requestTarget(connection.apiRoot, request.target, request.query);
	const applied = target.credentialed
		? applyAuth({ ...connection.auth, sudo: connection.sudo?.value, sudoWay: connection.sudo?.way })
		: undefined;
	const query = applied?.query.join('&');
	return {
		method: request.method,
		url: query ? `${target.url}${target.url.includes('?') ? '&' : '?'}${query}` : target.url,
		headers: { ...request.headers, ...applied?.headers },
		bodyText: request.bodyText,
		withCookies: applied?.credentials === 'include'
	};
}

/**
 * A URL as the browser sends it: a space, non-ASCII text, a quote or a white-space character typed raw
 * is percent-encoded, as fetch's URL parser does (the path's and the query's own sets); existing
 * escapes and everything else are left as written. Code for a client that sends a URL byte for byte
 * (cURL refuses a space) must name this URL, not the text.
 */
export function asSent(url: string): string {
	const q = url.indexOf('?');
	const encode = (part: string, set: RegExp) =>
		part.replace(set, (c) =>
			[...new TextEncoder().encode(c)]
				.map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`)
				.join('')
		);
	if (q === -1) return encode(url, PATH_UNSAFE);
	return encode(url.slice(0, q), PATH_UNSAFE) + '?' + encode(url.slice(q + 1), QUERY_UNSAFE);
}

/** What the URL standard percent-encodes in a path and in a query (besides non-ASCII). */
const PATH_UNSAFE = /[\s"<>`{}]|[\u007f-\u{10ffff}]/gu;
const QUERY_UNSAFE = /[\s"<>']|[\u007f-\u{10ffff}]/gu;
