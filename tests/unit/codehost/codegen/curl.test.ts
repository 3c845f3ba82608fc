import { describe, expect, it } from 'vitest';
import { shellQuote, toCurl } from '$lib/codehost/codegen/curl';

const URL_ = 'https://gitlab.example.com/api/v4/projects';

describe('toCurl ("Copy as cURL")', () => {
	it('a GET is written without -X; other methods with -X in capitals', () => {
		expect(toCurl({ method: 'GET', url: URL_, headers: {} })).toBe(`curl '${URL_}'`);
		expect(toCurl({ method: 'get', url: URL_, headers: {} })).toBe(`curl '${URL_}'`);
		expect(toCurl({ method: 'delete', url: URL_, headers: {} })).toBe(`curl -X DELETE '${URL_}'`);
	});

	it('headers and the body are quoted words; an empty body is not sent', () => {
		expect(
			toCurl({
				method: 'POST',
				url: URL_,
				headers: { 'Content-Type': 'application/json', 'X-A': "it's" },
				body: '{"name":"x"}'
			})
		).toBe(
			`curl -X POST -H 'Content-Type: application/json' -H 'X-A: it'\\''s' --data-raw '{"name":"x"}' '${URL_}'`
		);
		expect(toCurl({ method: 'POST', url: URL_, headers: {}, body: '' })).toBe(
			`curl -X POST '${URL_}'`
		);
	});

	it('CH-AUTH-4: with cookies, a -b word stands for the session cookie, never its value', () => {
		expect(toCurl({ method: 'GET', url: URL_, headers: {}, withCookies: true })).toBe(
			`curl -b '_service_session=[redacted]' '${URL_}'`
		);
		expect(
			toCurl({ method: 'GET', url: URL_, headers: {}, withCookies: true }, { includeSecrets: true })
		).toBe(`curl -b '_service_session=<your session>' '${URL_}'`);
		expect(toCurl({ method: 'GET', url: URL_, headers: {}, withCookies: false })).toBe(
			`curl '${URL_}'`
		);
	});

	it('secrets in headers and the query are redacted unless asked for', () => {
		const input = {
			method: 'GET',
			url: `${URL_}?private_token=glpat-x&per_page=5`,
			headers: { 'PRIVATE-TOKEN': 'glpat-x' }
		};
		// The marker's brackets would be a curl range: -g reads the URL as written.
		expect(toCurl(input)).toBe(
			`curl -H 'PRIVATE-TOKEN: [redacted]' -g '${URL_}?private_token=[redacted]&per_page=5'`
		);
		expect(toCurl(input, { includeSecrets: true })).toBe(
			`curl -H 'PRIVATE-TOKEN: glpat-x' '${URL_}?private_token=glpat-x&per_page=5'`
		);
	});

	it('a header with an empty value is written as curl sends one (Name;), not Name: (which curl leaves out)', () => {
		expect(toCurl({ method: 'GET', url: URL_, headers: { 'If-None-Match': '' } })).toBe(
			`curl -H 'If-None-Match;' '${URL_}'`
		);
	});

	it('names the URL as the browser sends it: a space or non-ASCII text percent-encoded, brackets read as written', () => {
		expect(toCurl({ method: 'GET', url: `${URL_}?search=café naïve`, headers: {} })).toBe(
			`curl '${URL_}?search=caf%C3%A9%20na%C3%AFve'`
		);
		expect(
			toCurl({ method: 'GET', url: `${URL_}?variables[0][key]=a&scope[]=b`, headers: {} })
		).toBe(`curl -g '${URL_}?variables[0][key]=a&scope[]=b'`);
	});

	it('shellQuote single-quotes a word, a quote inside closed, escaped and reopened', () => {
		expect(shellQuote("a 'b' $c")).toBe(`'a '\\''b'\\'' $c'`);
	});
});
