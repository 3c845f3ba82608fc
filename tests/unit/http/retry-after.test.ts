import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseRetryAfter } from '$lib/http/retry-after';

const NOW = Date.parse('Wed, 21 Oct 2015 07:28:00 GMT');

describe('parseRetryAfter', () => {
	it('reads delta-seconds as milliseconds', () => {
		expect(parseRetryAfter('0')).toBe(0);
		expect(parseRetryAfter('1')).toBe(1000);
		expect(parseRetryAfter('120')).toBe(120_000);
		expect(parseRetryAfter('  30  ')).toBe(30_000);
	});

	it('reads an HTTP date relative to the injected now', () => {
		expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:30 GMT', NOW)).toBe(30_000);
		expect(parseRetryAfter('Wed, 21 Oct 2015 08:28:00 GMT', NOW)).toBe(3_600_000);
	});

	it('answers 0 for a date in the past, never a negative wait', () => {
		expect(parseRetryAfter('Wed, 21 Oct 2015 07:27:00 GMT', NOW)).toBe(0);
		expect(parseRetryAfter('Thu, 01 Jan 1970 00:00:00 GMT', NOW)).toBe(0);
	});

	it('answers undefined for missing, empty or unreadable values', () => {
		expect(parseRetryAfter(undefined)).toBeUndefined();
		expect(parseRetryAfter(null)).toBeUndefined();
		expect(parseRetryAfter('')).toBeUndefined();
		expect(parseRetryAfter('   ')).toBeUndefined();
		expect(parseRetryAfter('soon', NOW)).toBeUndefined();
		expect(parseRetryAfter('12 apples', NOW)).toBeUndefined();
	});

	it('any n in 0..1e6 seconds gives n * 1000 ms', () => {
		fc.assert(
			fc.property(fc.integer({ min: 0, max: 1_000_000 }), (n) => {
				expect(parseRetryAfter(String(n))).toBe(n * 1000);
			})
		);
	});

	it('any future date within a day gives its distance from now, to the second', () => {
		fc.assert(
			fc.property(fc.integer({ min: 0, max: 86_400 }), (seconds) => {
				const date = new Date(NOW + seconds * 1000).toUTCString();
				expect(parseRetryAfter(date, NOW)).toBe(seconds * 1000);
			})
		);
	});
});

describe('parseRetryAfter', () => {
	it('a value shaped like an HTTP date that is no date is unreadable, not NaN', () => {
		expect(parseRetryAfter('Wed, 99 Oct 2015 07:28:00 GMT', 0)).toBeUndefined();
	});
});
