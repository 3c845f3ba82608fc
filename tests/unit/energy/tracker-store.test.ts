import { createStore, get } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { orderTracker } from '$lib/energy/orders/tracker';

describe('where the followed orders are kept', () => {
	it('in IndexedDB under a fixed name (energy-client, orders), so a reload or a new version goes on following them', async () => {
		const root = 'https://energy.example/api/v1/private';
		await orderTracker(root).see(31000009, 2, 500);
		const kept = await get(`tracked:${root}`, createStore('energy-client', 'orders'));
		expect(kept).toEqual({ 31000009: { guid: 31000009, firstSeen: { 2: 500 }, lastStatus: 2 } });
	});
});
