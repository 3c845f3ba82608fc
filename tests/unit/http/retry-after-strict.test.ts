import { expect, it } from 'vitest';
import { parseRetryAfter } from '$lib/http/retry-after';

it('answers undefined for values that are neither delta-seconds nor an HTTP date', () => {
	const now = Date.parse('Wed, 21 Oct 2015 07:28:00 GMT');
	for (const value of ['1.5', '-5', 'foo 1']) {
		expect(parseRetryAfter(value, now), value).toBeUndefined();
	}
});
