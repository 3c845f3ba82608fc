import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RunResponse } from '$lib/codehost/runner/assertions';
import { toJsonReport, toJUnitXml } from '$lib/codehost/runner/report';
import {
	retryAfterMs,
	runCollection,
	type RequestResult,
	type RunReport,
	type RunRequest
} from '$lib/codehost/runner/run';

const ok = (): RunResponse => ({ status: 200, headers: {}, body: [], timeMs: 10 });
const limited = (retryAfter: string): RunResponse => ({
	status: 429,
	headers: { 'Retry-After': retryAfter },
	body: {},
	timeMs: 5
});
const statusIs200 = (id: string, name: string): RunRequest => ({
	id,
	name,
	assertions: [{ kind: 'status', equals: 200 }]
});

afterEach(() => {
	vi.useRealTimers();
});

describe('the collection runner, edges', () => {
	it('reads Retry-After from a Headers object as well as from plain headers', () => {
		const response: RunResponse = {
			status: 429,
			headers: new Headers({ 'Retry-After': '4' }),
			body: {},
			timeMs: 1
		};
		expect(retryAfterMs(response)).toBe(4000);
		expect(retryAfterMs({ ...response, headers: new Headers() })).toBeUndefined();
	});

	it('a run cancelled before it starts sends nothing and says it was cancelled', async () => {
		const controller = new AbortController();
		controller.abort();
		const send = vi.fn(async () => ok());
		const report = await runCollection({
			requests: [statusIs200('a', 'GET /a')],
			send,
			signal: controller.signal
		});
		expect(send).not.toHaveBeenCalled();
		expect(report).toMatchObject({ outcome: 'cancelled', results: [], total: 1, failed: 0 });
	});

	it('Cancel between two requests: the first is reported, the second never sent', async () => {
		const controller = new AbortController();
		const send = vi.fn(async () => ok());
		const report = await runCollection({
			requests: [statusIs200('a', 'GET /a'), statusIs200('b', 'GET /b')],
			send,
			signal: controller.signal,
			onResult: () => controller.abort()
		});
		expect(send).toHaveBeenCalledTimes(1);
		expect(report.outcome).toBe('cancelled');
		expect(report.results.map((r) => r.name)).toEqual(['GET /a']);
	});

	it('stopping at the first failure of a run with data rows names the row', async () => {
		const report = await runCollection({
			requests: [statusIs200('a', 'GET /a')],
			rows: [{ v: '1' }, { v: '2' }, { v: '3' }],
			send: async (_r, v) => (v.v === '2' ? { ...ok(), status: 404 } : ok()),
			stopOnFailure: true
		});
		expect(report).toMatchObject({
			outcome: 'stopped',
			reason: 'Stopped at the first failure: GET /a (row 2)',
			passed: 1,
			failed: 1,
			total: 3
		});
	});

	it('without a sleep of its own, the run really waits as Retry-After says before sending again', async () => {
		vi.useFakeTimers();
		const answers = [limited('2'), ok()];
		const send = vi.fn(async () => answers.shift()!);
		let report: RunReport | undefined;
		void runCollection({ requests: [statusIs200('a', 'GET /a')], send }).then((r) => (report = r));
		await vi.advanceTimersByTimeAsync(1999);
		expect(send).toHaveBeenCalledTimes(1);
		expect(report).toBeUndefined();
		await vi.advanceTimersByTimeAsync(1);
		expect(send).toHaveBeenCalledTimes(2);
		expect(report).toMatchObject({ outcome: 'finished', passed: 1 });
	});

	it('Cancel during a Retry-After wait ends the run at once, without sending again', async () => {
		vi.useFakeTimers();
		const controller = new AbortController();
		const send = vi.fn(async () => limited('30'));
		let report: RunReport | undefined;
		void runCollection({
			requests: [statusIs200('a', 'GET /a')],
			send,
			signal: controller.signal,
			onProgress: (p) => {
				if (p.waitingMs) queueMicrotask(() => controller.abort());
			}
		}).then((r) => (report = r));
		await vi.advanceTimersByTimeAsync(0);
		expect(send).toHaveBeenCalledTimes(1);
		expect(report).toMatchObject({ outcome: 'cancelled', results: [] });
		// No timer is left behind to wake a finished run.
		expect(vi.getTimerCount()).toBe(0);
	});
});

describe('the collection runner: defaults, progress and timing', () => {
	it('an empty list of data rows runs once, with the environment’s variables', async () => {
		const seen: Record<string, string>[] = [];
		const report = await runCollection({
			requests: [statusIs200('a', 'GET /a')],
			rows: [],
			variables: { v: 'env' },
			send: async (_r, v) => {
				seen.push({ ...v });
				return ok();
			}
		});
		expect(seen).toEqual([{ v: 'env' }]);
		expect(report.total).toBe(1);
	});

	it('by default waits up to 60 s for a Retry-After, and at most 3 times', async () => {
		const waits: number[] = [];
		const sleep = async (ms: number) => void waits.push(ms);
		const atCap = await runCollection({
			requests: [statusIs200('a', 'GET /a')],
			send: async () => limited('60'),
			sleep
		});
		expect(waits).toEqual([60_000, 60_000, 60_000]);
		expect(atCap.reason).toBe('GET /a: still rate-limited (429) after 3 waits');
		const over = await runCollection({
			requests: [statusIs200('a', 'GET /a')],
			send: async () => limited('61'),
			sleep
		});
		expect(over.reason).toBe(
			'GET /a: the server asked to wait 61 s (Retry-After), longer than 60 s'
		);
		expect(waits).toHaveLength(3);
	});

	it('a wait and the cap are named in whole seconds: the wait rounded up, the cap to the nearest', async () => {
		const at = Date.parse('2026-03-01T10:00:00.800Z');
		const report = await runCollection({
			requests: [statusIs200('a', 'GET /a')],
			send: async () => limited('Sun, 01 Mar 2026 10:00:02 GMT'),
			sleep: async () => {},
			now: () => at,
			maxRetryAfterMs: 1100
		});
		expect(report.reason).toBe(
			'GET /a: the server asked to wait 2 s (Retry-After), longer than 1 s'
		);
	});

	it('progress names each request as it is sent, and ends with all done', async () => {
		const progress: unknown[] = [];
		await runCollection({
			requests: [statusIs200('a', 'GET /a'), statusIs200('b', 'GET /b')],
			send: async () => ok(),
			onProgress: (p) => progress.push(p)
		});
		expect(progress).toEqual([
			{ done: 0, total: 2, current: { name: 'GET /a', row: 0 } },
			{ done: 1, total: 2, current: { name: 'GET /b', row: 0 } },
			{ done: 2, total: 2 }
		]);
	});

	it('the report says when the run started and how long it took, by the clock it is given', async () => {
		const times = [Date.parse('2026-03-01T10:00:00Z'), Date.parse('2026-03-01T10:00:02.500Z')];
		const report = await runCollection({
			requests: [statusIs200('a', 'GET /a')],
			send: async () => ok(),
			now: () => times.shift()!
		});
		expect(report.startedAt).toBe('2026-03-01T10:00:00.000Z');
		expect(report.durationMs).toBe(2500);
		expect(report.results[0]).toMatchObject({ status: 200, timeMs: 10, row: 0, requestId: 'a' });
	});

	it('an abort error while the run is not cancelled (a timeout) is the request’s error', async () => {
		const report = await runCollection({
			requests: [statusIs200('a', 'GET /a'), statusIs200('b', 'GET /b')],
			send: async (r) => {
				if (r.id === 'a') throw new DOMException('The request timed out', 'AbortError');
				throw 'no reason given';
			}
		});
		expect(report.outcome).toBe('finished');
		expect(report.results.map((r) => r.error)).toEqual([
			'The request timed out',
			'no reason given'
		]);
	});

	it('a send that fails with a kind of "aborted" after Cancel is not reported as an error', async () => {
		const controller = new AbortController();
		const report = await runCollection({
			requests: [statusIs200('a', 'GET /a')],
			signal: controller.signal,
			send: async () => {
				controller.abort();
				throw Object.assign(new Error('stopped'), { kind: 'aborted' });
			}
		});
		expect(report).toMatchObject({ outcome: 'cancelled', results: [] });
	});
});

const result = (over: Partial<RequestResult>): RequestResult => ({
	requestId: 'r',
	name: 'GET /a',
	row: 0,
	passed: true,
	timeMs: 100,
	assertions: [],
	...over
});

const reportOf = (results: RequestResult[]): RunReport => ({
	outcome: 'finished',
	results,
	total: results.length,
	passed: results.filter((r) => r.passed).length,
	failed: results.filter((r) => !r.passed).length,
	startedAt: '2026-01-01T00:00:00.000Z',
	durationMs: 0
});

describe('the JUnit report, edges', () => {
	it('a run with data rows has a suite per row, named by its row number from 1', () => {
		const xml = toJUnitXml(reportOf([result({ row: 0 }), result({ row: 1 })]), 'Run');
		expect(xml).toContain('<testsuite name="Run (row 1)" tests="1" failures="0" time="0.100">');
		expect(xml).toContain('<testsuite name="Run (row 2)" tests="1" failures="0" time="0.100">');
		expect(xml).toContain('<testcase classname="Run (row 2)" name="GET /a" time="0.100"/>');
	});

	it('a run whose only results are of a later row still names that row', () => {
		const xml = toJUnitXml(reportOf([result({ row: 2 })]), 'Run');
		expect(xml).toContain('<testsuite name="Run (row 3)"');
		const single = toJUnitXml(reportOf([result({ row: 0 })]), 'Run');
		expect(single).toContain('<testsuite name="Run" ');
	});

	it('a send error is a failure of type "error", the error first in its text, then each assertion', () => {
		const failed = result({
			passed: false,
			error: 'The server could not be reached',
			assertions: [
				{
					assertion: { kind: 'status', equals: 200 },
					passed: true,
					label: 'Status equals 200',
					message: ''
				},
				{
					assertion: { kind: 'status', equals: 201 },
					passed: false,
					label: 'Status equals 201',
					message: 'Was 200'
				}
			]
		});
		expect(toJUnitXml(reportOf([failed]), 'Run')).toContain(
			'<failure message="The server could not be reached" type="error">The server could not be reached\npassed Status equals 200\nFAILED Status equals 201 (Was 200)</failure>'
		);
	});
});

describe('the JUnit and JSON reports, more edges', () => {
	it('a suite counts its failures and adds its times; a result without a time counts as 0', () => {
		const xml = toJUnitXml(
			reportOf([
				result({ timeMs: 1234 }),
				result({ name: 'GET /b', passed: false, timeMs: undefined, error: 'offline' })
			]),
			'Run'
		);
		expect(xml).toContain('<testsuite name="Run" tests="2" failures="1" time="1.234">');
		expect(xml).toContain('<testcase classname="Run" name="GET /b" time="0.000">');
		expect(xml).toMatch(
			/<failure [^>]*>offline<\/failure>\n\t\t<\/testcase>\n\t<\/testsuite>\n<\/testsuites>\n$/
		);
	});

	it('a failure message names each failed assertion, joined by "; ", and not those that passed', () => {
		const assertion = (label: string, passed: boolean) => ({
			assertion: { kind: 'status' as const, equals: 200 },
			passed,
			label,
			message: passed ? '' : `${label} failed`
		});
		const xml = toJUnitXml(
			reportOf([
				result({
					passed: false,
					assertions: [assertion('A', false), assertion('B', true), assertion('C', false)]
				})
			]),
			'Run'
		);
		expect(xml).toContain('<failure message="A: A failed; C: C failed" type="assertion">');
	});

	it('the reason a run stopped is an XML comment that cannot end early', () => {
		const xml = toJUnitXml({ ...reportOf([result({})]), reason: 'a -- b' }, 'Run');
		expect(xml).toContain('\t<!-- a - - b -->\n</testsuites>');
		expect(toJUnitXml(reportOf([result({})]), 'Run')).not.toContain('<!--');
	});

	it('the JSON report leaves out empty messages and numbers rows from 1', () => {
		const json = JSON.parse(
			toJsonReport({
				...reportOf([
					result({
						row: 2,
						status: 200,
						assertions: [
							{
								assertion: { kind: 'status', equals: 200 },
								passed: true,
								label: 'Status equals 200',
								message: ''
							}
						]
					})
				]),
				outcome: 'cancelled',
				reason: 'Cancelled',
				durationMs: 42
			})
		);
		expect(json).toEqual({
			summary: '1 passed, 0 failed',
			outcome: 'cancelled',
			reason: 'Cancelled',
			startedAt: '2026-01-01T00:00:00.000Z',
			durationMs: 42,
			total: 1,
			passed: 1,
			failed: 0,
			results: [
				{
					request: 'GET /a',
					row: 3,
					passed: true,
					status: 200,
					timeMs: 100,
					assertions: [{ assertion: 'Status equals 200', passed: true }]
				}
			]
		});
	});
});
