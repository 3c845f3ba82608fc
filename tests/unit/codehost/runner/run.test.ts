import { describe, expect, it, vi } from 'vitest';
import type { RunResponse } from '$lib/codehost/runner/assertions';
import { retryAfterMs, runCollection, summary, type RunRequest } from '$lib/codehost/runner/run';

const ok = (body: unknown = [], headers: Record<string, string> = {}): RunResponse => ({
	status: 200,
	headers,
	body,
	timeMs: 10
});
const limited = (retryAfter?: string): RunResponse => ({
	status: 429,
	headers: retryAfter ? { 'Retry-After': retryAfter } : {},
	body: { message: '429 Too Many Requests' },
	timeMs: 5
});

const three: RunRequest[] = [
	{
		id: 'a',
		name: 'GET /projects',
		assertions: [{ kind: 'status', equals: 200 }],
		extractions: [{ name: 'pid', path: '$[0].id' }]
	},
	{
		id: 'b',
		name: 'GET /projects/:id',
		assertions: [{ kind: 'json-equals', path: '$.name', value: 'Other' }]
	},
	{ id: 'c', name: 'GET /projects/:id/issues', assertions: [{ kind: 'status', equals: 200 }] }
];

describe('the collection runner', () => {
	it('loads the pattern matcher itself before it matches: a pattern check of a fresh page passes', async () => {
		vi.resetModules();
		const fresh = await import('$lib/codehost/runner/run');
		const report = await fresh.runCollection({
			requests: [
				{
					id: 'p',
					name: 'GET /projects/1',
					assertions: [{ kind: 'json-matches', path: '$.name', pattern: '^Dia\\w+$' }]
				}
			],
			send: async () => ok({ name: 'Diaspora' })
		});
		expect(report.results[0]!.assertions[0]).toMatchObject({ passed: true, message: '' });
	});

	it('runs in order, carries extracted values, and reads "2 passed, 1 failed"', async () => {
		const seen: Record<string, string>[] = [];
		const report = await runCollection({
			requests: three,
			send: async (request, variables) => {
				seen.push({ ...variables });
				return request.id === 'a' ? ok([{ id: 7 }]) : ok({ name: 'Diaspora' });
			}
		});
		expect(seen).toEqual([{}, { pid: '7' }, { pid: '7' }]);
		expect(report.results.map((r) => r.passed)).toEqual([true, false, true]);
		expect(report.results[1]!.assertions[0]).toMatchObject({
			label: '$.name equals Other',
			message: 'Was "Diaspora"'
		});
		expect(summary(report)).toBe('2 passed, 1 failed');
		expect(report.outcome).toBe('finished');
	});

	it('runs once per data row, the columns as variables over the environment', async () => {
		const sent: string[] = [];
		const report = await runCollection({
			requests: [three[2]!],
			rows: [{ project: '1' }, { project: '2' }],
			variables: { project: 'env', token: 't' },
			send: async (_r, v) => {
				sent.push(`${v.project}/${v.token}`);
				return ok();
			}
		});
		expect(sent).toEqual(['1/t', '2/t']);
		expect(report.results.map((r) => r.row)).toEqual([0, 1]);
		expect(report.total).toBe(2);
	});

	it('stops at the first failure when asked, saying where', async () => {
		const send = vi.fn(async (r: RunRequest) =>
			r.id === 'a' ? ok([{ id: 7 }]) : ok({ name: 'Diaspora' })
		);
		const report = await runCollection({ requests: three, send, stopOnFailure: true });
		expect(send).toHaveBeenCalledTimes(2);
		expect(report).toMatchObject({
			outcome: 'stopped',
			reason: 'Stopped at the first failure: GET /projects/:id',
			passed: 1,
			failed: 1,
			total: 3
		});
	});

	it('Cancel aborts the request in flight and sends nothing more', async () => {
		const controller = new AbortController();
		let release!: () => void;
		const held = new Promise<void>((resolve) => (release = resolve));
		const send = vi.fn(async (_r: RunRequest, _v: unknown, signal: AbortSignal) => {
			if (send.mock.calls.length === 2) {
				controller.abort();
				await held;
				expect(signal.aborted).toBe(true);
				throw new DOMException('aborted', 'AbortError');
			}
			return ok([{ id: 1 }]);
		});
		const running = runCollection({ requests: three, send, signal: controller.signal });
		release();
		const report = await running;
		expect(send).toHaveBeenCalledTimes(2);
		expect(report.outcome).toBe('cancelled');
		expect(report.results).toHaveLength(1);
	});

	it('waits as Retry-After says on a 429, then sends again', async () => {
		const waits: number[] = [];
		const answers = [limited('2'), ok([{ id: 1 }])];
		const progress: (number | undefined)[] = [];
		const report = await runCollection({
			requests: [three[0]!],
			send: async () => answers.shift()!,
			sleep: async (ms) => void waits.push(ms),
			onProgress: (p) => progress.push(p.waitingMs)
		});
		expect(waits).toEqual([2000]);
		expect(progress).toContain(2000);
		expect(report.results[0]).toMatchObject({ passed: true, status: 200 });
	});

	it('stops with the reason when Retry-After asks for more than the cap, or is missing', async () => {
		const sleep = vi.fn(async () => {});
		const long = await runCollection({
			requests: three,
			send: async () => limited('120'),
			sleep,
			maxRetryAfterMs: 30_000
		});
		expect(sleep).not.toHaveBeenCalled();
		expect(long).toMatchObject({
			outcome: 'stopped',
			reason: 'GET /projects: the server asked to wait 120 s (Retry-After), longer than 30 s'
		});
		expect(long.results).toHaveLength(1);
		const none = await runCollection({ requests: three, send: async () => limited(), sleep });
		expect(none.reason).toBe(
			'GET /projects: the server limits the rate (429) and gave no Retry-After'
		);
	});

	it('gives up after the allowed number of waits', async () => {
		const sleep = vi.fn(async () => {});
		const report = await runCollection({
			requests: three,
			send: async () => limited('1'),
			sleep,
			maxRetries: 2
		});
		expect(sleep).toHaveBeenCalledTimes(2);
		expect(report.reason).toBe('GET /projects: still rate-limited (429) after 2 waits');
	});

	it('reads Retry-After as seconds or as a date', () => {
		expect(retryAfterMs(limited('3'))).toBe(3000);
		const now = Date.parse('2026-01-01T00:00:00Z');
		expect(retryAfterMs(limited('Thu, 01 Jan 2026 00:00:05 GMT'), now)).toBe(5000);
		expect(retryAfterMs(limited('soon'))).toBeUndefined();
	});

	it('a send that fails is a failed request with its message, and the run goes on', async () => {
		const report = await runCollection({
			requests: three.slice(2).concat(three.slice(2)),
			send: vi
				.fn()
				.mockRejectedValueOnce(new Error('The server could not be reached'))
				.mockResolvedValue(ok())
		});
		expect(report.results[0]).toMatchObject({
			passed: false,
			error: 'The server could not be reached'
		});
		expect(summary(report)).toBe('1 passed, 1 failed');
	});

	it('an extraction that finds nothing fails its request', async () => {
		const report = await runCollection({ requests: [three[0]!], send: async () => ok([]) });
		expect(report.results[0]).toMatchObject({
			passed: false,
			error: 'pid: Nothing at $[0].id in this response'
		});
	});
});
