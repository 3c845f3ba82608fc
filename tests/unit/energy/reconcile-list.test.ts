import { describe, expect, it } from 'vitest';
import { findPlacedOrders, RECONCILE_WINDOW } from '$lib/energy/purchase/reconcile';
import { energyHarness, HOUR_REQUEST } from './helpers';

describe('looking for a purchase whose answer was lost', () => {
	it('EN-LIST-1: asks for the first page of the newest orders, as many as the window holds', async () => {
		const h = energyHarness();
		await findPlacedOrders(h.client, HOUR_REQUEST, new Set());
		const list = h.requests.find((r) => r.url.endsWith('/order/list'))!;
		expect(await list.json()).toStrictEqual({
			sort: 'created_at|desc',
			page: 1,
			per_page: RECONCILE_WINDOW
		});
	});
});
