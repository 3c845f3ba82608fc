import { describe, expect, it } from 'vitest';
import { browserCheck, explainFailure } from '$lib/codehost/request/browser-check';
import { CODEHOST_EXPOSED_HEADERS } from '$lib/contracts/codehost-cors';

const base = {
	pageOrigin: 'https://workbench.example',
	apiRoot: 'https://gitlab.example.com/api/v4',
	method: 'GET',
	headers: {} as Record<string, string>,
	credentials: 'omit' as RequestCredentials,
	exposed: CODEHOST_EXPOSED_HEADERS
};

describe('browser check', () => {
	it('a bare GET needs no preflight; a token header, Sudo, JSON or PUT each need one, with why', () => {
		expect(browserCheck(base).preflight).toEqual({ needed: false, reasons: [] });
		const check = browserCheck({
			...base,
			method: 'PUT',
			headers: { 'PRIVATE-TOKEN': 't', Sudo: 'alice', 'Content-Type': 'application/json' }
		});
		expect(check.preflight.reasons).toEqual([
			'PUT is not GET, HEAD or POST.',
			'The PRIVATE-TOKEN header is not one a browser sends on its own.',
			'The Sudo header is not one a browser sends on its own.',
			'Content-Type application/json is not one of the types a form could send.'
		]);
		expect(
			browserCheck({
				...base,
				method: 'POST',
				headers: { 'Content-Type': 'application/x-www-form-urlencoded' }
			}).preflight.needed
		).toBe(false);
	});

	it('on the page’s own origin nothing applies', () => {
		const check = browserCheck({
			...base,
			pageOrigin: 'https://gitlab.example.com',
			headers: { 'PRIVATE-TOKEN': 't' }
		});
		expect(check).toMatchObject({ crossOrigin: false, preflight: { needed: false }, hidden: [] });
	});

	it('names the session cookie and the headers the page cannot read', () => {
		const check = browserCheck({ ...base, credentials: 'include' });
		expect(check.cookie).toMatch(/cannot travel to https:\/\/gitlab\.example\.com/);
		expect(check.hidden.map((h) => h.name)).toEqual([
			'Retry-After',
			'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset',
			'Location'
		]);
		expect(
			browserCheck({ ...base, exposed: [...CODEHOST_EXPOSED_HEADERS, 'Location'] }).hidden.map(
				(h) => h.name
			)
		).not.toContain('Location');
	});

	it('after a failure tells mixed content from CORS from network', () => {
		expect(
			explainFailure('network', 'https://workbench.example', 'http://gitlab.example.com/api/v4')
		).toMatch(/^Mixed content/);
		expect(
			explainFailure('network', 'https://workbench.example', 'http://127.0.0.1:8080/api/v4')
		).toMatch(/^Network/);
		expect(
			explainFailure('cors', 'http://localhost:4173', 'https://gitlab.example.com/api/v4')
		).toMatch(/^CORS/);
		expect(explainFailure('http', undefined, 'https://x')).toBeNull();
	});
});
