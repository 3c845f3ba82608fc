// The one skeleton of an area's work: a session owns every request, poll, run and result of its
// area and ends them all on close.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '$lib/http/client';
import { AreaSession, type SessionSource } from '$lib/settings/area-session.svelte';

afterEach(() => {
	vi.useRealTimers();
});

function source(sent: { signal?: AbortSignal }[] = []): SessionSource<'bible'> {
	const client = {
		send: (spec: { signal?: AbortSignal }) => {
			sent.push(spec);
			return new Promise(() => undefined);
		}
	} as unknown as HttpClient;
	return {
		service: 'bible',
		mode: 'demo',
		apiRoot: 'https://demo.test/api',
		secret: '',
		client: () => client
	};
}

describe('AreaSession', () => {
	it('keeps the connection it was made from, as it was', () => {
		const session = new AreaSession(source());
		expect(session.service).toBe('bible');
		expect(session.apiRoot).toBe('https://demo.test/api');
		expect(session.live).toBe(false);
		expect(session.closed).toBe(false);
	});

	it('reads "Remember on this device" as it is now, not as it was when the session opened', () => {
		let remember = false;
		const session = new AreaSession({
			...source(),
			get remember() {
				return remember;
			}
		});
		expect(session.remember).toBe(false);
		remember = true;
		expect(session.remember).toBe(true);
		expect(new AreaSession(source()).remember).toBe(false);
	});

	it('aborts every request its client sent when it closes', () => {
		const sent: { signal?: AbortSignal }[] = [];
		const session = new AreaSession(source(sent));
		void session.client().send({ method: 'GET', path: '/bibles' } as never);
		expect(sent[0]?.signal?.aborted).toBe(false);
		session.close();
		expect(sent[0]?.signal?.aborted).toBe(true);
	});

	it('ends a result loading in flight and a run when it closes', async () => {
		const session = new AreaSession(source());
		const result = session.result<string>({ initial: 'before' });
		const loading = result.run(() => new Promise<string>(() => undefined));
		let runSignal: AbortSignal | undefined;
		void session.run(async (signal) => {
			runSignal = signal;
		});
		session.close();
		expect(await loading).toEqual({ shown: false });
		expect(result.state).toEqual({ status: 'ready', value: 'before' });
		expect(runSignal?.aborted).toBe(true);
	});

	it('a run also stops on its own signal', async () => {
		const session = new AreaSession(source());
		const own = new AbortController();
		let runSignal: AbortSignal | undefined;
		await session.run(async (signal) => {
			runSignal = signal;
		}, own.signal);
		own.abort();
		expect(runSignal?.aborted).toBe(true);
		expect(session.closed).toBe(false);
	});

	it('polls one tick at a time, with the delay read anew, and not after close', async () => {
		vi.useFakeTimers();
		const session = new AreaSession(source());
		const delays = [2000, 4000];
		const ticks: number[] = [];
		let release!: () => void;
		session.every(
			() => delays.shift() ?? 8000,
			() => {
				ticks.push(Date.now());
				return new Promise<void>((resolve) => (release = resolve));
			}
		);
		const start = Date.now();
		await vi.advanceTimersByTimeAsync(2000);
		expect(ticks.map((t) => t - start)).toEqual([2000]);
		// The tick's work is still going: no second tick, however long it takes.
		await vi.advanceTimersByTimeAsync(10_000);
		expect(ticks).toHaveLength(1);
		release();
		await vi.advanceTimersByTimeAsync(4000);
		expect(ticks.map((t) => t - start)).toEqual([2000, 16_000]);
		release();
		session.close();
		await vi.advanceTimersByTimeAsync(60_000);
		expect(ticks).toHaveLength(2);
	});

	it('a stopped poll or timer does not run; closing runs what waits for the close', async () => {
		vi.useFakeTimers();
		const session = new AreaSession(source());
		const calls: string[] = [];
		session
			.every(
				() => 1000,
				() => void calls.push('poll')
			)
			.stop();
		session.after(500, () => calls.push('later')).stop();
		session.after(500, () => calls.push('kept'));
		session.onClose(() => calls.push('closed'));
		await vi.advanceTimersByTimeAsync(5000);
		session.close();
		session.onClose(() => calls.push('closed again'));
		expect(calls).toEqual(['kept', 'closed', 'closed again']);
		expect(session.after(10, () => calls.push('after close'))).toBeTruthy();
		await vi.advanceTimersByTimeAsync(100);
		expect(calls).not.toContain('after close');
	});

	it('runs its timers on the clock it is given, and its close clears them there', () => {
		const due = new Map<number, () => void>();
		let next = 0;
		const clock = {
			now: () => 42,
			setTimeout: (task: () => void) => (due.set(++next, task), next),
			clearTimeout: (timer: unknown) => void due.delete(timer as number)
		};
		const session = new AreaSession(source(), clock);
		const calls: string[] = [];
		session.after(1000, () => calls.push('first'));
		session.after(2000, () => calls.push('second')).stop();
		session.every(
			() => 500,
			() => void calls.push('poll')
		);
		expect(session.clock.now()).toBe(42);
		expect(due.size).toBe(2);
		const first = due.get(1)!;
		due.delete(1);
		first();
		expect(calls).toEqual(['first']);
		expect(due.size).toBe(1);
		session.close();
		expect(due.size).toBe(0);
	});
});
