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
