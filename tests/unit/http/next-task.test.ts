import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from '$lib/http/next-task';

afterEach(() => {
	vi.useRealTimers();
	vi.unstubAllGlobals();
});

/** Lets every queued microtask run, but no task. */
async function drainMicrotasks() {
	for (let i = 0; i < 20; i++) await Promise.resolve();
}

describe('nextTask', () => {
	it('resolves in a later task, not in the current one', async () => {
		let done = false;
		const waiting = nextTask().then(() => (done = true));
		await drainMicrotasks();
		expect(done).toBe(false);
		await waiting;
		expect(done).toBe(true);
	});

	it('does not wait for a timer where a message channel exists (timers are throttled in a background tab)', async () => {
		vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'setImmediate'] });
		await expect(nextTask()).resolves.toBeUndefined();
	});

	it('falls back to a timer where there is no message channel', async () => {
		vi.stubGlobal('MessageChannel', undefined);
		vi.useFakeTimers({ toFake: ['setTimeout'] });
		let done = false;
		const waiting = nextTask().then(() => (done = true));
		await drainMicrotasks();
		expect(done).toBe(false);
		await vi.advanceTimersByTimeAsync(0);
		await waiting;
		expect(done).toBe(true);
	});
});
