/**
 * The response headers the code host lets a page on another origin read
 * (Access-Control-Expose-Headers): the pagination headers, the request id, ETag and the file
 * headers of the repository files API. Retry-After, RateLimit-* and Location are not among them,
 * so a page in the browser cannot read them.
 *
 * A fact of the code host's contract, stated once: the explorer uses it to tell which headers
 * the browser hides, and the demo server sends it. It imports nothing.
 */
export const CODEHOST_EXPOSED_HEADERS: readonly string[] = [
	'Link',
	'X-Total',
	'X-Total-Pages',
	'X-Per-Page',
	'X-Page',
	'X-Next-Page',
	'X-Prev-Page',
	'X-Request-Id',
	'ETag',
	'X-Gitlab-Blob-Id',
	'X-Gitlab-Commit-Id',
	'X-Gitlab-Content-Sha256',
	'X-Gitlab-Encoding',
	'X-Gitlab-File-Name',
	'X-Gitlab-File-Path',
	'X-Gitlab-Last-Commit-Id',
	'X-Gitlab-Ref',
	'X-Gitlab-Size'
];
