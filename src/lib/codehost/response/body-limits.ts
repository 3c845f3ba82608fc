/**
 * How much of an answer the explorer reads. An answer up to SHOWN_BODY_CHARS is parsed and shown
 * whole (tree and text, both drawn a window at a time); a bigger one is kept whole only to be
 * saved, and shown as the text of its start: parsing 50 MB of JSON on the page freezes the tab.
 */

/** Above this, the body is not parsed and is shown cut (a 10 MB answer is still read whole). */
export const SHOWN_BODY_CHARS = 12_000_000;
/** What is shown of a body above SHOWN_BODY_CHARS. */
export const CUT_BODY_CHARS = 1_000_000;
/** Up to this, the Raw view is one plain block of text (select all works); above, a window. */
export const PLAIN_TEXT_CHARS = 100_000;

/** Whether an answer of this length is shown only in part. */
export const isCut = (length: number): boolean => length > SHOWN_BODY_CHARS;

/** The text shown of a body: all of it, or its start when it is too big to show. */
export function shownText(body: string): string {
	return isCut(body.length) ? body.slice(0, CUT_BODY_CHARS) : body;
}

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
