import { describe, expect, it } from 'vitest';
import { memoryStorage } from '$lib/energy/key-value-storage';
import { PurchaseJournal } from '$lib/energy/pending-purchase';
import { PurchaseMemory } from '$lib/energy/purchase-memory';
import { BASE, HOUR_REQUEST } from './helpers';

describe("what one buy form remembers between a purchase's steps", () => {
	it('a new form knows no purchase and holds no marker', () => {
		const memory = new PurchaseMemory(new PurchaseJournal(memoryStorage()), () => 0);
		expect(memory.known).toEqual([]);
		expect(memory.markerId).toBeNull();
		expect(memory.seenGuids.size).toBe(0);
	});

	it('the marker is kept from sending until the outcome is known; the order placed is then known to this page', () => {
		const journal = new PurchaseJournal(memoryStorage());
		const memory = new PurchaseMemory(journal, () => 1234);
		memory.begin(BASE, HOUR_REQUEST, new Set([7]));
		const id = memory.markerId!;
		expect(id).toMatch(/^[0-9a-f]{24}$/);
		expect(memory.known).toEqual([id]);
		expect(journal.pending(BASE)).toMatchObject([{ id, startedAt: 1234, before: [7] }]);
		memory.finish(31000001);
		expect(memory.markerId).toBeNull();
		expect(journal.pending(BASE)).toEqual([]);
		expect(journal.finishedSince(BASE, 0)).toMatchObject([{ id, guid: 31000001 }]);
		expect([...memory.seenGuids]).toEqual([31000001]);
		// Once finished, a second answer changes nothing.
		memory.finish(null);
		expect(journal.finishedSince(BASE, 0)).toHaveLength(1);
		expect([...memory.seenGuids]).toEqual([31000001]);
	});

	it('a new purchase leaves an unknown outcome in storage, for the dashboard to reconcile', () => {
		const journal = new PurchaseJournal(memoryStorage());
		const memory = new PurchaseMemory(journal, () => 1);
		memory.begin(BASE, HOUR_REQUEST, new Set());
		memory.dropMarker();
		expect(memory.markerId).toBeNull();
		expect(journal.pending(BASE)).toHaveLength(1);
		memory.finish(5);
		expect(journal.pending(BASE)).toHaveLength(1);
		expect(journal.finishedSince(BASE, 0)).toEqual([]);
	});
});
