import { describe, expect, it } from 'vitest';
import { inRange, ledgerCsv } from '$lib/energy/ledger/ledger';
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

	it('a value from the server that a spreadsheet would run as a formula is kept as text; a negative amount stays a number', () => {
		const csv = ledgerCsv([
			sampleOrder({
				guid: 7,
				created_at: '\t=1+1',
				to: '=HYPERLINK("http://x","y")',
				order_cost: '+1+1',
				energy_delegation_fee: '-2+3',
				address_activation_fee: '-5.2',
				order_cost_paid: '\r=1',
				resource_txs: [{ order_guid: 7, delegate_txid: '@SUM(A1)' }]
			})
		]);
		const row = csv.split('\r\n').slice(1).join('\r\n');
		expect(row).toMatch(
			/^7,'\t=1\+1,"'=HYPERLINK\(""http:\/\/x"",""y""\)",[^,]*,[^,]*,'\+1\+1,'-2\+3,-5\.2,"'\r=1",[^,]+,'@SUM\(A1\)\r\n$/
		);
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
