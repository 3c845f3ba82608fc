// The compare worker loaded with a fake worker scope (`self`), how the page starts it, and what the
// page does when it cannot start.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DiffReply } from '$lib/codehost/response/diff-protocol';

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

	it('is started once, as a module worker named "compare", from its own file', async () => {
		const started: { url: URL; options: WorkerOptions }[] = [];
		vi.stubGlobal(
			'Worker',
			class {
				onmessage: ((e: MessageEvent<DiffReply>) => void) | null = null;
				constructor(url: URL, options: WorkerOptions) {
					started.push({ url, options });
				}
				postMessage(request: { id: number }) {
					queueMicrotask(() =>
						this.onmessage?.({
							data: { id: request.id, changes: [] }
						} as unknown as MessageEvent<DiffReply>)
					);
				}
			}
		);
		const { diffBodies } = await import('$lib/codehost/response/diff-client');
		await diffBodies('[1]', '[1]');
		await diffBodies('[2]', '[2]');
		expect(started).toHaveLength(1);
		expect(String(started[0]!.url)).toMatch(/\/diff\.worker\.ts$/);
		expect(started[0]!.options).toEqual({ type: 'module', name: 'compare' });
	});

	it('a second reply to the same request, or a second failure report, is ignored', async () => {
		const workers: {
			onmessage: ((e: unknown) => void) | null;
			onerror: ((e: Event) => void) | null;
		}[] = [];
		let terminated = 0;
		vi.stubGlobal(
			'Worker',
			class {
				onmessage: ((e: unknown) => void) | null = null;
				onerror: ((e: Event) => void) | null = null;
				constructor() {
					workers.push(this);
				}
				postMessage(request: { id: number }) {
					const reply = { data: { id: request.id, changes: [] } };
					queueMicrotask(() => {
						this.onmessage?.(reply);
						this.onmessage?.(reply);
					});
				}
				terminate() {
					terminated++;
				}
			}
		);
		const { diffBodies } = await import('$lib/codehost/response/diff-client');
		expect(await diffBodies('[1]', '[1]')).toMatchObject({ changes: [] });
		const worker = workers[0]!;
		worker.onerror!(new Event('error'));
		worker.onerror!(new Event('error'));
		expect(terminated).toBe(1);
		expect(await diffBodies('[1]', '[2]')).toMatchObject({ changes: [{ kind: 'changed' }] });
		expect(workers).toHaveLength(1);
	});

	it('where no worker can start, the page compares, and does not try to start one again', async () => {
		let tries = 0;
		vi.stubGlobal(
			'Worker',
			class {
				constructor() {
					tries++;
					throw new Error('workers are not allowed here');
				}
			}
		);
		const { diffBodies } = await import('$lib/codehost/response/diff-client');
		const first: DiffReply = await diffBodies('[1]', '[2]');
		expect(first).toMatchObject({ changes: [{ kind: 'changed', path: '[0]' }] });
		expect(await diffBodies('[1]', '[1]')).toMatchObject({ changes: [] });
		expect(tries).toBe(1);
	});
});
