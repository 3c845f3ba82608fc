import { describe, expect, it } from 'vitest';
import { memoryStorage } from '$lib/energy/key-value-storage';
import { PendingPurchases } from '$lib/energy/purchase/pending-purchase';
import { PurchaseMemory } from '$lib/energy/purchase/purchase.svelte';
import { BASE, HOUR_REQUEST } from './helpers';

describe("what one buy form remembers between a purchase's steps", () => {
	it('a new form knows no purchase and holds no pending purchase', () => {
		const memory = new PurchaseMemory(new PendingPurchases(memoryStorage()), () => 0);
		expect(memory.known).toEqual([]);
		expect(memory.pendingId).toBeNull();
		expect(memory.seenGuids.size).toBe(0);
	});

	it('the pending purchase is kept from sending until the outcome is known; the order placed is then known to this page', () => {
		const store = new PendingPurchases(memoryStorage());
		const memory = new PurchaseMemory(store, () => 1234);
		memory.begin(BASE, HOUR_REQUEST, new Set([7]));
		const id = memory.pendingId!;
		expect(id).toMatch(/^[0-9a-f]{24}$/);
		expect(memory.known).toEqual([id]);
		expect(store.pending(BASE)).toMatchObject([{ id, startedAt: 1234, before: [7] }]);
		memory.finish(31000001);
		expect(memory.pendingId).toBeNull();
		expect(store.pending(BASE)).toEqual([]);
		expect(store.finishedSince(BASE, 0)).toMatchObject([{ id, guid: 31000001 }]);
		expect([...memory.seenGuids]).toEqual([31000001]);
		// Once finished, a second answer changes nothing.
		memory.finish(null);
		expect(store.finishedSince(BASE, 0)).toHaveLength(1);
		expect([...memory.seenGuids]).toEqual([31000001]);
	});

	it('a new purchase leaves an unknown outcome in storage, for the dashboard to reconcile', () => {
		const store = new PendingPurchases(memoryStorage());
		const memory = new PurchaseMemory(store, () => 1);
		memory.begin(BASE, HOUR_REQUEST, new Set());
		memory.dropPending();
		expect(memory.pendingId).toBeNull();
		expect(store.pending(BASE)).toHaveLength(1);
		memory.finish(5);
		expect(store.pending(BASE)).toHaveLength(1);
		expect(store.finishedSince(BASE, 0)).toEqual([]);
	});
});
