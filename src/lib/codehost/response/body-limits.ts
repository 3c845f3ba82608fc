/**
 * How much of an answer the explorer shows. An answer up to LONG_BODY_BYTES (http/read-body.ts) is
 * parsed and shown whole (tree and text, both drawn a window at a time); a longer one is read only
 * by its start, shown as text, and kept whole as it came to be saved: parsing 50 MB of JSON on the
 * page freezes the tab.
 */

/** Up to this, the Raw view is one plain block of text (select all works); above, a window. */
export const PLAIN_TEXT_CHARS = 100_000;

/** A file name for saving an answer: the URL's last path segment and an extension for its type. */
export function saveName(url: string, contentType = ''): string {
	let last = '';
	try {
		last = decodeURIComponent(new URL(url).pathname.split('/').filter(Boolean).at(-1) ?? '');
	} catch {
		last = '';
	}
	const base = last.replace(/\.[A-Za-z0-9]{1,8}$/, '').replace(/[^\w.-]+/g, '-') || 'response';
	const type = contentType.toLowerCase();
	const ext = /json/.test(type)
		? 'json'
		: /html/.test(type)
			? 'html'
			: /xml/.test(type)
				? 'xml'
				: /csv/.test(type)
					? 'csv'
					: 'txt';
	return `${base}.${ext}`;
}
