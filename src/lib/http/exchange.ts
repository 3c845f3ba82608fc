import { redactBody, redactHeaders, redactHeaderUrls, redactText, redactUrl } from './redact';

/** A request and its response as sent and received, with secrets redacted. */
export interface Exchange {
	id: number;
	startedAt: string;
	method: string;
	url: string;
	requestHeaders: Record<string, string>;
	requestBody?: string;
	status?: number;
	statusText?: string;
	responseHeaders: Record<string, string>;
	responseBody?: string;
	/** Wall time from sending to the whole body read, in ms. */
	durationMs: number;
	/** Response body size in bytes as received (decoded). */
	sizeBytes: number;
	/** Retries ky made before this answer. */
	retries: number;
	problemKind?: string;
}

let nextId = 1;

export interface ExchangeInput {
	startedAt: number;
	method: string;
	url: string;
	requestHeaders: Headers;
	requestBody?: string;
	response?: Response;
	responseBody?: string;
	/** The body's size in bytes as read, when known (spares encoding a big body again). */
	responseBytes?: number;
	durationMs: number;
	retries: number;
	problemKind?: string;
	secrets: readonly string[];
}

export function headersToObject(headers: Headers): Record<string, string> {
	const out: Record<string, string> = {};
	headers.forEach((value, name) => {
		out[name] = value;
	});
	return out;
}

/**
 * The longest response body a record keeps whole (redacted). Past this (tens of MB) the record
 * keeps its first RECORDED_HEAD_CHARS: redacting it all would hold the page for a quarter of a
 * second, and those who read the record keep less (History: 16,000 characters).
 */
export const RECORDED_BODY_CHARS = 12_000_000;
export const RECORDED_HEAD_CHARS = 1_000_000;

export function recordExchange(input: ExchangeInput): Exchange {
	// By name (a token an answer just handed out is not yet a known secret) and by known value.
	const clean = (text: string | undefined) =>
		text === undefined ? undefined : redactText(redactBody(text), input.secrets);
	// A secret can travel in any header (a custom one, or echoed back), not only the known names.
	const cleanHeaders = (headers: Record<string, string>) =>
		Object.fromEntries(
			Object.entries(headers).map(([k, v]) => [k, redactText(redactHeaderUrls(v), input.secrets)])
		);
	return {
		id: nextId++,
		startedAt: new Date(input.startedAt).toISOString(),
		method: input.method,
		url: redactText(redactUrl(input.url), input.secrets),
		requestHeaders: cleanHeaders(redactHeaders(headersToObject(input.requestHeaders))),
		requestBody: clean(input.requestBody),
		status: input.response?.status,
		statusText: input.response?.statusText,
		responseHeaders: input.response
			? cleanHeaders(redactHeaders(headersToObject(input.response.headers)))
			: {},
		responseBody: clean(
			(input.responseBody?.length ?? 0) > RECORDED_BODY_CHARS
				? input.responseBody?.slice(0, RECORDED_HEAD_CHARS)
				: input.responseBody
		),
		durationMs: Math.round(input.durationMs),
		sizeBytes:
			input.responseBytes ??
			(input.responseBody ? new TextEncoder().encode(input.responseBody).length : 0),
		retries: input.retries,
		problemKind: input.problemKind
	};
}
