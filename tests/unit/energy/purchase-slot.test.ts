import { describe, expect, it } from 'vitest';
import { pageLock } from '$lib/energy/purchase/purchase-lock';
import { PurchaseSlot } from '$lib/energy/purchase/purchase.svelte';

/** A promise the test settles. */
function gate() {
	let open!: () => void;
	const promise = new Promise<void>((resolve) => (open = resolve));
	return { promise, open };
}

describe('the purchase slot', () => {
	it('is busy while the purchase is sent, and free while what follows a placed order still runs', async () => {
		const slot = new PurchaseSlot(pageLock());
		const sending = gate();
		const following = gate();
		const seen: string[] = [];
		const run = slot.run(async () => {
			await sending.promise;
			return async () => {
				seen.push(`after: busy ${slot.busy}`);
				await following.promise;
			};
		});
		expect(slot.busy).toBe(true);
		sending.open();
		await new Promise((r) => setTimeout(r, 0));
		expect(seen).toEqual(['after: busy false']);
		expect(slot.busy).toBe(false);
		let done = false;
		void run.then(() => (done = true));
		await new Promise((r) => setTimeout(r, 0));
		// run() settles only once what follows has finished, so a caller can await all of it.
		expect(done).toBe(false);
		following.open();
		await run;
		expect(done).toBe(true);
	});

	it("says it waits while another purchase holds the lock, and stops saying so once it is this one's turn", async () => {
		const lock = pageLock();
		const other = gate();
		const holding = lock.run(() => other.promise);
		await new Promise((r) => setTimeout(r, 0));
		const slot = new PurchaseSlot(lock);
		const waiting: boolean[] = [];
		const run = slot.run(
			async () => void waiting.push(slot.busy),
			(w) => waiting.push(w)
		);
		await new Promise((r) => setTimeout(r, 0));
		expect(waiting).toEqual([true]);
		other.open();
		await Promise.all([holding, run]);
		// false when its turn came, busy (true) while its work ran, false again at the end.
		expect(waiting).toEqual([true, false, true, false]);
	});

	it('a purchase step that throws lets go of the slot and says it no longer waits', async () => {
		const slot = new PurchaseSlot(pageLock());
		const waiting: boolean[] = [];
		await expect(
			slot.run(
				() => Promise.reject(new Error('broken')),
				(w) => waiting.push(w)
			)
		).rejects.toThrow('broken');
		expect(slot.busy).toBe(false);
		expect(waiting.at(-1)).toBe(false);
	});
});
