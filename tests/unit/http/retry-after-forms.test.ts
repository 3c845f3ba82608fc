import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from '$lib/http/retry-after';

const NOW = Date.parse('2015-10-21T07:27:00Z');

describe('parseRetryAfter reads only the three HTTP-date forms, whole', () => {
	it('reads each form', () => {
		expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT', NOW)).toBe(60_000);
		expect(parseRetryAfter('Wednesday, 21-Oct-15 07:28:00 GMT', NOW)).toBe(60_000);
		expect(parseRetryAfter('Wed Oct 21 07:28:00 2015', NOW)).toBeGreaterThanOrEqual(0);
	});

	it('refuses a form followed by anything, even what Date.parse would accept', () => {
		expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT+0200', NOW)).toBeUndefined();
		expect(parseRetryAfter('Wednesday, 21-Oct-15 07:28:00 GMT+0200', NOW)).toBeUndefined();
		expect(parseRetryAfter('Wed Oct 21 07:28:00 2015 GMT', NOW)).toBeUndefined();
	});
});
