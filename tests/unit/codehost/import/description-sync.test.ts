/**
 * Import of a newer version of a description in the endpoint list: which saved requests are
 * replaced in place, added, deleted or left alone, read from two versions of a real-looking
 * OpenAPI 3.1 description (JSON).
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { ImportPreview } from '$lib/codehost/import/preview';
import { planUpdate } from '$lib/codehost/import/description-sync';
import { parseImport } from '$lib/codehost/import/read-import';
import { API_ROOT } from './sent';

async function read(name: string): Promise<ImportPreview> {
	const text = await readFile(new URL(`../catalogue/fixtures/${name}`, import.meta.url), 'utf8');
	return parseImport(text, { apiRoot: API_ROOT, knownPaths: [] });
}

const idOf = (preview: ImportPreview, name: string) =>
	preview.collections.flatMap((c) => c.requests).find((r) => r.name === name)!.id;

describe('planUpdate', () => {
	it('replaces changed requests in place, adds new ones, deletes removed ones', async () => {
		const v1 = await read('petstore-v1.json');
		const v2 = await read('petstore-v2.json');
		const kept = new Set(v1.collections.flatMap((c) => c.requests.map((r) => r.id)));
		const plan = planUpdate(v1.description!, v2.description!, v2.collections, (id) => kept.has(id));

		expect([...plan.replace.keys()].sort()).toEqual(
			[
				idOf(v1, 'List all pets'),
				idOf(v1, 'Create a pet'),
				idOf(v1, 'Info for a specific pet')
			].sort()
		);
		// The new request's content under the old id.
		const create = plan.replace.get(idOf(v1, 'Create a pet'))!;
		expect(create.bodyKind).toBe('multipart');
		expect(create.id).toBe(idOf(v1, 'Create a pet'));
		expect([...plan.remove]).toEqual([idOf(v1, 'Rename a pet')]);
		expect(plan.add.map((c) => [c.name, c.requests.map((r) => r.name)])).toEqual([
			['Swagger Petstore / stores', ['Läden auflisten']]
		]);
		// The description kept: the earlier id, version 2, each operation's request the one kept.
		expect(plan.description.id).toBe(v1.description!.id);
		expect(plan.description.version).toBe('1.1.0');
		expect(
			Object.fromEntries(plan.description.operations.map((op) => [op.summary, op.requestId]))
		).toEqual({
			'List all pets': idOf(v1, 'List all pets'),
			'Create a pet': idOf(v1, 'Create a pet'),
			'Info for a specific pet': idOf(v1, 'Info for a specific pet'),
			'Läden auflisten': idOf(v2, 'Läden auflisten')
		});
	});

	it('an unchanged operation’s request is left alone; one the person deleted stays deleted unless it changed', async () => {
		const v1 = await read('tracker-v1.yaml');
		const v2 = await read('tracker-v2.yaml');
		const gone = new Set([idOf(v1, 'Delete an issue'), idOf(v1, 'List issues')]);
		const kept = new Set(
			v1.collections.flatMap((c) => c.requests.map((r) => r.id)).filter((id) => !gone.has(id))
		);
		const plan = planUpdate(v1.description!, v2.description!, v2.collections, (id) => kept.has(id));
		const added = plan.add.flatMap((c) => c.requests.map((r) => r.name));
		// Deleted and unchanged: not brought back. Deleted and changed: a request again.
		expect(added).toEqual(['List issues', 'List labels']);
		expect(plan.replace.has(idOf(v1, 'Delete an issue'))).toBe(false);
		const del = plan.description.operations.find((op) => op.method === 'DELETE')!;
		expect(del.requestId).toBeUndefined();
	});

	it('a removed operation whose request is already gone deletes nothing', async () => {
		const v1 = await read('tracker-v1.yaml');
		const v2 = await read('tracker-v2.yaml');
		const plan = planUpdate(v1.description!, v2.description!, v2.collections, () => false);
		expect(plan.remove.size).toBe(0);
		expect(plan.replace.size).toBe(0);
	});
});
