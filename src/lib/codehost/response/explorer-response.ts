/** An answer as the explorer shows it: status, headers, body, its error shape and pagination. */
import { headersToObject } from '$lib/http/exchange';
import { redactHeaderUrls, redactText, redactUrl } from '$lib/http/redact';
import { JSON_MAX_DEPTH, jsonDepth } from '$lib/http/json-walk';
import { parseJsonBody } from '$lib/http/validate';
import { classifyAnswer, type ErrorShape } from '../contract/errors';
import { nextTask } from '$lib/http/next-task';
import { LONG_BODY_BYTES } from '$lib/http/read-body';
import { rememberBody } from './recent-bodies';
import { nullBooleans } from '../contract/rules';
import { inspectPagination, type PaginationReport } from '../pagination/pagination';
import type { HistoryEntry } from '../history/history';
import type { Hop, SendOutcome } from '../send';

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
	/** Why the body is shown as text only (JSON nested too deep for the tree). */
	treeNote?: string;
	/** Opened from History: when it was sent, and whether its body was kept only in part. */
	stored?: { at: string; cut: boolean };
	/** Too big to show whole: not parsed, `bodyText` its start, `whole` kept to be saved. */
	cut?: boolean;
	/** The whole body of an answer too big to show, as it came. */
	whole?: Blob;
	/** Paths of yes/no fields that are null (CH-BOOL-1), when read ahead of drawing. */
	nullBooleans?: string[];
}

export interface ResponseContext {
	apiRoot: string;
	/** Live mode with the API on another origin than the page: some headers are hidden. */
	crossOrigin: boolean;
	secrets: readonly string[];
}

type ReadBody = { json: unknown; isJson: boolean; treeNote?: string; cut?: boolean };

const TOO_DEEP = `This answer is JSON nested more than ${JSON_MAX_DEPTH} levels deep, deeper than the tree view reads, so it is shown as text.`;

/**
 * The body read as JSON. An answer nested deeper than the tree and the checks walk is kept as
 * text with a note, never handed to them: any JSON a server sends is shown, none takes the view
 * down. One too big to show is not parsed at all.
 */
function readBody(bodyText: string, cut = false): ReadBody {
	// A History file can hold a body as long as one read cut (at least as many bytes as characters).
	if (cut || bodyText.length > LONG_BODY_BYTES)
		return { json: undefined, isJson: false, cut: true };
	const parsed = parseJsonBody(bodyText);
	if (!parsed.ok) return { json: undefined, isJson: false };
	if (jsonDepth(parsed.value) <= JSON_MAX_DEPTH) return { json: parsed.value, isJson: true };
	return { json: undefined, isJson: true, treeNote: TOO_DEEP };
}

/** As readBody, a step per task: parsing and walking a few MB each take tens of ms. */
async function readBodyInSteps(bodyText: string, cut: boolean): Promise<ReadBody> {
	if (cut) return { json: undefined, isJson: false, cut: true };
	await nextTask();
	const parsed = parseJsonBody(bodyText);
	if (!parsed.ok) return { json: undefined, isJson: false };
	await nextTask();
	if (jsonDepth(parsed.value) <= JSON_MAX_DEPTH) return { json: parsed.value, isJson: true };
	return { json: undefined, isJson: true, treeNote: TOO_DEEP };
}

/** Answers up to this many characters are read in one go; bigger ones a step per task. */
const READ_AT_ONCE_CHARS = 200_000;

/**
 * An answer as the explorer shows it, read without holding the page for long: the parse, the
 * walk for depth and the check for null yes/no fields each take their own task.
 */
export async function readAnswer(
	outcome: SendOutcome,
	method: string,
	context: ResponseContext
): Promise<ExplorerResponse> {
	const { text, whole } = outcome.result;
	if (text.length <= READ_AT_ONCE_CHARS && !whole)
		return toExplorerResponse(outcome, method, context);
	const body = await readBodyInSteps(text, !!whole);
	await nextTask();
	const response = build(outcome, method, context, body);
	if (body.isJson && !body.treeNote) {
		await nextTask();
		response.nullBooleans = nullBooleans(body.json);
	}
	return response;
}

export function toExplorerResponse(
	outcome: SendOutcome,
	method: string,
	context: ResponseContext
): ExplorerResponse {
	return build(outcome, method, context, readBody(outcome.result.text, !!outcome.result.whole));
}

function build(
	outcome: SendOutcome,
	method: string,
	context: ResponseContext,
	body: ReadBody
): ExplorerResponse {
	const { result, hops, refreshed, redirectNote, offsite } = outcome;
	const { json, isJson, treeNote, cut } = body;
	// Its start is not the body: Compare with… reads the start History kept, and says so.
	if (!cut) rememberBody(result.exchange, result.text);
	const headers = result.exchange.responseHeaders;
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
		isJson,
		...(treeNote && { treeNote }),
		...(cut && { cut, whole: result.whole }),
		durationMs: result.exchange.durationMs,
		sizeBytes: result.exchange.sizeBytes,
		hops,
		redirectNote,
		offsite,
		refreshed,
		// A body too big to parse is not called malformed: it was not read.
		shape:
			cut && result.response.status < 400
				? null
				: classifyAnswer({
						status: result.response.status,
						headers,
						bodyText: result.text,
						json,
						isJson: isJson || !!cut,
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

/**
 * A History entry's answer, read as a fresh one would be (status, headers, error shape, pages).
 * Its headers and body were redacted when stored; Link URLs are followed with the current auth.
 */
export function responseFromEntry(entry: HistoryEntry, context: ResponseContext): ExplorerResponse {
	const bodyText = entry.responseBody ?? '';
	const { json, isJson, treeNote } = readBody(bodyText);
	const headers = entry.responseHeaders;
	const status = entry.status ?? 0;
	const report = inspectPagination(headers, {
		apiRoot: context.apiRoot,
		requestUrl: entry.url,
		crossOrigin: context.crossOrigin,
		isList: Array.isArray(json),
		listLength: Array.isArray(json) ? json.length : undefined
	});
	return {
		method: entry.method,
		status,
		statusText: '',
		url: entry.url,
		headers,
		bodyText,
		json,
		isJson,
		...(treeNote && { treeNote }),
		durationMs: entry.durationMs,
		sizeBytes: entry.sizeBytes,
		hops: [],
		refreshed: false,
		// A body cut for storage is no fault of the server's: it is not read as malformed.
		shape:
			entry.responseBodyCut && !isJson
				? null
				: classifyAnswer({
						status,
						headers,
						bodyText,
						json,
						isJson,
						crossOrigin: context.crossOrigin
					}),
		pagination: { ...report, links: report.links.map((l) => ({ ...l, shown: l.url })) },
		stored: { at: entry.at, cut: entry.responseBodyCut === true }
	};
}
