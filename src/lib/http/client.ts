/**
 * The one HTTP core: send, the origin guard, failures as ApiProblem. Reading an answer as JSON
 * is read-json.ts.
 */
import ky, { HTTPError, TimeoutError } from 'ky';
import type { GenericSchema } from 'valibot';
import {
	hasCredentialHeader,
	hasCredentialParam,
	sameOrigin,
	withoutCredentialHeaders,
	withoutCredentialParams
} from './credentials';
import { recordExchange, type Exchange } from './exchange';
import { ApiProblem, type ProblemKind } from './problem';
import {
	browserEnv,
	classifyFetchFailure,
	type ReachabilityEnv,
	type Transport
} from './reachability';
import { hintFor } from './hints';
import { readJson, type HttpResult } from './read-json';
import { readBodyText } from './read-body';
import { redactText, redactUrl } from './redact';

export type { Transport } from './reachability';
export { readJson, type HttpResult } from './read-json';

/** Bytes of something a request needs that have arrived so far (total 0: not known). */
export interface LoadProgress {
	loaded: number;
	total: number;
}

/**
 * Work a request needs done before it is sent, such as loading the demo service's code and data.
 * It runs before the request's timeout starts: that timeout is for the answer, not for this.
 * Reports progress only when it has to wait; rejects with an ApiProblem.
 */
export type Prepare = (request: {
	method: string;
	url: string;
	signal?: AbortSignal;
	onProgress?: (progress: LoadProgress) => void;
}) => Promise<void>;

export interface ClientOptions {
	/** Absolute URL of the API root, e.g. https://host/api/v4. */
	baseUrl: string;
	transport: Transport;
	prepare?: Prepare;
	headers?: Record<string, string>;
	/** Credential headers (e.g. an API token): sent only to the base URL's origin. */
	credentialHeaders?: () => Record<string, string>;
	timeoutMs?: number;
	/** Retries for idempotent methods; money-spending calls pass `retry: false` per request. */
	retryLimit?: number;
	/** The longest Retry-After we wait for automatically. */
	maxRetryAfterMs?: number;
	credentials?: RequestCredentials;
	/** Values to scrub from the exchange record, besides known secret headers and params. */
	secrets?: () => readonly string[];
	onExchange?: (exchange: Exchange) => void;
	env?: ReachabilityEnv;
}

export type Query =
	string | URLSearchParams | Record<string, string | number | boolean | undefined>;

export interface RequestSpec {
	method: string;
	/** Relative to the base URL, or an absolute URL (e.g. a Link header's URL, used as given). */
	path: string;
	/** A string is appended exactly as written, so callers keep control of encoding. */
	query?: Query;
	headers?: Record<string, string>;
	json?: unknown;
	body?: BodyInit;
	signal?: AbortSignal;
	retry?: boolean;
	/** Followed by the browser only for a request that carries no credential (see send). */
	redirect?: RequestRedirect;
	/** Overrides the client's cookie policy for this request (never widened for another origin). */
	credentials?: RequestCredentials;
	timeoutMs?: number;
	/** Progress of what must load before the request is sent (see Prepare). */
	onLoading?: (progress: LoadProgress) => void;
	/** Told the answer's status and headers as soon as they are in, before its body is read. */
	onHead?: (response: Response) => void;
}

export const IDEMPOTENT_METHODS = ['get', 'head', 'options', 'put', 'delete', 'trace'] as const;
export const RETRY_STATUS_CODES = [408, 429, 500, 502, 503, 504];
/** Statuses whose Retry-After ky honours. */
export const RETRY_AFTER_STATUS_CODES = [429, 503];

export function buildUrl(baseUrl: string, path: string, query?: Query): string {
	let url = /^[a-z][a-z0-9+.-]*:\/\//i.test(path)
		? path
		: `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
	let queryString = '';
	if (typeof query === 'string') queryString = query.replace(/^\?/, '');
	else if (query instanceof URLSearchParams) queryString = query.toString();
	else if (query) {
		const params = new URLSearchParams();
		for (const [k, v] of Object.entries(query)) if (v !== undefined) params.append(k, String(v));
		queryString = params.toString();
	}
	if (queryString) url += (url.includes('?') ? '&' : '?') + queryString;
	return url;
}

export class HttpClient {
	readonly options: ClientOptions;
	readonly #ky: typeof ky;

	constructor(options: ClientOptions) {
		this.options = options;
		this.#ky = ky.create({
			fetch: options.transport,
			timeout: options.timeoutMs ?? 15_000,
			throwHttpErrors: true,
			credentials: options.credentials,
			retry: {
				limit: options.retryLimit ?? 2,
				methods: [...IDEMPOTENT_METHODS],
				statusCodes: RETRY_STATUS_CODES,
				afterStatusCodes: RETRY_AFTER_STATUS_CODES,
				maxRetryAfter: options.maxRetryAfterMs ?? 60_000,
				backoffLimit: 10_000
			}
		});
	}

	/**
	 * Sends a request and resolves with any HTTP answer, error statuses included (the explorer
	 * shows them as they are). Rejects with an ApiProblem only when no answer came.
	 */
	async send(spec: RequestSpec): Promise<HttpResult> {
		const method = spec.method.toUpperCase();
		let url = buildUrl(this.options.baseUrl, spec.path, spec.query);
		let headers = new Headers(this.options.headers);
		for (const [k, v] of Object.entries(spec.headers ?? {})) headers.set(k, v);
		let credentials = spec.credentials ?? this.options.credentials;
		// A secret variable's value is a credential like a token: known values count wherever
		// they stand, in any written form.
		const secrets = this.options.secrets?.() ?? [];
		// Credentials belong to the base URL's origin: a request anywhere else goes out bare,
		// whoever built it (a Link, a Location, an imported history entry).
		if (sameOrigin(url, this.options.baseUrl)) {
			for (const [k, v] of Object.entries(this.options.credentialHeaders?.() ?? {}))
				headers.set(k, v);
		} else {
			url = withoutCredentialParams(url, secrets);
			headers = withoutCredentialHeaders(headers, secrets);
			credentials = 'omit';
		}
		// The browser repeats a followed redirect with the same headers, wherever it leads: a
		// request with credentials sees each hop itself and decides (an opaque one is not followed).
		const carriesCredentials =
			hasCredentialHeader(headers, secrets) ||
			hasCredentialParam(url, secrets) ||
			credentials === 'include';
		const redirect = carriesCredentials ? 'manual' : spec.redirect;
		let requestBody: string | undefined;
		let body: BodyInit | undefined = spec.body;
		if (spec.json !== undefined) {
			requestBody = JSON.stringify(spec.json);
			body = requestBody;
			if (!headers.has('content-type')) headers.set('content-type', 'application/json');
		} else if (typeof spec.body === 'string') requestBody = spec.body;
		else if (spec.body instanceof URLSearchParams) requestBody = spec.body.toString();

		if (this.options.prepare) {
			try {
				await this.options.prepare({
					method,
					url,
					signal: spec.signal,
					onProgress: spec.onLoading
				});
			} catch (error) {
				if (error instanceof ApiProblem) throw error;
				const kind = spec.signal?.aborted ? 'aborted' : 'network';
				const shown = redactText(redactUrl(url), secrets);
				throw new ApiProblem({
					kind,
					method,
					url: shown,
					message: messageFor(kind, method, shown),
					hint: hintFor({ kind, url }),
					cause: error
				});
			}
		}

		const started = performance.now();
		const startedAt = Date.now();
		let retries = 0;
		let response: Response;
		try {
			const timeoutMs = spec.timeoutMs ?? this.options.timeoutMs ?? 15_000;
			const init: RequestInit = { method, headers, body, redirect, credentials };
			response =
				spec.retry === false
					? await this.#once(url, init, timeoutMs, spec.signal)
					: await this.#ky(url, {
							...init,
							signal: spec.signal,
							timeout: timeoutMs,
							hooks: {
								beforeRetry: [
									() => {
										retries++;
									}
								]
							}
						});
		} catch (error) {
			if (error instanceof HTTPError) {
				response = error.response;
			} else {
				const kind = await this.#failureKind(error, url, spec.signal);
				const exchange = this.#record({
					startedAt,
					started,
					method,
					url,
					headers,
					requestBody,
					retries,
					problemKind: kind
				});
				throw new ApiProblem({
					kind,
					method,
					url: exchange.url,
					message: messageFor(kind, method, exchange.url),
					hint: hintFor({ kind, url }),
					cause: error
				});
			}
		}
		spec.onHead?.(response);
		let text: string;
		let bytes: number;
		let whole: Blob | undefined;
		try {
			// As text() reads it, with its size in bytes, and a big body a slice per task.
			({ text, bytes, whole } = await readBodyText(response));
		} catch (error) {
			const kind = await this.#failureKind(error, url, spec.signal);
			this.#record({
				startedAt,
				started,
				method,
				url,
				headers,
				requestBody,
				retries,
				response,
				problemKind: kind
			});
			const shown = redactText(redactUrl(url), secrets);
			throw new ApiProblem({
				kind,
				method,
				url: shown,
				status: response.status,
				message: `The connection dropped while reading the answer to ${method} ${shown}.`,
				hint: hintFor({ kind, url }),
				cause: error
			});
		}
		const exchange = this.#record({
			startedAt,
			started,
			method,
			url,
			headers,
			requestBody,
			retries,
			response,
			responseBody: text,
			responseBytes: bytes
		});
		return { response, text, url, exchange, ...(whole && { whole }) };
	}

	/**
	 * Sends a request that must answer 2xx with JSON, and validates it against a schema.
	 * HTTP errors, unreadable bodies and contract breaks all reject with an ApiProblem.
	 */
	async json<T>(
		spec: RequestSpec,
		schema?: GenericSchema<unknown, T>
	): Promise<{ data: T; result: HttpResult }> {
		const result = await this.send(spec);
		return { data: readJson(result, spec.method, schema), result };
	}

	/**
	 * One try without ky, for a request that is not retried (every explorer request): ky builds
	 * and clones a Request each time, which a walk of 100 pages paid on every page. Times out as
	 * ky does, whether or not the transport honours the abort.
	 */
	#once(url: string, init: RequestInit, timeoutMs: number, signal?: AbortSignal) {
		const controller = new AbortController();
		const abort = () => controller.abort(signal?.reason);
		if (signal?.aborted) abort();
		else signal?.addEventListener('abort', abort, { once: true });
		return new Promise<Response>((resolve, reject) => {
			const timer = setTimeout(() => {
				controller.abort();
				reject(new TimeoutError(new Request(url, { method: init.method })));
			}, timeoutMs);
			this.options
				.transport(url, { ...init, signal: controller.signal })
				.then(resolve, reject)
				.finally(() => {
					clearTimeout(timer);
					signal?.removeEventListener('abort', abort);
				});
		});
	}

	async #failureKind(error: unknown, url: string, signal?: AbortSignal): Promise<ProblemKind> {
		if (error instanceof TimeoutError) return 'timeout';
		if (signal?.aborted || (error instanceof DOMException && error.name === 'AbortError'))
			return 'aborted';
		return classifyFetchFailure(url, this.options.transport, this.options.env ?? browserEnv);
	}

	#record(input: {
		startedAt: number;
		started: number;
		method: string;
		url: string;
		headers: Headers;
		requestBody?: string;
		retries: number;
		response?: Response;
		responseBody?: string;
		responseBytes?: number;
		problemKind?: ProblemKind;
	}): Exchange {
		const exchange = recordExchange({
			...input,
			requestHeaders: input.headers,
			durationMs: performance.now() - input.started,
			secrets: this.options.secrets?.() ?? []
		});
		this.options.onExchange?.(exchange);
		return exchange;
	}
}

function messageFor(kind: ProblemKind, method: string, url: string): string {
	switch (kind) {
		case 'timeout':
			return `${method} ${url} took too long and was stopped.`;
		case 'aborted':
			return `${method} ${url} was cancelled.`;
		case 'cors':
			return `The browser blocked the answer to ${method} ${url}: the server does not allow this app's origin (CORS).`;
		default:
			return `${method} ${url} could not reach the server.`;
	}
}

export function createClient(options: ClientOptions): HttpClient {
	return new HttpClient(options);
}
