import { describe, expect, it } from 'vitest';
import { getOrder, buyEnergy } from '$lib/energy/api';
import {
	eachLimited,
	inRange,
	LEDGER_COLUMNS,
	ledgerCsv,
	readLedger
} from '$lib/energy/ledger/ledger';
import type { Order } from '$lib/energy/schemas';
import { energyHarness, FRESH, pathsOf, sampleOrder } from '../helpers';

describe('CSV (RFC 4180)', () => {
	it('the ledger: the named columns, one row per order, amounts as the service wrote them', () => {
		const order = sampleOrder({
			guid: 7,
			created_at: '2026-11-20T10:00:00.000Z',
			energy_amount: 65_000,
			order_cost: '5.000000',
			order_cost_paid: '5.000000',
			address_activation_fee: '1.100000',
			status: 3,
			resource_txs: [{ order_guid: 7, delegate_txid: 'ab'.repeat(32) }]
		});
		const lines = ledgerCsv([order]).split('\r\n');
		expect(lines[0]).toBe(
			'guid,created,recipient,energy,period,cost,delegation fee,activation fee,paid,status,delegation txid'
		);
		expect(lines[1]).toBe(
			`7,2026-11-20T10:00:00.000Z,${FRESH},65000,1 hour,5.000000,0.000000,1.100000,5.000000,Delegated,${'ab'.repeat(32)}`
		);
		expect(lines).toHaveLength(3);
		expect(LEDGER_COLUMNS).toHaveLength(11);
	});

	it('a date range keeps orders created within it, both ends included', () => {
		const at = (iso: string) => sampleOrder({ created_at: iso });
		const from = Date.parse('2026-11-01T00:00:00Z');
		const to = Date.parse('2026-11-30T23:59:59.999Z');
		expect(inRange(at('2026-11-01T00:00:00Z'), from, to)).toBe(true);
		expect(inRange(at('2026-10-31T23:59:59Z'), from, to)).toBe(false);
		expect(inRange(at('2026-12-01T00:00:00Z'), from, null)).toBe(true);
		expect(inRange(sampleOrder(), from, null)).toBe(false);
		expect(inRange(sampleOrder(), null, null)).toBe(true);
	});
});

describe('reading the whole ledger', () => {
	it('never runs more than the bound of order reads at once', async () => {
		let running = 0;
		let most = 0;
		const gates: (() => void)[] = [];
		const done = eachLimited([1, 2, 3, 4, 5, 6, 7], 3, new AbortController().signal, async () => {
			running++;
			most = Math.max(most, running);
			await new Promise<void>((resolve) => gates.push(resolve));
			running--;
		});
		for (let i = 0; i < 7; i++) {
			await Promise.resolve();
			await Promise.resolve();
			expect(running).toBeLessThanOrEqual(3);
			gates.shift()?.();
		}
		await done;
		expect(most).toBe(3);
	});

	it('reads every page of order/list and each order once, newest first', async () => {
		const h = energyHarness();
		for (let i = 0; i < 4; i++) {
			h.clock.t += 60_000;
			await buyEnergy(h.client, {
				format: 'json',
				to: FRESH,
				period_type: 'hours',
				period_amount: 1,
				amount_source: 'amount',
				amount: 40_000 + i
			});
		}
		h.requests.length = 0;
		const pages: number[] = [];
		const orders = await readLedger(h.client, {
			readOrder: (guid, signal) => getOrder(h.client, guid, signal),
			signal: new AbortController().signal,
			pageSize: 2,
			onProgress: (p) => pages.push(p.listed)
		});
		// 3 seeded + 4 bought = 7 orders on 4 pages of 2.
		expect(orders.map((o: Order) => o.guid)).toEqual([
			31000007, 31000006, 31000005, 31000004, 31000003, 31000002, 31000001
		]);
		const paths = pathsOf(h.requests);
		expect(paths.filter((p) => p.endsWith('order/list'))).toHaveLength(4);
		expect(paths.filter((p) => p.includes('order/get/'))).toHaveLength(7);
		expect(pages.at(-1)).toBe(7);
	});

	it('a cancel stops the reading: it rejects, and no more orders are read', async () => {
		const h = energyHarness();
		const controller = new AbortController();
		let reads = 0;
		let opened!: () => void;
		const gate = new Promise<void>((resolve) => (opened = resolve));
		const run = readLedger(h.client, {
			readOrder: async (guid, signal) => {
				reads++;
				if (reads === 1) {
					controller.abort();
					opened();
				}
				return getOrder(h.client, guid, signal);
			},
			signal: controller.signal,
			concurrency: 1
		});
		await gate;
		await expect(run).rejects.toBeDefined();
		expect(reads).toBe(1);
	});
});

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
