/** Edges of the HTTP core's small readers: URLs joined, bodies parsed, dates read, records numbered. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { buildUrl } from '$lib/http/client';
import { recordExchange } from '$lib/http/exchange';
import { browserEnv } from '$lib/http/reachability';
import { parseRetryAfter } from '$lib/http/retry-after';
import { issuePath, parseJsonBody } from '$lib/http/validate';

describe('buildUrl', () => {
	it('CH-ROOT-1: one slash between root and path, however many either side has', () => {
		expect(buildUrl('https://h.test/api/v4//', '//projects')).toBe(
			'https://h.test/api/v4/projects'
		);
	});

	it('a relative path that carries a URL in its query is still relative', () => {
		expect(buildUrl('https://h.test/api/v4', 'import?url=https://x.test/a')).toBe(
			'https://h.test/api/v4/import?url=https://x.test/a'
		);
	});

	it('CH-PAY-7: only a leading "?" of a string query is dropped; the rest stays as written', () => {
		expect(buildUrl('https://h.test/api/v4', 'search', '?q=a?b')).toBe(
			'https://h.test/api/v4/search?q=a?b'
		);
		expect(buildUrl('https://h.test/api/v4', 'search?scope=x', 'q=1')).toBe(
			'https://h.test/api/v4/search?scope=x&q=1'
		);
	});
});

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

describe('parseRetryAfter', () => {
	it('a value shaped like an HTTP date that is no date is unreadable, not NaN', () => {
		expect(parseRetryAfter('Wed, 99 Oct 2015 07:28:00 GMT', 0)).toBeUndefined();
	});
});

describe('exchange records', () => {
	it('each record gets a new, larger id', () => {
		const make = () =>
			recordExchange({
				startedAt: 0,
				method: 'GET',
				url: 'https://h.test/',
				requestHeaders: new Headers(),
				durationMs: 1,
				retries: 0,
				secrets: []
			});
		const a = make();
		const b = make();
		expect(b.id).toBeGreaterThan(a.id);
	});
});

describe('browserEnv', () => {
	afterEach(() => {
		vi.unstubAllGlobals();
	});

	it('reads the browser’s online state and the page origin', () => {
		vi.stubGlobal('navigator', { onLine: false });
		vi.stubGlobal('location', { origin: 'https://app.test' });
		expect(browserEnv.online()).toBe(false);
		expect(browserEnv.pageOrigin()).toBe('https://app.test');
		vi.stubGlobal('navigator', { onLine: true });
		expect(browserEnv.online()).toBe(true);
	});

	it('without a browser: online, and no page origin', () => {
		vi.stubGlobal('navigator', undefined);
		vi.stubGlobal('location', undefined);
		expect(browserEnv.online()).toBe(true);
		expect(browserEnv.pageOrigin()).toBeUndefined();
	});
});
