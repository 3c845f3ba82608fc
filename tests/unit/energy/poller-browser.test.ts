import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserPollerEnv, OrderPoller, POLL_TIMING } from '$lib/energy/orders/poller';
import { sampleOrder } from './helpers';

/** The parts of `document` the poller reads: its visibility, and the event when it changes. */
function fakeDocument(state: 'visible' | 'hidden') {
	const doc = Object.assign(new EventTarget(), { visibilityState: state });
	return {
		doc,
		set(next: 'visible' | 'hidden') {
			doc.visibilityState = next;
			doc.dispatchEvent(new Event('visibilitychange'));
		}
	};
}

describe('order poller in the browser (its own clock and the page visibility)', () => {
	afterEach(() => {
		vi.unstubAllGlobals();
		vi.useRealTimers();
	});

	it('EN-FLOW-1: polls after about 2 s on the real clock, none while the tab is hidden, and on time once shown', async () => {
		vi.useFakeTimers({ now: 1_000_000 });
		const page = fakeDocument('visible');
		vi.stubGlobal('document', page.doc);
		const calls: number[] = [];
		const poller = new OrderPoller({
			fetchOrder: async (guid) => {
				calls.push(Date.now());
				return sampleOrder({ guid, status: 0 });
			},
			onOrder: () => {}
		});
		poller.watch(1, 0);
		await vi.advanceTimersByTimeAsync(POLL_TIMING.baseMs - 1);
		expect(calls).toEqual([]);
		await vi.advanceTimersByTimeAsync(1);
		expect(calls).toEqual([1_000_000 + POLL_TIMING.baseMs]);
		page.set('hidden');
		await vi.advanceTimersByTimeAsync(60_000);
		expect(calls).toHaveLength(1);
		page.set('visible');
		await vi.advanceTimersByTimeAsync(0);
		expect(calls).toHaveLength(2);
		// Stopped: its timer is cleared, so nothing more is asked.
		poller.stop(1);
		await vi.advanceTimersByTimeAsync(60_000);
		expect(calls).toHaveLength(2);
		// Disposed: a later visibility change starts nothing.
		poller.watch(2, 0);
		poller.dispose();
		page.set('hidden');
		page.set('visible');
		await vi.advanceTimersByTimeAsync(60_000);
		expect(calls).toHaveLength(2);
	});

	it('shown again before its time, the poll keeps its time; a stopped or closed poller leaves no timer or listener', async () => {
		vi.useFakeTimers({ now: 1_000_000 });
		const page = fakeDocument('visible');
		let listeners = 0;
		const add = page.doc.addEventListener.bind(page.doc);
		const remove = page.doc.removeEventListener.bind(page.doc);
		page.doc.addEventListener = (...args: Parameters<typeof add>) => (listeners++, add(...args));
		page.doc.removeEventListener = (...args: Parameters<typeof remove>) => (
			listeners--,
			remove(...args)
		);
		vi.stubGlobal('document', page.doc);
		const calls: number[] = [];
		const poller = new OrderPoller({
			fetchOrder: async (guid) => {
				calls.push(Date.now());
				return sampleOrder({ guid, status: 0 });
			},
			onOrder: () => {}
		});
		expect(listeners).toBe(1);
		poller.watch(1, 0);
		await vi.advanceTimersByTimeAsync(500);
		page.set('hidden');
		await vi.advanceTimersByTimeAsync(500);
		page.set('visible');
		await vi.advanceTimersByTimeAsync(999);
		expect(calls).toEqual([]);
		await vi.advanceTimersByTimeAsync(1);
		expect(calls).toEqual([1_000_000 + POLL_TIMING.baseMs]);
		poller.stop(1);
		expect(vi.getTimerCount()).toBe(0);
		poller.dispose();
		expect(listeners).toBe(0);
	});

	it('a page opened hidden (a background tab) waits until it is shown', async () => {
		vi.useFakeTimers({ now: 0 });
		const page = fakeDocument('hidden');
		vi.stubGlobal('document', page.doc);
		const fetchOrder = vi.fn(async (guid: number) => sampleOrder({ guid, status: 0 }));
		new OrderPoller({ fetchOrder, onOrder: () => {} }).watch(1, 0, 0);
		await vi.advanceTimersByTimeAsync(30_000);
		expect(fetchOrder).not.toHaveBeenCalled();
		page.set('visible');
		await vi.advanceTimersByTimeAsync(0);
		expect(fetchOrder).toHaveBeenCalledTimes(1);
	});

	it('without a document (no page) it is never hidden and needs no listener', () => {
		vi.stubGlobal('document', undefined);
		expect(browserPollerEnv.isHidden()).toBe(false);
		const unsubscribe = browserPollerEnv.onVisibilityChange(() => {});
		expect(unsubscribe()).toBeUndefined();
	});
});
