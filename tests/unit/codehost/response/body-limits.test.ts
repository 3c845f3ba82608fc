import { afterEach, describe, expect, it } from 'vitest';
import { saveName } from '$lib/codehost/response/body-limits';
import { forgetBodies } from '$lib/codehost/response/recent-bodies';

const ROOT = 'https://h.example/api/v4';

afterEach(() => forgetBodies());

describe('saveName: the file an answer is saved as', () => {
	it('takes the last path segment and an extension for the type', () => {
		expect(saveName(`${ROOT}/projects?page=2`, 'application/json; charset=utf-8')).toBe(
			'projects.json'
		);
		expect(saveName(`${ROOT}/jobs/7/trace`, 'text/plain')).toBe('trace.txt');
		expect(saveName('https://h.example/', '')).toBe('response.txt');
		expect(saveName('not a url', 'text/csv')).toBe('response.csv');
	});
	it('takes the last segment of a path with a trailing slash, drops only the last extension, and joins odd characters into one dash', () => {
		expect(saveName(`${ROOT}/projects/`, 'application/json')).toBe('projects.json');
		expect(saveName(`${ROOT}/files/archive.tar.gz`, 'application/json')).toBe('archive.tar.json');
		expect(saveName(`${ROOT}/files/my%20%20notes`, 'text/plain')).toBe('my-notes.txt');
	});
	it('names HTML and XML answers by their type, and a typeless one as text', () => {
		expect(saveName(`${ROOT}/help`, 'text/html; charset=utf-8')).toBe('help.html');
		expect(saveName(`${ROOT}/feed.atom`, 'application/atom+xml')).toBe('feed.xml');
		expect(saveName(`${ROOT}/projects/1/export`)).toBe('export.txt');
	});
});
