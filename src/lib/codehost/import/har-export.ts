/**
 * History entries as a HAR 1.2 recording, for a browser's network panel, a proxy or another tool.
 * The entries are History's, already redacted (tokens and secret values replaced), so nothing here
 * adds or reveals a secret. No Svelte, no DOM.
 */
import { decodeQuery } from '../request/encoding';
import { HISTORY_BODY_CHARS, type HistoryEntry } from '../history/history';

interface HarHeader {
	name: string;
	value: string;
}

const pairs = (headers: Readonly<Record<string, string>>): HarHeader[] =>
	Object.entries(headers).map(([name, value]) => ({ name, value }));

const headerOf = (headers: Readonly<Record<string, string>>, name: string) =>
	Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1];

const bytes = (text: string) => new TextEncoder().encode(text).length;

function query(url: string): HarHeader[] {
	const at = url.indexOf('?');
	if (at === -1) return [];
	return decodeQuery(url.slice(at + 1).replace(/#.*$/s, '')).map(([name, value]) => ({
		name,
		value
	}));
}

/** A HAR 1.2 log of the entries, oldest first as a recording runs. */
export function exportHar(
	entries: readonly HistoryEntry[],
	creator: { name: string; version: string } = { name: 'API Workbench', version: '1' }
): string {
	const sorted = [...entries].sort((a, b) => a.at.localeCompare(b.at));
	const log = {
		version: '1.2',
		creator,
		entries: sorted.map((e) => {
			const requestType = headerOf(e.requestHeaders, 'content-type') ?? '';
			const responseType = headerOf(e.responseHeaders, 'content-type') ?? '';
			const time = Math.max(0, e.durationMs);
			return {
				startedDateTime: new Date(e.at).toISOString(),
				time,
				request: {
					method: e.method,
					url: e.url,
					httpVersion: '',
					cookies: [],
					headers: pairs(e.requestHeaders),
					queryString: query(e.url),
					...(e.requestBody !== undefined && {
						postData: { mimeType: requestType, text: e.requestBody }
					}),
					headersSize: -1,
					bodySize: e.requestBody === undefined ? 0 : bytes(e.requestBody)
				},
				response: {
					// 0: no answer (a network error, a cancel), as browsers record it.
					status: e.status ?? 0,
					statusText: '',
					httpVersion: '',
					cookies: [],
					headers: pairs(e.responseHeaders),
					content: {
						size: e.sizeBytes,
						mimeType: responseType,
						...(e.responseBody !== undefined && { text: e.responseBody }),
						...(e.responseBodyCut && {
							comment: `The answer was longer than ${HISTORY_BODY_CHARS} characters; History keeps its start.`
						})
					},
					redirectURL: headerOf(e.responseHeaders, 'location') ?? '',
					headersSize: -1,
					bodySize: e.status === undefined ? -1 : e.sizeBytes
				},
				cache: {},
				timings: { send: 0, wait: time, receive: 0 },
				...(e.status === undefined && e.problemKind && { comment: `No answer: ${e.problemKind}.` })
			};
		})
	};
	return JSON.stringify({ log }, null, 2);
}
