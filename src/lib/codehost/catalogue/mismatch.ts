/**
 * When a catalogue endpoint meets a server that does not have it: a 404 on the route or a 405 for
 * the method says the catalogue (GitLab's) and this server differ, not that the request is lost.
 * No Svelte here.
 */
import type { CatalogueEntry } from './catalogue';

/** GitLab's own "not found" for a missing record, as opposed to an unknown route. */
const RECORD_NOT_FOUND = /^404 (?!Not Found$).+ Not Found$/;

function messageOf(body: unknown): string {
	if (body && typeof body === 'object') {
		const m = (body as Record<string, unknown>).message ?? (body as Record<string, unknown>).error;
		if (typeof m === 'string') return m;
	}
	return typeof body === 'string' ? body : '';
}

/**
 * A sentence for people when the answer suggests the server lacks the chosen endpoint; undefined
 * for any other answer. A 404 naming a record (`404 Project Not Found`) is the record's, not the
 * route's, so it is left to the usual error view.
 */
export function catalogueMismatch(
	entry: Pick<CatalogueEntry, 'method' | 'path' | 'docsUrl' | 'from'>,
	status: number,
	body?: unknown
): string | undefined {
	// An imported description's operation: that description, not GitLab's API, describes it.
	const by = entry.from ? `“${entry.from}”` : 'GitLab’s API';
	if (status === 405)
		return `This server does not accept ${entry.method} on ${entry.path} (405), though ${by} describes it. Check the method, or the server’s version; the request is unchanged.`;
	if (status === 404 && !RECORD_NOT_FOUND.test(messageOf(body).trim()))
		return entry.from
			? `This server has no ${entry.method} ${entry.path} (404), or not for this token. ${by} describes it; the server may be of another version. The request is unchanged.`
			: `This server has no ${entry.method} ${entry.path} (404), or not for this token. GitLab’s API describes it; the server may be older or not GitLab. The request is unchanged.`;
	return undefined;
}
