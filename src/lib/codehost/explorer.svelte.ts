// Over 400 lines: it is every field the explorer page binds (answer, pages, OAuth, history); the work is in send.ts, request-builder and explorer-response.
import type { HttpClient } from '$lib/http/client';
import { recordActivity, requestLine } from '$lib/settings/activity';
import { sameOrigin, withoutCredentialParams } from '$lib/http/credentials';
import { headersToObject, type Exchange } from '$lib/http/exchange';
import { REDACTED, redactText } from '$lib/http/redact';
import { isApiProblem, type ApiProblem } from '$lib/http/problem';
import { parseJsonBody } from '$lib/http/validate';
import { AuthState } from './auth.svelte';
import { CollectionsState } from './collections.svelte';
import type { ImportedFile } from './collections';
import { EnvironmentsState } from './environments.svelte';
import { requestTarget } from './request-target';
import { credentialVariables } from './secret-variables';
import { referenceLabel, type TokenReference } from './environments';
import { toCurl } from './curl';
import { generate, type Client, type CodeRequest } from './codegen';
import { parseCurl, toRequest } from './curl-import';
import { browserCheck, explainFailure, type BrowserCheck } from './browser-check';
import { CODEHOST_EXPOSED_HEADERS } from './exposed-headers';
import { flattenParams } from './encoding';
import {
	responseFromEntry,
	toExplorerResponse,
	type ExplorerResponse,
	type ResponseContext
} from './explorer-response';
import { walkPages, type WalkProgress, type WalkResult } from './fetch-all';
import { itemsFile, itemsFileName, type ItemFormat } from './items-export';
import { headerValue } from './header-lines';
import {
	entryFromExchange,
	entryTarget,
	exportHistory,
	groupHistory,
	HistoryStore,
	parseHistoryExport,
	searchHistory,
	type HistoryEntry,
	type HistoryRow,
	type SavedRequest
} from './history';
import type { OAuthTokens } from './oauth';
import { isCrossOrigin, keepBaseUrl, retargeted } from './pagination';
import { RequestBuilder, type BuilderContext } from './request-builder.svelte';
import {
	hideSecrets,
	sendExplorerRequest,
	requestTokens,
	type ExplorerRequest,
	type Hop,
	type SendContext,
	type SendOutcome
} from './send';

export type { Hop };
/** The response's tabs. */
export type ResponseTab = 'body' | 'headers' | 'pagination' | 'error';
/** What asked for an answer: Send (and the like), or a page button. */
type Origin = 'send' | 'page';
export type { ExplorerResponse };
export { EXPLORER_METHODS, type ExplorerMethod } from './request-builder.svelte';

/**
 * Where the explorer sends: the code host's connection (an AreaConnection from Settings; tests
 * pass a plain object), and where history is kept.
 */
export interface ExplorerConnection {
	readonly apiRoot: string;
	readonly live: boolean;
	/** The Code host's "Remember on this device". */
	readonly remember: boolean;
	client(options: { secrets: () => string[]; onExchange: (e: Exchange) => void }): HttpClient;
}

/** What went out last, with the credentials it carried (for "Copy as cURL"). */
interface LastSent {
	method: string;
	url: string;
	headers: Record<string, string>;
	bodyText?: string;
	withCookies: boolean;
}

/**
 * What the explorer page shows: the request being built (RequestBuilder), the answer, pages,
 * OAuth and history. Sending is send.ts's; reading an answer is explorer-response.ts's.
 */
export class ExplorerState extends RequestBuilder {
	sending = $state(false);
	/** When the request in flight left (Date.now()), for "Sending… 1.2 s". */
	sendingSince = $state(0);
	response = $state<ExplorerResponse | null>(null);
	/** Why no answer came (network, CORS, timeout, cancelled), or null. */
	failure = $state<ApiProblem | null>(null);
	/** Why the last Send was refused before anything went out (bad input), or null. */
	refused = $state<string | null>(null);
	/**
	 * Follow a Link on another host at the base URL's origin, with credentials; off, it is sent
	 * where it points, without them.
	 */
	keepBase = $state(true);

	/** The response tab shown; an error answer to Send shows its Error tab. */
	responseTab = $state<ResponseTab>('body');
	/** Rule ids and field paths for readers of the API's conventions; off for everyone else. */
	showRefs = $state(false);

	walking = $state(false);
	walkCap = $state(100);
	walkProgress = $state<WalkProgress | null>(null);
	walkResult = $state<WalkResult | null>(null);
	/** Every item Fetch all pages collected, in order (raw: replaced per page, never edited). */
	walkItems = $state.raw<readonly unknown[]>([]);
	/** The path the collected items came from (names the saved file). */
	walkFrom = $state('');

	/** What Import cURL did: what it filled, and what it left out. */
	curlImport = $state<{ ok: boolean; message: string; notes: string[] } | null>(null);

	historySearch = $state('');
	/** Raw: entries are replaced, never edited, so no deep proxy is needed. */
	history = $state.raw<HistoryEntry[]>([]);
	historyMessage = $state<string | null>(null);

	readonly auth: AuthState;
	readonly environments: EnvironmentsState;
	readonly collections: CollectionsState;
	#connection: ExplorerConnection;
	#controller: AbortController | undefined;
	#walkController: AbortController | undefined;
	#lastSent: LastSent | undefined;
	/** The URL of the last answer, without credentials: where Fetch all pages starts. */
	#lastUrl = '';
	#store: HistoryStore;
	#saved: SavedRequest | undefined;
	/** The tab the person picked last; an automatic Error tab gives way to it. */
	#chosenTab: ResponseTab = 'body';

	constructor(
		connection: ExplorerConnection,
		history: HistoryStore = new HistoryStore(),
		environments: EnvironmentsState = new EnvironmentsState(),
		collections: CollectionsState = new CollectionsState()
	) {
		super();
		this.#connection = connection;
		this.#store = history;
		this.environments = environments;
		this.collections = collections;
		this.auth = new AuthState(
			(refresh) => this.#refreshTokens(refresh),
			() => this.#connection.remember
		);
		this.environments.keepSecrets(
			() => this.#connection.remember,
			() => credentialVariables(this.headers, this.query)
		);
	}

	/** What is redacted wherever a request is recorded or shown: tokens and secret variables. */
	get secrets(): string[] {
		return [...this.auth.secrets, ...this.environments.secretValues];
	}

	/** The API root requests go to (shown before the path). */
	get apiRoot(): string {
		return this.#connection.apiRoot;
	}

	/** Demo mode: the fake code host answers, and its tokens are offered. */
	get demo(): boolean {
		return !this.#connection.live;
	}

	chooseTab(tab: ResponseTab): void {
		this.responseTab = tab;
		this.#chosenTab = tab;
	}

	/** Everything the one send path needs from this page's connection and auth. */
	#context(signal?: AbortSignal, run?: string): SendContext {
		return {
			apiRoot: this.#connection.apiRoot,
			live: this.#connection.live,
			auth: this.auth,
			client: (onExchange) => this.#connection.client({ secrets: () => this.secrets, onExchange }),
			record: (exchange) => this.#record(exchange, run),
			signal
		};
	}

	/** Sends the request as built (or resubmits with extra headers, e.g. for a CAPTCHA). */
	async send(extraHeaders: Record<string, string> = {}): Promise<void> {
		this.refused = this.inputError;
		if (this.refused) return;
		this.#saved = {
			method: this.method,
			path: this.builtPath,
			query: this.query,
			params: this.params,
			bodyKind: this.bodyKind
		};
		const b = this.build(extraHeaders);
		await this.#run({
			method: b.method,
			target: b.path,
			query: b.query,
			headers: b.headers,
			body: b.body,
			bodyText: b.bodyText
		});
	}

	/**
	 * Follows a Link URL exactly as the server gave it (CH-OFF-3, CH-KEY-2). A Link on another
	 * origin is followed at the base URL's origin while "keep the base URL" is on; otherwise it
	 * goes where it points, without credentials (the send path sees to that).
	 */
	async followLink(url: string): Promise<void> {
		const b = this.build();
		const target = this.#linkTarget(url);
		this.#saved = this.#showPageInForm(target);
		await this.#run({ method: 'GET', target, headers: b.headers }, 'page');
	}

	/**
	 * Puts a page's URL into the form (path and query, credentials left out), so the form and
	 * "Will send" read what was fetched. Parameters sent as a query are in that URL already.
	 * A page on another server cannot be written as a path here: the form stays as it was.
	 */
	#showPageInForm(url: string): SavedRequest | undefined {
		const bare = withoutCredentialParams(url);
		if (!this.#underApiRoot(bare)) return undefined;
		const at = retargeted(bare, this.#connection.apiRoot);
		const request: SavedRequest = {
			method: 'GET',
			path: at.path,
			query: at.query,
			params: this.bodyKind === 'query' ? '' : this.params,
			bodyKind: this.bodyKind
		};
		this.load(request);
		return request;
	}

	/** Sends a GET where a redirect or a Link pointed, on another origin, with no credential. */
	async sendWithoutCredentials(url: string): Promise<void> {
		const b = this.build();
		this.#saved = undefined;
		await this.#run({ method: 'GET', target: url, headers: b.headers, credentials: 'omit' });
	}

	#linkTarget(url: string): string {
		const root = this.#connection.apiRoot;
		return this.keepBase && !sameOrigin(url, root) ? keepBaseUrl(url, root) : url;
	}

	async resubmitWithCaptcha(spamLogId: number): Promise<void> {
		await this.send({
			'X-Service-Captcha-Response': this.captchaResponse.trim(),
			'X-Service-Spam-Log-Id': String(spamLogId)
		});
	}

	async #run(
		request: ExplorerRequest & { bodyText?: string },
		origin: Origin = 'send'
	): Promise<void> {
		this.#controller?.abort();
		const controller = new AbortController();
		this.#controller = controller;
		this.sending = true;
		this.sendingSince = Date.now();
		this.failure = null;
		try {
			const outcome = await sendExplorerRequest(request, this.#context(controller.signal));
			const applied = this.auth.applied;
			this.#lastSent = {
				method: request.method,
				url: outcome.url,
				headers: { ...request.headers, ...(outcome.credentialed ? applied.headers : {}) },
				bodyText: request.bodyText,
				withCookies: outcome.credentialed && applied.credentials === 'include'
			};
			this.#lastUrl = withoutCredentialParams(outcome.url);
			this.response = this.#toResponse(outcome, request.method);
			recordActivity('codehost', requestLine(request.method, outcome.url));
			// A page button keeps its tab (and focus); an error answer to Send opens its explanation.
			if (origin === 'send') this.responseTab = this.response.shape ? 'error' : this.#chosenTab;
		} catch (error) {
			if (controller.signal.aborted && this.#controller !== controller) return;
			if (!isApiProblem(error)) throw error;
			this.failure = error;
			this.response = null;
		} finally {
			if (this.#controller === controller) this.sending = false;
		}
	}

	protected get builderContext(): BuilderContext {
		return {
			apiRoot: this.#connection.apiRoot,
			auth: this.auth,
			status: this.response?.status,
			variables: this.environments.values
		};
	}

	#toResponse(outcome: SendOutcome, method: string): ExplorerResponse {
		return toExplorerResponse(outcome, method, this.#responseContext());
	}

	#responseContext(): ResponseContext {
		return {
			apiRoot: this.#connection.apiRoot,
			crossOrigin: this.#connection.live && isCrossOrigin(this.#connection.apiRoot, pageOrigin()),
			secrets: this.secrets
		};
	}

	cancel(): void {
		this.#controller?.abort();
		this.sending = false;
	}

	// ---- saved requests ----

	/** Saves the form as it stands (no secret) under a name in a collection. */
	saveRequest(name: string, collection: string): boolean {
		return this.collections.save(name, collection, this.snapshot()) !== null;
	}

	/** Puts a saved request into the form; nothing is sent. */
	openSaved(id: string): void {
		const item = this.collections.find(id);
		if (!item) return;
		this.restore(item);
		this.collections.message = `Opened “${item.name}” in the request form.`;
	}

	exportCollections(): string {
		return this.collections.exportFile(this.environments.forExport());
	}

	/** `text`: a file's text, or what the import worker read from it. */
	importCollections(text: string | ImportedFile): void {
		const environments = this.collections.importFile(text);
		if (environments?.length) this.environments.merge(environments);
	}

	// ---- environments ----

	/** Selects an environment; one with a token reference switches the auth method to it. */
	selectEnvironment(id: string): void {
		this.environments.select(id);
		this.#followReference();
	}

	/** Makes the active environment use an auth method (undefined: keep whatever is chosen). */
	setEnvironmentAuth(ref: TokenReference | undefined): void {
		this.environments.setReference(ref);
		if (ref) this.#followReference();
		else
			this.environments.message = `“${this.environments.active.name}” leaves the auth method as it is.`;
	}

	#followReference(): void {
		const env = this.environments.active;
		if (!env.auth) return;
		const hasToken = this.auth.use(env.auth.method, env.auth.way);
		const what = referenceLabel(env.auth);
		this.environments.message = hasToken
			? `“${env.name}” uses ${what}.`
			: `“${env.name}” uses ${what}: enter its token in the Token field (it is kept for this tab, never in the environment).`;
	}

	// ---- will it work from a browser? ----

	/** In Live mode: what the browser will add to and keep back from this request. */
	get browserCheck(): BrowserCheck | null {
		if (!this.#connection.live) return null;
		const b = this.build();
		const applied = this.auth.applied;
		return browserCheck({
			pageOrigin: pageOrigin(),
			apiRoot: this.#connection.apiRoot,
			method: b.method,
			headers: { ...b.headers, ...applied.headers },
			credentials: applied.credentials,
			exposed: CODEHOST_EXPOSED_HEADERS
		});
	}

	/** Why the last request got no answer, told apart: CORS, network or mixed content. */
	get failureCause(): string | null {
		if (!this.failure || !this.#connection.live) return null;
		return explainFailure(this.failure.kind, pageOrigin(), this.#connection.apiRoot);
	}

	// ---- code for the request ----

	/** The request as the form builds it now, for the code generators (the token kept apart). */
	codeRequest(): CodeRequest {
		const b = this.build();
		const applied = this.auth.applied;
		// Sudo apart: the code sends it only where the app does (the API root's origin).
		const sudoQuery = applied.query.find((q) => q.startsWith('sudo='));
		const sudo = applied.headers['Sudo'] ?? decodeURIComponent(sudoQuery?.slice(5) ?? '');
		const multipart = this.bodyKind === 'multipart' && b.method !== 'GET';
		return {
			method: b.method,
			apiRoot: this.#connection.apiRoot,
			path: b.path,
			query: b.query,
			headers: b.headers,
			sudo: sudo ? { value: sudo, way: sudoQuery ? 'query' : 'header' } : undefined,
			body: multipart ? undefined : b.bodyText,
			form: multipart
				? {
						fields: flattenParams(this.parsedParams.ok ? this.parsedParams.value : {}),
						file: this.file?.name
					}
				: undefined,
			auth: { method: this.auth.method, way: this.auth.way, token: this.auth.token }
		};
	}

	/** Code for the request in one client's form; the token only when asked for. */
	code(client: Client, includeToken = false): string {
		const text = generate(client, this.codeRequest(), includeToken);
		return includeToken ? text : redactText(text, this.secrets);
	}

	/**
	 * Fills the form from a cURL command. Its token goes to the Token field (kept as the Code
	 * host's "Remember" says), never into the saved form, and is sent only to the base URL.
	 */
	importCurl(command: string): boolean {
		try {
			const imported = toRequest(parseCurl(command), this.#connection.apiRoot);
			this.restore(imported.snapshot);
			if (imported.token) this.auth.token = imported.token;
			if (imported.sudo) {
				this.auth.sudo = imported.sudo.value;
				this.auth.sudoWay = imported.sudo.way;
			}
			this.auth.save();
			this.curlImport = {
				ok: true,
				message: `Imported ${imported.snapshot.method} ${imported.snapshot.path}${imported.token ? '; the token is in the Token field' : ''}.`,
				notes: imported.notes
			};
			return true;
		} catch (error) {
			this.curlImport = {
				ok: false,
				message: `Not imported: ${error instanceof Error ? error.message : String(error)}`,
				notes: []
			};
			return false;
		}
	}

	// ---- OAuth ----

	async #refreshTokens(refreshToken: string): Promise<OAuthTokens> {
		return this.#tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken });
	}

	#tokenRequest(form: Record<string, string>): Promise<OAuthTokens> {
		return requestTokens(form, this.#context());
	}

	/** Signs in at the provider with a password grant (the demo offers one) and keeps both tokens. */
	async signIn(username: string, password: string): Promise<void> {
		try {
			const tokens = await this.#tokenRequest({ grant_type: 'password', username, password });
			this.auth.setMethod('oauth');
			this.auth.setTokens(tokens);
			this.auth.oauthMessage = 'Signed in: access token valid for two hours, refresh token kept.';
		} catch (error) {
			this.auth.oauthMessage = `Sign-in failed: ${error instanceof Error ? error.message : String(error)}.`;
		}
	}

	// ---- fetch all pages ----

	async fetchAll(): Promise<void> {
		const first = this.#lastUrl;
		if (!first) return;
		this.#walkController?.abort();
		const controller = new AbortController();
		this.#walkController = controller;
		this.walking = true;
		this.walkResult = null;
		this.walkProgress = { pages: 0, items: 0, url: first };
		this.walkItems = [];
		this.walkFrom = retargeted(first, this.#connection.apiRoot).path;
		const headers = this.build().headers;
		delete headers['Content-Type'];
		// Every page of this run shares one History row.
		const run = `run-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
		try {
			const result = await walkPages({
				firstUrl: first,
				cap: Math.max(1, Math.floor(this.walkCap) || 1),
				signal: controller.signal,
				rewrite: (u) => this.#linkTarget(u),
				onItems: (items) => (this.walkItems = this.walkItems.concat(items)),
				onProgress: (p) => (this.walkProgress = { ...p, url: hideSecrets(p.url, this.secrets) }),
				send: async (url, signal) => {
					const { result: r } = await sendExplorerRequest(
						{ method: 'GET', target: url, headers },
						this.#context(signal, run)
					);
					const parsed = parseJsonBody(r.text);
					return {
						status: r.response.status,
						// Raw headers: the next Link must be followed exactly as given.
						headers: headersToObject(r.response.headers),
						json: parsed.ok ? parsed.value : undefined
					};
				}
			});
			this.walkResult = {
				...result,
				url: hideSecrets(result.url, this.secrets),
				message: hideSecrets(result.message, this.secrets)
			};
		} finally {
			this.walking = false;
		}
	}

	cancelFetchAll(): void {
		this.#walkController?.abort();
	}

	/** The collected items as a file to save. */
	itemsFile(format: ItemFormat): { text: string; mime: string; fileName: string } {
		return itemsFile(this.walkItems, format, itemsFileName(this.walkFrom));
	}

	// ---- history ----

	#record(exchange: Exchange, run?: string) {
		// A run's pages are not the form's request: Run again follows the page's URL.
		const entry = entryFromExchange(
			exchange,
			this.#connection.apiRoot,
			run ? undefined : this.#saved,
			this.secrets,
			run
		);
		this.history = [entry, ...this.history].slice(0, 500);
		void this.#store.add(entry);
	}

	async loadHistory(): Promise<void> {
		this.history = await this.#store.list();
	}

	get visibleHistory(): HistoryEntry[] {
		return searchHistory(this.history, this.historySearch);
	}

	/** What History lists: one row per request, one per Fetch all pages run. */
	get historyRows(): HistoryRow[] {
		return groupHistory(this.visibleHistory);
	}

	/** Shows an entry's stored answer in Response, without sending anything. */
	openEntry(entry: HistoryEntry): void {
		if (entry.status === undefined) return;
		this.#controller?.abort();
		this.sending = false;
		this.failure = null;
		this.response = responseFromEntry(entry, this.#responseContext());
		// "Copy as cURL" then copies this request as stored (its secrets were never kept).
		this.#lastSent = {
			method: entry.method,
			url: entry.url,
			headers: entry.requestHeaders,
			bodyText: entry.requestBody,
			withCookies: false
		};
		this.responseTab = this.response.shape ? 'error' : this.#chosenTab;
		// Fetch all pages starts from the page on show.
		if (this.#underApiRoot(entry.url)) this.#lastUrl = withoutCredentialParams(entry.url);
		const { target } = entryTarget(entry);
		this.historyMessage = `Shown in Response: the stored answer to ${entry.method} ${target} (${entry.status}).`;
	}

	/** Whether a history entry was sent under the current API root (its credentials may go there). */
	isUnderApiRoot(entry: HistoryEntry): boolean {
		return this.#underApiRoot(entry.url);
	}

	#underApiRoot(url: string): boolean {
		const root = this.#connection.apiRoot.replace(/\/+$/, '');
		return (
			sameOrigin(url, root) &&
			(url === root || url.startsWith(`${root}/`) || url.startsWith(`${root}?`))
		);
	}

	/**
	 * Sends a history entry again. One from the current API root is rebuilt in the form and sent
	 * with the current auth; one from anywhere else (an older base URL, an imported file) goes
	 * where it went, without credentials, unless the person re-targets it.
	 */
	rerun(entry: HistoryEntry): Promise<void> {
		if (!this.isUnderApiRoot(entry)) {
			this.#saved = undefined;
			const method = entry.method.toUpperCase();
			const body =
				method !== 'GET' && entry.requestBody && !entry.requestBody.includes(REDACTED)
					? entry.requestBody
					: undefined;
			return this.#run({
				method,
				target: withoutCredentialParams(entry.url),
				headers: body
					? {
							'Content-Type':
								headerValue(entry.requestHeaders, 'content-type') ?? 'application/json'
						}
					: {},
				body,
				bodyText: body,
				credentials: 'omit'
			});
		}
		if (entry.request) {
			this.load(entry.request);
			return this.send();
		}
		return this.followLink(withoutCredentialParams(entry.url));
	}

	/** Loads an entry into the form at the current base URL and sends it there, with credentials. */
	retarget(entry: HistoryEntry): Promise<void> {
		const at = retargeted(withoutCredentialParams(entry.url), this.#connection.apiRoot);
		this.load({
			method: entry.method,
			path: entry.request?.path ?? at.path,
			query: entry.request?.query ?? at.query,
			params: entry.request?.params ?? '',
			bodyKind: entry.request?.bodyKind ?? 'query'
		});
		return this.send();
	}

	async clearHistory(): Promise<void> {
		await this.#store.clear();
		this.history = [];
	}

	exportHistory(): string {
		return exportHistory(this.history);
	}

	/** `text`: a file's text, or the entries the import worker read from it. */
	async importHistory(text: string | readonly HistoryEntry[]): Promise<void> {
		try {
			const entries = typeof text === 'string' ? parseHistoryExport(text) : text;
			await this.#store.importEntries(entries);
			await this.loadHistory();
			this.historyMessage = `Imported ${entries.length} entries.`;
		} catch (error) {
			this.historyMessage = `Import failed: ${error instanceof Error ? error.message : String(error)}`;
		}
	}

	/** The last request as cURL; secrets only when asked for. */
	curl(includeSecrets: boolean): string {
		const b = this.build();
		// Not sent yet: where it would go, with credentials only on the API root's origin.
		const target = requestTarget(this.#connection.apiRoot, b.path, b.query);
		const applied = target.credentialed ? this.auth.applied : undefined;
		const query = applied?.query.join('&');
		const last: LastSent = this.#lastSent ?? {
			method: b.method,
			url: query ? `${target.url}${target.url.includes('?') ? '&' : '?'}${query}` : target.url,
			headers: { ...b.headers, ...applied?.headers },
			bodyText: b.bodyText,
			withCookies: applied?.credentials === 'include'
		};
		const curl = toCurl(
			{
				method: last.method,
				url: last.url,
				headers: { Accept: 'application/json', ...last.headers },
				body: last.bodyText,
				withCookies: last.withCookies
			},
			{ includeSecrets }
		);
		return includeSecrets ? curl : redactText(curl, this.secrets);
	}

	curlFor(entry: HistoryEntry): string {
		return toCurl({
			method: entry.method,
			url: entry.url,
			headers: entry.requestHeaders,
			body: entry.requestBody
		});
	}
}

/** The page's origin, when there is a page (not in unit tests). */
function pageOrigin(): string | undefined {
	return typeof location === 'undefined' ? undefined : location.origin;
}
