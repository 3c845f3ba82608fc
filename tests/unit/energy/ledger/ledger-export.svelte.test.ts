import { describe, expect, it, vi } from 'vitest';
import { getOrder } from '$lib/energy/api';
import { LedgerExport } from '$lib/energy/ledger/ledger-export.svelte';
import { energyHarness, energySession } from '../helpers';

describe('"Export CSV" with Cancel', () => {
	it('a cancelled export gives no CSV at all; a finished one gives every order', async () => {
		const h = energyHarness();
		let held!: () => void;
		const gate = new Promise<void>((resolve) => (held = resolve));
		let reads = 0;
		const ledger = new LedgerExport(
			energySession(() => h.client),
			// The dashboard's book reads them; here, a read the test holds.
			{
				read: async (guid: number, signal?: AbortSignal) => {
					if (++reads === 2) await gate;
					return getOrder(h.client, guid, signal);
				}
			}
		);
		const run = ledger.run(null, null);
		await vi.waitFor(() => expect(reads).toBeGreaterThanOrEqual(2));
		expect(ledger.running).toBe(true);
		ledger.cancel();
		held();
		expect(await run).toEqual({ kind: 'cancelled' });
		expect(ledger.running).toBe(false);

		const done = await ledger.run(null, null);
		expect(done.kind === 'done' && done.count).toBe(3);
		expect(done.kind === 'done' && done.csv.split('\r\n').filter(Boolean)).toHaveLength(4);
	});
});
