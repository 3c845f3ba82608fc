/**
 * Will a request work from this page? What the browser adds to a cross-origin request (a CORS
 * preflight), what it keeps back (cookies, response headers), and after a failure which of CORS,
 * network or a mixed-content block it was. No Svelte here.
 */
import type { ProblemKind } from '$lib/http/problem';

export interface BrowserCheckInput {
	/** The page's origin; undefined outside a browser. */
	pageOrigin?: string;
	apiRoot: string;
	method: string;
	/** Every request header, credentials included. */
	headers: Record<string, string>;
	credentials: RequestCredentials;
	/** Response headers the server lets the page read (Access-Control-Expose-Headers). */
	exposed?: readonly string[];
}

export interface BrowserCheck {
	crossOrigin: boolean;
	mixedContent: boolean;
	preflight: { needed: boolean; reasons: string[] };
	cookie?: string;
	hidden: { name: string; effect: string }[];
}

/** The page's origin, when there is a page (not in unit tests). */
export function pageOrigin(): string | undefined {
	return typeof location === 'undefined' ? undefined : location.origin;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'POST']);
const SAFE_HEADERS = new Set(['accept', 'accept-language', 'content-language', 'content-type']);
const SAFE_TYPES = new Set([
	'application/x-www-form-urlencoded',
	'multipart/form-data',
	'text/plain'
]);

const isLoopback = (host: string) => /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(host);

/** An https page may not call plain http, except on this machine. */
export function isMixedContent(pageOrigin: string | undefined, url: string): boolean {
	try {
		const target = new URL(url);
		return (
			pageOrigin?.startsWith('https:') === true &&
			target.protocol === 'http:' &&
			!isLoopback(target.hostname)
		);
	} catch {
		return false;
	}
}

export function browserCheck(input: BrowserCheckInput): BrowserCheck {
	let origin = '';
	try {
		origin = new URL(input.apiRoot).origin;
	} catch {
		// An unreadable base URL: Settings says so.
	}
	const crossOrigin = !!input.pageOrigin && origin !== input.pageOrigin;
	const reasons: string[] = [];
	if (crossOrigin) {
		if (!SAFE_METHODS.has(input.method)) reasons.push(`${input.method} is not GET, HEAD or POST.`);
		for (const [name, value] of Object.entries(input.headers)) {
			const lower = name.toLowerCase();
			if (lower === 'content-type') {
				const type = value.split(';')[0]!.trim().toLowerCase();
				if (!SAFE_TYPES.has(type))
					reasons.push(`Content-Type ${type} is not one of the types a form could send.`);
			} else if (!SAFE_HEADERS.has(lower))
				reasons.push(`The ${name} header is not one a browser sends on its own.`);
		}
	}
	const exposed = new Set((input.exposed ?? []).map((h) => h.toLowerCase()));
	const hidden = crossOrigin
		? [
				{
					name: 'Retry-After',
					effect:
						'After a 429 the explorer cannot read how long to wait: it does not retry by itself; wait a minute before sending again.'
				},
				{
					name: 'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset',
					effect: 'The requests left are not shown; a 429 is the first sign of the limit.'
				},
				{
					name: 'Location',
					effect:
						'Where a redirect leads is learnt by sending the same GET without credentials; a redirected POST, PUT or DELETE is not followed.'
				}
			].filter((h) => !h.name.split(', ').every((n) => exposed.has(n.toLowerCase())))
		: [];
	return {
		crossOrigin,
		mixedContent: isMixedContent(input.pageOrigin, input.apiRoot),
		preflight: { needed: reasons.length > 0, reasons },
		cookie:
			crossOrigin && input.credentials === 'include'
				? `The session cookie cannot travel to ${origin} from this page: the server allows any origin only without credentials, so the browser blocks the answer. Use a token instead.`
				: undefined,
		hidden
	};
}

/** After a failure: which wall it hit, and what to do. */
export function explainFailure(
	kind: ProblemKind,
	pageOrigin: string | undefined,
	url: string
): string | null {
	if (isMixedContent(pageOrigin, url))
		return 'Mixed content: this page is served over https and the API over plain http, so the browser blocked the request before it left. Use an https base URL.';
	if (kind === 'cors')
		return 'CORS: the server answered (or refused the preflight), but did not allow this page’s origin, so the browser hid the answer. The server must list this origin in Access-Control-Allow-Origin and allow the request’s headers, or use a CORS proxy (Settings).';
	if (kind === 'network')
		return 'Network: no answer came at all. The server may be down or the address wrong, the certificate may be refused, or this device is offline. Open the base URL in a tab to see which.';
	return null;
}
