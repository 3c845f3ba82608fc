import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from '$lib/ui/when-idle';

afterEach(() => {
	vi.unstubAllGlobals();
	vi.useRealTimers();
});

describe('whenIdle', () => {
	it('waits for the browser to be idle, with the timeout given, and not before', () => {
		const queued: { work: () => void; timeout?: number }[] = [];
		vi.stubGlobal('requestIdleCallback', (work: () => void, options?: { timeout?: number }) => {
			queued.push({ work, timeout: options?.timeout });
			return queued.length;
		});
		vi.stubGlobal('cancelIdleCallback', vi.fn());
		const work = vi.fn();

		whenIdle(work, 3000);

		expect(work).not.toHaveBeenCalled();
		expect(queued).toHaveLength(1);
		expect(queued[0]!.timeout).toBe(3000);
		queued[0]!.work();
		expect(work).toHaveBeenCalledTimes(1);
	});

	it('gives up to two seconds by default', () => {
		let timeout: number | undefined;
		vi.stubGlobal('requestIdleCallback', (_work: () => void, options?: { timeout?: number }) => {
			timeout = options?.timeout;
			return 1;
		});
		whenIdle(() => {});
		expect(timeout).toBe(2000);
	});

	it('is cancelled by what it returns (an $effect tearing down)', () => {
		const cancel = vi.fn();
		vi.stubGlobal('requestIdleCallback', () => 7);
		vi.stubGlobal('cancelIdleCallback', cancel);

		whenIdle(() => {})();

		expect(cancel).toHaveBeenCalledWith(7);
	});

	it('runs in a later task where the browser has no idle callbacks (Safari), and can be cancelled there too', () => {
		vi.useFakeTimers();
		vi.stubGlobal('requestIdleCallback', undefined);
		const ran = vi.fn();
		const dropped = vi.fn();

		whenIdle(ran);
		const cancel = whenIdle(dropped);
		expect(ran).not.toHaveBeenCalled();
		cancel();
		vi.runAllTimers();

		expect(ran).toHaveBeenCalledTimes(1);
		expect(dropped).not.toHaveBeenCalled();
	});
});
