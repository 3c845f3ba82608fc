import { describe, expect, it } from 'vitest';
import {
	exportHistory,
	parseHistoryExport,
	type HistoryEntry
} from '$lib/codehost/history/history';
import { isHttpMethod } from '$lib/http/method';
import { hostileMethod } from '../hostile-method';

const entry = (id: string, method: string, request?: { method: string }): HistoryEntry => ({
	id,
	at: '2026-11-26T10:00:00.000Z',
	method,
	path: '/projects',
	url: 'https://gitlab.example.com/api/v4/projects',
	status: 200,
	durationMs: 5,
	sizeBytes: 2,
	requestHeaders: {},
	responseHeaders: {},
	...(request && {
		request: { ...request, path: '/projects', query: '', params: '', bodyKind: 'query' as const }
	})
});

describe('a history file names only real HTTP methods', () => {
	it('an entry whose method carries a shell command refuses the whole file, saying which entry', () => {
		const file = exportHistory([entry('a', 'GET'), entry('b', hostileMethod('/tmp/x'))]);
		expect(() => parseHistoryExport(file)).toThrow(
			/^Entry 2 of the file names “GET;\$'\\164.*” as its method, which is not an HTTP method \(such as GET or POST\)\. Nothing was imported/
		);
	});

	it('the saved request (what Run again sends) is checked too', () => {
		const file = exportHistory([entry('a', 'GET', { method: 'GET /x HTTP/1.1\r\nHost: evil' })]);
		expect(() => parseHistoryExport(file)).toThrow(/Entry 1 of the file [^]* not an HTTP method/);
	});

	it('real methods, also unregistered tokens, are read as they are', () => {
		const file = exportHistory([
			entry('a', 'GET'),
			entry('b', 'PATCH', { method: 'PATCH' }),
			entry('c', 'PROPFIND')
		]);
		expect(parseHistoryExport(file).map((e) => e.method)).toEqual(['GET', 'PATCH', 'PROPFIND']);
	});

	it('the RFC 9110 token: no space, separator or control character; not empty, not overlong', () => {
		for (const ok of ['GET', 'M-SEARCH', 'X_Y', "A!#$%&'*+.^_`|~9"])
			expect(isHttpMethod(ok)).toBe(true);
		for (const bad of ['', 'GET ', 'GE T', 'GET;', 'A(B)', 'A"B', 'A\nB', 'Ü', 'A'.repeat(21), 5])
			expect(isHttpMethod(bad)).toBe(false);
	});
});
