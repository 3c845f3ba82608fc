/**
 * Where a request goes, read once for the send path and the generated code: a credential goes only
 * to the API root's origin, and a URL is named as the browser sends it.
 */
import { describe, expect, it } from 'vitest';
import { asSent, requestTarget } from '$lib/codehost/request/target';

const ROOT = 'https://gitlab.example/api/v4';

describe('requestTarget', () => {
	it('a path goes under the API root with its query, and may carry a credential', () => {
		expect(requestTarget(ROOT, '/projects', 'per_page=5')).toEqual({
			url: `${ROOT}/projects?per_page=5`,
			credentialed: true
		});
	});

	it('an absolute URL on another origin goes where it points, without a credential', () => {
		const target = requestTarget(ROOT, 'https://elsewhere.example/api/v4/projects?page=2');
		expect(target.url).toBe('https://elsewhere.example/api/v4/projects?page=2');
		expect(target.credentialed).toBe(false);
	});

	it('a token written into the URL is taken out; the send path adds the auth method’s own', () => {
		const target = requestTarget(ROOT, `${ROOT}/projects?private_token=glpat-x&page=2`);
		expect(target.url).not.toContain('glpat-x');
		expect(target.url).toContain('page=2');
	});
});

describe('asSent', () => {
	it('percent-encodes a space, a quote and non-ASCII text as the browser does, leaving escapes', () => {
		expect(asSent(`${ROOT}/projects/my group%2Fapp?search=café "x"`)).toBe(
			`${ROOT}/projects/my%20group%2Fapp?search=caf%C3%A9%20%22x%22`
		);
	});

	it('keeps a single quote in the path but encodes it in the query', () => {
		expect(asSent(`${ROOT}/it's?q=it's`)).toBe(`${ROOT}/it's?q=it%27s`);
	});
});
