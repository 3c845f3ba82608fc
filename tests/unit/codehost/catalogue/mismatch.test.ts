import { describe, expect, it } from 'vitest';
import { catalogueMismatch } from '$lib/codehost/catalogue/mismatch';

const entry = {
	method: 'GET' as const,
	path: '/projects/:id/merge_trains',
	docsUrl: 'https://docs.gitlab.com/api/merge_trains/'
};

describe('a catalogue endpoint the server does not have', () => {
	it('a 405 says the method is not accepted there', () => {
		expect(catalogueMismatch(entry, 405, { message: '405 Method Not Allowed' })).toMatch(
			/^This server does not accept GET on \/projects\/:id\/merge_trains \(405\)/
		);
	});

	it('a 404 for the route says the server lacks the endpoint', () => {
		expect(catalogueMismatch(entry, 404, { error: '404 Not Found' })).toMatch(
			/^This server has no GET \/projects\/:id\/merge_trains \(404\)/
		);
		expect(catalogueMismatch(entry, 404, '<html>nope</html>')).toBeDefined();
	});

	it('a 404 naming a record is the record’s, and other answers say nothing', () => {
		expect(catalogueMismatch(entry, 404, { message: '404 Project Not Found' })).toBeUndefined();
		expect(catalogueMismatch(entry, 200, [])).toBeUndefined();
		expect(catalogueMismatch(entry, 401, { message: '401 Unauthorized' })).toBeUndefined();
	});

	it('an imported description’s endpoint names that description, not GitLab’s API', () => {
		const described = { ...entry, path: '/pets', docsUrl: '', from: 'Swagger Petstore' };
		expect(catalogueMismatch(described, 405)).toMatch(/though “Swagger Petstore” describes it\./);
		const notFound = catalogueMismatch(described, 404, { error: '404 Not Found' });
		expect(notFound).toMatch(
			/“Swagger Petstore” describes it; the server may be of another version\./
		);
		expect(notFound).not.toMatch(/GitLab/);
	});
});
