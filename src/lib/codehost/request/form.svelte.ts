/**
 * The request being built: the form's fields and what they make (path, query, body, headers,
 * without auth). Building and lint are request-build.ts's; this class holds the fields.
 */
import type { AuthState } from '../auth/auth.svelte';
import type { CatalogueEntry } from '../catalogue/catalogue';
import {
	joinUrl,
	LONG_URL_CHARS,
	pathParamNames,
	type ParamValue,
	type PathLint
} from './encoding';
import {
	ENDPOINTS,
	keysetAdvice,
	type BodyKind,
	type EndpointTemplate
} from '../contract/endpoints';
import {
	EXPLORER_METHODS,
	type BuiltRequest,
	type CodehostRequest,
	type ExplorerMethod,
	type FileSlot,
	type RecordedRequest
} from './request';
import { REDACTED } from '$lib/http/redact';
import {
	buildRequest,
	fillRequestPath,
	inputError,
	lintForm,
	parseParams,
	withKeysetQuery
} from './build';
import { HEADER_ROWS, joinUrl as joinBar, QUERY_ROWS, splitUrl } from './key-value-rows';
import { KeyValueRows } from './key-value-rows.svelte';
import { requestTarget, type RequestTarget } from './target';
import { resolve, resolveParams, variableNames } from './variables';

export { EXPLORER_METHODS, type ExplorerMethod };

/** What the form needs from the page around it. */
export interface FormContext {
	apiRoot: string;
	auth: AuthState;
	/** The last answer's status (a 414 offers to send the parameters as a body). */
	status?: number;
	/** The active environment's variable values. */
	variables: Readonly<Record<string, string>>;
}

export class RequestFormState {
	templateId = $state('list-projects');
	method = $state<ExplorerMethod>('GET');
	path = $state('/projects');
	pathParams = $state<Record<string, string>>({});
	/** The query's parameters, as rows and as the text of the "Query" field. */
	readonly queryRows = new KeyValueRows(QUERY_ROWS, 'per_page=5');
	params = $state('');
	bodyKind = $state<BodyKind>('query');
	/** Send the raw query string in a form body (after a 414). */
	queryInBody = $state(false);
	file = $state<File | null>(null);
	/** Where a file the request needs goes (curl's `-F avatar=@…`, `-T …`); null: the optional “file”. */
	fileSlot = $state.raw<FileSlot | null>(null);
	captchaResponse = $state('');
	/** Extra request headers, as rows and as the "Request headers" text, `Name: value` a line. */
	readonly headerRows = new KeyValueRows(HEADER_ROWS);
	/** The catalogue endpoint last chosen in the path field (catalogue/choose.ts). */
	endpoint = $state.raw<CatalogueEntry | null>(null);

	/** The URL bar's text as last typed, kept while it says the same path and query. */
	#typedUrl = $state('');
	#context: () => FormContext;

	constructor(context: () => FormContext) {
		this.#context = context;
	}

	get #ctx(): FormContext {
		return this.#context();
	}

	/** The query as sent, `a=1&b=2`: the parameters that are on (the "Query" field). */
	get query(): string {
		return this.queryRows.text;
	}
	set query(text: string) {
		this.queryRows.text = text;
	}

	/** Extra request headers, one `Name: value` per line (e.g. If-Unmodified-Since). */
	get headers(): string {
		return this.headerRows.text;
	}
	set headers(text: string) {
		this.headerRows.text = text;
	}

	/**
	 * The URL bar: the path with its query, as Send sends them. Typing a path without a query
	 * leaves none (nothing carried over unseen); a `?a=1` typed adds a query row.
	 */
	get url(): string {
		const typed = splitUrl(this.#typedUrl);
		return typed.path === this.path && typed.query === this.query
			? this.#typedUrl
			: joinBar(this.path, this.query);
	}
	set url(text: string) {
		this.#typedUrl = text;
		const { path, query } = splitUrl(text);
		this.path = path;
		this.query = query;
	}

	get template(): EndpointTemplate | undefined {
		return ENDPOINTS.find((t) => t.id === this.templateId);
	}

	/** The template the request still is (its method and path), for the Template field. */
	get shownTemplate(): EndpointTemplate | undefined {
		const t = this.template;
		return t && t.method === this.method && t.path === this.path ? t : undefined;
	}

	/** Path parameters (`:id`) without a value: Send refuses the request until they have one. */
	get missingPathParams(): string[] {
		return this.paramNames.filter((name) => !(this.pathParams[name] ?? '').trim());
	}

	useTemplate(id: string) {
		const t = ENDPOINTS.find((e) => e.id === id);
		if (!t) return;
		this.templateId = id;
		this.method = t.method;
		this.path = t.path;
		this.pathParams = { ...t.example };
		this.queryRows.reset(t.query ?? '');
		this.params = t.params ? JSON.stringify(t.params, null, 2) : '';
		this.bodyKind = t.bodyKind ?? (t.method === 'GET' ? 'query' : 'json');
		this.queryInBody = false;
		this.file = null;
		this.fileSlot = null;
	}

	get paramNames(): string[] {
		return pathParamNames(this.path);
	}

	/** The path with its variables (each one segment, `/` as %2F) and `:params` filled. */
	get builtPath(): string {
		return fillRequestPath(this.path, this.pathParams, this.#ctx.variables);
	}

	/** The query as typed, with its variables filled (each value percent-encoded). */
	get resolvedQuery(): string {
		return resolve(this.query, this.#ctx.variables, 'query').text;
	}

	/** Every `{{name}}` the request uses, in order. */
	get variablesUsed(): string[] {
		return variableNames(
			this.path,
			...Object.values(this.pathParams),
			this.query,
			this.params,
			this.headers
		);
	}

	/** Variables the active environment leaves without a value. */
	get unresolved(): string[] {
		const vars = this.#ctx.variables;
		return this.variablesUsed.filter((n) => !vars[n]);
	}

	get parsedParams():
		{ ok: true; value: Record<string, ParamValue> } | { ok: false; error: string } {
		return parseParams(this.params, (value) => resolveParams(value, this.#ctx.variables));
	}

	get lint(): PathLint[] {
		return lintForm(this, this.#ctx.variables, this.#ctx.auth.applied);
	}

	/**
	 * Input the request cannot carry (parameters that are not a JSON object, a header line that is
	 * not `Name: value`) would otherwise be dropped silently; Send refuses it and says what to do.
	 */
	get inputError(): string | null {
		return inputError(this, this.#ctx.variables);
	}

	/** Where the request goes, read as the send path reads it (another origin: no credential). */
	get target(): RequestTarget {
		const b = this.build();
		try {
			return requestTarget(this.#ctx.apiRoot, b.target, b.query);
		} catch {
			return { url: joinUrl(this.#ctx.apiRoot, b.target, b.query), credentialed: false };
		}
	}

	/** The URL as it will be sent, with secrets left out. */
	get previewUrl(): string {
		const { url, credentialed } = this.target;
		if (!credentialed) return url;
		const auth = this.#ctx.auth.applied.query.map((q) => q.replace(/=.*/, '=…'));
		return auth.length ? `${url}${url.includes('?') ? '&' : '?'}${auth.join('&')}` : url;
	}

	get offerBody(): boolean {
		return (
			!this.queryInBody && (this.#ctx.status === 414 || this.previewUrl.length > LONG_URL_CHARS)
		);
	}

	sendAsBody() {
		this.queryInBody = true;
		if (this.bodyKind === 'query' || this.bodyKind === 'none') this.bodyKind = 'form';
	}

	keysetHelp(orderBy?: string, sort?: 'asc' | 'desc') {
		return keysetAdvice(this.builtPath, this.#ctx.auth.authenticated, 100, orderBy, sort);
	}

	applyKeyset(orderBy?: string, sort?: 'asc' | 'desc') {
		const advice = this.keysetHelp(orderBy, sort);
		if (advice.query) this.query = withKeysetQuery(this.query, advice.query);
	}

	/** The request the form makes now, without auth (the send path adds it where it may). */
	build(extraHeaders: Record<string, string> = {}): BuiltRequest {
		const p = this.parsedParams;
		return buildRequest(
			{
				method: this.method,
				builtPath: this.builtPath,
				resolvedQuery: this.resolvedQuery,
				params: p.ok ? p.value : {},
				bodyKind: this.bodyKind,
				queryInBody: this.queryInBody,
				file: this.file,
				fileSlot: this.fileSlot,
				headers: this.headers,
				headersFrom: 'typed',
				variables: this.#ctx.variables
			},
			extraHeaders
		);
	}

	/** The form's request as it stands, `{{variables}}` unresolved, auth by name only (for saving). */
	request(): CodehostRequest {
		const auth = this.#ctx.auth;
		return {
			method: this.method,
			path: this.path,
			pathParams: { ...this.pathParams },
			query: this.query,
			params: this.params,
			bodyKind: this.bodyKind,
			headers: this.headers,
			auth: { method: auth.method, way: auth.way },
			...(this.fileSlot ? { fileSlot: this.fileSlot } : {})
		};
	}

	/**
	 * Fills the form from a request: a whole one (saved, imported, carried over) as it is, auth
	 * by name included; or what a History entry kept of one (method, path, query and body, a query
	 * stored redacted left out), the rest of the form staying. The token field is left as it is.
	 */
	load(request: CodehostRequest | RecordedRequest) {
		this.queryInBody = false;
		this.params = request.params;
		this.bodyKind = request.bodyKind;
		if (!('auth' in request)) {
			this.method = (EXPLORER_METHODS as readonly string[]).includes(request.method)
				? (request.method as ExplorerMethod)
				: 'GET';
			this.path = request.path.startsWith('/') ? request.path : `/${request.path}`;
			this.pathParams = {};
			this.queryRows.reset(request.query.includes(REDACTED) ? '' : request.query);
			return;
		}
		this.method = request.method;
		this.path = request.path;
		this.pathParams = { ...request.pathParams };
		this.queryRows.reset(request.query);
		this.headerRows.reset(request.headers);
		this.file = null;
		this.fileSlot = request.fileSlot ?? null;
		const auth = this.#ctx.auth;
		if (auth.method !== request.auth.method) auth.setMethod(request.auth.method);
		auth.way = request.auth.way;
		auth.save();
	}
}
