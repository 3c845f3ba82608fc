/**
 * The explorer's one exchange: its connection, its auth, the one send path and what came of the
 * last request, as one union. Every way of sending (Send, a page button, Run again, a redirect
 * sent bare) comes through `run`; the parts around it (history, fetch all, tools) are given this.
 */
import { sameOrigin, withoutCredentialParams } from '$lib/http/credentials';
import { isApiProblem, type ApiProblem } from '$lib/http/problem';
import { redactText } from '$lib/http/redact';
import { recordActivity, requestLine } from '$lib/settings/activity';
import type { AuthState } from './auth/auth.svelte';
import type {
	ExchangeResult,
	ExplorerConnection,
	LastSent,
	RecordExchange,
	ResponseTab,
	RunOptions
} from './exchange-types';
import {
	readAnswer,
	type ExplorerResponse,
	type ResponseContext
} from './response/explorer-response';
import type { SavedRequest } from './history/history';
import { isCrossOrigin, keepBaseUrl, retargeted } from './pagination/pagination';
import { pageOrigin } from './request/browser-check';
import { headerRecordProblems } from './request/check';
import type { RequestFormState } from './request/form.svelte';
import { sendExplorerRequest, type ExplorerRequest, type SendContext } from './send';

export class ExchangeState {
	/** Raw: a result is replaced, never edited (an answer can be megabytes of JSON). */
	result = $state.raw<ExchangeResult>({ kind: 'idle' });
	/** Follow a Link on another host at the base URL's origin, with credentials; off: bare. */
	keepBase = $state(true);
	/** The response tab shown; an error answer to Send shows its Error tab. */
	responseTab = $state<ResponseTab>('body');
	/** What went out last (or the History entry on show), for "Copy as cURL". */
	lastSent = $state.raw<LastSent | undefined>(undefined);
	/** The URL of the answer on show, without credentials: where Fetch all pages starts. */
	lastUrl = $state('');

	readonly auth: AuthState;
	readonly form: RequestFormState;
	#connection: ExplorerConnection;
	#secrets: () => string[];
	#record: RecordExchange;
	#controller: AbortController | undefined;
	/** The tab the person picked last; an automatic Error tab gives way to it. */
	#chosenTab: ResponseTab = 'body';

	constructor(options: {
		connection: ExplorerConnection;
		auth: AuthState;
		form: RequestFormState;
		secrets: () => string[];
		record: RecordExchange;
	}) {
		this.#connection = options.connection;
		this.auth = options.auth;
		this.form = options.form;
		this.#secrets = options.secrets;
		this.#record = options.record;
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
		return this.result.kind === 'refused' ? this.result.reason : null;
	}

	get apiRoot(): string {
		return this.#connection.apiRoot;
	}
	get live(): boolean {
		return this.#connection.live;
	}
	get remember(): boolean {
		return this.#connection.remember;
	}
	/** Tokens and secret variables: redacted wherever a request is recorded or shown. */
	get secrets(): string[] {
		return this.#secrets();
	}

	chooseTab(tab: ResponseTab): void {
		this.responseTab = tab;
		this.#chosenTab = tab;
	}

	/** Everything the one send path needs from this connection and auth. */
	context(signal?: AbortSignal, saved?: SavedRequest, run?: string): SendContext {
		return {
			apiRoot: this.apiRoot,
			live: this.live,
			auth: this.auth,
			secrets: this.secrets,
			client: (onExchange) => this.#connection.client({ secrets: () => this.secrets, onExchange }),
			record: (exchange) => this.#record(exchange, run ? undefined : saved, run),
			signal
		};
	}

	/** Sends the form as built (extra headers: a CAPTCHA answer); refused input sends nothing. */
	async send(extraHeaders: Record<string, string> = {}): Promise<void> {
		const reason = this.form.inputError;
		if (reason) {
			this.result = { kind: 'refused', reason, previous: this.response };
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
		const b = f.build(extraHeaders);
		const request = {
			method: b.method,
			target: b.path,
			query: b.query,
			headers: b.headers,
			body: b.body
		};
		await this.run(request, { saved }, b.bodyText);
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
		let saved: SavedRequest | undefined;
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
	async run(request: ExplorerRequest, options: RunOptions = {}, bodyText?: string): Promise<void> {
		// Headers from anywhere (an imported History entry, a built form) pass the one check.
		const refused = headerRecordProblems(request.headers ?? {})[0];
		if (refused) {
			this.result = { kind: 'refused', reason: refused, previous: this.response };
			return;
		}
		this.#controller?.abort();
		const controller = (this.#controller = new AbortController());
		this.result = { kind: 'sending', since: Date.now(), previous: this.response };
		try {
			const outcome = await sendExplorerRequest(
				request,
				this.context(controller.signal, options.saved)
			);
			const applied = this.auth.applied;
			this.lastSent = {
				method: request.method,
				url: outcome.url,
				headers: { ...request.headers, ...(outcome.credentialed ? applied.headers : {}) },
				bodyText,
				withCookies: outcome.credentialed && applied.credentials === 'include'
			};
			this.lastUrl = withoutCredentialParams(outcome.url);
			// Read a step per task (a big answer); a newer request may have started meanwhile.
			const response = await readAnswer(outcome, request.method, this.responseContext());
			if (this.#controller !== controller) return;
			this.result = { kind: 'answered', response };
			// Kept in local storage: a secret in the path is left out in every form.
			recordActivity(
				'codehost',
				redactText(requestLine(request.method, outcome.url), this.secrets)
			);
			if (options.origin !== 'page') this.responseTab = response.shape ? 'error' : this.#chosenTab;
		} catch (error) {
			if (this.#controller !== controller) return;
			if (!isApiProblem(error)) throw error;
			this.result = { kind: 'failed', problem: error };
		} finally {
			if (this.#controller === controller && this.result.kind === 'sending')
				this.result = { kind: 'idle' };
		}
	}

	/** Shows an answer that did not come from a request now (a History entry's stored one). */
	show(response: ExplorerResponse, sent: LastSent): void {
		this.#controller?.abort();
		this.#controller = undefined;
		this.result = { kind: 'answered', response };
		this.lastSent = sent;
		this.responseTab = response.shape ? 'error' : this.#chosenTab;
		if (this.isUnderApiRoot(sent.url)) this.lastUrl = withoutCredentialParams(sent.url);
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
		this.#controller?.abort();
	}
}
