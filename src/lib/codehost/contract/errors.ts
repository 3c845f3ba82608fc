/**
 * Classifies an answer the code host sent into one of its error shapes (§5, §7 and the reference
 * facts). The words for each shape are in error-shapes.ts. One vocabulary: every shape is a finer
 * kind of an ApiProblem's kind (an answer that is an error is 'http'; a body that cannot be read
 * as JSON is 'parse', as it is for every area), and a failure with no answer at all is an
 * ApiProblem. No Svelte.
 */
import type { ProblemKind } from '$lib/http/problem';
import { parseRetryAfter } from '$lib/http/retry-after';
import { SHAPES, type ErrorShapeId } from './error-shapes';

export type { ErrorShapeId };

/**
 * Shapes of an answer the client cannot read as the API's JSON, whatever its status: the client's
 * 'parse' failure. An error status with a plain-text body is still an 'http' failure.
 */
const UNREADABLE: readonly ErrorShapeId[] = ['malformed-json', 'html-body'];

/** The ApiProblem kind a shape is a finer form of. */
export function problemKindOf(id: ErrorShapeId): Extract<ProblemKind, 'http' | 'parse'> {
	return UNREADABLE.includes(id) ? 'parse' : 'http';
}

export interface ErrorShape {
	/** The ApiProblem kind this shape refines: 'parse' or 'http'. */
	kind: Extract<ProblemKind, 'http' | 'parse'>;
	id: ErrorShapeId;
	/** The classification, shown as a heading. */
	title: string;
	meaning: string;
	action: string;
	rules: string[];
	/** Validation messages as property path → messages (nested entities flattened with dots). */
	fields?: { path: string; messages: string[] }[];
	captcha?: { siteKey: string; spamLogId: number };
	retryAfterSeconds?: number;
	/** Rate-limit headers the browser could read. */
	rateLimit?: Record<string, string>;
	/** Headers that matter here but that the browser could not read cross-origin. */
	unreadable?: string[];
	message?: string;
}

export interface AnswerInput {
	status: number;
	headers: Record<string, string>;
	bodyText: string;
	/** The parsed body, or undefined when it was not JSON. */
	json: unknown;
	isJson: boolean;
	/** Live mode across origins: some headers are hidden unless exposed. */
	crossOrigin: boolean;
}

const obj = (v: unknown): Record<string, unknown> | undefined =>
	v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/** Flattens `{bio: ["…"], embedded: {title: ["…"]}}` into path → messages (CH-ERR-2). */
export function validationFields(
	message: unknown,
	prefix = ''
): { path: string; messages: string[] }[] {
	const out: { path: string; messages: string[] }[] = [];
	const m = obj(message);
	if (!m) return out;
	for (const [key, value] of Object.entries(m)) {
		const path = prefix ? `${prefix}.${key}` : key;
		if (Array.isArray(value)) out.push({ path, messages: value.map(String) });
		else if (typeof value === 'string') out.push({ path, messages: [value] });
		else out.push(...validationFields(value, path));
	}
	return out;
}

/** The shape `id` in words, with `{status}` and `{scope}` filled in and any extras added. */
function shape(
	id: ErrorShapeId,
	vars: { status?: number; scope?: string } = {},
	extras: Partial<ErrorShape> = {}
): ErrorShape {
	const fill = (text: string) =>
		text
			.replace('{status}', String(vars.status ?? ''))
			.replace(/\{scope\}/g, vars.scope ?? 'required');
	const text = SHAPES[id];
	return {
		kind: problemKindOf(id),
		id,
		title: fill(text.title),
		meaning: fill(text.meaning),
		action: fill(text.action),
		rules: text.rules,
		...extras
	};
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

export function classifyAnswer(input: AnswerInput): ErrorShape | null {
	const { status } = input;
	const lower: Record<string, string> = {};
	for (const [k, v] of Object.entries(input.headers)) lower[k.toLowerCase()] = v;
	if (status < 400 && status !== 0) {
		const malformed =
			!input.isJson && input.bodyText.trim() !== '' && /json/i.test(lower['content-type'] ?? '');
		return malformed ? shape('malformed-json', { status }) : null;
	}
	if (!input.isJson && status >= 400 && status !== 429) {
		if (/^\s*</.test(input.bodyText)) return shape('html-body', { status });
		if (status < 500) return shape('not-json', { status });
	}
	const body = obj(input.json);
	const message = body?.message;
	const messageObj = obj(message);
	const error = body?.error;
	if (body?.needs_captcha_response === true)
		return shape(
			'spam-captcha',
			{},
			{
				captcha: {
					siteKey: String(body.captcha_site_key ?? ''),
					spamLogId: Number(body.spam_log_id)
				},
				message: text(messageObj?.error)
			}
		);
	if (messageObj && typeof messageObj.error === 'string' && Object.keys(messageObj).length === 1)
		return shape('spam', {}, { message: messageObj.error });
	const withMessage = (id: ErrorShapeId) => shape(id, { status }, { message: text(message) });
	switch (status) {
		case 400:
			return messageObj
				? shape('validation', {}, { fields: validationFields(messageObj) })
				: withMessage('missing-attribute');
		case 401: {
			if (error !== 'invalid_token') return withMessage('unauthorized');
			const description = String(body?.error_description ?? '');
			return shape(
				/revoked/i.test(description) ? 'oauth-revoked' : 'oauth-expired',
				{},
				{ message: description }
			);
		}
		case 403:
			if (typeof message === 'string' && /must be admin to use sudo/i.test(message))
				return withMessage('sudo-not-admin');
			if (error === 'insufficient_scope') {
				const description = text(body?.error_description);
				return shape(
					'sudo-no-scope',
					{ scope: text(body?.scope) },
					{
						meaning: description ?? SHAPES['sudo-no-scope'].meaning,
						message: description ?? ''
					}
				);
			}
			return withMessage('forbidden');
		case 404:
			if (typeof message === 'string' && /user with id or username/i.test(message))
				return withMessage('sudo-unknown-user');
			if (error === '404 Not Found' || (typeof error === 'string' && message === undefined))
				return shape('unknown-route');
			return withMessage('missing-resource');
		case 405:
			// The server's own sentence says exactly which offset and resource.
			if (typeof error === 'string' && /maximum allowed offset/i.test(error))
				return shape('max-offset', {}, { meaning: error });
			if (typeof error === 'string' && /keyset/i.test(error))
				return shape('keyset-unavailable', {}, { meaning: error });
			return shape('method-not-allowed');
		case 409:
			return shape('conflict');
		case 412:
			return shape('precondition-failed');
		case 414:
			return shape('uri-too-long');
		case 422:
			return shape('unprocessable');
		case 429:
			return rateLimited(input, lower);
	}
	if (status >= 500)
		return shape(
			'server-error',
			{ status },
			status === 503 ? { meaning: 'The server is temporarily overloaded.' } : {}
		);
	return shape('client-error', { status });
}

/** A 429: how long to wait, the rate-limit headers that could be read, and those that could not. */
function rateLimited(input: AnswerInput, lower: Record<string, string>): ErrorShape {
	const readable: Record<string, string> = {};
	for (const [k, v] of Object.entries(lower))
		if (k === 'retry-after' || k.startsWith('ratelimit-')) readable[k] = v;
	const retryMs = parseRetryAfter(lower['retry-after']);
	const unreadable =
		input.crossOrigin && !('retry-after' in lower) ? ['Retry-After', 'RateLimit-*'] : undefined;
	return shape(
		'rate-limited',
		{},
		{
			meaning: `The application rate limit was exceeded${input.isJson ? '' : `; the body is plain text (“${input.bodyText.trim().slice(0, 80)}”)`}.`,
			action:
				retryMs !== undefined
					? `Wait ${Math.ceil(retryMs / 1000)} s (Retry-After) and try again.`
					: unreadable
						? 'The server’s Retry-After is not readable from this origin (not exposed by CORS): wait a minute and try again.'
						: SHAPES['rate-limited'].action,
			retryAfterSeconds: retryMs === undefined ? undefined : Math.ceil(retryMs / 1000),
			rateLimit: readable,
			unreadable
		}
	);
}
