/**
 * A newer version of an API description against the one in the endpoint list: the operations it
 * adds, changes (parameters, body, summary) and removes, read from real-looking descriptions
 * (OpenAPI 3.0 in YAML, 3.1 in JSON) through the import's own reader.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { ApiDescription } from '$lib/codehost/catalogue/described';
import { diffDescriptions, operationChanges } from '$lib/codehost/catalogue/described-diff';
import { parseImport } from '$lib/codehost/import/read-import';

const API_ROOT = 'https://gitlab.example.com/api/v4';

async function described(name: string): Promise<ApiDescription> {
	const text = await readFile(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
	const preview = await parseImport(text, { apiRoot: API_ROOT, knownPaths: [] });
	return preview.description!;
}

const names = (ops: readonly { method: string; path: string }[]) =>
	ops.map((op) => `${op.method} ${op.path}`);

describe('diffDescriptions', () => {
	it('OpenAPI 3.0 (YAML): an operation added, one removed, three changed, one the same', async () => {
		const diff = diffDescriptions(
			await described('tracker-v1.yaml'),
			await described('tracker-v2.yaml')
		);
		expect(names(diff.added)).toEqual(['GET /projects/:project_id/labels']);
		expect(names(diff.removed)).toEqual(['GET /projects/:project_id/milestones']);
		expect(diff.unchanged).toBe(1); // DELETE of an issue
		expect(
			Object.fromEntries(diff.changed.map((c) => [`${c.after.method} ${c.after.path}`, c.changes]))
		).toEqual({
			'GET /projects/:project_id/issues': [
				'query parameter “state” now required',
				'query parameter “state”: allowed values now opened, closed, all',
				'query parameter “order_by” added',
				'query parameter “search” removed'
			],
			'POST /projects/:project_id/issues': ['body field “due_date” added'],
			'GET /projects/:project_id/issues/:issue_iid': ['summary “Get one issue” → “Show one issue”']
		});
	});

	it('OpenAPI 3.1 (JSON): a body of another type, a required header, a list parameter', async () => {
		const diff = diffDescriptions(
			await described('petstore-v1.json'),
			await described('petstore-v2.json')
		);
		expect(names(diff.added)).toEqual(['GET /stores']);
		expect(diff.added[0]!.summary).toBe('Läden auflisten');
		expect(names(diff.removed)).toEqual(['PATCH /pets/:petId']);
		expect(diff.unchanged).toBe(0);
		expect(
			Object.fromEntries(diff.changed.map((c) => [`${c.after.method} ${c.after.path}`, c.changes]))
		).toEqual({
			'GET /pets': ['query parameter “species” added'],
			'POST /pets': [
				'body now multipart/form-data (was application/json)',
				'body field “species” added (required)',
				'body field “photo” added'
			],
			'GET /pets/:petId': ['header “X-Request-Id” added (required)']
		});
	});

	it('a description against itself changes nothing', async () => {
		const v1 = await described('tracker-v1.yaml');
		const again = await described('tracker-v1.yaml');
		expect(diffDescriptions(v1, again)).toEqual({
			added: [],
			changed: [],
			removed: [],
			unchanged: v1.operations.length
		});
	});

	it('a renamed path parameter is the same operation, changed; types and descriptions are told', () => {
		const before = {
			method: 'GET' as const,
			path: '/pets/:id',
			summary: 'Pet',
			params: [
				{ name: 'id', in: 'path' as const, required: true, type: 'string' },
				{ name: 'n', in: 'query' as const, required: false, type: 'integer', description: 'a' }
			]
		};
		const after = {
			...before,
			path: '/pets/:pet_id',
			params: [
				{ name: 'pet_id', in: 'path' as const, required: true, type: 'string' },
				{ name: 'n', in: 'query' as const, required: false, type: 'string', description: 'b' }
			],
			bodyType: 'application/json'
		};
		expect(operationChanges(before, after)).toEqual([
			'path /pets/:id → /pets/:pet_id',
			'path parameter “pet_id” added (required)',
			'query parameter “n”: type integer → string',
			'query parameter “n”: description changed',
			'path parameter “id” removed',
			'body added (application/json)'
		]);
		expect(operationChanges(after, { ...after, bodyType: undefined })).toEqual(['body removed']);
	});
});
