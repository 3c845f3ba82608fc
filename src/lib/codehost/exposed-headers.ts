/** Response headers the code host lets a page on another origin read (Access-Control-Expose-Headers). */
export const CODEHOST_EXPOSED_HEADERS: readonly string[] = [
	'Link',
	'X-Total',
	'X-Total-Pages',
	'X-Per-Page',
	'X-Page',
	'X-Next-Page',
	'X-Prev-Page',
	'X-Request-Id',
	'ETag'
];
