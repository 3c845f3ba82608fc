/** The headers the code host lets a page on another origin read: one list, the contract's. */
import { describe, expect, it } from 'vitest';
import { CODEHOST_EXPOSED_HEADERS } from '$lib/contracts/codehost-cors';

const exposed = CODEHOST_EXPOSED_HEADERS.map((h) => h.toLowerCase());

describe('CODEHOST_EXPOSED_HEADERS', () => {
	it('CH-OFF-2: every pagination header of an offset answer is readable, Link first', () => {
		expect(CODEHOST_EXPOSED_HEADERS[0]).toBe('Link');
		for (const h of [
			'x-next-page',
			'x-page',
			'x-per-page',
			'x-prev-page',
			'x-total',
			'x-total-pages'
		])
			expect(exposed).toContain(h);
	});

	it('the request id, the ETag and the repository files API’s headers are readable too', () => {
		expect(exposed).toEqual(
			expect.arrayContaining(['x-request-id', 'etag', 'x-gitlab-file-path', 'x-gitlab-size'])
		);
	});

	it('Retry-After, RateLimit-* and Location are not: a page in the browser cannot read them', () => {
		expect(exposed).not.toContain('retry-after');
		expect(exposed).not.toContain('location');
		expect(exposed.filter((h) => h.startsWith('ratelimit'))).toEqual([]);
	});

	it('names each header once', () => {
		expect(new Set(exposed).size).toBe(exposed.length);
	});
});
