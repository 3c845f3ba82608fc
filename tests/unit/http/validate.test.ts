/** Reading a body as JSON and naming where a value fails its schema, for the problem's words. */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { issuePath, parseJsonBody } from '$lib/http/validate';

describe('parseJsonBody and issuePath', () => {
	it('names why a body is not JSON: empty, an HTML page, or the parser’s reason', () => {
		expect(parseJsonBody(' \n ')).toEqual({ ok: false, reason: 'empty body' });
		expect(parseJsonBody('\n  <html>')).toEqual({
			ok: false,
			reason: 'it looks like an HTML page'
		});
		const other = parseJsonBody('x <html>');
		expect(other.ok).toBe(false);
		expect(other.ok === false && other.reason).not.toBe('it looks like an HTML page');
		expect(parseJsonBody(' [1] ')).toEqual({ ok: true, value: [1] });
	});

	it('a failing value at the root is named (root)', () => {
		const result = v.safeParse(v.number(), 'x');
		expect(result.success).toBe(false);
		expect(issuePath(result.issues![0])).toBe('(root)');
	});
});
