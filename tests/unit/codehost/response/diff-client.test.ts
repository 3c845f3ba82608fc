// diffBodies, how the page asks the compare worker: one worker, replies matched by id, and the page
// comparing itself where no worker starts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerDiff } from '$lib/codehost/response/diff-answer';
import type { DiffReply, DiffTask } from '$lib/codehost/response/diff-protocol';

afterEach(() => {
	vi.unstubAllGlobals();
	vi.resetModules();
});

describe('the diff worker’s protocol', () => {
	it('sends each comparison to one worker and matches replies by id, whatever their order', async () => {
		const posted: DiffTask[] = [];
		const workers: FakeWorker[] = [];
		class FakeWorker {
			onmessage: ((e: MessageEvent<DiffReply>) => void) | null = null;
			onerror: ((e: Event) => void) | null = null;
			constructor() {
				workers.push(this);
			}
			postMessage(task: DiffTask) {
				posted.push(task);
			}
			terminate() {}
			reply(task: DiffTask) {
				this.onmessage?.({ data: answerDiff(task) } as MessageEvent<DiffReply>);
			}
		}
		vi.stubGlobal('Worker', FakeWorker);
		const { diffBodies } = await import('$lib/codehost/response/diff-client');
		const first = diffBodies('[1]', '[2]');
		const second = diffBodies('[1]', '[1]');
		expect(workers).toHaveLength(1);
		expect(posted.map((p) => p.after)).toEqual(['[2]', '[1]']);
		workers[0]!.reply(posted[1]!);
		workers[0]!.reply(posted[0]!);
		expect(await second).toEqual({ id: posted[1]!.id, changes: [] });
		expect(await first).toMatchObject({ id: posted[0]!.id, changes: [{ kind: 'changed' }] });
	});

	it('compares on the page when the worker fails to load', async () => {
		class BrokenWorker {
			onmessage: unknown = null;
			onerror: ((e: Event) => void) | null = null;
			postMessage() {
				queueMicrotask(() => this.onerror?.(new Event('error')));
			}
			terminate() {}
		}
		vi.stubGlobal('Worker', BrokenWorker);
		const { diffBodies } = await import('$lib/codehost/response/diff-client');
		const reply = await diffBodies('{"a":1}', '{"a":2}');
		expect(reply).toMatchObject({ changes: [{ kind: 'changed', path: '.a' }] });
	});
});

describe('the compare worker', () => {
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
