import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
	AccountPageSchema,
	AccountSchema,
	BuyResponseSchema,
	CreatedOrderSchema,
	DecimalString,
	OrderPageSchema,
	OrderSchema
} from '$lib/energy/schemas';
import { demoAccounts } from '$lib/fakes/energy/app';
import { pageEnvelope } from '$lib/fakes/energy/page-envelope';
import { ApiProblem } from '$lib/http/problem';
import { validate } from '$lib/http/validate';

const account = () => demoAccounts()[0]!;
const page = () => pageEnvelope(demoAccounts(), '/api/v1/private/account/list', 1, 15);

function problemOf(run: () => unknown): ApiProblem {
	try {
		run();
	} catch (error) {
		expect(error).toBeInstanceOf(ApiProblem);
		return error as ApiProblem;
	}
	throw new Error('expected a contract problem');
}

describe('DecimalString', () => {
	it('EN-ORD-5: accepts decimal strings', () => {
		for (const value of ['0', '0.000000', '250.000000', '1.5', '12'])
			expect(v.safeParse(DecimalString, value).success, value).toBe(true);
	});

	it('EN-ORD-5: refuses numbers and strings that are not plain decimals', () => {
		for (const value of [250, '1e5', '1.', '.5', '', ' 1', '1,5', 'NaN', 'Infinity', '+1'])
			expect(v.safeParse(DecimalString, value).success, String(value)).toBe(false);
	});

	it('EN-ORD-5: refuses a sign: every decimal of the seed is money that cannot be below zero', () => {
		for (const value of ['-1.5', '-5.000000', '-0', '-0.000001'])
			expect(v.safeParse(DecimalString, value).success, value).toBe(false);
	});
});

describe('AccountSchema', () => {
	it('EN-ACC-1: accepts every demo account', () => {
		for (const a of demoAccounts()) expect(v.parse(AccountSchema, a)).toEqual(a);
	});

	it('EN-ORD-5: refuses a balance sent as a number', () => {
		expect(v.safeParse(AccountSchema, { ...account(), balance: 250 }).success).toBe(false);
	});

	it('EN-ACC-1: refuses an unknown section and missing fields', () => {
		expect(v.safeParse(AccountSchema, { ...account(), section: 'admin' }).success).toBe(false);
		const { guid: _guid, ...withoutGuid } = account();
		expect(v.safeParse(AccountSchema, withoutGuid).success).toBe(false);
	});
});

describe('AccountPageSchema', () => {
	it('EN-ACCL-1, EN-LIST-2: accepts the demo envelope', () => {
		expect(v.safeParse(AccountPageSchema, page()).success).toBe(true);
	});

	it('EN-LIST-2: requires draw null and status ok', () => {
		expect(v.safeParse(AccountPageSchema, { ...page(), draw: 1 }).success).toBe(false);
		expect(v.safeParse(AccountPageSchema, { ...page(), status: 'error' }).success).toBe(false);
	});

	it('EN-LIST-2: requires each envelope field', () => {
		for (const key of Object.keys(page())) {
			const broken: Record<string, unknown> = { ...page() };
			delete broken[key];
			expect(v.safeParse(AccountPageSchema, broken).success, key).toBe(false);
		}
	});

	it('EN-ORD-5: a contract break names the failing field path', () => {
		const body = page();
		(body.data[2] as { balance: unknown }).balance = 0;
		const problem = problemOf(() => validate(AccountPageSchema, body, { status: 200 }));
		expect(problem.kind).toBe('contract');
		expect(problem.message).toContain('`data.2.balance`');
		expect(problem.hint).toContain('`data.2.balance`');
		expect(problem.status).toBe(200);
	});
});

/** An order as the seed's table lists it, as `order/get` answers it. */
const fullOrder = () => ({
	guid: 31000001,
	estimate_task_id: null,
	status: 3,
	order_cost: '5.000000',
	to: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
	energy_amount: 65000,
	period_type: 'hours',
	hours: 1,
	days: 0,
	energy_delegation_fee: '0.000000',
	address_activation_fee: '1.100000',
	payment_status: 1,
	order_cost_paid: '5.000000',
	resource_txs: [{ order_guid: 31000001, delegate_txid: 'ab'.repeat(32) }]
});

describe('OrderSchema and CreatedOrderSchema', () => {
	it('EN-ORD-1: accepts an order with every field of the seed, with its type', () => {
		expect(v.safeParse(OrderSchema, fullOrder()).success).toBe(true);
	});

	it('EN-ORD-1: refuses an order missing any field, or with a field of the wrong type', () => {
		for (const key of Object.keys(fullOrder())) {
			const broken: Record<string, unknown> = fullOrder();
			delete broken[key];
			expect(v.safeParse(OrderSchema, broken).success, `without ${key}`).toBe(false);
		}
		expect(v.safeParse(OrderSchema, { ...fullOrder(), guid: '31000001' }).success).toBe(false);
		expect(v.safeParse(OrderSchema, { ...fullOrder(), period_type: 'weeks' }).success).toBe(false);
		expect(v.safeParse(OrderSchema, { ...fullOrder(), status: 7 }).success).toBe(false);
	});

	it('EN-ORD-1, EN-ORD-5: a negative cost, fee, payment, energy amount or period length is a contract problem naming the field', () => {
		for (const [field, value] of [
			['order_cost', '-5.000000'],
			['order_cost_paid', '-1.000000'],
			['energy_delegation_fee', '-0.500000'],
			['address_activation_fee', '-1.100000'],
			['energy_amount', -65000],
			['hours', -1],
			['days', -3]
		] as const) {
			const problem = problemOf(() =>
				validate(OrderSchema, { ...fullOrder(), [field]: value }, { status: 200 })
			);
			expect(problem.kind, field).toBe('contract');
			expect(problem.message, field).toContain(`\`${field}\``);
		}
		// Non-numeric money is refused the same way.
		for (const value of ['five', '5 TRX', '', 'NaN'])
			expect(v.safeParse(OrderSchema, { ...fullOrder(), order_cost: value }).success, value).toBe(
				false
			);
	});

	it('EN-BUY-7, EN-ACC-1: a negative balance, in a purchase answer or an account, is refused', () => {
		const created: Record<string, unknown> = fullOrder();
		delete created.payment_status;
		delete created.order_cost_paid;
		delete created.resource_txs;
		const answer = { status: 'ok', data: created, balance: '245.000000' };
		expect(v.safeParse(BuyResponseSchema, answer).success).toBe(true);
		const problem = problemOf(() =>
			validate(BuyResponseSchema, { ...answer, balance: '-245.000000' })
		);
		expect(problem.message).toContain('`balance`');
		expect(
			v.safeParse(BuyResponseSchema, { ...answer, data: { ...created, order_cost: '-5.000000' } })
				.success
		).toBe(false);
		expect(v.safeParse(AccountSchema, { ...account(), balance: '-1.000000' }).success).toBe(false);
	});

	it('EN-LIST-2: negative page numbers and counts are refused; from and to stay nullable', () => {
		const listed = { ...page(), data: [{ guid: 1, status: 0 }] };
		expect(v.safeParse(OrderPageSchema, listed).success).toBe(true);
		expect(v.safeParse(OrderPageSchema, { ...listed, from: null, to: null }).success).toBe(true);
		for (const key of ['current_page', 'from', 'last_page', 'per_page', 'to', 'total'])
			expect(v.safeParse(OrderPageSchema, { ...listed, [key]: -1 }).success, key).toBe(false);
	});

	it('EN-ORD-1: payment_status, order_cost_paid and resource_txs are only required from order/get', () => {
		const created: Record<string, unknown> = fullOrder();
		delete created.payment_status;
		delete created.order_cost_paid;
		delete created.resource_txs;
		expect(v.safeParse(CreatedOrderSchema, created).success).toBe(true);
		expect(v.safeParse(OrderSchema, created).success).toBe(false);
	});
});
