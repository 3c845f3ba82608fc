import { describe, expect, it } from 'vitest';
import { catalogueMismatch } from '$lib/codehost/catalogue/mismatch';

const entry = {
	method: 'GET' as const,
	path: '/projects/:id/merge_trains',
	docsUrl: 'https://docs.gitlab.com/api/merge_trains/'
};
const lacks = /^This server has no GET \/projects\/:id\/merge_trains \(404\)/;

describe('reading the body of a 404 for a catalogue endpoint', () => {
	it('a body with no message, an empty one or none says the server lacks the endpoint', () => {
		for (const body of [null, undefined, {}, { message: 42 }, 0])
			expect(catalogueMismatch(entry, 404, body), JSON.stringify(body)).toMatch(lacks);
	});

	it('a plain-text body naming a record is the record’s, spaces and line breaks aside', () => {
		expect(catalogueMismatch(entry, 404, '404 Project Not Found')).toBeUndefined();
		expect(catalogueMismatch(entry, 404, ' 404 Project Not Found\n')).toBeUndefined();
		expect(catalogueMismatch(entry, 404, '404 Not Found')).toMatch(lacks);
	});
});
