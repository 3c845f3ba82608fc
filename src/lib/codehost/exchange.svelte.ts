/**
 * The explorer's one exchange: its connection, its auth, the one send path and what came of the
 * last request, as one union. Every way of sending (Send, a page button, Run again, a redirect
 * sent bare) comes through `run`; the parts around it (history, fetch all, tools) are given this.
 */
import { sameOrigin, withoutCredentialParams } from '$lib/http/credentials';
import type { ApiProblem } from '$lib/http/problem';
import { redactText } from '$lib/http/redact';
import { recordActivity, requestLine } from '$lib/settings/activity';
import type { AreaSession } from '$lib/settings/area-session.svelte';
import { abortedProblem, type AsyncResult } from '$lib/ui/async-result.svelte';
import type { AuthState } from './auth/auth.svelte';
import type {
	ExchangeResult,
	RecordExchange,
	ResponseTab,
	ExchangeOptions
} from './exchange-types';
import {
	readAnswer,
	type ExplorerResponse,
	type ResponseContext
} from './response/explorer-response';
import { isCrossOrigin, keepBaseUrl, retargeted } from './pagination/pagination';
import { pageOrigin } from './request/browser-check';
import { headerRecordProblems } from './request/check';
import type { RequestFormState } from './request/form.svelte';
import type {
	OutgoingRequest,
	RecordedRequest,
	RequestConnection,
	SentRequest
} from './request/request';
import { sendOutgoing, type SendContext } from './send';

export class ExchangeState {
	/** Follow a Link on another host at the base URL's origin, with credentials; off: bare. */
	keepBase = $state(true);
	/** The response tab shown; an error answer to Send shows its Error tab. */
	responseTab = $state<ResponseTab>('body');
	/** What went out last (or the History entry on show), for "Copy as cURL". */
	lastSent = $state.raw<SentRequest | undefined>(undefined);
	/** The URL of the answer on show, without credentials: where Fetch all pages starts. */
	lastUrl = $state('');

	readonly auth: AuthState;
	readonly form: RequestFormState;
	#session: AreaSession<'codehost'>;
	#secrets: () => string[];
	#record: RecordExchange;
	/** The answer on show; the latest request wins, and the session's close ends it. */
	#answer: AsyncResult<ExplorerResponse>;
	/** When the request in flight went out (the Sending… clock). */
	#since = $state(0);
	/** Why the last Send went nowhere, until the next request or answer. */
	#refused = $state<string | null>(null);
	/** Cancel of the request in flight: its answer is "cancelled", shown as its failure. */
	#cancel: AbortController | undefined;
	/** The tab the person picked last; an automatic Error tab gives way to it. */
	#chosenTab: ResponseTab = 'body';

	constructor(options: {
		session: AreaSession<'codehost'>;
		auth: AuthState;
		form: RequestFormState;
		secrets: () => string[];
		record: RecordExchange;
	}) {
		this.#session = options.session;
		this.#answer = options.session.result<ExplorerResponse>();
		this.auth = options.auth;
		this.form = options.form;
		this.#secrets = options.secrets;
		this.#record = options.record;
	}

	/** What came of the last request, as one union (see ExchangeResult). */
	get result(): ExchangeResult {
		const state = this.#answer.state;
		const previous = state.status === 'loading' ? (state.previous ?? null) : null;
		if (this.#refused !== null) {
			const shown =
				state.status === 'ready' ? state.value : state.status === 'loading' ? previous : null;
			return { kind: 'refused', reason: this.#refused, previous: shown };
		}
		if (state.status === 'loading') return { kind: 'sending', since: this.#since, previous };
		if (state.status === 'ready') return { kind: 'answered', response: state.value };
		if (state.status === 'failed') return { kind: 'failed', problem: state.problem };
		return { kind: 'idle' };
	}

	get response(): ExplorerResponse | null {
		const r = this.result;
		return r.kind === 'answered' ? r.response : 'previous' in r ? r.previous : null;
	}
	get sending(): boolean {
		return this.result.kind === 'sending';
	}
	get failure(): ApiProblem | null {
		return this.result.kind === 'failed' ? this.result.problem : null;
	}
	get refused(): string | null {
		return this.#refused;
	}

	get apiRoot(): string {
		return this.#session.apiRoot;
	}
	get live(): boolean {
		return this.#session.live;
	}
	/** The connection a request goes out with now: the API root, the auth as entered, Sudo. */
	get connection(): RequestConnection {
		const { method, way, token, sudo, sudoWay } = this.auth;
		const value = sudo.trim();
		return {
			apiRoot: this.apiRoot,
			auth: { method, way, token },
			sudo: value ? { value, way: sudoWay } : undefined
		};
	}
	get remember(): boolean {
		return this.#session.remember;
	}
	/** Tokens and secret variables: redacted wherever a request is recorded or shown. */
	get secrets(): string[] {
		return this.#secrets();
	}

	/**
	 * The secrets a request (or a walk's pages) goes out with, worked out once: working them out
	 * reads every variable and the form's headers and query, and a walk of 100 pages read them
	 * twice a page. A token refresh on the way changes the token: then they are read again.
	 */
	#secretsOfRequest(): () => string[] {
		let token = this.auth.token;
		let secrets = this.secrets;
		return () => {
			if (this.auth.token !== token) {
				token = this.auth.token;
				secrets = this.secrets;
			}
			return secrets;
		};
	}

	chooseTab(tab: ResponseTab): void {
		this.responseTab = tab;
		this.#chosenTab = tab;
	}

	/** Everything the one send path needs from this connection and auth. */
	context(signal?: AbortSignal, saved?: RecordedRequest, run?: string): SendContext {
		const secrets = this.#secretsOfRequest();
		return {
			apiRoot: this.apiRoot,
			live: this.live,
			auth: this.auth,
			secrets: secrets(),
			client: (onExchange) => this.#session.client({ secrets, onExchange }),
			record: (exchange) => this.#record(exchange, run ? undefined : saved, run),
			signal
		};
	}

	/** Sends the form as built (extra headers: a CAPTCHA answer); refused input sends nothing. */
	async send(extraHeaders: Record<string, string> = {}): Promise<void> {
		const reason = this.form.inputError;
		if (reason) {
			this.#refuse(reason);
			return;
		}
		const f = this.form;
		const saved = {
			method: f.method,
			path: f.builtPath,
			query: f.query,
			params: f.params,
			bodyKind: f.bodyKind
		};
		const { bodyText, ...request } = f.build(extraHeaders);
		await this.run(request, { saved }, bodyText);
	}

	async resubmitWithCaptcha(spamLogId: number): Promise<void> {
		await this.send({
			'X-Service-Captcha-Response': this.form.captchaResponse.trim(),
			'X-Service-Spam-Log-Id': String(spamLogId)
		});
	}

	/**
	 * Follows a Link URL exactly as the server gave it (CH-OFF-3, CH-KEY-2), and puts the page
	 * into the form when it is under the API root. A Link on another origin is followed at the
	 * base URL's origin while "keep the base URL" is on; otherwise it goes where it points,
	 * without credentials (the send path sees to that).
	 */
	async followLink(url: string): Promise<void> {
		const headers = this.form.build().headers;
		const target = this.linkTarget(url);
		const bare = withoutCredentialParams(target);
		let saved: RecordedRequest | undefined;
		if (this.isUnderApiRoot(bare)) {
			const at = retargeted(bare, this.apiRoot);
			const { bodyKind, params } = this.form;
			saved = { method: 'GET', ...at, params: bodyKind === 'query' ? '' : params, bodyKind };
			this.form.load(saved);
		}
		await this.run({ method: 'GET', target, headers }, { origin: 'page', saved });
	}

	/** Sends a GET where a redirect or a Link pointed, on another origin, with no credential. */
	async sendWithoutCredentials(url: string): Promise<void> {
		await this.run({
			method: 'GET',
			target: url,
			headers: this.form.build().headers,
			credentials: 'omit'
		});
	}

	/** A Link's URL as it is followed: at the base URL's origin while "keep the base URL" is on. */
	linkTarget(url: string): string {
		return this.keepBase && !sameOrigin(url, this.apiRoot) ? keepBaseUrl(url, this.apiRoot) : url;
	}

	/** Whether a URL is under the current API root (its credentials may go there). */
	isUnderApiRoot(url: string): boolean {
		const root = this.apiRoot.replace(/\/+$/, '');
		return (
			sameOrigin(url, root) &&
			(url === root || url.startsWith(`${root}/`) || url.startsWith(`${root}?`))
		);
	}

	/** The one way out: every request of the explorer's answer view is sent here. */
	async run(
		request: OutgoingRequest,
		options: ExchangeOptions = {},
		bodyText?: string
	): Promise<void> {
		// Headers from anywhere (an imported History entry, a built form) pass the one check.
		const refused = headerRecordProblems(request.headers ?? {})[0];
		if (refused) {
			this.#refuse(refused);
			return;
		}
		this.#refused = null;
		const cancel = (this.#cancel = new AbortController());
		this.#since = Date.now();
		let url = '';
		const outcome = await this.#answer.run(async (latest) => {
			const signal = AbortSignal.any([latest, cancel.signal]);
			const sent = await sendOutgoing(request, this.context(signal, options.saved));
			// A newer request started, or the explorer closed: what this one sent is not shown.
			if (latest.aborted) throw abortedProblem();
			const applied = this.auth.applied;
			this.lastSent = {
				method: request.method,
				url: sent.url,
				headers: { ...request.headers, ...(sent.credentialed ? applied.headers : {}) },
				bodyText,
				withCookies: sent.credentialed && applied.credentials === 'include'
			};
			this.lastUrl = withoutCredentialParams(sent.url);
			url = sent.url;
			// Read a step per task (a big answer); a newer request may start meanwhile.
			return readAnswer(sent, request.method, this.responseContext());
		});
		if (!outcome.shown) {
			const problem = outcome.problem;
			// Cancel: the request's own "cancelled" is its answer, said as a failure.
			if (problem?.kind === 'aborted' && cancel.signal.aborted) this.#answer.fail(problem);
			// An answer that came (a failure too) replaces a refusal made while it was on its way.
			if (problem && this.#answer.problem) this.#refused = null;
			return;
		}
		this.#refused = null;
		const response = outcome.value;
		// Kept in local storage: a secret in the path is left out in every form.
		recordActivity('codehost', redactText(requestLine(request.method, url), this.secrets));
		if (options.origin !== 'page') this.responseTab = response.shape ? 'error' : this.#chosenTab;
	}

	/** Shows an answer that did not come from a request now (a History entry's stored one). */
	show(response: ExplorerResponse, sent: SentRequest): void {
		this.#refused = null;
		this.#answer.set(response);
		this.lastSent = sent;
		this.responseTab = response.shape ? 'error' : this.#chosenTab;
		if (this.isUnderApiRoot(sent.url)) this.lastUrl = withoutCredentialParams(sent.url);
	}

	/** Nothing goes out: says why, and the answer on show stays. */
	#refuse(reason: string): void {
		this.#refused = reason;
	}

	responseContext(): ResponseContext {
		return {
			apiRoot: this.apiRoot,
			crossOrigin: this.live && isCrossOrigin(this.apiRoot, pageOrigin()),
			secrets: this.secrets
		};
	}

	/** Stops the request in flight: its answer is "cancelled" (the run's failure). */
	cancel(): void {
		this.#cancel?.abort();
	}
}
