import { describe, expect, it } from 'vitest';
import { ReadThrottle } from '$lib/energy/orders/read-throttle';
import { ApiProblem } from '$lib/http/problem';
import { manualEnv } from '../helpers';

const refused = (status: number, headers: Record<string, string> = {}) =>
	new ApiProblem({ kind: 'http', status, message: String(status), hint: '', headers });

describe('read throttle', () => {
	it('lets reads go at once until the server asks for a wait', async () => {
		const m = manualEnv();
		const throttle = new ReadThrottle(m.session);
		await expect(throttle.wait()).resolves.toBeUndefined();
		expect(m.pending()).toBe(0);
	});

	it("a 429 or 503 with Retry-After holds reads for that long; other failures don't", async () => {
		const m = manualEnv();
		const throttle = new ReadThrottle(m.session);
		throttle.note(refused(500, { 'retry-after': '9' }));
		throttle.note(refused(429));
		throttle.note(new TypeError('Failed to fetch'));
		expect(throttle.until).toBe(0);
		throttle.note(refused(503, { 'retry-after': '3' }));
		expect(throttle.until).toBe(3_000);
		throttle.note(refused(429, { 'retry-after': '1' }));
		// The longer wait stands.
		expect(throttle.until).toBe(3_000);
		let released = false;
		void throttle.wait().then(() => (released = true));
		await m.advance(2_999);
		expect(released).toBe(false);
		await m.advance(1);
		expect(released).toBe(true);
	});

	it('a wait made longer while waiting is kept in full', async () => {
		const m = manualEnv();
		const throttle = new ReadThrottle(m.session);
		throttle.note(refused(429, { 'retry-after': '2' }));
		let released = false;
		void throttle.wait().then(() => (released = true));
		await m.advance(1_000);
		throttle.note(refused(429, { 'retry-after': '5' }));
		await m.advance(4_999);
		expect(released).toBe(false);
		await m.advance(1);
		expect(released).toBe(true);
	});

	it('a stopped poll stops waiting', async () => {
		const m = manualEnv();
		const throttle = new ReadThrottle(m.session);
		throttle.note(refused(429, { 'retry-after': '60' }));
		const controller = new AbortController();
		const waiting = throttle.wait(controller.signal);
		controller.abort(new Error('stopped'));
		await expect(waiting).rejects.toThrow('stopped');
		expect(m.pending()).toBe(0);
	});

	it('a poll already stopped does not wait at all: it ends at once, with no timer left', async () => {
		const m = manualEnv();
		const throttle = new ReadThrottle(m.session);
		throttle.note(refused(429, { 'retry-after': '60' }));
		const controller = new AbortController();
		controller.abort(new Error('stopped before'));
		await expect(throttle.wait(controller.signal)).rejects.toThrow('stopped before');
		expect(m.pending()).toBe(0);
	});

	it("the area's close ends a wait, with no timer left", async () => {
		const m = manualEnv();
		const throttle = new ReadThrottle(m.session);
		throttle.note(refused(429, { 'retry-after': '60' }));
		const waiting = throttle.wait();
		expect(m.pending()).toBe(1);
		m.session.close();
		await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
		expect(m.pending()).toBe(0);
		await expect(throttle.wait()).rejects.toMatchObject({ name: 'AbortError' });
	});

	it('only an answer of the server asks for a wait, not an error that merely looks like one', () => {
		const m = manualEnv();
		const throttle = new ReadThrottle(m.session);
		throttle.note({ kind: 'http', status: 429, headers: { 'retry-after': '30' } });
		throttle.note(
			new ApiProblem({
				kind: 'network',
				status: 429,
				message: 'x',
				hint: '',
				headers: { 'retry-after': '30' }
			})
		);
		expect(throttle.until).toBe(0);
	});
});
