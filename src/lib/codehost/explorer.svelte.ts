import type { HttpClient, HttpResult } from '$lib/http/client';
import { sameOrigin, withoutCredentialParams } from '$lib/http/credentials';
import { headersToObject, type Exchange } from '$lib/http/exchange';
import { REDACTED, redactHeaderUrls, redactText, redactUrl } from '$lib/http/redact';
import { isApiProblem, type ApiProblem } from '$lib/http/problem';
import { parseJsonBody } from '$lib/http/validate';
import { AuthState } from './auth.svelte';
import { toCurl } from './curl';
import {
	decodeQuery,
	encodeForm,
	encodeQuery,
	fillPath,
	joinUrl,
	flattenParams,
	lintRequest,
	LONG_URL_CHARS,
	pathParamNames,
	type ParamValue,
	type PathLint
} from './encoding';
import { ENDPOINTS, keysetAdvice, type BodyKind, type EndpointTemplate } from './endpoints';
import { classifyAnswer, type ErrorShape } from './errors';
import { walkPages, type WalkProgress, type WalkResult } from './fetch-all';
import {
	entryFromExchange,
	exportHistory,
	HistoryStore,
	parseHistoryExport,
	searchHistory,
	type HistoryEntry,
	type SavedRequest
} from './history';
import { parseTokenResponse, type OAuthTokens } from './oauth';
import { nullParams } from './rules';
import {
	inspectPagination,
	isCrossOrigin,
	keepBaseUrl,
	retargeted,
	type PaginationReport
} from './pagination';
import {
	hideSecrets,
	sendExplorerRequest,
	sendTokenRequest,
	type ExplorerRequest,
	type Hop,
	type SendContext,
	type SendOutcome
} from './send';

export const EXPLORER_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type ExplorerMethod = (typeof EXPLORER_METHODS)[number];

export type { Hop };

export interface ExplorerResponse {
	method: string;
	status: number;
	statusText: string;
	url: string;
	headers: Record<string, string>;
	bodyText: string;
	json: unknown;
	isJson: boolean;
	durationMs: number;
	sizeBytes: number;
	hops: Hop[];
	/** Why a redirect was not followed, with the new URL. */
	redirectNote?: string;
	/** A redirect target on another origin, not followed with credentials. */
	offsite?: string;
	refreshed: boolean;
	shape: ErrorShape | null;
	pagination: PaginationReport;
}

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

/** A request as the form builds it, without auth: the send path adds that where it may. */
interface Built {
	method: string;
	path: string;
	query: string;
	headers: Record<string, string>;
	body?: BodyInit;
	bodyText?: string;
}

/** What went out last, with the credentials it carried (for "Copy as cURL"). */
interface LastSent {
	method: string;
	url: string;
	headers: Record<string, string>;
	bodyText?: string;
	withCookies: boolean;
}

/** What the explorer page shows: the request being built, the answer, pages, history. */
export class ExplorerState {
	templateId = $state('list-projects');
	method = $state<ExplorerMethod>('GET');
	path = $state('/projects');
	pathParams = $state<Record<string, string>>({});
	query = $state('per_page=5');
	params = $state('');
	bodyKind = $state<BodyKind>('query');
	/** Send the raw query string in a form body (after a 414). */
	queryInBody = $state(false);
	file = $state<File | null>(null);
	captchaResponse = $state('');
	/** Extra request headers, one `Name: value` per line (e.g. If-Unmodified-Since). */
	headers = $state('');

	sending = $state(false);
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

	walking = $state(false);
	walkCap = $state(100);
	walkProgress = $state<WalkProgress | null>(null);
	walkResult = $state<WalkResult | null>(null);

	historySearch = $state('');
	/** Raw: entries are replaced, never edited, so no deep proxy is needed. */
	history = $state.raw<HistoryEntry[]>([]);
	historyMessage = $state<string | null>(null);

	readonly auth: AuthState;
	#connection: ExplorerConnection;
	#controller: AbortController | undefined;
	#walkController: AbortController | undefined;
	#lastSent: LastSent | undefined;
	/** The URL of the last answer, without credentials: where Fetch all pages starts. */
	#lastUrl = '';
	#store: HistoryStore;
	#saved: SavedRequest | undefined;

	constructor(connection: ExplorerConnection, history: HistoryStore = new HistoryStore()) {
		this.#connection = connection;
		this.#store = history;
		this.auth = new AuthState(
			(refresh) => this.#refreshTokens(refresh),
			() => this.#connection.remember
		);
	}

	// ---- request builder ----

	get template(): EndpointTemplate | undefined {
		return ENDPOINTS.find((t) => t.id === this.templateId);
	}

	useTemplate(id: string) {
		const t = ENDPOINTS.find((e) => e.id === id);
		if (!t) return;
		this.templateId = id;
		this.method = t.method;
		this.path = t.path;
		this.pathParams = { ...t.example };
		this.query = t.query ?? '';
		this.params = t.params ? JSON.stringify(t.params, null, 2) : '';
		this.bodyKind = t.bodyKind ?? (t.method === 'GET' ? 'query' : 'json');
		this.queryInBody = false;
		this.file = null;
	}

	get paramNames(): string[] {
		return pathParamNames(this.path);
	}

	get builtPath(): string {
		return fillPath(this.path, this.pathParams);
	}

	get parsedParams():
		{ ok: true; value: Record<string, ParamValue> } | { ok: false; error: string } {
		if (!this.params.trim()) return { ok: true, value: {} };
		try {
			const value = JSON.parse(this.params) as unknown;
			if (!value || typeof value !== 'object' || Array.isArray(value))
				return {
					ok: false,
					error:
						'Parameters must be one JSON object, for example {"name": "value"}, not a list or a single value.'
				};
			return { ok: true, value: value as Record<string, ParamValue> };
		} catch (e) {
			return {
				ok: false,
				error: `Parameters are not valid JSON (${(e as Error).message}). Write one JSON object, for example {"name": "value"}, or clear the field.`
			};
		}
	}

	get lint(): PathLint[] {
		const out = lintRequest(this.builtPath, this.queryInBody ? '' : this.query);
		const p = this.parsedParams;
		if (!p.ok) out.push({ level: 'error', message: p.error });
		else {
			const nulls = nullParams(p.value);
			if (nulls.length)
				out.push({
					level: 'warning',
					message: `${nulls.join(', ')}: null is sent empty; boolean arguments must be true or false, never null (CH-BOOL-2).`
				});
		}
		if (
			this.method === 'GET' &&
			(this.bodyKind === 'json' ||
				this.bodyKind === 'form' ||
				this.bodyKind === 'multipart' ||
				this.queryInBody)
		)
			out.push({
				level: 'warning',
				message:
					'A browser cannot send a body with GET: the parameters will not be sent. Use the query string, or another method.'
			});
		if (this.previewUrl.length > LONG_URL_CHARS)
			out.push({
				level: 'warning',
				message: `The URL is ${this.previewUrl.length} characters long: servers answer 414 to long query strings (CH-PAY-3). Send the parameters as a body instead.`
			});
		const badHeader = badHeaderLine(this.headers);
		if (badHeader !== undefined) out.push({ level: 'error', message: badHeaderMessage(badHeader) });
		for (const w of this.auth.applied.warnings) out.push({ level: 'warning', message: w });
		return out;
	}

	/**
	 * Input the request cannot carry (parameters that are not a JSON object, a header line that is
	 * not `Name: value`) would otherwise be dropped silently; Send refuses it and says what to do.
	 */
	get inputError(): string | null {
		const p = this.parsedParams;
		if (!p.ok) return p.error;
		const badHeader = badHeaderLine(this.headers);
		return badHeader === undefined ? null : badHeaderMessage(badHeader);
	}

	/** The URL as it will be sent, with secrets left out. */
	get previewUrl(): string {
		const b = this.#build();
		const auth = this.auth.applied.query.map((q) => q.replace(/=.*/, '=…'));
		return joinUrl(this.#connection.apiRoot, b.path, [b.query, ...auth].filter(Boolean).join('&'));
	}

	get offerBody(): boolean {
		return (
			!this.queryInBody &&
			(this.response?.status === 414 || this.previewUrl.length > LONG_URL_CHARS)
		);
	}

	sendAsBody() {
		this.queryInBody = true;
		if (this.bodyKind === 'query' || this.bodyKind === 'none') this.bodyKind = 'form';
	}

	keysetHelp(orderBy?: string, sort?: 'asc' | 'desc') {
		return keysetAdvice(this.builtPath, this.auth.authenticated, 100, orderBy, sort);
	}

	applyKeyset(orderBy?: string, sort?: 'asc' | 'desc') {
		const advice = this.keysetHelp(orderBy, sort);
		if (!advice.query) return;
		const keep = decodeQuery(this.query).filter(
			([k]) =>
				![
					'pagination',
					'order_by',
					'sort',
					'page',
					'per_page',
					'id_after',
					'id_before',
					'cursor'
				].includes(k)
		);
		this.query = [encodeQuery(Object.fromEntries(keep)), advice.query].filter(Boolean).join('&');
	}

	#build(extraHeaders: Record<string, string> = {}): Built {
		const p = this.parsedParams;
		const params = p.ok ? p.value : {};
		const queryParts: string[] = [];
		if (this.query.trim() && !this.queryInBody)
			queryParts.push(this.query.trim().replace(/^\?/, ''));
		if (this.bodyKind === 'query' && Object.keys(params).length)
			queryParts.push(encodeQuery(params));
		const headers: Record<string, string> = { ...parseHeaderLines(this.headers), ...extraHeaders };
		let body: BodyInit | undefined;
		let bodyText: string | undefined;
		if (this.method !== 'GET') {
			if (this.bodyKind === 'json') {
				const merged = this.queryInBody
					? { ...Object.fromEntries(decodeQuery(this.query)), ...params }
					: params;
				bodyText = JSON.stringify(merged);
				body = bodyText;
				headers['Content-Type'] = 'application/json';
			} else if (this.bodyKind === 'form') {
				bodyText = [this.queryInBody ? this.query.trim() : '', encodeForm(params)]
					.filter(Boolean)
					.join('&');
				body = bodyText;
				headers['Content-Type'] = 'application/x-www-form-urlencoded';
			} else if (this.bodyKind === 'multipart') {
				const form = new FormData();
				for (const [k, v] of flattenParams(params)) form.append(k, v);
				if (this.file) form.append('file', this.file, this.file.name);
				body = form;
				bodyText = `(multipart form: ${[...flattenParams(params).map(([k]) => k), this.file ? `file=${this.file.name}` : 'no file'].join(', ')})`;
			} else if (this.queryInBody && this.query.trim()) {
				bodyText = this.query.trim();
				body = bodyText;
				headers['Content-Type'] = 'application/x-www-form-urlencoded';
			}
		}
		return {
			method: this.method,
			path: this.builtPath,
			query: queryParts.join('&'),
			headers,
			body,
			bodyText
		};
	}

	/** Everything the one send path needs from this page's connection and auth. */
	#context(signal?: AbortSignal): SendContext {
		return {
			apiRoot: this.#connection.apiRoot,
			live: this.#connection.live,
			auth: this.auth,
			client: (onExchange) =>
				this.#connection.client({ secrets: () => this.auth.secrets, onExchange }),
			record: (exchange) => this.#record(exchange),
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
		const b = this.#build(extraHeaders);
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
		const b = this.#build();
		this.#saved = undefined;
		await this.#run({ method: 'GET', target: this.#linkTarget(url), headers: b.headers });
	}

	/** Sends a GET where a redirect or a Link pointed, on another origin, with no credential. */
	async sendWithoutCredentials(url: string): Promise<void> {
		const b = this.#build();
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

	async #run(request: ExplorerRequest & { bodyText?: string }): Promise<void> {
		this.#controller?.abort();
		const controller = new AbortController();
		this.#controller = controller;
		this.sending = true;
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
		} catch (error) {
			if (controller.signal.aborted && this.#controller !== controller) return;
			if (!isApiProblem(error)) throw error;
			this.failure = error;
			this.response = null;
		} finally {
			if (this.#controller === controller) this.sending = false;
		}
	}

	#toResponse(outcome: SendOutcome, method: string): ExplorerResponse {
		const { result, hops, refreshed, redirectNote, offsite } = outcome;
		const parsed = parseJsonBody(result.text);
		const headers = result.exchange.responseHeaders;
		const crossOrigin = this.#connection.live && this.#crossOrigin();
		const json = parsed.ok ? parsed.value : undefined;
		return {
			method,
			status: result.response.status,
			statusText: result.response.statusText,
			url: result.exchange.url,
			headers,
			bodyText: result.text,
			json,
			isJson: parsed.ok,
			durationMs: result.exchange.durationMs,
			sizeBytes: result.exchange.sizeBytes,
			hops,
			redirectNote,
			offsite,
			refreshed,
			shape: classifyAnswer({
				status: result.response.status,
				headers,
				bodyText: result.text,
				json,
				isJson: parsed.ok,
				crossOrigin
			}),
			pagination: this.#inspect(result, crossOrigin, json)
		};
	}

	/**
	 * Link URLs come from the raw headers, to be followed exactly as given (the exchange record has
	 * secrets redacted, also inside a Link that echoes a query token); what is shown is redacted.
	 */
	#inspect(result: HttpResult, crossOrigin: boolean, json: unknown): PaginationReport {
		const report = inspectPagination(headersToObject(result.response.headers), {
			apiRoot: this.#connection.apiRoot,
			requestUrl: result.exchange.url,
			crossOrigin,
			isList: Array.isArray(json),
			listLength: Array.isArray(json) ? json.length : undefined
		});
		const secrets = this.auth.secrets;
		const hide = (text: string) => redactText(redactHeaderUrls(text), secrets);
		return {
			...report,
			rows: report.rows.map((r) => ({ ...r, value: r.value === null ? null : hide(r.value) })),
			links: report.links.map((l) => ({ ...l, shown: redactText(redactUrl(l.url), secrets) }))
		};
	}

	#crossOrigin(): boolean {
		try {
			return isCrossOrigin(
				this.#connection.apiRoot,
				typeof location === 'undefined' ? undefined : location.origin
			);
		} catch {
			return false;
		}
	}

	cancel(): void {
		this.#controller?.abort();
		this.sending = false;
	}

	// ---- OAuth ----

	async #refreshTokens(refreshToken: string): Promise<OAuthTokens> {
		return this.#tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken });
	}

	async #tokenRequest(form: Record<string, string>): Promise<OAuthTokens> {
		const result = await sendTokenRequest(encodeForm(form), this.#context());
		const parsed = parseJsonBody(result.text);
		const tokens = result.response.ok && parsed.ok ? parseTokenResponse(parsed.value) : null;
		if (!tokens) {
			const body = parsed.ok ? (parsed.value as Record<string, unknown>) : {};
			throw new Error(String(body.error ?? `status ${result.response.status}`));
		}
		return tokens;
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
		const headers = parseHeaderLines(this.headers);
		try {
			const result = await walkPages({
				firstUrl: first,
				cap: Math.max(1, Math.floor(this.walkCap) || 1),
				signal: controller.signal,
				rewrite: (u) => this.#linkTarget(u),
				onProgress: (p) =>
					(this.walkProgress = { ...p, url: hideSecrets(p.url, this.auth.secrets) }),
				send: async (url, signal) => {
					const { result: r } = await sendExplorerRequest(
						{ method: 'GET', target: url, headers },
						this.#context(signal)
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
				url: hideSecrets(result.url, this.auth.secrets),
				message: hideSecrets(result.message, this.auth.secrets)
			};
		} finally {
			this.walking = false;
		}
	}

	cancelFetchAll(): void {
		this.#walkController?.abort();
	}

	// ---- history ----

	#record(exchange: Exchange) {
		const entry = entryFromExchange(
			exchange,
			this.#connection.apiRoot,
			this.#saved,
			this.auth.secrets
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

	/** Whether a history entry was sent under the current API root (its credentials may go there). */
	isUnderApiRoot(entry: HistoryEntry): boolean {
		const root = this.#connection.apiRoot.replace(/\/+$/, '');
		return (
			sameOrigin(entry.url, root) &&
			(entry.url === root || entry.url.startsWith(`${root}/`) || entry.url.startsWith(`${root}?`))
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
				headers: body ? { 'Content-Type': contentTypeOf(entry.requestHeaders) } : {},
				body,
				bodyText: body,
				credentials: 'omit'
			});
		}
		if (entry.request) {
			this.#load(entry.request);
			return this.send();
		}
		return this.followLink(withoutCredentialParams(entry.url));
	}

	/** Loads an entry into the form at the current base URL and sends it there, with credentials. */
	retarget(entry: HistoryEntry): Promise<void> {
		const at = retargeted(withoutCredentialParams(entry.url), this.#connection.apiRoot);
		this.#load({
			method: entry.method,
			path: entry.request?.path ?? at.path,
			query: entry.request?.query ?? at.query,
			params: entry.request?.params ?? '',
			bodyKind: entry.request?.bodyKind ?? 'query'
		});
		return this.send();
	}

	#load(request: SavedRequest) {
		this.method = (EXPLORER_METHODS as readonly string[]).includes(request.method)
			? (request.method as ExplorerMethod)
			: 'GET';
		this.path = request.path.startsWith('/') ? request.path : `/${request.path}`;
		this.pathParams = {};
		this.query = request.query.includes(REDACTED) ? '' : request.query;
		this.params = request.params;
		this.bodyKind = request.bodyKind;
		this.queryInBody = false;
	}

	async clearHistory(): Promise<void> {
		await this.#store.clear();
		this.history = [];
	}

	exportHistory(): string {
		return exportHistory(this.history);
	}

	async importHistory(text: string): Promise<void> {
		try {
			const entries = parseHistoryExport(text);
			await this.#store.importEntries(entries);
			await this.loadHistory();
			this.historyMessage = `Imported ${entries.length} entries.`;
		} catch (error) {
			this.historyMessage = `Import failed: ${error instanceof Error ? error.message : String(error)}`;
		}
	}

	/** The last request as cURL; secrets only when asked for. */
	curl(includeSecrets: boolean): string {
		const b = this.#build();
		const last: LastSent = this.#lastSent ?? {
			method: b.method,
			url: joinUrl(
				this.#connection.apiRoot,
				b.path,
				[b.query, ...this.auth.applied.query].filter(Boolean).join('&')
			),
			headers: { ...b.headers, ...this.auth.applied.headers },
			bodyText: b.bodyText,
			withCookies: this.auth.applied.credentials === 'include'
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
		return includeSecrets ? curl : redactText(curl, this.auth.secrets);
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

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** The first non-blank header line that is not `Name: value`, if any. */
export function badHeaderLine(text: string): string | undefined {
	return text.split('\n').find((line) => {
		if (!line.trim()) return false;
		const at = line.indexOf(':');
		return at <= 0 || !HEADER_NAME.test(line.slice(0, at).trim());
	});
}

function badHeaderMessage(line: string): string {
	return `Request headers: “${line.trim()}” is not a header. Write one header per line as Name: value, or remove the line.`;
}

/** `Name: value` lines; lines without a colon are ignored (badHeaderLine reports them). */
export function parseHeaderLines(text: string): Record<string, string> {
	const out: Record<string, string> = {};
	for (const line of text.split('\n')) {
		const at = line.indexOf(':');
		if (at > 0) out[line.slice(0, at).trim()] = line.slice(at + 1).trim();
	}
	return out;
}

function contentTypeOf(headers: Record<string, string>): string {
	const found = Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-type');
	return found?.[1] ?? 'application/json';
}
