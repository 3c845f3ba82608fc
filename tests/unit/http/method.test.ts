import { describe, expect, it } from 'vitest';
import { METHOD_MAX_CHARS, isHttpMethod } from '$lib/http/method';

describe('isHttpMethod', () => {
	it('accepts the registered methods and other RFC 9110 tokens', () => {
		for (const m of ['GET', 'post', 'PATCH', 'M-SEARCH', 'BASELINE-CONTROL', "X!#$%&'*+.^_`|~9"])
			expect(isHttpMethod(m), m).toBe(true);
	});

	it('refuses anything that could end a word in a shell or a line in a request', () => {
		for (const m of ['', 'GET;rm -rf ~', ';GET', 'GET ', ' GET', 'GE T', 'GET\n', 'GET"', '$(x)'])
			expect(isHttpMethod(m), JSON.stringify(m)).toBe(false);
	});

	it(`accepts up to ${METHOD_MAX_CHARS} characters and no more`, () => {
		expect(isHttpMethod('A'.repeat(METHOD_MAX_CHARS))).toBe(true);
		expect(isHttpMethod('A'.repeat(METHOD_MAX_CHARS + 1))).toBe(false);
	});

	it('refuses values that are not strings, even when they print as a method', () => {
		expect(isHttpMethod(['GET'])).toBe(false);
		expect(isHttpMethod({ toString: () => 'GET', length: 3 })).toBe(false);
		expect(isHttpMethod(42)).toBe(false);
		expect(isHttpMethod(null)).toBe(false);
		expect(isHttpMethod(undefined)).toBe(false);
	});
});
