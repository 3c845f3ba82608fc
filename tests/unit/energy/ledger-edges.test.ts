import { describe, expect, it } from 'vitest';
import { inRange, ledgerCsv } from '$lib/energy/ledger';
import { sampleOrder } from './helpers';

describe('the CSV ledger: the edges', () => {
	it('an order without a creation time or amount leaves those cells empty; several delegations are listed apart', () => {
		const csv = ledgerCsv([
			sampleOrder({
				guid: 7,
				energy_amount: null,
				status: 4,
				resource_txs: [
					{ order_guid: 7, delegate_txid: 'aa' },
					{ order_guid: 7, delegate_txid: 'bb' }
				]
			})
		]);
		const row = csv.split('\r\n')[1]!.split(',');
		expect(row[0]).toBe('7');
		expect(row[1]).toBe('');
		expect(row[3]).toBe('');
		expect(row.at(-1)).toBe('aa bb');
	});

	it('the From/To range: both ends included; an undated order only when no range is set', () => {
		const at = Date.parse('2026-11-20T10:00:00Z');
		const dated = sampleOrder({ created_at: '2026-11-20T10:00:00Z' });
		const undated = sampleOrder({});
		expect(inRange(dated, at, at)).toBe(true);
		expect(inRange(dated, null, at - 1)).toBe(false);
		expect(inRange(dated, at + 1, null)).toBe(false);
		expect(inRange(undated, null, null)).toBe(true);
		expect(inRange(undated, null, at)).toBe(false);
		expect(inRange(undated, at, null)).toBe(false);
	});
});
