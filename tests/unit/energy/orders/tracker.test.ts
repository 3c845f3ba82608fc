import { createStore, get } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { activeOrders, forgetTracked, orderTracker } from '$lib/energy/orders/tracker';

let n = 0;
const freshStore = () => {
	const store = createStore(`tracker-test-${++n}`, 'orders');
	return () => store;
};
const ROOT = 'https://energy.demo/api/v1/private';

describe('the orders this browser follows', () => {
	it('keeps when each status was first seen, whatever is seen later', async () => {
		const tracker = orderTracker(ROOT, freshStore());
		await tracker.see(31000004, 0, 1_000);
		await tracker.see(31000004, 0, 2_000);
		await tracker.see(31000004, 3, 5_000);
		const order = await tracker.see(31000004, 3, 9_000);
		expect(order).toEqual({ guid: 31000004, firstSeen: { 0: 1_000, 3: 5_000 }, lastStatus: 3 });
	});

	it('seeing one order keeps the others; a new page reads them back from IndexedDB', async () => {
		const store = freshStore();
		const tracker = orderTracker(ROOT, store);
		await tracker.see(1, 0, 10);
		await tracker.see(2, 4, 20);
		await tracker.see(3, 5, 30);
		expect((await tracker.all()).map((o) => o.guid)).toEqual([1, 2, 3]);
		const reloaded = orderTracker(ROOT, store);
		expect(await reloaded.get(2)).toEqual({ guid: 2, firstSeen: { 4: 20 }, lastStatus: 4 });
		// Polling resumes for the orders not yet reclaimed (4) or failed (6).
		expect(activeOrders(await reloaded.all()).map((o) => o.guid)).toEqual([1, 3]);
		// Another API root has its own list.
		expect(await orderTracker('https://other.test/api/v1/private', store).all()).toEqual([]);
	});

	it('clear() forgets this root, here and in IndexedDB', async () => {
		const store = freshStore();
		const tracker = orderTracker(ROOT, store);
		await tracker.see(1, 0, 10);
		await tracker.clear();
		expect(await tracker.all()).toEqual([]);
		expect(await orderTracker(ROOT, store).all()).toEqual([]);
	});

	it('a browser that refuses IndexedDB still tracks the orders for the page', async () => {
		const tracker = orderTracker(ROOT, () => {
			throw new DOMException('refused', 'SecurityError');
		});
		await tracker.see(1, 0, 10);
		expect(await tracker.get(1)).toEqual({ guid: 1, firstSeen: { 0: 10 }, lastStatus: 0 });
		await expect(tracker.clear()).resolves.toBeUndefined();
		await expect(forgetTracked(ROOT)).resolves.toBeUndefined();
	});
});

describe('where the followed orders are kept', () => {
	it('in IndexedDB under a fixed name (energy-client, orders), so a reload or a new version goes on following them', async () => {
		const root = 'https://energy.example/api/v1/private';
		await orderTracker(root).see(31000009, 2, 500);
		const kept = await get(`tracked:${root}`, createStore('energy-client', 'orders'));
		expect(kept).toEqual({
			format: 2,
			orders: { 31000009: { guid: 31000009, firstSeen: { 2: 500 }, lastStatus: 2 } }
		});
	});
});
