// The one async result of every area: idle, loading over the value it had, ready, or failed with
// an ApiProblem; the latest run wins and an owner's close ends the run in flight.
import { describe, expect, it } from 'vitest';
import { ApiProblem } from '$lib/http/problem';
import { AsyncResult, abortedProblem } from '$lib/ui/async-result.svelte';

function deferred<T>() {
	let resolve!: (value: T) => void;
	let reject!: (error: unknown) => void;
	const promise = new Promise<T>((yes, no) => {
		resolve = yes;
		reject = no;
	});
	return { promise, resolve, reject };
}

const problem = (kind: ApiProblem['kind'] = 'http') =>
	new ApiProblem({ kind, message: 'The server said no.', hint: 'Try again.', status: 500 });

describe('AsyncResult', () => {
	it('goes idle → loading → ready, and a later run keeps the value shown while it loads', async () => {
		const result = new AsyncResult<string>();
		expect(result.state).toEqual({ status: 'idle' });
		const first = deferred<string>();
		const running = result.run(() => first.promise);
		expect(result.state).toEqual({ status: 'loading', previous: undefined });
		first.resolve('Genesis 1');
		expect(await running).toEqual({ shown: true, value: 'Genesis 1' });
		expect(result.state).toEqual({ status: 'ready', value: 'Genesis 1' });

		const second = deferred<string>();
		const again = result.run(() => second.promise);
		expect(result.loading).toBe(true);
		expect(result.value).toBe('Genesis 1');
		second.resolve('Genesis 2');
		await again;
		expect(result.value).toBe('Genesis 2');
	});

	it('shows only the latest run: an earlier answer arriving later is dropped and its signal aborted', async () => {
		const result = new AsyncResult<number>();
		const slow = deferred<number>();
		let slowSignal: AbortSignal | undefined;
		const first = result.run((signal) => {
			slowSignal = signal;
			return slow.promise;
		});
		const second = result.run(async () => 2);
		expect(slowSignal?.aborted).toBe(true);
		expect(await second).toEqual({ shown: true, value: 2 });
		slow.resolve(1);
		expect(await first).toEqual({ shown: false });
		expect(result.state).toEqual({ status: 'ready', value: 2 });
	});

	it('fails with the ApiProblem and keeps the value it had', async () => {
		const result = new AsyncResult<string>({ initial: 'page 1' });
		const refused = problem();
		expect(await result.run(async () => Promise.reject(refused))).toEqual({
			shown: false,
			problem: refused
		});
		expect(result.state).toEqual({ status: 'failed', problem: refused, previous: 'page 1' });
		expect(result.problem).toBe(refused);
		expect(result.value).toBe('page 1');
	});

	it('a late failure of an overtaken run shows nothing', async () => {
		const result = new AsyncResult<string>();
		const slow = deferred<string>();
		const first = result.run(() => slow.promise);
		await result.run(async () => 'fresh');
		slow.reject(problem());
		await first;
		expect(result.state).toEqual({ status: 'ready', value: 'fresh' });
	});

	it("ends the run when its owner's signal aborts: back to the value it had, nothing shown later", async () => {
		const owner = new AbortController();
		const result = new AsyncResult<string>({ signal: owner.signal, initial: 'kept' });
		const slow = deferred<string>();
		let signal: AbortSignal | undefined;
		const running = result.run((s) => {
			signal = s;
			return slow.promise;
		});
		owner.abort();
		expect(signal?.aborted).toBe(true);
		slow.resolve('too late');
		expect(await running).toEqual({ shown: false });
		expect(result.state).toEqual({ status: 'ready', value: 'kept' });
		expect(await result.run(async () => 'after close')).toEqual({ shown: false });
		expect(result.value).toBe('kept');
	});

	it('abort() stops the run in flight and an aborted problem is not shown as a failure', async () => {
		const result = new AsyncResult<string>();
		const running = result.run(
			(signal) =>
				new Promise<string>((_, reject) =>
					signal.addEventListener('abort', () => reject(abortedProblem()))
				)
		);
		result.abort();
		expect(await running).toEqual({ shown: false });
		expect(result.state).toEqual({ status: 'idle' });
		const own = await result.run(async () => Promise.reject(abortedProblem()));
		expect(own.shown).toBe(false);
		expect(result.state).toEqual({ status: 'idle' });
	});

	it('turns other failures into problems only through toProblem; without it they are thrown', async () => {
		const full = new DOMException('full', 'QuotaExceededError');
		const explained = new AsyncResult<string>({
			toProblem: (error) =>
				error === full
					? new ApiProblem({ kind: 'parse', message: 'Storage is full.', hint: 'Free space.' })
					: undefined
		});
		const outcome = await explained.run(async () => Promise.reject(full));
		expect(outcome.shown).toBe(false);
		expect(explained.problem?.message).toBe('Storage is full.');

		const plain = new AsyncResult<string>({ initial: 'before' });
		await expect(plain.run(async () => Promise.reject(new TypeError('bug')))).rejects.toThrow(
			'bug'
		);
		expect(plain.state).toEqual({ status: 'ready', value: 'before' });
	});

	it('set, fail and reset drop the run in flight', async () => {
		const result = new AsyncResult<string>();
		const slow = deferred<string>();
		const running = result.run(() => slow.promise);
		result.set('typed');
		slow.resolve('server');
		await running;
		expect(result.value).toBe('typed');
		const refused = problem('contract');
		result.fail(refused);
		expect(result.state).toEqual({ status: 'failed', problem: refused, previous: 'typed' });
		result.reset();
		expect(result.state).toEqual({ status: 'idle' });
	});
});
