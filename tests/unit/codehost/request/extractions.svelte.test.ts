/**
 * "Set as variable": a value of an answer kept as `{{name}}`, which then follows each new answer
 * by the JSON path it came from; a path a later answer lacks keeps the value and says so.
 */
import { clear, createStore } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import { EnvironmentStore } from '$lib/codehost/environments/environments';
import { EnvironmentsState } from '$lib/codehost/environments/environments.svelte';
import { Extractions, nameFor } from '$lib/codehost/request/extractions.svelte';
import { resetStorageFaults } from '$lib/ui/storage-faults';
import { MemoryStorage } from '../../memory-storage';

beforeEach(async () => {
	await clear(createStore('codehost-environments', 'kv'));
	resetStorageFaults();
});

async function carried() {
	const envs = new EnvironmentsState(new EnvironmentStore(), {
		session: new MemoryStorage(),
		local: new MemoryStorage()
	});
	await envs.load();
	return { envs, extractions: new Extractions(envs) };
}

describe('nameFor', () => {
	it('names a variable after the path’s last step, or "value"', () => {
		expect(nameFor('$[0].web_url')).toBe('web_url');
		expect(nameFor("$['merge-request']")).toBe('merge-request');
		expect(nameFor('$[0]')).toBe('value');
	});
});

describe('Extractions', () => {
	it('a value set follows each new answer by its path', async () => {
		const { envs, extractions } = await carried();
		extractions.set('$[0].id', '7', 'project');
		expect(envs.values.project).toBe('7');
		extractions.apply('[{"id": 8}]');
		expect(envs.values.project).toBe('8');
	});

	it('an answer without the path keeps the value before and says which variable', async () => {
		const { envs, extractions } = await carried();
		extractions.set('$[0].id', '7', 'project');
		extractions.apply('{"message": "404 Not Found"}');
		expect(envs.values.project).toBe('7');
		expect(extractions.message).toBe('Not in this answer, kept as before: {{project}} ($[0].id).');
	});

	it('a body that is not JSON changes nothing', async () => {
		const { envs, extractions } = await carried();
		extractions.set('$.id', '7', 'id');
		extractions.apply('<html>');
		expect(envs.values.id).toBe('7');
	});

	it('a saved request’s extractions replace those of the same name; a forgotten one stops following', async () => {
		const { envs, extractions } = await carried();
		extractions.set('$[0].id', '7', 'project');
		extractions.adopt([{ name: 'project', path: '$.project_id' }]);
		expect(extractions.list).toEqual([{ name: 'project', path: '$.project_id' }]);
		extractions.apply('{"project_id": 9}');
		expect(envs.values.project).toBe('9');
		extractions.forget('project');
		extractions.apply('{"project_id": 10}');
		expect(envs.values.project).toBe('9');
	});
});
