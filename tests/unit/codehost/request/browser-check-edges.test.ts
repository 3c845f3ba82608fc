import { describe, expect, it } from 'vitest';
import { browserCheck, isMixedContent } from '$lib/codehost/request/browser-check';

const base = {
	pageOrigin: 'https://workbench.example',
	apiRoot: 'https://gitlab.example.com/api/v4',
	method: 'GET',
	headers: {} as Record<string, string>,
	credentials: 'omit' as RequestCredentials,
	exposed: [] as string[]
};

describe('mixed content', () => {
	const page = 'https://workbench.example';

	it('plain http on this machine is allowed, in any 127.x.y.z form', () => {
		expect(isMixedContent(page, 'http://127.10.20.30:8080/api/v4')).toBe(false);
		expect(isMixedContent(page, 'http://localhost:3000/api/v4')).toBe(false);
		expect(isMixedContent(page, 'http://[::1]:3000/api/v4')).toBe(false);
	});

	it('a host that only looks like this machine is plain http elsewhere', () => {
		expect(isMixedContent(page, 'http://mylocalhost:8080/api/v4')).toBe(true);
		expect(isMixedContent(page, 'http://localhost.evil.example/api/v4')).toBe(true);
	});

	it('an http page may call http; an https page may call https', () => {
		expect(isMixedContent('http://workbench.example', 'http://gitlab.example.com/api/v4')).toBe(
			false
		);
		expect(isMixedContent(page, 'https://gitlab.example.com/api/v4')).toBe(false);
		expect(isMixedContent(undefined, 'http://gitlab.example.com/api/v4')).toBe(false);
	});

	it('an unreadable URL is not called mixed content', () => {
		expect(isMixedContent(page, 'not a url')).toBe(false);
	});
});

describe('preflight', () => {
	it('a HEAD with the headers a browser sends on its own needs no preflight', () => {
		expect(
			browserCheck({
				...base,
				method: 'HEAD',
				headers: { Accept: 'application/json', 'Accept-Language': 'en', 'Content-Language': 'en' }
			}).preflight
		).toEqual({ needed: false, reasons: [] });
	});

	it('the form content types, in any case and with parameters, need no preflight', () => {
		for (const type of [
			'multipart/form-data; boundary=x',
			'text/plain',
			'Text/Plain ; charset=utf-8',
			'APPLICATION/X-WWW-FORM-URLENCODED'
		])
			expect(
				browserCheck({ ...base, method: 'POST', headers: { 'Content-Type': type } }).preflight,
				type
			).toEqual({ needed: false, reasons: [] });
	});

	it('a reason means a preflight is needed', () => {
		expect(
			browserCheck({ ...base, method: 'DELETE', headers: { 'PRIVATE-TOKEN': 't' } }).preflight
		).toEqual({
			needed: true,
			reasons: [
				'DELETE is not GET, HEAD or POST.',
				'The PRIVATE-TOKEN header is not one a browser sends on its own.'
			]
		});
	});
});

describe('what the page cannot read or send', () => {
	it('with nothing exposed, every header that matters is named with what is lost', () => {
		expect(browserCheck(base).hidden).toEqual([
			{
				name: 'Retry-After',
				effect:
					'After a 429 the explorer cannot read how long to wait: it does not retry by itself; wait a minute before sending again.'
			},
			{
				name: 'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset',
				effect: 'The requests left are not shown; a 429 is the first sign of the limit.'
			},
			{
				name: 'Location',
				effect:
					'Where a redirect leads is learnt by sending the same GET without credentials; a redirected POST, PUT or DELETE is not followed.'
			}
		]);
	});

	it('the rate-limit headers count as readable only when all three are exposed', () => {
		const names = (exposed: string[]) =>
			browserCheck({ ...base, exposed }).hidden.map((h) => h.name);
		expect(names(['retry-after', 'ratelimit-limit'])).toEqual([
			'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset',
			'Location'
		]);
		expect(
			names([
				'Retry-After',
				'RateLimit-Limit',
				'RateLimit-Remaining',
				'RateLimit-Reset',
				'Location'
			])
		).toEqual([]);
	});

	it('CH-AUTH-4: the cookie warning is only for credentials sent across origins', () => {
		expect(browserCheck({ ...base, credentials: 'omit' }).cookie).toBeUndefined();
		expect(
			browserCheck({ ...base, pageOrigin: 'https://gitlab.example.com', credentials: 'include' })
				.cookie
		).toBeUndefined();
		expect(browserCheck({ ...base, credentials: 'include' }).cookie).toBe(
			'The session cookie cannot travel to https://gitlab.example.com from this page: the server allows any origin only without credentials, so the browser blocks the answer. Use a token instead.'
		);
	});
});
