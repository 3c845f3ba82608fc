import { describe, expect, it } from 'vitest';
import { findPlacedOrders, RECONCILE_WINDOW } from '$lib/energy/reconcile';
import { energyHarness, FRESH } from './helpers';

describe('looking for a purchase whose answer was lost', () => {
	it('EN-LIST-1: asks for the first page of the newest orders, as many as the window holds', async () => {
		const h = energyHarness();
		await findPlacedOrders(
			h.client,
			{
				format: 'json',
				to: FRESH,
				period_type: 'hours',
				period_amount: 1,
				amount_source: 'amount',
				amount: 65000
			},
			new Set()
		);
		const list = h.requests.find((r) => r.url.endsWith('/order/list'))!;
		expect(await list.json()).toStrictEqual({
			sort: 'created_at|desc',
			page: 1,
			per_page: RECONCILE_WINDOW
		});
	});
});
