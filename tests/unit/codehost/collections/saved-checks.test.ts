/**
 * A saved request's checks (assertions, variables set from its answer): kept with it, exported and
 * imported with it, checked on the way in, and used by Run collection.
 */
import { FileRefused } from '$lib/ui/file-refused';
import { describe, expect, it } from 'vitest';
import type { CodehostRequest } from '$lib/codehost/request/request';
import {
	exportCollections,
	parseCollectionsFile,
	type Collection
} from '$lib/codehost/collections/collections';
import { cleanCollections } from '$lib/codehost/collections/store';
import { CollectionsState } from '$lib/codehost/collections/collections.svelte';
import { createCodehostApp } from '$lib/fakes/codehost/app';
import { explorerOver } from '../explorer-over';

const snap = (path: string): CodehostRequest => ({
	method: 'GET',
	path,
	pathParams: {},
	query: '',
	params: '',
	bodyKind: 'query',
	headers: '',
	auth: { method: 'none', way: 'none' }
});

const checked: Collection = {
	id: 'col-1',
	name: 'Smoke',
	requests: [
		{
			...snap('/projects'),
			id: 'req-1',
			name: 'All projects',
			assertions: [
				{ kind: 'status', equals: 200 },
				{ kind: 'json-matches', path: '$[0].path_with_namespace', pattern: '^diaspora/' }
			],
			extractions: [{ name: 'first', path: '$[0].id' }]
		},
		{ ...snap('/version'), id: 'req-2', name: 'Version' }
	]
};

describe('a saved request keeps its checks', () => {
	it('an export carries assertions and extractions, and importing it gives them back', () => {
		const file = exportCollections([checked], []);
		const parsed = JSON.parse(file) as { collections: { requests: Record<string, unknown>[] }[] };
		expect(parsed.collections[0]!.requests[0]).not.toHaveProperty('id');
		expect(parsed.collections[0]!.requests[1]).not.toHaveProperty('assertions');
		const back = parseCollectionsFile(file).collections[0]!.requests;
		expect(back[0]!.assertions).toEqual(checked.requests[0]!.assertions);
		expect(back[0]!.extractions).toEqual([{ name: 'first', path: '$[0].id' }]);
		expect(back[1]!.assertions).toBeUndefined();
	});

	it('a file with a check this app cannot read is refused, naming the request and the check', () => {
		const file = JSON.parse(exportCollections([checked], [])) as {
			collections: { requests: { assertions?: unknown[] }[] }[];
		};
		file.collections[0]!.requests[0]!.assertions![1] = {
			kind: 'json-matches',
			path: '$.a',
			pattern: '('
		};
		const read = () => parseCollectionsFile(JSON.stringify(file));
		expect(read).toThrow(FileRefused);
		expect(read).toThrow(/All projects.*assertion 2 pattern is not a valid regular expression/);
		file.collections[0]!.requests[0]!.assertions![1] = { kind: 'script', code: 'alert(1)' };
		expect(read).toThrow(/assertion 2 is not an assertion this app knows/);
	});

	it('what IndexedDB gives back keeps its checks', () => {
		expect(cleanCollections([checked])[0]!.requests[0]!.assertions).toHaveLength(2);
	});

	it('setChecks replaces them, and clearing both lists leaves none', async () => {
		const state = new CollectionsState();
		const item = state.save('Projects', 'Smoke', snap('/projects'), {
			extractions: [{ name: 'id', path: '$[0].id' }]
		})!;
		expect(state.find(item.id)!.extractions).toEqual([{ name: 'id', path: '$[0].id' }]);
		state.setChecks(item.id, { assertions: [{ kind: 'status', equals: 404 }], extractions: [] });
		expect(state.find(item.id)!.assertions).toEqual([{ kind: 'status', equals: 404 }]);
		expect(state.find(item.id)).not.toHaveProperty('extractions');
		state.setChecks(item.id, {});
		expect(state.find(item.id)).not.toHaveProperty('assertions');
		await state.settled();
	});
});

describe('Run collection uses the saved checks', () => {
	function explorer() {
		const app = createCodehostApp();
		const sent: string[] = [];
		const e = explorerOver(async (input, init) => {
			const request = new Request(input, init);
			sent.push(new URL(request.url).pathname);
			return app.fetch(request);
		});
		return { e, sent };
	}

	it('three requests, one failing assertion: 2 passed, 1 failed, with the reason', async () => {
		const { e } = explorer();
		const col = e.workspace.collections;
		col.save('Projects', 'Smoke', snap('/projects'), {
			assertions: [{ kind: 'status', equals: 200 }]
		});
		col.save('Client issues', 'Smoke', snap('/projects/diaspora%2Fclient-1/issues'), {
			assertions: [{ kind: 'json-exists', path: '$[0].iid' }]
		});
		col.save('Wrong status', 'Smoke', snap('/projects'), {
			assertions: [{ kind: 'status', equals: 201 }]
		});
		await e.workspace.runCollection(col.collections[0]!.id);
		const run = e.workspace.run;
		expect(run.summary).toBe('2 passed, 1 failed');
		const failed = run.results.find((r) => !r.passed)!;
		expect(failed.name).toContain('Wrong status');
		expect(failed.assertions[0]!.message).toBe('Status was 200');
		await col.settled();
	});

	it('closing the explorer (its connection changed, the page left) stops a running collection run', async () => {
		const app = createCodehostApp();
		const sent: string[] = [];
		const e: ReturnType<typeof explorerOver> = explorerOver(async (input, init) => {
			const request = new Request(input, init);
			sent.push(new URL(request.url).pathname);
			// The first answer arrives after the explorer was closed.
			if (sent.length === 1) e.close();
			return app.fetch(request);
		});
		const col = e.workspace.collections;
		for (const name of ['One', 'Two', 'Three'])
			col.save(name, 'Long', snap('/projects'), { assertions: [{ kind: 'status', equals: 200 }] });
		await e.workspace.runCollection(col.collections[0]!.id);
		expect(sent).toHaveLength(1);
		expect(e.workspace.run.report?.outcome).toBe('cancelled');
		await col.settled();
	});

	it('a value set from one answer goes into the next request as {{name}}', async () => {
		const { e, sent } = explorer();
		const col = e.workspace.collections;
		col.save('Issues', 'Chain', snap('/projects/diaspora%2Fclient-1/issues'), {
			extractions: [{ name: 'iid', path: '$[1].iid' }]
		});
		col.save('One issue', 'Chain', snap('/projects/diaspora%2Fclient-1/issues/{{iid}}'), {
			assertions: [{ kind: 'json-exists', path: '$.iid' }]
		});
		await e.workspace.runCollection(col.collections[0]!.id);
		expect(e.workspace.run.summary).toBe('2 passed, 0 failed');
		expect(sent.at(-1)).toMatch(/\/issues\/\d+$/);
		expect(sent.at(-1)).not.toContain('%7B');
		await col.settled();
	});

	it('saving the form keeps the values set as variables from its answer; opening it takes them', async () => {
		const { e } = explorer();
		e.extractions.set('$[0].id', '7', 'project');
		expect(e.workspace.saveRequest('Projects', 'Mine')).toBe(true);
		const item = e.workspace.collections.collections[0]!.requests[0]!;
		expect(item.extractions).toEqual([{ name: 'project', path: '$[0].id' }]);
		e.extractions.forget('project');
		e.workspace.openSaved(item.id);
		expect(e.extractions.list).toEqual([{ name: 'project', path: '$[0].id' }]);
		await e.workspace.collections.settled();
	});
});
