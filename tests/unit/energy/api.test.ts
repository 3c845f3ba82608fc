import { describe, expect, it } from 'vitest';
import {
	buyEnergy,
	getAccount,
	getOrder,
	listAccounts,
	listOrders,
	orderListBody,
	pageOfLink
} from '$lib/energy/api';
import type { BuyRequest } from '$lib/energy/buy-request';
import { createClient } from '$lib/http/client';
import { ApiProblem } from '$lib/http/problem';
import { energyHarness, FRESH, pathsOf, sampleOrder } from './helpers';

const exact = (patch: Partial<BuyRequest> = {}): BuyRequest =>
	({
		format: 'json',
		to: FRESH,
		period_type: 'hours',
		period_amount: 1,
		amount_source: 'amount',
		amount: 65000,
		...patch
	}) as BuyRequest;

describe('energy service module against the demo service', () => {
	it('EN-BASE-1, EN-VER-1: every call is POST under /api/v1/private', async () => {
		const { client, requests } = energyHarness();
		await listAccounts(client);
		await getAccount(client, 1);
		const { data } = await buyEnergy(client, exact());
		await getOrder(client, data.guid);
		await listOrders(client);
		expect(requests.every((r) => r.method === 'POST')).toBe(true);
		expect(requests.every((r) => new URL(r.url).pathname.startsWith('/api/v1/private/'))).toBe(
			true
		);
		expect(pathsOf(requests)).toEqual([
			'POST /account/list',
			'POST /account/get/1',
			'POST /buy/energy',
			`POST /order/get/${data.guid}`,
			'POST /order/list'
		]);
	});

	it('EN-AUTH-1: every request carries Token; without it the service answers 401', async () => {
		const { client, requests } = energyHarness();
		await listAccounts(client);
		expect(requests[0]!.headers.get('token')).toBe('demo-energy-token');
		const anonymous = energyHarness({ token: null });
		const error = await listAccounts(anonymous.client).catch((e: unknown) => e);
		expect(error).toBeInstanceOf(ApiProblem);
		expect(error).toMatchObject({ kind: 'http', status: 401 });
		const wrong = energyHarness({ token: 'nope' });
		await expect(listOrders(wrong.client)).rejects.toMatchObject({ status: 401 });
	});

	it('EN-ACCL-1, EN-ACC-1: account/list is the envelope of accounts, one per section', async () => {
		const { client } = energyHarness();
		const page = await listAccounts(client);
		expect(page.data.map((a) => a.section)).toEqual(['buyer', 'affiliate', 'seller', 'dealer']);
		expect(page.data[0]).toEqual({
			guid: 40112300,
			user_id: 7001,
			id: 1,
			section: 'buyer',
			currency: 'TRX',
			balance: '250.000000'
		});
	});

	it('EN-ACCG-1: account/get/{id} uses the sequential id from account/list', async () => {
		const { client, requests } = energyHarness();
		const affiliate = await getAccount(client, 2);
		expect(affiliate.section).toBe('affiliate');
		expect(await requests[0]!.text()).toBe('');
	});

	it('EN-BUY-7, EN-ORD-5: the purchase answer is an order without payment fields, plus the balance as a string', async () => {
		const { client } = energyHarness();
		const answer = await buyEnergy(client, exact());
		expect(answer.status).toBe('ok');
		expect(answer.balance).toBe('245.000000');
		expect(answer.data).not.toHaveProperty('payment_status');
		expect(answer.data).not.toHaveProperty('order_cost_paid');
		expect(answer.data).not.toHaveProperty('resource_txs');
		expect(answer.data).toMatchObject({
			status: 0,
			order_cost: '5.000000',
			address_activation_fee: '1.100000',
			energy_delegation_fee: '0.000000',
			estimate_task_id: null,
			energy_amount: 65000,
			hours: 1,
			days: 0
		});
	});

	it('EN-BUY-1, EN-FMT-1: the body is JSON and asks for JSON; a purchase is never retried', async () => {
		const { client, requests, failNext } = energyHarness();
		for (let i = 0; i < 5; i++) failNext('/buy/energy');
		await expect(buyEnergy(client, exact())).rejects.toMatchObject({ kind: 'network' });
		expect(requests).toHaveLength(1);
		expect(requests[0]!.headers.get('content-type')).toBe('application/json');
		expect(JSON.parse(await requests[0]!.text())).toMatchObject({ format: 'json', to: FRESH });
	});

	it('EN-BUY-8, EN-ORD-3, EN-EST-1: an estimate order has a task, and no amount at creation', async () => {
		const { client, clock } = energyHarness();
		const answer = await buyEnergy(client, {
			format: 'json',
			to: FRESH,
			period_type: 'days',
			period_amount: 1,
			amount_source: 'estimate',
			estimate_to: 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb',
			estimate_token: 'stUSDT',
			estimate_adjust_percent: '0.04'
		});
		expect(answer.data.energy_amount).toBeNull();
		expect(answer.data.estimate_task_id).toBe(answer.data.estimate_task?.id);
		expect(answer.data.estimate_task).toMatchObject({
			token: 'stUSDT',
			currency: 'TRX',
			from: FRESH,
			to: ['T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb']
		});
		clock.t += 3000;
		const later = await getOrder(client, answer.data.guid);
		// 131,000 for a fresh recipient, plus 0.04 %.
		expect(later.energy_amount).toBe(Math.ceil(131000 * 1.0004));
	});

	it('EN-ORD-2: an exact order has estimate_task_id null', async () => {
		const { client } = energyHarness();
		const answer = await buyEnergy(client, exact());
		expect(answer.data.estimate_task_id).toBeNull();
		expect(answer.data.estimate_task).toBeNull();
	});

	it('EN-GET-1, EN-ST-2, EN-TX-1: order/get shows 0 → 5 → 2 → 3 → 4 as the clock moves', async () => {
		const { client, clock, requests } = energyHarness({ stepMs: 1000 });
		const { data } = await buyEnergy(client, exact());
		const seen: number[] = [];
		for (let i = 0; i < 5; i++) {
			const order = await getOrder(client, data.guid);
			seen.push(order.status);
			if (order.status === 2 || order.status === 3) {
				expect(order.resource_txs).toEqual([
					{ order_guid: data.guid, delegate_txid: expect.stringMatching(/^[0-9a-f]{64}$/) }
				]);
			}
			clock.t += 1000;
		}
		expect(seen).toEqual([0, 5, 2, 3, 3]);
		clock.t += 60 * 60 * 1000;
		expect((await getOrder(client, data.guid)).status).toBe(4);
		const get = requests.find((r) => r.url.includes('/order/get/'))!;
		expect(await get.text()).toBe('');
	});

	it('EN-ERR-1: insufficient funds creates a status-6 order at once, with no debit', async () => {
		const { client } = energyHarness();
		const answer = await buyEnergy(
			client,
			exact({ period_type: 'days', period_amount: 30, amount: 131000 })
		);
		expect(answer.data.status).toBe(6);
		expect(answer.balance).toBe('250.000000');
		const order = await getOrder(client, answer.data.guid);
		expect(order.status).toBe(6);
		expect(order.order_cost_paid).toBe('0.000000');
		expect((await listAccounts(client)).data[0]!.balance).toBe('250.000000');
	});

	it('EN-ERR-2: a partly paid order shows order_cost_paid lower than order_cost', async () => {
		const { client } = energyHarness();
		const order = await getOrder(client, 31000002);
		expect(order).toMatchObject({
			order_cost: '11.790000',
			order_cost_paid: '4.000000',
			status: 1
		});
	});

	it('EN-LIST-1: the list is asked with sort, per_page, page and filter in the body', async () => {
		expect(orderListBody({})).toEqual({ sort: 'created_at|desc' });
		expect(orderListBody({ page: 2, perPage: 5, sort: 'asc', status: 3 })).toEqual({
			sort: 'created_at|asc',
			per_page: 5,
			page: 2,
			filter: [[{ field: 'status', operator: '=', value: 3 }]]
		});
	});

	it('EN-LIST-2: the page envelope, page links and sort both ways', async () => {
		const { client, clock } = energyHarness();
		for (let i = 0; i < 3; i++) {
			clock.t += 1000;
			await buyEnergy(client, exact());
		}
		const first = await listOrders(client, { perPage: 4 });
		expect(first).toMatchObject({
			current_page: 1,
			from: 1,
			to: 4,
			last_page: 2,
			total: 6,
			per_page: 4,
			prev_page_url: null,
			draw: null,
			status: 'ok',
			path: '/api/v1/private/order/list'
		});
		expect(first.data.map((o) => o.guid)).toEqual([31000006, 31000005, 31000004, 31000003]);
		expect(first.next_page_url).toBe('/api/v1/private/order/list?page=2');
		expect(first.links.map((l) => l.label)).toEqual(['&laquo; Previous', '1', '2', 'Next &raquo;']);
		expect(pageOfLink(first.links.at(-1)!.url)).toBe(2);
		const last = await listOrders(client, { perPage: 4, page: 2 });
		expect(last).toMatchObject({ from: 5, to: 6, next_page_url: null });
		const asc = await listOrders(client, { sort: 'asc' });
		expect(asc.data.map((o) => o.guid)).toEqual([
			31000001, 31000002, 31000003, 31000004, 31000005, 31000006
		]);
	});

	it('EN-LIST-2: an empty page has from and to null', async () => {
		const { client } = energyHarness();
		const empty = await listOrders(client, { status: 2 });
		expect(empty).toMatchObject({ data: [], from: null, to: null, total: 0, last_page: 1 });
	});

	it('EN-LIST-1: a status filter returns only orders with that status', async () => {
		const { client } = energyHarness();
		expect((await listOrders(client, { status: 6 })).data).toEqual([{ guid: 31000003, status: 6 }]);
	});

	it('EN-ENV-1: an answer that breaks the contract is a contract problem naming the field', async () => {
		const client = createClient({
			baseUrl: 'https://x.test/api/v1/private',
			env: { online: () => true, pageOrigin: () => undefined },
			transport: async () =>
				Response.json({ status: 'ok', data: { ...sampleOrder(), order_cost: 5 } })
		});
		await expect(getOrder(client, 1)).rejects.toMatchObject({
			kind: 'contract',
			message: expect.stringContaining('data.order_cost')
		});
		const notOk = createClient({
			baseUrl: 'https://x.test/api/v1/private',
			env: { online: () => true, pageOrigin: () => undefined },
			transport: async () => Response.json({ status: 'error', data: sampleOrder() })
		});
		await expect(getOrder(notOk, 1)).rejects.toMatchObject({ kind: 'contract' });
	});

	it('EN-ORD-5: decimals are kept exactly as sent, even beyond double precision', async () => {
		const client = createClient({
			baseUrl: 'https://x.test/api/v1/private',
			env: { online: () => true, pageOrigin: () => undefined },
			transport: async () =>
				Response.json({
					status: 'ok',
					data: { ...sampleOrder(), order_cost: '90071992547409.930000001' }
				})
		});
		expect((await getOrder(client, 1)).order_cost).toBe('90071992547409.930000001');
	});
});
