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
import type { BuyRequest } from '$lib/energy/purchase/buy-request';
import { energyClient } from '$lib/energy/energy-client.svelte';
import { paymentWords, statusMeaning, stillOwed } from '$lib/energy/model';
import { createClient } from '$lib/http/client';
import { ApiProblem } from '$lib/http/problem';
import {
	BASE,
	buyAnswer,
	byPath,
	craftedClient,
	FRESH,
	HOUR_REQUEST,
	okAnswer,
	pageAnswer,
	pathsOf,
	sampleAccount,
	sampleOrder,
	type Answer
} from './helpers';

/**
 * What the energy service module sends, and what it makes of each answer. Every answer here is
 * written by the test, so what is asserted is the client's doing; what the demo service answers
 * is tested in tests/unit/fakes/energy/app.test.ts.
 */

const OTHER = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb';

/** Answers every endpoint with a valid answer of its kind. */
const anyValid: Answer = byPath({
	'account/list': () => pageAnswer([sampleAccount()], { path: '/api/v1/private/account/list' }),
	'account/get/': () => okAnswer(sampleAccount()),
	'buy/energy': () => buyAnswer(),
	'order/get/': () => okAnswer(sampleOrder()),
	'order/list': () => pageAnswer([{ guid: 1, status: 0 }])
});

/** The one answer every request gets. */
const always = (response: () => Response): Answer => response;

const rejection = (promise: Promise<unknown>) => promise.catch((error: unknown) => error);

describe('energy service module: what it sends', () => {
	it('EN-BASE-1, EN-VER-1: every call is POST under /api/v1/private, to the seed’s paths', async () => {
		const { client, requests } = craftedClient(anyValid);
		await listAccounts(client);
		await getAccount(client, 1);
		await buyEnergy(client, HOUR_REQUEST);
		await getOrder(client, 31000001);
		await listOrders(client);
		expect(requests.every((r) => r.method === 'POST')).toBe(true);
		expect(requests.every((r) => new URL(r.url).pathname.startsWith('/api/v1/private/'))).toBe(
			true
		);
		expect(pathsOf(requests)).toEqual([
			'POST /account/list',
			'POST /account/get/1',
			'POST /buy/energy',
			'POST /order/get/31000001',
			'POST /order/list'
		]);
	});

	it('EN-AUTH-1: the energy client puts the Token from Settings on every call, and none when there is no token', async () => {
		const connect = (secret: string) => {
			const requests: Request[] = [];
			const client = energyClient({
				service: 'energy',
				mode: 'live',
				apiRoot: BASE,
				secret,
				client: (extras) =>
					createClient({
						baseUrl: BASE,
						credentialHeaders: extras?.credentialHeaders,
						env: { online: () => true, pageOrigin: () => undefined },
						transport: async (input, init) => {
							const request = new Request(input, init);
							requests.push(request);
							return anyValid(request);
						}
					})
			});
			return { client, requests };
		};
		const withToken = connect('secret-token-1');
		await listAccounts(withToken.client);
		await buyEnergy(withToken.client, HOUR_REQUEST);
		await getOrder(withToken.client, 1);
		expect(withToken.requests.map((r) => r.headers.get('token'))).toEqual([
			'secret-token-1',
			'secret-token-1',
			'secret-token-1'
		]);
		const without = connect('');
		await listAccounts(without.client);
		expect(without.requests[0]!.headers.has('token')).toBe(false);
	});

	it('EN-AUTH-1: a 401 answer is an HTTP problem with its status and body, not an empty result', async () => {
		const { client } = craftedClient(
			always(() => Response.json({ message: 'Unauthenticated.' }, { status: 401 }))
		);
		const error = await rejection(listAccounts(client));
		expect(error).toBeInstanceOf(ApiProblem);
		expect(error).toMatchObject({
			kind: 'http',
			status: 401,
			body: { message: 'Unauthenticated.' }
		});
	});

	it('EN-ACCG-1, EN-GET-1: account/get/{id} and order/get/{guid} carry the id in the path and no body', async () => {
		const { client, requests } = craftedClient(anyValid);
		await getAccount(client, 2);
		await getOrder(client, 31000002);
		expect(pathsOf(requests)).toEqual(['POST /account/get/2', 'POST /order/get/31000002']);
		for (const request of requests) expect(await request.text()).toBe('');
	});

	it('EN-BUY-1, EN-FMT-1: the purchase body is the request as JSON, asking for JSON', async () => {
		const { client, requests } = craftedClient(anyValid);
		await buyEnergy(client, HOUR_REQUEST);
		expect(requests[0]!.headers.get('content-type')).toBe('application/json');
		expect(JSON.parse(await requests[0]!.text())).toEqual(HOUR_REQUEST);
	});

	it('EN-BUY-1: a purchase is never retried: not after a dropped connection, a 503 or a 429', async () => {
		const dropped = craftedClient(() => {
			throw new TypeError('Failed to fetch');
		});
		await expect(buyEnergy(dropped.client, HOUR_REQUEST)).rejects.toMatchObject({
			kind: 'network'
		});
		expect(dropped.requests).toHaveLength(1);
		for (const status of [503, 429]) {
			const refused = craftedClient(
				always(() =>
					Response.json({ message: 'Busy' }, { status, headers: { 'Retry-After': '0' } })
				)
			);
			await expect(buyEnergy(refused.client, HOUR_REQUEST)).rejects.toMatchObject({ status });
			expect(refused.requests, String(status)).toHaveLength(1);
		}
	});

	it('EN-LIST-1: the list is asked with sort, per_page, page and filter in the body', async () => {
		expect(orderListBody({})).toEqual({ sort: 'created_at|desc' });
		expect(orderListBody({ page: 2, perPage: 5, sort: 'asc', status: 3 })).toEqual({
			sort: 'created_at|asc',
			per_page: 5,
			page: 2,
			filter: [[{ field: 'status', operator: '=', value: 3 }]]
		});
		const { client, requests } = craftedClient(anyValid);
		await listOrders(client, { status: 6, perPage: 10 });
		expect(JSON.parse(await requests[0]!.text())).toEqual({
			sort: 'created_at|desc',
			per_page: 10,
			filter: [[{ field: 'status', operator: '=', value: 6 }]]
		});
	});
});

describe('energy service module: what it makes of each answer', () => {
	it('EN-ACCL-1, EN-ACC-1: the accounts come back as sent; an unknown section is a contract problem naming it', async () => {
		const accounts = [
			sampleAccount(),
			sampleAccount({ guid: 6, id: 2, section: 'affiliate', balance: '0.000000' })
		];
		const { client } = craftedClient(
			always(() => pageAnswer(accounts, { path: '/api/v1/private/account/list' }))
		);
		expect((await listAccounts(client)).data).toEqual(accounts);
		const broken = craftedClient(
			always(() => pageAnswer([sampleAccount({ section: 'admin' as 'buyer' })]))
		);
		await expect(listAccounts(broken.client)).rejects.toMatchObject({
			kind: 'contract',
			message: expect.stringContaining('`data.0.section`')
		});
		const single = craftedClient(always(() => okAnswer(sampleAccount({ id: 3 }))));
		expect(await getAccount(single.client, 3)).toEqual(sampleAccount({ id: 3 }));
	});

	it('EN-BUY-7, EN-ORD-5: the purchase answer is the order and the balance, decimal strings exactly as sent', async () => {
		const { client } = craftedClient(
			always(() =>
				buyAnswer(
					{ guid: 42, order_cost: '5.100000', address_activation_fee: '1.100000' },
					'244.900000'
				)
			)
		);
		const answer = await buyEnergy(client, HOUR_REQUEST);
		expect(answer.balance).toBe('244.900000');
		expect(answer.data).toMatchObject({
			guid: 42,
			order_cost: '5.100000',
			address_activation_fee: '1.100000'
		});
		// A balance sent as a number breaks EN-ORD-5: named, not rounded into a string.
		const numeric = craftedClient(
			always(() => Response.json({ status: 'ok', data: sampleOrder(), balance: 245 }))
		);
		await expect(buyEnergy(numeric.client, HOUR_REQUEST)).rejects.toMatchObject({
			kind: 'contract',
			message: expect.stringContaining('`balance`')
		});
	});

	it('EN-ORD-5: a negative or non-numeric charge, fee or balance in a purchase answer is a contract problem naming the field', async () => {
		for (const [patch, balance, field] of [
			[{ order_cost: '-5.000000' }, '245.000000', 'data.order_cost'],
			[{ order_cost: 'free' }, '245.000000', 'data.order_cost'],
			[{ energy_delegation_fee: '-0.500000' }, '245.000000', 'data.energy_delegation_fee'],
			[{ address_activation_fee: '-1.1' }, '245.000000', 'data.address_activation_fee'],
			[{ energy_amount: -65000 }, '245.000000', 'data.energy_amount'],
			[{}, '-245.000000', 'balance']
		] as const) {
			const { client } = craftedClient(always(() => buyAnswer(patch, balance)));
			const error = await rejection(buyEnergy(client, HOUR_REQUEST));
			expect(error, field).toBeInstanceOf(ApiProblem);
			expect(error, field).toMatchObject({
				kind: 'contract',
				message: expect.stringContaining(`\`${field}\``)
			});
		}
	});

	it('EN-ORD-5: a negative price or payment read with order/get, or a negative balance of an account, is refused the same way', async () => {
		const order = craftedClient(always(() => okAnswer(sampleOrder({ order_cost_paid: '-1.0' }))));
		await expect(getOrder(order.client, 1)).rejects.toMatchObject({
			kind: 'contract',
			message: expect.stringContaining('`data.order_cost_paid`')
		});
		const account = craftedClient(always(() => okAnswer(sampleAccount({ balance: '-3.000000' }))));
		await expect(getAccount(account.client, 1)).rejects.toMatchObject({
			kind: 'contract',
			message: expect.stringContaining('`data.balance`')
		});
	});

	it('EN-BUY-8, EN-ORD-3, EN-EST-1: an estimate order is read with its task and no amount; a task without its destinations is refused', async () => {
		const task = { id: 5, token: 'stUSDT', currency: 'TRX', from: FRESH, to: [OTHER] };
		const { client } = craftedClient(
			always(() => buyAnswer({ estimate_task_id: 5, estimate_task: task, energy_amount: null }))
		);
		const request: BuyRequest = {
			format: 'json',
			to: FRESH,
			period_type: 'days',
			period_amount: 1,
			amount_source: 'estimate',
			estimate_to: OTHER,
			estimate_token: 'stUSDT',
			estimate_adjust_percent: '0.04'
		};
		const answer = await buyEnergy(client, request);
		expect(answer.data).toMatchObject({ energy_amount: null, estimate_task_id: 5 });
		expect(answer.data.estimate_task).toEqual(task);
		const { to: _to, ...withoutTo } = task;
		const broken = craftedClient(
			always(() => buyAnswer({ estimate_task_id: 5, estimate_task: withoutTo as typeof task }))
		);
		await expect(buyEnergy(broken.client, request)).rejects.toMatchObject({
			kind: 'contract',
			message: expect.stringContaining('`data.estimate_task.to`')
		});
	});

	it('EN-ORD-2: an exact order that leaves estimate_task out reads it as null', async () => {
		const { estimate_task: _task, ...withoutTask } = sampleOrder();
		const { client } = craftedClient(always(() => okAnswer(withoutTask)));
		const order = await getOrder(client, 1);
		expect(order.estimate_task_id).toBeNull();
		expect(order.estimate_task).toBeNull();
	});

	it('EN-GET-1, EN-TX-1: order/get gives the full order with its delegation transactions; a transaction id that is not a string is refused', async () => {
		const txid = 'ab'.repeat(32);
		const full = sampleOrder({
			guid: 7,
			status: 3,
			resource_txs: [{ order_guid: 7, delegate_txid: txid }]
		});
		const { client } = craftedClient(always(() => okAnswer(full)));
		expect(await getOrder(client, 7)).toEqual(full);
		const broken = craftedClient(
			always(() => okAnswer({ ...full, resource_txs: [{ order_guid: 7, delegate_txid: 12 }] }))
		);
		await expect(getOrder(broken.client, 7)).rejects.toMatchObject({
			kind: 'contract',
			message: expect.stringContaining('`data.resource_txs.0.delegate_txid`')
		});
		// order/get must carry the payment fields a purchase answer leaves out (EN-ORD-1).
		const { payment_status: _p, ...unpaid } = full;
		const partial = craftedClient(always(() => okAnswer(unpaid)));
		await expect(getOrder(partial.client, 7)).rejects.toMatchObject({ kind: 'contract' });
	});

	it('EN-ST-1: every status 0–6 is read; any other is a contract problem, in an order or a list', async () => {
		for (const status of [0, 1, 2, 3, 4, 5, 6]) {
			const { client } = craftedClient(always(() => okAnswer(sampleOrder({ status }))));
			expect((await getOrder(client, 1)).status).toBe(status);
		}
		for (const status of [7, -1, 2.5]) {
			const { client } = craftedClient(always(() => okAnswer(sampleOrder({ status }))));
			await expect(getOrder(client, 1), String(status)).rejects.toMatchObject({
				kind: 'contract',
				message: expect.stringContaining('`data.status`')
			});
		}
		const list = craftedClient(always(() => pageAnswer([{ guid: 1, status: 9 }])));
		await expect(listOrders(list.client)).rejects.toMatchObject({
			kind: 'contract',
			message: expect.stringContaining('`data.0.status`')
		});
	});

	it('EN-ERR-1: a purchase answered with a status-6 order is an order, not a failure of the call: read as sent, the balance untouched', async () => {
		const { client } = craftedClient(
			always(() => buyAnswer({ guid: 9, status: 6, order_cost: '262.000000' }, '250.000000'))
		);
		const answer = await buyEnergy(client, HOUR_REQUEST);
		expect(answer.data).toMatchObject({ guid: 9, status: 6, order_cost: '262.000000' });
		expect(answer.balance).toBe('250.000000');
		// What the client says of it: failed, nothing charged, and the way forward.
		const read = sampleOrder({ status: 6, order_cost: '262.000000', order_cost_paid: '0.000000' });
		expect(paymentWords(read)).toBe('Not charged');
		expect(statusMeaning(read)).toMatch(
			/^The order failed and nothing was delivered; nothing was charged\./
		);
		expect(statusMeaning(read)).toMatch(
			/add funds, or choose a smaller amount, then place a new order/
		);
		expect(stillOwed(read)).toBe(false);
	});

	it('EN-ERR-2: a partly paid order is read as sent, and said to be partly paid, with what is still owed', async () => {
		const partly = sampleOrder({
			guid: 8,
			status: 1,
			order_cost: '11.790000',
			order_cost_paid: '4.000000'
		});
		const { client } = craftedClient(always(() => okAnswer(partly)));
		const order = await getOrder(client, 8);
		expect(order).toMatchObject({ order_cost: '11.790000', order_cost_paid: '4.000000' });
		expect(paymentWords(order)).toBe('Partly paid: 4.00 of 11.79 TRX');
		expect(stillOwed(order)).toBe(true);
		expect(statusMeaning(order)).toMatch(/4\.00 of 11\.79 TRX is paid/);
		expect(statusMeaning(order)).toMatch(/Add funds to your buyer balance/);
		// Paid in full (or more): nothing owed. Failed: nothing owed either (EN-ERR-1).
		expect(stillOwed({ ...order, order_cost_paid: '11.79' })).toBe(false);
		expect(paymentWords({ ...order, order_cost_paid: '11.79' })).toBe('Paid in full');
		expect(stillOwed({ ...order, status: 6 })).toBe(false);
		expect(paymentWords({ ...order, status: 6 })).toBe('4.00 TRX taken before it failed');
	});

	it('EN-LIST-2: the page envelope is read as sent; its host-relative links give page numbers', async () => {
		const items = [
			{ guid: 31000006, status: 0 },
			{ guid: 31000005, status: 3 }
		];
		const { client } = craftedClient(
			always(() => pageAnswer(items, { page: 1, lastPage: 2, total: 4 }))
		);
		const first = await listOrders(client, { perPage: 2 });
		expect(first).toMatchObject({ current_page: 1, last_page: 2, total: 4, data: items });
		expect(first.next_page_url).toBe('/api/v1/private/order/list?page=2');
		expect(first.links.map((l) => pageOfLink(l.url))).toEqual([null, 1, 2, 2]);
		expect(pageOfLink('/api/v1/private/order/list?page=0')).toBeNull();
		expect(pageOfLink('/api/v1/private/order/list')).toBeNull();
		expect(pageOfLink(null)).toBeNull();
	});

	it('EN-LIST-2: an empty page has from and to null; a list item without its status is refused', async () => {
		const { client } = craftedClient(always(() => pageAnswer([])));
		expect(await listOrders(client)).toMatchObject({ data: [], from: null, to: null, total: 0 });
		const broken = craftedClient(always(() => pageAnswer([{ guid: 1 }])));
		await expect(listOrders(broken.client)).rejects.toMatchObject({
			kind: 'contract',
			message: expect.stringContaining('`data.0.status`')
		});
	});

	it('EN-ENV-1: an answer that breaks the contract is a contract problem naming the field', async () => {
		const { client } = craftedClient(
			always(() => Response.json({ status: 'ok', data: { ...sampleOrder(), order_cost: 5 } }))
		);
		await expect(getOrder(client, 1)).rejects.toMatchObject({
			kind: 'contract',
			message: expect.stringContaining('data.order_cost')
		});
		const notOk = craftedClient(
			always(() => Response.json({ status: 'error', data: sampleOrder() }))
		);
		await expect(getOrder(notOk.client, 1)).rejects.toMatchObject({ kind: 'contract' });
	});

	it('EN-ORD-5: decimals are kept exactly as sent, even beyond double precision', async () => {
		const { client } = craftedClient(
			always(() => okAnswer({ ...sampleOrder(), order_cost: '90071992547409.930000001' }))
		);
		expect((await getOrder(client, 1)).order_cost).toBe('90071992547409.930000001');
	});
});

describe('order/list request and page links', () => {
	it('EN-LIST-1: only the asked parts are sent; the sort defaults to newest first', () => {
		expect(orderListBody({})).toStrictEqual({ sort: 'created_at|desc' });
		expect(orderListBody({ page: 3, perPage: 50, sort: 'asc' })).toEqual({
			sort: 'created_at|asc',
			page: 3,
			per_page: 50
		});
	});

	it('EN-LIST-2: a link gives its page number; no link, no page or a page that is not a whole number above 0 gives none', () => {
		expect(pageOfLink('/api/v1/private/order/list?page=2')).toBe(2);
		expect(pageOfLink(null)).toBeNull();
		expect(pageOfLink('')).toBeNull();
		expect(pageOfLink('/api/v1/private/order/list')).toBeNull();
		expect(pageOfLink('/order/list?page=0')).toBeNull();
		expect(pageOfLink('/order/list?page=-1')).toBeNull();
		expect(pageOfLink('/order/list?page=1.5')).toBeNull();
		expect(pageOfLink('/order/list?page=two')).toBeNull();
		expect(pageOfLink('http://[bad')).toBeNull();
	});
});
