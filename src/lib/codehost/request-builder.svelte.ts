/**
 * The request being built: the form's fields, what they make (path, query, body, headers, without
 * auth), and the lint shown before sending. The explorer's state extends it.
 */
import type { AuthState } from './auth.svelte';
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
import { badHeaderLine, badHeaderMessage, parseHeaderLines } from './header-lines';
import type { RequestSnapshot } from './collections';
import type { SavedRequest } from './history';
import { REDACTED } from '$lib/http/redact';
import { nullParams } from './rules';
import { requestTarget, type RequestTarget } from './request-target';
import {
	resolve,
	resolveParams,
	unresolvedMessage,
	variableNames,
	variableProblems
} from './variables';

export const EXPLORER_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type ExplorerMethod = (typeof EXPLORER_METHODS)[number];

/** A request as the form builds it, without auth: the send path adds that where it may. */
export interface Built {
	method: string;
	path: string;
	query: string;
	headers: Record<string, string>;
	body?: BodyInit;
	bodyText?: string;
}

/** What the form needs from the page around it. */
export interface BuilderContext {
	apiRoot: string;
	auth: AuthState;
	/** The last answer's status (a 414 offers to send the parameters as a body). */
	status?: number;
	/** The active environment's variable values. */
	variables: Readonly<Record<string, string>>;
}

export abstract class RequestBuilder {
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

	protected abstract get builderContext(): BuilderContext;

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

	/** The path with its variables (each one segment, `/` as %2F) and `:params` filled. */
	get builtPath(): string {
		const vars = this.builderContext.variables;
		const filled = Object.fromEntries(
			Object.entries(this.pathParams).map(([k, v]) => [k, resolve(v, vars, 'raw').text])
		);
		return fillPath(resolve(this.path, vars, 'path').text, filled);
	}

	/** The query as typed, with its variables filled (each value percent-encoded). */
	get resolvedQuery(): string {
		return resolve(this.query, this.builderContext.variables, 'query').text;
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
		const vars = this.builderContext.variables;
		return this.variablesUsed.filter((n) => !vars[n]);
	}

	#variableError(): string | null {
		if (this.unresolved.length) return unresolvedMessage(this.unresolved);
		return variableProblems(this.headers, this.query, this.builderContext.variables)[0] ?? null;
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
			return {
				ok: true,
				value: resolveParams(value as Record<string, ParamValue>, this.builderContext.variables)
			};
		} catch (e) {
			return {
				ok: false,
				error: `Parameters are not valid JSON (${(e as Error).message}). Write one JSON object, for example {"name": "value"}, or clear the field.`
			};
		}
	}

	get lint(): PathLint[] {
		const out = lintRequest(this.builtPath, this.queryInBody ? '' : this.resolvedQuery);
		const vars = this.builderContext.variables;
		if (this.unresolved.length)
			out.push({ level: 'error', message: unresolvedMessage(this.unresolved) });
		for (const message of variableProblems(this.headers, this.query, vars))
			out.push({ level: 'error', message });
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
		for (const w of this.builderContext.auth.applied.warnings)
			out.push({ level: 'warning', message: w });
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
		return badHeader === undefined ? this.#variableError() : badHeaderMessage(badHeader);
	}

	/** Where the request goes, read as the send path reads it (another origin: no credential). */
	get target(): RequestTarget {
		const b = this.build();
		try {
			return requestTarget(this.builderContext.apiRoot, b.path, b.query);
		} catch {
			return { url: joinUrl(this.builderContext.apiRoot, b.path, b.query), credentialed: false };
		}
	}

	/** The URL as it will be sent, with secrets left out. */
	get previewUrl(): string {
		const { url, credentialed } = this.target;
		if (!credentialed) return url;
		const auth = this.builderContext.auth.applied.query.map((q) => q.replace(/=.*/, '=…'));
		return auth.length ? `${url}${url.includes('?') ? '&' : '?'}${auth.join('&')}` : url;
	}

	get offerBody(): boolean {
		return (
			!this.queryInBody &&
			(this.builderContext.status === 414 || this.previewUrl.length > LONG_URL_CHARS)
		);
	}

	sendAsBody() {
		this.queryInBody = true;
		if (this.bodyKind === 'query' || this.bodyKind === 'none') this.bodyKind = 'form';
	}

	keysetHelp(orderBy?: string, sort?: 'asc' | 'desc') {
		return keysetAdvice(this.builtPath, this.builderContext.auth.authenticated, 100, orderBy, sort);
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

	protected build(extraHeaders: Record<string, string> = {}): Built {
		const p = this.parsedParams;
		const params = p.ok ? p.value : {};
		const query = this.resolvedQuery;
		const queryParts: string[] = [];
		if (query.trim() && !this.queryInBody) queryParts.push(query.trim().replace(/^\?/, ''));
		if (this.bodyKind === 'query' && Object.keys(params).length)
			queryParts.push(encodeQuery(params));
		const headers: Record<string, string> = {
			...parseHeaderLines(resolve(this.headers, this.builderContext.variables, 'raw').text),
			...extraHeaders
		};
		let body: BodyInit | undefined;
		let bodyText: string | undefined;
		if (this.method !== 'GET') {
			if (this.bodyKind === 'json') {
				const merged = this.queryInBody
					? { ...Object.fromEntries(decodeQuery(query)), ...params }
					: params;
				bodyText = JSON.stringify(merged);
				body = bodyText;
				headers['Content-Type'] = 'application/json';
			} else if (this.bodyKind === 'form') {
				bodyText = [this.queryInBody ? query.trim() : '', encodeForm(params)]
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
			} else if (this.queryInBody && query.trim()) {
				bodyText = query.trim();
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

	/** The form as it stands, `{{variables}}` unresolved, auth by name only (for saving). */
	snapshot(): RequestSnapshot {
		const auth = this.builderContext.auth;
		return {
			method: this.method,
			path: this.path,
			pathParams: { ...this.pathParams },
			query: this.query,
			params: this.params,
			bodyKind: this.bodyKind,
			headers: this.headers,
			auth: { method: auth.method, way: auth.way }
		};
	}

	/** Fills the form from a saved request; the token field is left as it is. */
	restore(saved: RequestSnapshot) {
		this.method = saved.method;
		this.path = saved.path;
		this.pathParams = { ...saved.pathParams };
		this.query = saved.query;
		this.params = saved.params;
		this.bodyKind = saved.bodyKind;
		this.headers = saved.headers;
		this.queryInBody = false;
		this.file = null;
		const auth = this.builderContext.auth;
		if (auth.method !== saved.auth.method) auth.setMethod(saved.auth.method);
		auth.way = saved.auth.way;
		auth.save();
	}

	/** Fills the form from a saved request (history). */
	protected load(request: SavedRequest) {
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
}
