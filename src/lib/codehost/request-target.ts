/**
 * Where an explorer request goes: the one reading of a Path (or an absolute URL from a Link, a
 * Location, a history entry) that the send path and the generated code share, so the code can
 * never name another address than the app sends to, nor carry a credential the app would not.
 */
import { buildUrl } from '$lib/http/client';
import { sameOrigin, withoutCredentialParams } from '$lib/http/credentials';

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
 * A URL as the browser sends it: a space, non-ASCII text or a quote typed raw in a query is
 * percent-encoded (fetch does so), existing escapes are left as they are. Code written for another
 * client (cURL sends a URL byte for byte, and refuses a space) must name this URL, not the text.
 */
export function asSent(url: string): string {
	try {
		return new URL(url).href;
	} catch {
		return url;
	}
}
