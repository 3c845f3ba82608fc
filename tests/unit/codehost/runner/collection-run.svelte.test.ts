import { describe, expect, it } from 'vitest';
import { CollectionRun } from '$lib/codehost/runner/collection-run.svelte';
import type { RunResponse } from '$lib/codehost/runner/assertions';
import type { RunRequest } from '$lib/codehost/runner/run';

const requests: RunRequest[] = [
	{ id: 'a', name: 'GET /a', assertions: [{ kind: 'status', equals: 200 }] },
	{ id: 'b', name: 'GET /b', assertions: [{ kind: 'status', equals: 201 }] },
	{ id: 'c', name: 'GET /c', assertions: [{ kind: 'status', equals: 200 }] }
];
const ok: RunResponse = { status: 200, headers: {}, body: null, timeMs: 1 };

describe('a collection run as page state', () => {
	it('shows results as they come and the summary at the end', async () => {
		const run = new CollectionRun();
		let release!: () => void;
		const gate = new Promise<void>((resolve) => (release = resolve));
		const started = run.start({
			requests,
			send: async (r) => {
				if (r.id === 'c') await gate;
				return ok;
			}
		});
		await Promise.resolve();
		await new Promise((resolve) => setTimeout(resolve, 0));
		expect(run.running).toBe(true);
		expect(run.results.map((r) => r.passed)).toEqual([true, false]);
		expect(run.summary).toBe('1 passed, 1 failed');
		expect(run.progress).toMatchObject({ done: 2, total: 3, current: { name: 'GET /c' } });
		release();
		await started;
		expect(run.running).toBe(false);
		expect(run.summary).toBe('2 passed, 1 failed');
		expect(run.report?.outcome).toBe('finished');
	});

	it('Cancel stops the run', async () => {
		const run = new CollectionRun();
		const started = run.start({
			requests,
			send: (_r, _v, signal) =>
				new Promise<RunResponse>((_resolve, reject) =>
					signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
				)
		});
		run.cancel();
		const report = await started;
		expect(report?.outcome).toBe('cancelled');
		expect(run.results).toEqual([]);
	});

	it('refuses malformed CSV rows before anything runs, naming the row', () => {
		const run = new CollectionRun();
		expect(run.readRows('id,name\n1,a\n2\n')).toBeUndefined();
		expect(run.error).toBe('Row 3: 1 field, the header has 2');
		expect(run.readRows('id\n1\n')?.rows).toEqual([{ id: '1' }]);
		expect(run.error).toBe('');
	});
});
