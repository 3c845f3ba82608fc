import { describe, expect, it } from 'vitest';
import { forgetDemoEnergy } from '$lib/energy/demo-reset';
import { memoryStorage } from '$lib/energy/key-value-storage';
import { orderTracker } from '$lib/energy/orders/tracker';
import { PendingPurchases } from '$lib/energy/purchase/pending-purchase';
import { BASE, HOUR_REQUEST } from './helpers';

const OTHER = 'https://energy.example/api/v1/private';

/** A pending purchase and a followed order, kept for the demo and for another server. */
async function kept() {
	const storage = memoryStorage();
	const pending = new PendingPurchases(storage);
	for (const [id, apiRoot] of [
		['demo', BASE],
		['other', OTHER]
	] as const)
		pending.begin({ id, apiRoot, request: HOUR_REQUEST, before: [], startedAt: 1000 });
	await orderTracker(BASE).see(31000004, 0, 1000);
	await orderTracker(OTHER).see(31000009, 2, 1000);
	return { storage, pending };
}

describe('"Reset demo data": what this browser kept of the demo', () => {
	it('with the energy page open on the demo, that page forgets what it shows and tracks', async () => {
		const { storage, pending } = await kept();
		const forgotten: string[] = [];
		const open = { apiRoot: BASE, forgetAll: async () => void forgotten.push(BASE) };
		await forgetDemoEnergy(BASE, open, storage);
		expect(forgotten).toEqual([BASE]);
		// What the open page forgets is its own doing; nothing else is touched here.
		expect(pending.pending(BASE).map((p) => p.id)).toEqual(['demo']);
	});

	it("with none open on it, the demo's pending purchases and followed orders go; another server's stay", async () => {
		const { storage, pending } = await kept();
		const forgotten: string[] = [];
		const openOnLive = { apiRoot: OTHER, forgetAll: async () => void forgotten.push(OTHER) };
		await forgetDemoEnergy(BASE, openOnLive, storage);
		expect(forgotten).toEqual([]);
		expect(pending.pending(BASE)).toEqual([]);
		expect(pending.pending(OTHER).map((p) => p.id)).toEqual(['other']);
		expect(await orderTracker(BASE).all()).toEqual([]);
		expect((await orderTracker(OTHER).all()).map((t) => t.guid)).toEqual([31000009]);

		await orderTracker(BASE).see(31000005, 0, 2000);
		await forgetDemoEnergy(BASE, undefined, storage);
		expect(await orderTracker(BASE).all()).toEqual([]);
	});
});
