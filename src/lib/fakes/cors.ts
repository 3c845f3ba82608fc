/** Headers the real code host lets a page on another origin read (see shared/reference). */
export const CODEHOST_EXPOSED_HEADERS = [
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

/**
 * CORS as the real servers answer it: any origin, any method and request header, no credentials.
 * Only the listed headers are readable cross-origin (Retry-After, Location are not, as on the real host).
 */
export function withCors(
	handler: (request: Request) => Promise<Response>,
	exposeHeaders: readonly string[]
): (request: Request) => Promise<Response> {
	return async (request) => {
		const origin = request.headers.get('origin');
		if (request.method === 'OPTIONS' && request.headers.has('access-control-request-method')) {
			return new Response(null, {
				status: 204,
				headers: {
					'access-control-allow-origin': '*',
					'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
					'access-control-allow-headers':
						request.headers.get('access-control-request-headers') ?? '*',
					'access-control-max-age': '7200',
					vary: 'Origin'
				}
			});
		}
		const response = await handler(request);
		if (!origin) return response;
		const headers = new Headers(response.headers);
		headers.set('access-control-allow-origin', '*');
		if (exposeHeaders.length)
			headers.set('access-control-expose-headers', exposeHeaders.join(', '));
		return new Response(response.body, {
			status: response.status,
			statusText: response.statusText,
			headers
		});
	};
}
