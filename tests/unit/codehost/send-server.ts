// The scripted code-host server and fake auth that the send-path tests drive
// src/lib/codehost/send.ts with: what each request carried, and answers chosen per request.
import { applyAuth, type AuthMethod, type AuthWay } from '$lib/codehost/auth/auth';
import type { OutgoingRequest } from '$lib/codehost/request/request';
import { sendOutgoing, type ExplorerAuth } from '$lib/codehost/send';
import { createClient } from '$lib/http/client';
import type { Exchange } from '$lib/http/exchange';

export const ORIGIN = 'https://codehost.test';
export const ROOT = `${ORIGIN}/api/v4`;
export const TOKEN = 'glpat-secret-1';

export interface Seen {
	method: string;
	url: string;
	headers: Record<string, string>;
	body: string;
	credentials: RequestCredentials;
	redirect: RequestRedirect;
	probe: boolean;
}

export type Answer = (seen: Seen, index: number) => Response | Promise<Response>;

export function tamper(response: Response, fields: Record<string, unknown>): Response {
	for (const [name, value] of Object.entries(fields))
		Object.defineProperty(response, name, { value });
	return response;
}
/** What a browser gives the page for a redirect of a `redirect: 'manual'` request. */
export const opaque = () =>
	tamper(new Response(null, { status: 200 }), { status: 0, ok: false, type: 'opaqueredirect' });
/** What a browser gives for a redirect it followed by itself. */
export const followed = (url: string) => tamper(Response.json([]), { redirected: true, url });
export const moved = (status: number, location?: string) =>
	new Response(null, { status, headers: location ? { location } : {} });

export function fakeAuth(
	method: AuthMethod,
	way: AuthWay,
	refresh: () => string | null = () => null
): ExplorerAuth & { refreshes: string[]; readonly secrets: string[] } {
	let token = TOKEN;
	const refreshes: string[] = [];
	return {
		method,
		get token() {
			return token;
		},
		get applied() {
			return applyAuth({ method, way, token });
		},
		get secrets() {
			return [token];
		},
		refreshes,
		async refreshAfterExpiry(used) {
			refreshes.push(used);
			const next = refresh();
			if (next) token = next;
			return next;
		}
	};
}

/** `secrets`: values besides the token that the send path treats as credentials (secret variables). */
export function server(
	answer: Answer,
	auth: ExplorerAuth,
	live = false,
	secrets: readonly string[] = []
) {
	const seen: Seen[] = [];
	const records: Exchange[] = [];
	const transport: typeof fetch = async (input, init) => {
		const request = new Request(input, init);
		const s: Seen = {
			method: request.method,
			url: request.url,
			headers: Object.fromEntries(request.headers),
			body: request.body ? await request.clone().text() : '',
			credentials: init?.credentials ?? request.credentials,
			redirect: init?.redirect ?? request.redirect,
			probe: false
		};
		s.probe = s.credentials === 'omit' && s.redirect === 'follow' && seen.length > 0;
		seen.push(s);
		return answer(s, seen.length - 1);
	};
	const context = {
		apiRoot: ROOT,
		live,
		auth,
		get secrets() {
			return [auth.token, ...secrets];
		},
		client: (onExchange: (e: Exchange) => void) =>
			createClient({
				baseUrl: ROOT,
				transport,
				onExchange,
				secrets: () => context.secrets,
				env: { online: () => true, pageOrigin: () => undefined }
			}),
		record: (e: Exchange) => records.push(e)
	};
	const send = (request: OutgoingRequest) => sendOutgoing(request, context);
	return { seen, records, send, context };
}
