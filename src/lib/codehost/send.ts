/**
 * The explorer's one send path. Send, the page buttons, Fetch all pages, the keyset helper, Run
 * again and the OAuth token calls all go out here: it applies the auth method (only on the API
 * root's origin), handles redirects hop by hop, refreshes an expired OAuth token once, and
 * decides what of the exchange is recorded.
 */
import type { HttpClient, HttpResult } from '$lib/http/client';
import { isCredentialHeader, sameOrigin, withoutCredentialParams } from '$lib/http/credentials';
import type { Exchange } from '$lib/http/exchange';
import { redactText, redactUrl } from '$lib/http/redact';
import { parseJsonBody } from '$lib/http/validate';
import { authorizeUrl, type AppliedAuth, type AuthMethod } from './auth/auth';
import { encodeForm } from './request/encoding';
import type { OutgoingRequest } from './request/request';
import { requestTarget } from './request/target';
import {
	needsFreshToken,
	parseTokenResponse,
	refreshForm,
	tokenEndpoint,
	type OAuthTokens,
	type RefreshRequest
} from './auth/oauth';

/** The auth side the send path needs (AuthState has it; tests pass a plain object). */
export interface ExplorerAuth {
	readonly method: AuthMethod;
	readonly token: string;
	readonly applied: AppliedAuth;
	/**
	 * One refresh, made with `request`, for every caller that met the expired `usedToken`; the
	 * new token or null.
	 */
	refreshAfterExpiry(usedToken: string, request: RefreshRequest): Promise<string | null>;
}

export interface SendContext {
	apiRoot: string;
	/** Live mode: redirects of a credentialed request are opaque to the page. */
	live: boolean;
	auth: ExplorerAuth;
	/**
	 * Every secret a request may carry: the tokens and the secret variables' values. They go
	 * only to the API root's origin, and are redacted wherever the request is shown.
	 */
	secrets: readonly string[];
	/** A client of the area's connection whose exchanges are handed to `onExchange`. */
	client: (onExchange: (exchange: Exchange) => void) => HttpClient;
	record: (exchange: Exchange) => void;
	signal?: AbortSignal;
	/**
	 * Told each answer's status and headers as soon as they are in, before its body is read (a
	 * walk asks for its next page meanwhile): a redirect's and an expired token's 401 too.
	 */
	onHead?: (response: Response) => void;
}

export interface Hop {
	status: number;
	from: string;
	to: string;
}

export interface SendOutcome {
	result: HttpResult;
	/** The URL last requested, with the credentials it carried. */
	url: string;
	hops: Hop[];
	refreshed: boolean;
	/** Why a redirect was not followed. */
	redirectNote?: string;
	/** A redirect target on another origin that was not followed (the user may send there bare). */
	offsite?: string;
	/** Whether the last request carried the auth method's credentials. */
	credentialed: boolean;
}

export const MAX_HOPS = 5;
const REDIRECTS = [301, 302, 303, 307, 308];

/** Headers without any that carries a credential: by name, or by holding a known secret. */
function bareHeaders(headers: Record<string, string>, secrets: readonly string[]) {
	return Object.fromEntries(
		Object.entries(headers).filter(([name, value]) => !isCredentialHeader(name, value, secrets))
	);
}

/** The request URL with the auth method's query credentials and headers, when allowed. */
function authorize(
	url: string,
	headers: Record<string, string>,
	auth: ExplorerAuth,
	credentialed: boolean,
	secrets: readonly string[]
): { url: string; headers: Record<string, string>; credentials: RequestCredentials } {
	if (!credentialed)
		return {
			url: withoutCredentialParams(url, secrets),
			headers: bareHeaders(headers, secrets),
			credentials: 'omit'
		};
	const applied = auth.applied;
	return {
		url: authorizeUrl(url, applied, auth.token),
		headers: { ...headers, ...applied.headers },
		credentials: applied.credentials
	};
}

/** A URL as shown: secret parameters and known secrets redacted. */
export function hideSecrets(url: string, secrets: readonly string[]): string {
	return redactText(redactUrl(url), secrets);
}

/**
 * Sends an outgoing request, adding its auth where it may go; resolves with any HTTP answer,
 * rejects with an ApiProblem without one.
 */
export async function sendOutgoing(
	request: OutgoingRequest,
	context: SendContext
): Promise<SendOutcome> {
	const { auth, apiRoot, signal, secrets } = context;
	const client = context.client(context.record);
	const method = request.method.toUpperCase();
	const baseHeaders = request.headers ?? {};
	const hide = (u: string) => hideSecrets(u, secrets);
	const allowed = (u: string) => request.credentials !== 'omit' && sameOrigin(u, apiRoot);

	const attempt = (bare: string) => {
		const credentialed = allowed(bare);
		const out = authorize(bare, baseHeaders, auth, credentialed, secrets);
		return {
			credentialed,
			usedToken: auth.token,
			url: out.url,
			result: client.send({
				method,
				path: out.url,
				headers: out.headers,
				body: method === 'GET' ? undefined : request.body,
				credentials: out.credentials,
				// The core follows a redirect only for a request that carries no credential.
				redirect: method === 'GET' ? 'follow' : 'manual',
				retry: false,
				signal,
				onHead: context.onHead
			})
		};
	};

	let bare = requestTarget(apiRoot, request.target, request.query).url;
	let sent = attempt(bare);
	let result = await sent.result;
	const hops: Hop[] = [];
	let refreshed = false;
	let redirectNote: string | undefined;
	let offsite: string | undefined;
	for (;;) {
		const status = result.response.status;
		if (!refreshed && sent.credentialed && auth.method === 'oauth') {
			const parsed = parseJsonBody(result.text);
			if (
				needsFreshToken(status, parsed.ok ? parsed.value : undefined, sent.usedToken, auth.token)
			) {
				// Expired: one shared refresh at the token endpoint, then this request once more.
				refreshed = true;
				const refresh = (token: string) => requestTokens(refreshForm(token), context);
				if (await auth.refreshAfterExpiry(sent.usedToken, refresh)) {
					sent = attempt(bare);
					result = await sent.result;
					continue;
				}
			}
		}
		let to: string | undefined;
		const location = result.response.headers.get('location');
		if (REDIRECTS.includes(status) && location) to = new URL(location, result.url).toString();
		else if (result.response.type === 'opaqueredirect' && method === 'GET')
			to = await whereItLeads(client, bare, bareHeaders(baseHeaders, secrets), signal);
		if (to !== undefined && method === 'GET' && hops.length < MAX_HOPS) {
			const next = withoutCredentialParams(to);
			if (sent.credentialed && !allowed(next)) {
				offsite = next;
				redirectNote = `${status || 'A redirect'}: moved to ${hide(next)}, on another server than the base URL. Not followed with your credentials: they belong to ${new URL(apiRoot).origin}. You can send the request there without them.`;
				break;
			}
			hops.push({ status: status || 301, from: hide(result.url), to: hide(next) });
			bare = next;
			sent = attempt(bare);
			result = await sent.result;
			continue;
		}
		if (to !== undefined && method === 'GET')
			redirectNote = `Stopped after ${MAX_HOPS} redirects: the server keeps sending this request elsewhere.`;
		else if (to !== undefined && method !== 'GET')
			redirectNote = `${status || 'A redirect'}: moved to ${hide(to)}. Not followed: a ${method} is not repeated at a new address automatically, since the method could change. Send it to the new URL yourself.`;
		else if (result.response.type === 'opaqueredirect')
			redirectNote =
				method === 'GET'
					? 'The server redirected this request, and the browser does not show this page where to. It was not followed with your credentials.'
					: `The server redirected this ${method}; the browser does not reveal the new URL to this page (cross-origin). Not followed.`;
		else if (REDIRECTS.includes(status))
			redirectNote = `${status} without a readable Location: ${context.live ? 'the browser hides it from another origin (not in Access-Control-Expose-Headers)' : 'the server did not send one'}.`;
		break;
	}
	// A redirect the browser followed by itself (a request without credentials): show the hop.
	if (result.response.redirected && hops.length === 0)
		hops.push({ status: 301, from: hide(sent.url), to: hide(result.response.url) });
	return {
		result,
		url: sent.url,
		hops,
		refreshed,
		redirectNote,
		offsite,
		credentialed: sent.credentialed
	};
}

/**
 * In a browser, a redirect of a request with credentials is opaque: the page cannot see where it
 * leads. The same GET without credentials (no token, no header holding a secret), followed by the
 * browser, tells it (its answer's URL), and takes nothing of the user's anywhere.
 */
async function whereItLeads(
	client: HttpClient,
	bare: string,
	headers: Record<string, string>,
	signal?: AbortSignal
): Promise<string | undefined> {
	try {
		const probe = await client.send({
			method: 'GET',
			path: bare,
			headers,
			credentials: 'omit',
			redirect: 'follow',
			retry: false,
			signal
		});
		return probe.response.redirected ? probe.response.url : undefined;
	} catch {
		return undefined;
	}
}

/**
 * An OAuth call at the provider's token endpoint (on the API root's origin). Its exchange is
 * recorded without bodies: they carry the password, the client secret and both tokens.
 */
export async function sendTokenRequest(
	form: string,
	context: Pick<SendContext, 'apiRoot' | 'client' | 'record'>
): Promise<HttpResult> {
	const client = context.client((exchange) =>
		context.record({
			...exchange,
			requestBody: exchange.requestBody === undefined ? undefined : TOKEN_BODY_NOT_KEPT,
			responseBody: exchange.responseBody === undefined ? undefined : TOKEN_BODY_NOT_KEPT
		})
	);
	return client.send({
		method: 'POST',
		path: tokenEndpoint(context.apiRoot),
		body: form,
		headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		credentials: 'omit',
		redirect: 'manual',
		retry: false
	});
}

/** A token call's answer read as both tokens; a refusal throws with the provider's error. */
export async function requestTokens(
	form: Record<string, string>,
	context: Pick<SendContext, 'apiRoot' | 'client' | 'record'>
): Promise<OAuthTokens> {
	const result = await sendTokenRequest(encodeForm(form), context);
	const parsed = parseJsonBody(result.text);
	const tokens = result.response.ok && parsed.ok ? parseTokenResponse(parsed.value) : null;
	if (!tokens) {
		const body = parsed.ok ? (parsed.value as Record<string, unknown>) : {};
		throw new Error(String(body.error ?? `status ${result.response.status}`));
	}
	return tokens;
}

export const TOKEN_BODY_NOT_KEPT = '(not kept: sign-in and token refresh carry credentials)';
