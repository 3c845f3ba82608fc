/**
 * "Test connection": one cheap, read-only request to a service, and its answer in words. Each
 * service is asked through its own area's calls, never a purchase: the code host `GET /user` (who
 * the token signs in as), energy `POST /account/list` (EN-ACCL-1, the buyer account), the Bible
 * `GET /bibles` (BI-EP-1). No Svelte here: the caller makes the client (connection-check.svelte.ts).
 */
import * as v from 'valibot';
import { listBibles } from '$lib/bible/api';
import { trxText } from '$lib/energy/amounts';
import { listAccounts } from '$lib/energy/api';
import { browserEnv } from '$lib/http/reachability';
import type { HttpClient } from '$lib/http/client';
import { isApiProblem, type ApiProblem } from '$lib/http/problem';
import { API_ROOTS, SERVICE_LABELS, type ServiceId } from './connection';

/** What the test found, one word each. */
export type TestOutcome =
	| 'reachable'
	| 'cors'
	| 'refused'
	| 'wrong-root'
	| 'unreachable'
	| 'offline'
	| 'timeout'
	| 'busy'
	| 'server-error'
	| 'unexpected'
	| 'not-tested';

export interface TestAnswer {
	outcome: TestOutcome;
	/** What happened, in a short sentence ("Reachable: signed in as root."). */
	summary: string;
	/** What was found and what to do about it; empty when there is nothing to add. */
	detail: string;
}

/** How long the test waits for the answer. */
export const TEST_TIMEOUT_MS = 10_000;

export interface TestRequest {
	service: ServiceId;
	/** A client of the connection as typed, made by the service's own area. */
	client: HttpClient;
	/** The code host's auth headers (the explorer's token, as a header): none, none sent. */
	headers?: Record<string, string>;
	signal?: AbortSignal;
}

/** The part of `GET /user` the answer shows. */
const CodeHostUserSchema = v.object({
	username: v.string(),
	name: v.optional(v.nullable(v.string()))
});

/** Sends the service's cheapest read-only request and says what came back. */
export async function testConnection(request: TestRequest): Promise<TestAnswer> {
	try {
		return { outcome: 'reachable', ...(await probe(request)) };
	} catch (error) {
		if (!isApiProblem(error)) throw error;
		return explain(request, error);
	}
}

async function probe({
	service,
	client,
	headers = {},
	signal
}: TestRequest): Promise<Omit<TestAnswer, 'outcome'>> {
	switch (service) {
		case 'codehost': {
			const { data } = await client.json(
				{ method: 'GET', path: 'user', headers, retry: false, signal },
				CodeHostUserSchema
			);
			const name = data.name && data.name !== data.username ? ` (${data.name})` : '';
			return { summary: `Reachable: signed in as ${data.username}${name}.`, detail: '' };
		}
		case 'energy': {
			const page = await listAccounts(client, signal);
			const buyer = page.data.find((account) => account.section === 'buyer');
			return buyer
				? {
						summary: `Reachable: signed in to buyer account ${buyer.id} of user ${buyer.user_id}, balance ${trxText(buyer.balance)}.`,
						detail: ''
					}
				: {
						summary: 'Reachable: the token is accepted.',
						detail: `The service lists ${page.data.length} account(s), none of them a buyer account: orders are paid from one.`
					};
		}
		case 'bible': {
			const bibles = await listBibles(client, signal);
			return {
				summary: `Reachable: ${bibles.length} translation${bibles.length === 1 ? '' : 's'} offered.`,
				detail: ''
			};
		}
	}
}

const origin = (url: string | undefined): string => {
	try {
		return new URL(url ?? '').origin;
	} catch {
		return 'the server';
	}
};

/** The short text of an error body: its `message` or `error` when it is JSON, else its start. */
function whatTheServerSaid(problem: ApiProblem): string {
	const body = problem.body as { message?: unknown; error?: unknown } | undefined;
	const said = typeof body?.message === 'string' ? body.message : body?.error;
	if (typeof said === 'string' && said.trim()) return ` The server said “${said.trim()}”.`;
	return '';
}

const TOKEN_ADVICE: Record<ServiceId, string> = {
	codehost:
		'Check the token on the Explorer page (its Auth panel): it may be mistyped, expired or revoked.',
	energy:
		'Check the API token above: copy it again from the provider’s control panel (its buyer API tokens page).',
	bible:
		'The Bible API asks for no credential: this address is not the Bible API, or sits behind a sign-in.'
};

/** Turns the problem the request met into an answer a person can act on. */
export function explain(request: TestRequest, problem: ApiProblem): TestAnswer {
	const { service } = request;
	const at = origin(problem.url);
	const root = API_ROOTS[service];
	const env = request.client.options.env ?? browserEnv;
	if (problem.demoFailure)
		return { outcome: 'unreachable', summary: 'The demo could not start.', detail: problem.hint };
	switch (problem.kind) {
		case 'cors': {
			const page = env.pageOrigin() ?? 'this site';
			return {
				outcome: 'cors',
				summary: 'CORS blocked: the server does not allow this site’s origin.',
				detail: `${at} answered, but the browser keeps its answer from this page: the server does not allow ${page} (no CORS headers for it). Set a Proxy URL for this service (run npm run proxy with this base URL as its target), or ask the server’s administrator to allow ${page}.`
			};
		}
		case 'timeout':
			return {
				outcome: 'timeout',
				summary: `Timed out: no answer within ${TEST_TIMEOUT_MS / 1000} seconds.`,
				detail: `${at} took the connection but did not answer. The server may be overloaded, or the address may point at something that is not this API.`
			};
		case 'network':
		case 'aborted':
			return env.online()
				? {
						outcome: 'unreachable',
						summary: 'Unreachable: nothing answered.',
						detail: `No server answered at ${at}. Check the base URL (its host and port) and that the server is running.`
					}
				: {
						outcome: 'offline',
						summary: 'Offline: this device has no network.',
						detail: 'Reconnect, then test again.'
					};
		case 'http':
		case 'parse':
		case 'contract':
			return explainAnswer(request, problem, root);
	}
}

/** A server answered, but not with what the test asked for. */
function explainAnswer(request: TestRequest, problem: ApiProblem, root: string): TestAnswer {
	const { service } = request;
	const status = problem.status ?? 0;
	const url = problem.url ?? 'the address';
	const label = SERVICE_LABELS[service];
	const tokenSent = Object.keys(request.headers ?? {}).length > 0;
	// CH-AUTH-0, CH-ERR-4: without a token, GET /user answers 401 with JSON: a code host is there.
	if (service === 'codehost' && status === 401 && !tokenSent && problem.kind === 'http')
		return {
			outcome: 'reachable',
			summary: 'Reachable: the code host answered; no token is set, so you are not signed in.',
			detail: 'Enter a token on the Explorer page (its Auth panel) to see who it signs you in as.'
		};
	if ((status === 401 || status === 403) && problem.kind === 'http')
		return {
			outcome: 'refused',
			summary: `Token refused (${status}).`,
			detail: `${TOKEN_ADVICE[service]}${whatTheServerSaid(problem)}`
		};
	if (status === 404)
		return {
			outcome: 'wrong-root',
			summary: 'Wrong API root: nothing found there (404).',
			detail: `${url} does not exist on this server.${whatTheServerSaid(problem)} Enter the server’s own address as the base URL: the app adds ${root} itself.`
		};
	if (problem.kind === 'parse')
		return {
			outcome: 'wrong-root',
			summary: `Wrong API root: the answer is not the ${label} API’s JSON.`,
			detail: `${url} answered ${/^\s*</.test(problem.bodyText ?? '') ? 'a web page (HTML)' : 'something that is not JSON'}${status ? ` with status ${status}` : ''}. The base URL may point at a website, a sign-in page or a proxy; enter the server’s own address (the app adds ${root}).`
		};
	if (problem.kind === 'contract')
		return {
			outcome: 'wrong-root',
			summary: `Wrong API root: the JSON is not what the ${label} API sends.`,
			detail: `${url} answered JSON of another shape: this may be another service, or another version of the API. Check the base URL.`
		};
	if (status === 429)
		return {
			outcome: 'busy',
			summary: 'Reachable, but busy: too many requests (429).',
			detail: 'The server asks to wait: test again in a minute.'
		};
	if (status >= 500)
		return {
			outcome: 'server-error',
			summary: `The server failed (${status}).`,
			detail: `The server at this address is there but could not answer.${whatTheServerSaid(problem)} Try again later.`
		};
	return {
		outcome: 'unexpected',
		summary: `Unexpected answer (${status}).`,
		detail: `${problem.message} ${problem.hint}`
	};
}
