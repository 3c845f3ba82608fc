/**
 * The explorer's one request type: a saved request and a History entry stored by an earlier
 * build (before there was one type) read and fill the form exactly as they did.
 */
import { describe, expect, it } from 'vitest';
import { AuthState } from '$lib/codehost/auth/auth.svelte';
import { parseCollectionsFile } from '$lib/codehost/collections/collections';
import { parseHistoryExport } from '$lib/codehost/history/history';
import { RequestFormState } from '$lib/codehost/request/form.svelte';
import { EXPLORER_METHODS } from '$lib/codehost/request/request';

const ROOT = 'https://codehost.demo/api/v4';

function form() {
	const auth = new AuthState(() => false);
	return { form: new RequestFormState(() => ({ apiRoot: ROOT, auth, variables: {} })), auth };
}

/** A collections file as the build of 2026-12-01 wrote it (its saved requests were "snapshots"). */
const OLD_COLLECTIONS = JSON.stringify({
	format: 'api-workbench-collections',
	version: 1,
	collections: [
		{
			id: 'col-1',
			name: 'Smoke',
			requests: [
				{
					id: 'req-1',
					name: 'Update a project',
					method: 'PUT',
					path: '/projects/:id',
					pathParams: { id: '{{project}}' },
					query: 'simple=true',
					params: '{"name": "{{name}}"}',
					bodyKind: 'json',
					headers: 'If-Match: "1"',
					auth: { method: 'personal', way: 'private-token-header' },
					assertions: [{ kind: 'status', equals: 200 }]
				}
			]
		}
	]
});

/** A History export as the same build wrote it: the request kept without headers or auth. */
const OLD_HISTORY = JSON.stringify({
	format: 'codehost-explorer-history',
	version: 1,
	entries: [
		{
			id: 'h-1',
			at: '2026-12-01T10:00:00.000Z',
			method: 'POST',
			path: '/projects',
			url: `${ROOT}/projects`,
			status: 201,
			durationMs: 12,
			sizeBytes: 40,
			requestHeaders: {},
			responseHeaders: {},
			request: {
				method: 'POST',
				path: 'projects',
				query: '',
				params: '{"name": "x"}',
				bodyKind: 'json'
			}
		}
	]
});

describe('the one request type', () => {
	it('the methods a request may have are the five the explorer sends', () => {
		expect(EXPLORER_METHODS).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
	});

	it('a saved request from an earlier build reads and fills the form as it was saved', () => {
		const file = parseCollectionsFile(OLD_COLLECTIONS);
		const saved = file.collections[0]!.requests[0]!;
		const { form: f, auth } = form();
		f.load(saved);
		expect(f.request()).toEqual({
			method: 'PUT',
			path: '/projects/:id',
			pathParams: { id: '{{project}}' },
			query: 'simple=true',
			params: '{"name": "{{name}}"}',
			bodyKind: 'json',
			headers: 'If-Match: "1"',
			auth: { method: 'personal', way: 'private-token-header' }
		});
		expect(auth.method).toBe('personal');
		expect(saved.assertions).toEqual([{ kind: 'status', equals: 200 }]);
	});

	it('a History entry from an earlier build fills the form, its headers and auth left as they are', () => {
		const [entry] = parseHistoryExport(OLD_HISTORY);
		const { form: f } = form();
		f.headers = 'X-Kept: 1';
		f.load(entry!.request!);
		expect(f.method).toBe('POST');
		expect(f.path).toBe('/projects');
		expect(f.params).toBe('{"name": "x"}');
		expect(f.bodyKind).toBe('json');
		expect(f.headers).toBe('X-Kept: 1');
		expect(f.build()).toMatchObject({ method: 'POST', target: '/projects', query: '' });
	});
});
