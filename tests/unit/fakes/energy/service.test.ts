/** The demo energy service's state machine: seeded accounts and orders, statuses by the clock, buying. */
import { describe, expect, it } from 'vitest';
import {
	ACTIVATION_FEE,
	createdView,
	defaultTiming,
	DELEGATION_FEE,
	demoAccounts,
	fullView,
	placeOrder,
	seedState,
	SEEN_ADDRESSES,
	statusAt,
	validateBuy,
	validationMessage
} from '$lib/fakes/energy/service';
import { encodeTronAddress } from '$lib/fakes/energy/rules';

const NOW = 1_700_000_000_000;
const FRESH = encodeTronAddress(new Uint8Array(20).fill(9));
const timing = defaultTiming(1000);

describe('the demo energy service', () => {
	it('EN-ID-1, EN-ORD-5: four accounts, one per section, ids from 1, balances as decimal strings', () => {
		expect(demoAccounts().map((a) => [a.id, a.section, a.balance])).toEqual([
			[1, 'buyer', '250.000000'],
			[2, 'affiliate', '12.500000'],
			[3, 'seller', '0.000000'],
			[4, 'dealer', '0.000000']
		]);
	});

	it('EN-ST-2: an order goes 0 → 5 → 2 → 3 by the clock, and 4 once its paid period ends', () => {
		const state = seedState(NOW, timing);
		const { order } = placeOrder(
			state,
			{
				to: FRESH,
				period_type: 'hours',
				period_amount: 1,
				amount_source: 'amount',
				amount: 65_000
			},
			NOW,
			timing
		);
		const at = (ms: number) => statusAt(order, NOW + ms);
		expect([at(0), at(1000), at(2000), at(3000)]).toEqual([0, 5, 2, 3]);
		expect(at(3000 + timing.reclaimMsPerHour)).toBe(4);
	});

	it('charges the energy, the activation fee for a new address and the delegation fee for a small order', () => {
		const state = seedState(NOW, timing);
		const { order, balance } = placeOrder(
			state,
			{
				to: FRESH,
				period_type: 'hours',
				period_amount: '1',
				amount_source: 'amount',
				amount: '20000'
			},
			NOW,
			timing
		);
		expect(order.energy_delegation_fee).toBe(DELEGATION_FEE);
		expect(order.address_activation_fee).toBe(ACTIVATION_FEE);
		// 20,000 × 60 sun + 0.5 + 1.1 TRX
		expect(order.order_cost).toBe('2.800000');
		expect(balance).toBe('247.200000');
		expect(state.seenAddresses).toContain(FRESH);
	});

	it('EN-ERR-1: an order the balance cannot pay is an error at once, and nothing is debited', () => {
		const state = seedState(NOW, timing);
		const { order, balance } = placeOrder(
			state,
			{
				to: SEEN_ADDRESSES[0],
				period_type: 'days',
				period_amount: 30,
				amount_source: 'amount',
				amount: 5_000_000
			},
			NOW,
			timing
		);
		expect(statusAt(order, NOW + 10_000)).toBe(6);
		expect(order.order_cost_paid).toBe('0.000000');
		expect(balance).toBe('250.000000');
	});

	it('EN-BUY-7, EN-GET-1, EN-ORD-3: buy answers no payment fields and an estimate without its amount; order/get the full order', () => {
		const state = seedState(NOW, timing);
		const { order } = placeOrder(
			state,
			{
				to: FRESH,
				period_type: 'hours',
				period_amount: 1,
				amount_source: 'estimate',
				estimate_to: SEEN_ADDRESSES[0],
				estimate_token: 'USDT',
				estimate_adjust_percent: '0.04'
			},
			NOW,
			timing
		);
		const created = createdView(order, NOW);
		expect(created).not.toHaveProperty('payment_status');
		expect(created).not.toHaveProperty('resource_txs');
		expect(created.energy_amount).toBeNull();
		const full = fullView(order, NOW + 3000);
		expect(full).toMatchObject({ status: 3, payment_status: 1, energy_amount: 65_026 });
		expect(full.resource_txs).toEqual([
			{ order_guid: order.guid, delegate_txid: expect.stringMatching(/^[0-9a-f]{64}$/) }
		]);
	});

	it('EN-BUY-1: names each missing field, and sums them up as Laravel does', () => {
		const errors = validateBuy({});
		expect(Object.keys(errors)).toEqual(
			expect.arrayContaining(['to', 'period_type', 'period_amount', 'amount_source'])
		);
		expect(validationMessage(errors)).toMatch(
			/^The to field is required\. \(and \d+ more errors\)$/
		);
		expect(validationMessage({})).toBe('The given data was invalid.');
	});
});
