/** The one line a person can act on, for each kind of failure (shown by the one ProblemView). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hintFor } from '$lib/http/hints';

describe('hintFor an HTTP status', () => {
	it.each([
		[401, /credentials are missing, wrong or expired/],
		[403, /valid but not allowed/],
		[404, /Nothing was found/],
		[405, /method is not allowed/],
		[414, /too long: send the parameters in the body/],
		[400, /refused the input/],
		[422, /refused the input/],
		[429, /Too many requests.*Retry-After/],
		[500, /server failed/],
		[503, /server failed/]
	])('CH-ST-2: %i', (status, hint) => {
		expect(hintFor({ kind: 'http', status })).toMatch(hint);
	});

	it('a status without advice of its own is named', () => {
		expect(hintFor({ kind: 'http', status: 409 })).toBe('The server answered with status 409.');
		expect(hintFor({ kind: 'http', status: 499 })).toBe('The server answered with status 499.');
		expect(hintFor({ kind: 'http' })).toBe('The server answered with status 0.');
	});
});

describe('hintFor a failure without an answer', () => {
	afterEach(() => {
		vi.unstubAllGlobals();
	});

	it('network: offline says reconnect, online says check the Base URL', () => {
		vi.stubGlobal('navigator', { onLine: false });
		expect(hintFor({ kind: 'network' })).toMatch(/You are offline/);
		vi.stubGlobal('navigator', { onLine: true });
		expect(hintFor({ kind: 'network' })).toMatch(/could not be reached.*Base URL/);
	});

	it('timeout, cancelled and CORS each say what happened', () => {
		expect(hintFor({ kind: 'timeout' })).toMatch(/did not answer in time/);
		expect(hintFor({ kind: 'aborted' })).toMatch(/cancelled/);
		expect(hintFor({ kind: 'cors' })).toMatch(/does not allow this app’s origin.*Proxy URL/);
	});

	it('parse: an HTML page is named as such; other text is not', () => {
		expect(hintFor({ kind: 'parse', bodyText: '  <html>' })).toMatch(/HTML page/);
		expect(hintFor({ kind: 'parse', bodyText: 'oops <b>' })).toMatch(/could not be read as JSON/);
		expect(hintFor({ kind: 'parse' })).toMatch(/could not be read as JSON/);
	});

	it('contract: names the field, or says it is unknown', () => {
		expect(hintFor({ kind: 'contract', field: 'data.0.guid' })).toMatch(/`data\.0\.guid`/);
		expect(hintFor({ kind: 'contract' })).toMatch(/`\?`/);
	});
});
