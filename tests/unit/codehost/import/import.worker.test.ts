// The import worker loaded with a fake worker scope (`self`): what it answers for a file.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportReply } from '$lib/codehost/import/file';
import { readImport } from '$lib/codehost/import/file';

afterEach(() => {
	vi.unstubAllGlobals();
	vi.resetModules();
});

/** Loads a worker module with a fake `self`; gives back its message handler and what it posted. */
async function loadWorker(load: () => Promise<unknown>) {
	const posted: unknown[] = [];
	const scope = {
		onmessage: null as ((event: { data: unknown }) => unknown) | null,
		postMessage: (m: unknown) => posted.push(m)
	};
	vi.stubGlobal('self', scope);
	vi.resetModules();
	await load();
	return { posted, receive: (data: unknown) => scope.onmessage!({ data }) };
}

describe('the import worker', () => {
	it('answers a file with the replies readImport gives, the last one "done"', async () => {
		const { posted, receive } = await loadWorker(
			() => import('$lib/codehost/import/import.worker')
		);
		const file = new Blob([JSON.stringify({ format: 'other' })]);
		await receive({ kind: 'history', file });
		const expected: ImportReply[] = [];
		await readImport({ kind: 'history', file }, (m) => expected.push(m));
		expect(expected.at(-1)).toMatchObject({ type: 'refused' });
		// The worker's reading is not awaited by its handler: wait for its last reply.
		await vi.waitFor(() => expect(posted).toHaveLength(expected.length));
		expect(posted).toEqual(expected);
	});
});
