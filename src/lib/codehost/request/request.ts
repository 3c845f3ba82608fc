/**
 * One request as the explorer knows it: what the form holds, a collection saves, an import makes
 * and the runner sends, with templates and `{{variables}}` unresolved and auth by name only (the
 * model is Hoppscotch's HoppRESTRequest). What History keeps of it, the request built from it
 * for the send path, and with the connection it goes out with, the request code is written
 * from and the request that went out, are made from this one.
 */
import type { AuthMethod, AuthWay, SudoWay } from '../auth/auth';
import type { BodyKind } from '../contract/endpoints';

/** The methods the explorer sends (and a saved or imported request may have). */
export const EXPLORER_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type ExplorerMethod = (typeof EXPLORER_METHODS)[number];

/**
 * A file the request sends, which the person chooses on the page before it can go: a page reads a
 * file only when it is chosen, never by a path (curl's `--form avatar=@dk.png`, `--upload-file`).
 */
export interface FileSlot {
	/** The multipart form field the file goes in (`avatar`); null: the file is the whole body. */
	field: string | null;
	/** The file's name or path where the request came from (`dk.png`), to say which file. */
	source: string;
}

export interface CodehostRequest {
	method: ExplorerMethod;
	path: string;
	pathParams: Record<string, string>;
	query: string;
	params: string;
	bodyKind: BodyKind;
	/** Extra header lines, `Name: value`, credential headers left out. */
	headers: string;
	auth: { method: AuthMethod; way: AuthWay };
	/** A file to choose before sending; absent: a multipart form's optional field “file”. */
	fileSlot?: FileSlot;
}

/**
 * What a History entry keeps of the form's request, to send it again: its method (as sent, any
 * word), path, query and body, never a header or a token (the current auth applies on re-run).
 * Entries stored by every earlier build have this shape.
 */
export type RecordedRequest = Pick<CodehostRequest, 'path' | 'query' | 'params' | 'bodyKind'> & {
	method: string;
};

/**
 * The request as it goes out, without auth (the send path adds that where it may): made from a
 * CodehostRequest by the form or a run (variables resolved, the body encoded), or a Link, a
 * Location, a History entry followed as given. Not saved, recorded or shown as it is.
 */
export interface OutgoingRequest {
	method: string;
	/** A path under the API root, or an absolute URL (a Link, a Location, a history entry). */
	target: string;
	/** Encoded query pairs without auth, appended to a path target. */
	query?: string;
	/** Request headers without auth. */
	headers?: Record<string, string>;
	body?: BodyInit;
	/** The body as text, when it is text (for Copy as cURL and code). */
	bodyText?: string;
	/** `omit` sends no credential even to the API root's origin (an entry from elsewhere). */
	credentials?: 'auto' | 'omit';
}

/** A request as the form or a run builds it: its query and headers always there. */
export type BuiltRequest = OutgoingRequest & { query: string; headers: Record<string, string> };

/**
 * The connection a built request goes out with, defined once: the API root, the auth method as
 * entered (its token too) and Sudo. Kept apart from the request, so a credential never sits in
 * what is saved, recorded or shown unless it is asked for.
 */
export interface RequestConnection {
	apiRoot: string;
	auth: { method: AuthMethod; way: AuthWay; token: string };
	/** Acting as another user (an administrator's token), as a header or a query parameter. */
	sudo?: { value: string; way: SudoWay };
}

/**
 * A built request as it went out (or would go), for Copy as cURL: at the URL it reached, with the
 * connection's credentials on it where they may go (the API root's origin), cookies included
 * when the auth method is the browser's session.
 */
export type SentRequest = Pick<BuiltRequest, 'method' | 'headers' | 'bodyText'> & {
	url: string;
	withCookies: boolean;
};
