import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerDiff } from '$lib/codehost/response/diff-answer';
import type { DiffReply, DiffRequest } from '$lib/codehost/response/diff-protocol';

describe('the diff worker’s protocol', () => {
	it('answers a request with its id; a body it cannot walk is a failure, not a crash', () => {
		expect(answerDiff({ id: 7, before: '[1]', after: '[2]' })).toEqual({
			id: 7,
			changes: [{ kind: 'changed', path: '[0]', before: '1', after: '2' }]
		});
		const deep = '['.repeat(20_000) + ']'.repeat(20_000);
		const reply = answerDiff({ id: 8, before: deep, after: deep.replace('[]', '[1]') });
		expect(reply.id).toBe(8);
		expect('failed' in reply).toBe(true);
	});

	afterEach(() => {
		vi.unstubAllGlobals();
		vi.resetModules();
	});

	it('sends each comparison to one worker and matches replies by id, whatever their order', async () => {
		const posted: DiffRequest[] = [];
		const workers: FakeWorker[] = [];
		class FakeWorker {
			onmessage: ((e: MessageEvent<DiffReply>) => void) | null = null;
			onerror: ((e: Event) => void) | null = null;
			constructor() {
				workers.push(this);
			}
			postMessage(request: DiffRequest) {
				posted.push(request);
			}
			terminate() {}
			reply(request: DiffRequest) {
				this.onmessage?.({ data: answerDiff(request) } as MessageEvent<DiffReply>);
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
