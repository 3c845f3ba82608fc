/** An answer as the explorer shows it: status, headers, body, its error shape and pagination. */
import { headersToObject } from '$lib/http/exchange';
import { redactHeaderUrls, redactText, redactUrl } from '$lib/http/redact';
import { parseJsonBody } from '$lib/http/validate';
import { classifyAnswer, type ErrorShape } from './errors';
import { inspectPagination, type PaginationReport } from './pagination';
import type { Hop, SendOutcome } from './send';

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

export interface ResponseContext {
	apiRoot: string;
	/** Live mode with the API on another origin than the page: some headers are hidden. */
	crossOrigin: boolean;
	secrets: readonly string[];
}

export function toExplorerResponse(
	outcome: SendOutcome,
	method: string,
	context: ResponseContext
): ExplorerResponse {
	const { result, hops, refreshed, redirectNote, offsite } = outcome;
	const parsed = parseJsonBody(result.text);
	const headers = result.exchange.responseHeaders;
	const json = parsed.ok ? parsed.value : undefined;
	// Link URLs come from the raw headers, to be followed exactly as given (the exchange record
	// has secrets redacted, also inside a Link that echoes a query token); what is shown is redacted.
	const report = inspectPagination(headersToObject(result.response.headers), {
		apiRoot: context.apiRoot,
		requestUrl: result.exchange.url,
		crossOrigin: context.crossOrigin,
		isList: Array.isArray(json),
		listLength: Array.isArray(json) ? json.length : undefined
	});
	const hide = (text: string) => redactText(redactHeaderUrls(text), context.secrets);
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
			crossOrigin: context.crossOrigin
		}),
		pagination: {
			...report,
			rows: report.rows.map((r) => ({ ...r, value: r.value === null ? null : hide(r.value) })),
			links: report.links.map((l) => ({
				...l,
				shown: redactText(redactUrl(l.url), context.secrets)
			}))
		}
	};
}

/** Whether the answer has something to page through (or a paging error to fix). */
export function hasPagination(response: ExplorerResponse): boolean {
	return (
		response.pagination.kind !== 'none' ||
		Array.isArray(response.json) ||
		response.shape?.id === 'max-offset'
	);
}

/** A size as people read it: bytes up to 1 kB, then kB or MB with one decimal. */
export function formatSize(bytes: number): string {
	if (bytes < 1000) return `${bytes} bytes`;
	if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
	return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
