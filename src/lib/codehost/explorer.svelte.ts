import type { HttpClient, HttpResult } from '$lib/http/client';
import { headersToObject, type Exchange } from '$lib/http/exchange';
import { redactHeaderUrls, redactText, redactUrl } from '$lib/http/redact';
import { isApiProblem } from '$lib/http/problem';
import { parseJsonBody } from '$lib/http/validate';
import { authorizeUrl } from './auth';
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
import { classifyAnswer, classifyFailure, type ErrorShape } from './errors';
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
import { needsFreshToken, parseTokenResponse, tokenEndpoint, type OAuthTokens } from './oauth';
import { nullParams } from './rules';
import {
	inspectPagination,
	isCrossOrigin,
	keepBaseUrl,
	resolveLocation,
	type PaginationReport
} from './pagination';

export const EXPLORER_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type ExplorerMethod = (typeof EXPLORER_METHODS)[number];

export interface Hop {
	status: number;
	from: string;
	to: string;
}

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
	refreshed: boolean;
	shape: ErrorShape | null;
	pagination: PaginationReport;
}

/** Where the explorer sends: the API root, mode, and a client factory (injected for tests). */
export interface ExplorerEnv {
	apiRoot: () => string;
	live: () => boolean;
	client: (options: {
		credentials: RequestCredentials;
		secrets: () => string[];
		onExchange: (e: Exchange) => void;
	}) => HttpClient;
	remember?: () => boolean;
	history?: HistoryStore;
}

interface Built {
	method: string;
	path: string;
	query: string;
	headers: Record<string, string>;
	body?: BodyInit;
	bodyText?: string;
	credentials: RequestCredentials;
	usedToken: string;
}

const MAX_HOPS = 5;

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
	failure = $state<ErrorShape | null>(null);
	/** Why the last Send was refused before anything went out (bad input), or null. */
	refused = $state<string | null>(null);
	keepBase = $state(false);

	walking = $state(false);
	walkCap = $state(100);
	walkProgress = $state<WalkProgress | null>(null);
	walkResult = $state<WalkResult | null>(null);

	historySearch = $state('');
	/** Raw: entries are replaced, never edited, so no deep proxy is needed. */
	history = $state.raw<HistoryEntry[]>([]);
	historyMessage = $state<string | null>(null);

	readonly auth: AuthState;
	#env: ExplorerEnv;
	#controller: AbortController | undefined;
	#walkController: AbortController | undefined;
	#lastBuilt: Built | undefined;
	#lastUrl = '';
	#store: HistoryStore;
	#saved: SavedRequest | undefined;

	constructor(env: ExplorerEnv) {
		this.#env = env;
		this.#store = env.history ?? new HistoryStore();
		this.auth = new AuthState((refresh) => this.#refreshTokens(refresh), env.remember);
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
		const b = this.#build(false);
		return joinUrl(this.#env.apiRoot(), b.path, b.query);
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

	#build(withSecrets = true, extraHeaders: Record<string, string> = {}): Built {
		const auth = this.auth.applied;
		const p = this.parsedParams;
		const params = p.ok ? p.value : {};
		const queryParts: string[] = [];
		if (this.query.trim() && !this.queryInBody)
			queryParts.push(this.query.trim().replace(/^\?/, ''));
		if (this.bodyKind === 'query' && Object.keys(params).length)
			queryParts.push(encodeQuery(params));
		if (withSecrets) queryParts.push(...auth.query);
		else queryParts.push(...auth.query.map((q) => q.replace(/=.*/, '=…')));
		const headers: Record<string, string> = withSecrets ? { ...auth.headers } : {};
		Object.assign(headers, parseHeaderLines(this.headers), extraHeaders);
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
			bodyText,
			credentials: auth.credentials,
			usedToken: this.auth.token
		};
	}

	#client(credentials: RequestCredentials): HttpClient {
		return this.#env.client({
			credentials,
			secrets: () => this.auth.secrets,
			onExchange: (e) => this.#record(e)
		});
	}

	async #attempt(b: Built, signal: AbortSignal, absoluteUrl?: string): Promise<HttpResult> {
		const client = this.#client(b.credentials);
		return client.send({
			method: b.method,
			path: absoluteUrl ?? b.path,
			query: absoluteUrl ? undefined : b.query,
			headers: b.headers,
			body: b.body,
			signal,
			retry: false,
			redirect: b.method === 'GET' ? 'follow' : 'manual'
		});
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
		const b = this.#build(true, extraHeaders);
		await this.#run(b);
	}

	/** Follows a Link URL exactly as the server gave it (CH-OFF-3, CH-KEY-2); auth is added, not the URL rebuilt. */
	async followLink(url: string): Promise<void> {
		const full = this.#authUrl(this.keepBase ? keepBaseUrl(url, this.#env.apiRoot()) : url);
		const b = this.#build(true);
		this.#saved = undefined;
		await this.#run({ ...b, method: 'GET', body: undefined, bodyText: undefined }, full);
	}

	async resubmitWithCaptcha(spamLogId: number): Promise<void> {
		await this.send({
			'X-Service-Captcha-Response': this.captchaResponse.trim(),
			'X-Service-Spam-Log-Id': String(spamLogId)
		});
	}

	async #run(initial: Built, absoluteUrl?: string): Promise<void> {
		this.#controller?.abort();
		const controller = new AbortController();
		this.#controller = controller;
		this.sending = true;
		this.failure = null;
		this.#lastBuilt = initial;
		let b = initial;
		let url = absoluteUrl;
		const hops: Hop[] = [];
		let refreshed = false;
		let redirectNote: string | undefined;
		try {
			let result = await this.#attempt(b, controller.signal, url);
			for (;;) {
				const parsed = parseJsonBody(result.text);
				const status = result.response.status;
				if (
					!refreshed &&
					this.auth.method === 'oauth' &&
					needsFreshToken(
						status,
						parsed.ok ? parsed.value : undefined,
						b.usedToken,
						this.auth.token
					)
				) {
					const token = await this.auth.refreshAfterExpiry(b.usedToken);
					if (token) {
						refreshed = true;
						b = this.#build(true);
						if (url)
							url = url.replace(/access_token=[^&]*/, `access_token=${encodeURIComponent(token)}`);
						result = await this.#attempt(b, controller.signal, url);
						continue;
					}
				}
				const location = result.response.headers.get('location');
				if ([301, 302, 303, 307, 308].includes(status) && location) {
					const to = resolveLocation(location, result.url);
					if (b.method === 'GET' && hops.length < MAX_HOPS) {
						hops.push({ status, from: result.exchange.url, to: this.#hide(to) });
						url = to;
						result = await this.#attempt(b, controller.signal, to);
						continue;
					}
					redirectNote = `${status}: moved to ${this.#hide(to)}. Not followed: a ${b.method} is not repeated at a new address automatically, since the method could change. Send it to the new URL yourself.`;
				} else if ([301, 302, 303, 307, 308].includes(status)) {
					redirectNote = `${status} without a readable Location: ${this.#env.live() ? 'the browser hides it from another origin (not in Access-Control-Expose-Headers)' : 'the server did not send one'}.`;
				}
				if (result.response.type === 'opaqueredirect')
					redirectNote = `The server redirected this ${b.method}; the browser does not reveal the new URL to this page (cross-origin). Not followed.`;
				if (result.response.redirected && hops.length === 0)
					hops.push({
						status: 301,
						from: this.#hide(result.url),
						to: this.#hide(result.response.url)
					});
				break;
			}
			this.#lastUrl = url ?? result.url;
			this.response = this.#toResponse(result, b.method, hops, refreshed, redirectNote);
		} catch (error) {
			if (controller.signal.aborted && this.#controller !== controller) return;
			const kind = isApiProblem(error) ? error.kind : 'network';
			const message = error instanceof Error ? error.message : String(error);
			this.failure = classifyFailure(kind, message);
			this.response = null;
		} finally {
			if (this.#controller === controller) this.sending = false;
		}
	}

	#toResponse(
		result: HttpResult,
		method: string,
		hops: Hop[],
		refreshed: boolean,
		redirectNote?: string
	): ExplorerResponse {
		const parsed = parseJsonBody(result.text);
		const headers = result.exchange.responseHeaders;
		const crossOrigin = this.#env.live() && this.#crossOrigin();
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
			apiRoot: this.#env.apiRoot(),
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

	/** A URL as shown: secret query parameters and known secrets redacted. */
	#hide(url: string): string {
		return redactText(redactUrl(url), this.auth.secrets);
	}

	#crossOrigin(): boolean {
		try {
			return isCrossOrigin(
				this.#env.apiRoot(),
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
		const client = this.#client('omit');
		const result = await client.send({
			method: 'POST',
			path: tokenEndpoint(this.#env.apiRoot()),
			body: encodeForm(form),
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			retry: false
		});
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
		const client = this.#client(this.auth.applied.credentials);
		const apiRoot = this.#env.apiRoot();
		const walkHeaders = () => ({ ...this.auth.applied.headers, ...parseHeaderLines(this.headers) });
		let headers = walkHeaders();
		let used = this.auth.token;
		try {
			const result = await walkPages({
				firstUrl: this.#authUrl(first),
				cap: Math.max(1, Math.floor(this.walkCap) || 1),
				signal: controller.signal,
				rewrite: (u) => this.#authUrl(this.keepBase ? keepBaseUrl(u, apiRoot) : u),
				onProgress: (p) => (this.walkProgress = p),
				send: async (url, signal) => {
					const get = (u: string) =>
						client.send({ method: 'GET', path: u, headers, signal, retry: false });
					let r = await get(url);
					let parsed = parseJsonBody(r.text);
					// A token that expires mid-walk is refreshed once (shared with any other 401 at the time).
					if (
						this.auth.method === 'oauth' &&
						needsFreshToken(
							r.response.status,
							parsed.ok ? parsed.value : undefined,
							used,
							this.auth.token
						)
					) {
						const token = await this.auth.refreshAfterExpiry(used);
						if (token) {
							used = token;
							headers = walkHeaders();
							r = await get(this.#authUrl(url));
							parsed = parseJsonBody(r.text);
						}
					}
					return {
						status: r.response.status,
						// Raw headers: the next Link must be followed exactly as given.
						headers: headersToObject(r.response.headers),
						json: parsed.ok ? parsed.value : undefined
					};
				}
			});
			this.walkResult = { ...result, message: redactText(result.message, this.auth.secrets) };
		} finally {
			this.walking = false;
		}
	}

	/** A server-given URL with the current auth (see authorizeUrl). */
	#authUrl(url: string): string {
		return authorizeUrl(url, this.auth.applied, this.auth.token);
	}

	cancelFetchAll(): void {
		this.#walkController?.abort();
	}

	// ---- history ----

	#record(exchange: Exchange) {
		const entry = entryFromExchange(exchange, this.#env.apiRoot(), this.#saved, this.auth.secrets);
		this.history = [entry, ...this.history].slice(0, 500);
		void this.#store.add(entry);
	}

	async loadHistory(): Promise<void> {
		this.history = await this.#store.list();
	}

	get visibleHistory(): HistoryEntry[] {
		return searchHistory(this.history, this.historySearch);
	}

	rerun(entry: HistoryEntry): Promise<void> {
		if (entry.request) {
			this.method = (EXPLORER_METHODS as readonly string[]).includes(entry.request.method)
				? (entry.request.method as ExplorerMethod)
				: 'GET';
			this.path = entry.request.path;
			this.pathParams = {};
			this.query = entry.request.query.includes('[redacted]') ? '' : entry.request.query;
			this.params = entry.request.params;
			this.bodyKind = entry.request.bodyKind;
			this.queryInBody = false;
			return this.send();
		}
		return this.followLink(
			entry.url.replace(/[?&](private_token|access_token|job_token)=\[redacted\]/g, '')
		);
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
		const b = this.#lastBuilt ?? this.#build(true);
		const url = this.#lastUrl || joinUrl(this.#env.apiRoot(), b.path, b.query);
		return toCurl(
			{
				method: b.method,
				url,
				headers: { Accept: 'application/json', ...b.headers },
				body: b.bodyText,
				withCookies: b.credentials === 'include'
			},
			{ includeSecrets }
		).replace(
			includeSecrets ? /$^/ : new RegExp(this.auth.secrets.map(escapeRe).join('|') || '$^', 'g'),
			'[redacted]'
		);
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

function escapeRe(s: string): string {
	return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
