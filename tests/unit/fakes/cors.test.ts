import { describe, expect, it } from 'vitest';
import { createCodehostApp } from '$lib/fakes/codehost/app';
import { CODEHOST_EXPOSED_HEADERS } from '$lib/contracts/codehost-cors';
import { withCors } from '$lib/fakes/cors';

const ORIGIN = 'http://127.0.0.1:4173';
const served = () => {
	const app = createCodehostApp();
	return withCors(async (r) => app.fetch(r), CODEHOST_EXPOSED_HEADERS);
};

describe('demo code host over CORS (the loopback server)', () => {
	it('CH-AUTH-1: /oauth/token answers a POST from another origin', async () => {
		const res = await served()(
			new Request('http://127.0.0.1:8781/oauth/token', {
				method: 'POST',
				headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
				body: 'grant_type=refresh_token&refresh_token=oauth-refresh-demo'
			})
		);
		expect(res.status).toBe(200);
		expect(res.headers.get('access-control-allow-origin')).toBe('*');
		const preflight = await served()(
			new Request('http://127.0.0.1:8781/oauth/token', {
				method: 'OPTIONS',
				headers: {
					origin: ORIGIN,
					'access-control-request-method': 'POST',
					'access-control-request-headers': 'content-type'
				}
			})
		);
		expect(preflight.status).toBe(204);
	});

	it('CH-AUTH-4: any origin but no credentials, so the session cookie is refused cross-origin', async () => {
		const res = await served()(
			new Request('http://127.0.0.1:8781/api/v4/projects', { headers: { origin: ORIGIN } })
		);
		expect(res.headers.get('access-control-allow-origin')).toBe('*');
		expect(res.headers.get('access-control-allow-credentials')).toBeNull();
	});

	it('CH-OFF-2: the pagination headers are exposed; Retry-After and Location are not', async () => {
		const res = await served()(
			new Request('http://127.0.0.1:8781/api/v4/projects', { headers: { origin: ORIGIN } })
		);
		const exposed = res.headers.get('access-control-expose-headers')!.toLowerCase();
		for (const h of [
			'link',
			'x-page',
			'x-per-page',
			'x-next-page',
			'x-prev-page',
			'x-total',
			'x-total-pages'
		])
			expect(exposed).toContain(h);
		expect(exposed).not.toContain('retry-after');
		expect(exposed).not.toContain('location');
	});
});
