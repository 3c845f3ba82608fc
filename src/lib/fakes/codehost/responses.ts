/** The demo code host's answers that repeat: error bodies, and keyset pages. */
import type { AuthRefusal, Principal, SudoRefusal } from './auth';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from './offset-pagination';

/** Offset pagination stops here on resources that also have keyset (CH-OFF-6, reference). */
export const MAX_OFFSET = 50_000;

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
	new Response(status === 204 ? null : JSON.stringify(body), {
		status,
		headers: status === 204 ? headers : { 'content-type': 'application/json', ...headers }
	});

export const UNAUTHORIZED = () => json({ message: '401 Unauthorized' }, 401);
export const NOT_FOUND_ROUTE = () => json({ error: '404 Not Found' }, 404);
export const METHOD_NOT_ALLOWED = () => json({ error: '405 Method Not Allowed' }, 405);
export const KEYSET_UNAVAILABLE = () =>
	json({ error: 'Keyset pagination is not yet available for this type of request' }, 405);
export const maxOffsetError = (type: string) =>
	json(
		{
			error: `Offset pagination has a maximum allowed offset of ${MAX_OFFSET} for requests that return objects of type ${type}. Remaining records can be retrieved using keyset pagination.`
		},
		405
	);
/** Keyset needs both order_by and sort (CH-KEY-1); the server's parameter check answers 400. */
export function keysetOrderMissing(url: URL): Response | null {
	const lacking = ['order_by', 'sort'].filter((name) => !url.searchParams.get(name));
	return lacking.length
		? json({ error: lacking.map((n) => `${n} is missing`).join(', ') }, 400)
		: null;
}
/** The answers to a refused credential. */
export const AUTH_REFUSED: Record<AuthRefusal['refused'], () => Response> = {
	unauthorized: UNAUTHORIZED,
	expired: () =>
		json(
			{
				error: 'invalid_token',
				error_description: 'Token is expired. You can either do re-authorization or token refresh.'
			},
			401
		),
	revoked: () =>
		json(
			{
				error: 'invalid_token',
				error_description: 'Token was revoked. You have to re-authorize from the user.'
			},
			401
		)
};

/** A token without the scope an endpoint needs (a read-only token pushing a commit). */
export const INSUFFICIENT_SCOPE = (scope: string) =>
	json(
		{
			error: 'insufficient_scope',
			error_description:
				'The request requires higher privileges than provided by the access token.',
			scope
		},
		403
	);

/** The answers to a refused sudo. */
export const SUDO_REFUSED: Record<SudoRefusal['refused'], (target: string) => Response> = {
	unauthorized: UNAUTHORIZED,
	'not-admin': () => json({ message: '403 Forbidden - Must be admin to use sudo' }, 403),
	'no-scope': () =>
		json(
			{
				error: 'insufficient_scope',
				error_description:
					'The request requires higher privileges than provided by the access token.',
				scope: 'sudo'
			},
			403
		),
	'no-user': (target) =>
		json({ message: `404 User with ID or username '${target}' Not Found` }, 404)
};

export const OAUTH_UNSUPPORTED = {
	error: 'unsupported_grant_type',
	error_description: 'The authorization grant type is not supported by the authorization server.'
};
export const OAUTH_INVALID = {
	error: 'invalid_grant',
	error_description:
		'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.'
};

export const missing = (name: string) =>
	json({ message: `400 (Bad request) "${name}" not given` }, 400);

export function perPageOf(url: URL): number {
	const n = Number(url.searchParams.get('per_page'));
	return Number.isInteger(n) && n >= 1 ? Math.min(n, MAX_PER_PAGE) : DEFAULT_PER_PAGE;
}

export function pastMaxOffset(url: URL): boolean {
	const page = Number(url.searchParams.get('page') ?? 1);
	return Number.isInteger(page) && page > 1 && (page - 1) * perPageOf(url) >= MAX_OFFSET;
}

/** A keyset Link: same path, the filter replaced, the query sorted (as the real server does). */
export function keysetNext(url: URL, set: Record<string, string>, drop: string[]): string {
	const params = new URLSearchParams(url.search);
	for (const d of drop) params.delete(d);
	for (const [k, v] of Object.entries(set)) params.set(k, v);
	params.sort();
	return `${url.origin}${url.pathname}?${params.toString()}`;
}

export function keysetAnswer<T>(
	items: T[],
	url: URL,
	perPage: number,
	next: () => string
): Response {
	const headers: Record<string, string> = {};
	// A full page may have more after it; an empty or short page has no Link (CH-KEY-2, CH-KEY-3).
	if (items.length === perPage && items.length > 0) headers.link = `<${next()}>; rel="next"`;
	return json(items, 200, headers);
}

export const b64 = (s: string) => btoa(s);
export const unb64 = (s: string) => {
	try {
		return atob(s);
	} catch {
		return '';
	}
};

/** One request as the handlers see it. */
export interface Ctx {
	request: Request;
	url: URL;
	method: string;
	/** Decoded path segments after /api/v4. */
	seg: string[];
	principal: Principal | null;
}

/** A 401 unless someone is signed in. */
export const need = (ctx: Ctx): Response | null => (ctx.principal ? null : UNAUTHORIZED());
