import { describe, expect, it } from 'vitest';
import { OrderDetailLoader } from '$lib/energy/orders/order-details';
import type { Order } from '$lib/energy/schemas';

/** A fetch the test answers by hand, to see how many reads run at once. */
function pending() {
	const calls: {
		guid: number;
		signal: AbortSignal;
		resolve: (o: Order) => void;
		reject: (e: unknown) => void;
	}[] = [];
	const fetchOrder = (guid: number, signal: AbortSignal) =>
		new Promise<Order>((resolve, reject) => calls.push({ guid, signal, resolve, reject }));
	return { calls, fetchOrder };
}

const orderOf = (guid: number) => ({ guid, status: 4 }) as unknown as Order;
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('reading the orders on screen with order/get', () => {
	it('EN-GET-1: reads three at a time, each guid once, and skips the known ones', async () => {
		const { calls, fetchOrder } = pending();
		const known = new Map<number, Order>([[5, orderOf(5)]]);
		const loader = new OrderDetailLoader({
			fetchOrder,
			has: (g) => known.has(g),
			onOrder: (o) => known.set(o.guid, o)
		});
		const done = loader.want([1, 2, 3, 4, 5, 6]);
		void loader.want([1, 2, 6]);
		expect(calls.map((c) => c.guid)).toEqual([1, 2, 3]);
		calls[0]!.resolve(orderOf(1));
		await settle();
		expect(calls.map((c) => c.guid)).toEqual([1, 2, 3, 4]);
		expect(loader.active).toBe(3);
		for (let i = 1; i < calls.length; i++) calls[i]!.resolve(orderOf(calls[i]!.guid));
		await settle();
		calls.at(-1)!.resolve(orderOf(calls.at(-1)!.guid));
		await done;
		expect(calls.map((c) => c.guid).sort()).toEqual([1, 2, 3, 4, 6]);
		expect([...known.keys()].sort()).toEqual([1, 2, 3, 4, 5, 6]);
		void loader.want([1, 2, 3]);
		expect(loader.requests).toBe(5);
	});

	it('a failed read leaves the order unknown, and the next call asks again', async () => {
		const { calls, fetchOrder } = pending();
		const known = new Map<number, Order>();
		const loader = new OrderDetailLoader({
			fetchOrder,
			has: (g) => known.has(g),
			onOrder: (o) => known.set(o.guid, o)
		});
		const first = loader.want([7]);
		calls[0]!.reject(new Error('offline'));
		await first;
		expect(known.has(7)).toBe(false);
		void loader.want([7]);
		expect(calls).toHaveLength(2);
	});

	it('after reset (another connection), reads on their way are aborted and their answers ignored', async () => {
		const { calls, fetchOrder } = pending();
		const seen: number[] = [];
		const loader = new OrderDetailLoader({
			fetchOrder,
			has: () => false,
			onOrder: (o) => seen.push(o.guid)
		});
		const run = loader.want([8]);
		expect(calls[0]!.signal.aborted).toBe(false);
		loader.reset();
		expect(calls[0]!.signal.aborted).toBe(true);
		calls[0]!.resolve(orderOf(8));
		await run;
		expect(seen).toEqual([]);
		// Reads asked for after the reset run on a signal of their own.
		void loader.want([9]);
		expect(calls[1]!.signal.aborted).toBe(false);
	});
});
