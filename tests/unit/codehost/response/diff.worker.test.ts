// The compare worker loaded with a fake worker scope (`self`): what it answers (how the page starts
// it, and what the page does when it cannot, is diff-client's).
import { afterEach, describe, expect, it, vi } from 'vitest';

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

describe('the compare worker', () => {
	it('answers each request with the differences, under the request’s id', async () => {
		const { posted, receive } = await loadWorker(
			() => import('$lib/codehost/response/diff.worker')
		);
		receive({ id: 4, before: '{"a":1}', after: '{"a":2}' });
		expect(posted).toEqual([
			{ id: 4, changes: [{ kind: 'changed', path: '.a', before: '1', after: '2' }] }
		]);
	});
});
