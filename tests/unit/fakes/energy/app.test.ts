import { describe, expect, it } from 'vitest';
import { call, ROOT } from './demo-call';
import * as v from 'valibot';
import { AccountPageSchema } from '$lib/energy/schemas';
import { createEnergyApp, demoUserOf, resetDemoEnergyData } from '$lib/fakes/energy/app';
import { defaultTiming, SEEN_ADDRESSES } from '$lib/fakes/energy/service';
import { indexedDbStore, memoryStore } from '$lib/fakes/energy/store';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are probed field by field
type Json = Record<string, any>;

const FRESH = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

function fake(options: { store?: ReturnType<typeof memoryStore> } = {}) {
	const clock = { t: 1_700_000_000_000, now: () => clock.t };
	const app = createEnergyApp({
		clock,
		store: options.store ?? memoryStore(),
		timing: () => defaultTiming(1000)
	});
	const post = async (path: string, body?: unknown, token = 'demo-energy-token') => {
		const response = await app.fetch(
			new Request(ROOT + path, {
				method: 'POST',
				headers: { token, 'content-type': 'application/json' },
				body: body === undefined ? undefined : JSON.stringify(body)
			})
		);
		return { status: response.status, json: (await response.json()) as Json };
	};
	return { app, clock, post };
}

const buy = (patch: Record<string, unknown> = {}) => ({
	to: FRESH,
	period_type: 'hours',
	period_amount: 1,
	amount_source: 'amount',
	amount: 65000,
	...patch
});

describe('demo energy service', () => {
	it('EN-AUTH-1: a wrong or missing token gets 401 {"message":"Unauthenticated."}', async () => {
		const { post } = fake();
		expect(await post('/account/list', undefined, 'wrong')).toEqual({
			status: 401,
			json: { message: 'Unauthenticated.' }
		});
	});

	it('EN-BASE-1: only POST is answered', async () => {
		const { app } = fake();
		const response = await app.fetch(
			new Request(ROOT + '/order/list', { headers: { token: 'demo-energy-token' } })
		);
		expect(response.status).toBe(405);
	});

	it('EN-BUY-1: missing required fields give 422 in the Laravel shape', async () => {
		const { post } = fake();
		const { status, json } = await post('/buy/energy', {});
		expect(status).toBe(422);
		expect(Object.keys(json.errors).sort()).toEqual([
			'amount_source',
			'period_amount',
			'period_type',
			'to'
		]);
		expect(json.message).toMatch(/^The to field is required\. \(and 3 more errors\)$/);
	});

	it('EN-BUY-1: amount is required if amount_source is amount; the estimate fields if estimate', async () => {
		const { post } = fake();
		let r = await post('/buy/energy', buy({ amount: undefined }));
		expect(Object.keys(r.json.errors)).toEqual(['amount']);
		r = await post('/buy/energy', buy({ amount_source: 'estimate' }));
		expect(Object.keys(r.json.errors).sort()).toEqual([
			'estimate_adjust_percent',
			'estimate_to',
			'estimate_token'
		]);
	});

	it('EN-LIM-1: an invalid period is refused', async () => {
		const { post } = fake();
		for (const [type, amount] of [
			['hours', 2],
			['days', 2],
			['weeks', 1]
		]) {
			const r = await post('/buy/energy', buy({ period_type: type, period_amount: amount }));
			expect(r.status, `${type} ${amount}`).toBe(422);
		}
	});

	it('EN-BUY-4: the token is case-sensitive', async () => {
		const { post } = fake();
		const estimate = {
			amount_source: 'estimate',
			estimate_to: FRESH,
			estimate_adjust_percent: 0.04
		};
		expect((await post('/buy/energy', buy({ ...estimate, estimate_token: 'usdt' }))).status).toBe(
			422
		);
		expect((await post('/buy/energy', buy({ ...estimate, estimate_token: 'stUSDT' }))).status).toBe(
			200
		);
	});

	it('EN-BUY-3: every estimate_to address is checked; the recipient too', async () => {
		const { post } = fake();
		let r = await post('/buy/energy', buy({ to: FRESH.slice(0, -1) + 'u' }));
		expect(r.json.errors.to[0]).toMatch(/checksum/);
		r = await post(
			'/buy/energy',
			buy({
				amount_source: 'estimate',
				estimate_to: `${FRESH},Tnope`,
				estimate_token: 'USDT',
				estimate_adjust_percent: '0.04'
			})
		);
		expect(r.json.errors.estimate_to[0]).toMatch(/Address 2/);
	});

	it('EN-BUY-3: the service checks addresses with its own code: hex is read as TronWeb reads it; spaces and 0x are refused', async () => {
		const { post } = fake();
		// TronWeb's example: the hex form of the USDT contract is this base58 address.
		let r = await post('/buy/energy', buy({ to: '41a614f803b6fd780986a42c78ec9c7f77e6ded13c' }));
		expect(r.json.data.to).toBe(FRESH);
		r = await post('/buy/energy', buy({ to: ` ${FRESH}` }));
		expect(r.status).toBe(422);
		r = await post('/buy/energy', buy({ to: '0xa614f803b6fd780986a42c78ec9c7f77e6ded13c' }));
		expect(r.status).toBe(422);
		r = await post('/buy/energy', buy({ period_type: 'hours', period_amount: 3 }));
		expect(r.json.errors.period_amount).toBeDefined();
	});

	it('EN-BUY-6: numeric values may be strings', async () => {
		const { post } = fake();
		const r = await post('/buy/energy', buy({ period_amount: '1', amount: '65000' }));
		expect(r.status).toBe(200);
		expect(r.json.data.energy_amount).toBe(65000);
	});

	it('EN-BUY-2: amount is ignored with an estimate', async () => {
		const { post } = fake();
		const r = await post(
			'/buy/energy',
			buy({
				amount: 5,
				amount_source: 'estimate',
				estimate_to: SEEN_ADDRESSES[0],
				estimate_token: 'USDT',
				estimate_adjust_percent: '0'
			})
		);
		expect(r.status).toBe(200);
		expect(r.json.data.energy_amount).toBeNull();
	});

	it('EN-FMT-1: format is json or xml', async () => {
		const { post } = fake();
		expect((await post('/buy/energy', buy({ format: 'yaml' }))).status).toBe(422);
		expect((await post('/buy/energy', buy({ format: 'json' }))).status).toBe(200);
	});

	it('EN-FMT-1: format xml answers the purchase in XML', async () => {
		const { app } = fake();
		const response = await app.fetch(
			new Request(ROOT + '/buy/energy', {
				method: 'POST',
				headers: { token: 'demo-energy-token', 'content-type': 'application/json' },
				body: JSON.stringify(buy({ format: 'xml' }))
			})
		);
		expect(response.status).toBe(200);
		expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
		const text = await response.text();
		expect(text).toMatch(
			/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<response><status>ok<\/status><data>/
		);
		expect(text).toMatch(/<guid>\d+<\/guid>/);
		expect(text).toMatch(/<estimate_task\/>/);
		expect(text).toMatch(/<balance>[\d.]+<\/balance><\/response>$/);
	});

	it('charges the activation fee only for an address it has not seen; a small order pays the delegation fee', async () => {
		const { post } = fake();
		const first = await post('/buy/energy', buy());
		expect(first.json.data.address_activation_fee).toBe('1.100000');
		const second = await post('/buy/energy', buy());
		expect(second.json.data.address_activation_fee).toBe('0.000000');
		const small = await post('/buy/energy', buy({ amount: 10000 }));
		expect(small.json.data.energy_delegation_fee).toBe('0.500000');
		// order_cost includes the fees: 10,000 × 60 sun + 0.5 TRX.
		expect(small.json.data.order_cost).toBe('1.100000');
	});

	it('EN-ERR-1: insufficient funds: status 6 at once and nothing debited', async () => {
		const { post } = fake();
		const r = await post(
			'/buy/energy',
			buy({ period_type: 'days', period_amount: 30, amount: 131000 })
		);
		expect(r.json.data.status).toBe(6);
		expect(r.json.balance).toBe('250.000000');
	});

	it('EN-ST-2, EN-ST-3: status moves with the clock and never passes through 1 when paid from funds', async () => {
		const { post, clock } = fake();
		const { json } = await post('/buy/energy', buy());
		const guid = json.data.guid;
		const statuses: number[] = [];
		for (let i = 0; i < 4; i++) {
			statuses.push((await post(`/order/get/${guid}`)).json.data.status);
			clock.t += 1000;
		}
		expect(statuses).toEqual([0, 5, 2, 3]);
	});

	it('EN-ID-1: guids have 8 digits; account ids count from 1', async () => {
		const { post } = fake();
		const { json } = await post('/buy/energy', buy());
		expect(String(json.data.guid)).toMatch(/^\d{8}$/);
		const accounts = await post('/account/list');
		expect(accounts.json.data.map((a: { id: number }) => a.id)).toEqual([1, 2, 3, 4]);
	});

	it('EN-LIST-1: a malformed sort or filter is refused', async () => {
		const { post } = fake();
		expect((await post('/order/list', { sort: 'guid|up' })).status).toBe(422);
		expect((await post('/order/list', { filter: [{ field: 'status' }] })).status).toBe(422);
		expect((await post('/order/list', { per_page: 101 })).status).toBe(422);
	});

	it('keeps its state in the store, so a new instance (a reload) carries on', async () => {
		const store = indexedDbStore();
		await resetDemoEnergyData();
		const a = fake({ store });
		const placed = await a.post('/buy/energy', buy());
		const b = fake({ store });
		const again = await b.post(`/order/get/${placed.json.data.guid}`);
		expect(again.status).toBe(200);
		expect((await b.post('/account/list')).json.data[0].balance).toBe('245.000000');
		await resetDemoEnergyData();
		expect((await b.post('/account/list')).json.data[0].balance).toBe('250.000000');
	});

	it('sandbox tokens give users of their own', async () => {
		expect(demoUserOf('demo-energy-token')).toBe('');
		expect(demoUserOf('demo-energy-token.e2e-1')).toBe('e2e-1');
		expect(demoUserOf('demo-energy-token.')).toBeNull();
		const { post } = fake();
		await post('/buy/energy', buy(), 'demo-energy-token.a');
		expect(
			(await post('/account/list', undefined, 'demo-energy-token.a')).json.data[0].balance
		).toBe('245.000000');
		expect((await post('/account/list')).json.data[0].balance).toBe('250.000000');
	});
});

describe('demo energy service: its seeded account and the answers it gives', () => {
	it('EN-ACCL-1, EN-ACC-1: account/list lists one account per section, the buyer first, with its seeded values', async () => {
		const { post } = fake();
		const { json } = await post('/account/list');
		expect(json.data.map((a: Json) => a.section)).toEqual([
			'buyer',
			'affiliate',
			'seller',
			'dealer'
		]);
		expect(json.data[0]).toEqual({
			guid: 40112300,
			user_id: 7001,
			id: 1,
			section: 'buyer',
			currency: 'TRX',
			balance: '250.000000'
		});
	});

	it('EN-BUY-7, EN-ORD-5, EN-ORD-2: a purchase is answered with the order (no payment fields) and the balance as strings', async () => {
		const { post } = fake();
		const { json } = await post('/buy/energy', buy());
		expect(json.status).toBe('ok');
		expect(json.balance).toBe('245.000000');
		expect(json.data).not.toHaveProperty('payment_status');
		expect(json.data).not.toHaveProperty('order_cost_paid');
		expect(json.data).not.toHaveProperty('resource_txs');
		expect(json.data).toMatchObject({
			status: 0,
			order_cost: '5.000000',
			address_activation_fee: '1.100000',
			energy_delegation_fee: '0.000000',
			estimate_task_id: null,
			estimate_task: null,
			energy_amount: 65000,
			hours: 1,
			days: 0
		});
	});

	it('EN-BUY-8, EN-ORD-3, EN-EST-1: an estimate order has its task and no amount at creation; the amount comes once paid', async () => {
		const { post, clock } = fake();
		const { json } = await post(
			'/buy/energy',
			buy({
				period_type: 'days',
				period_amount: 1,
				amount_source: 'estimate',
				amount: undefined,
				estimate_to: 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb',
				estimate_token: 'stUSDT',
				estimate_adjust_percent: '0.04'
			})
		);
		expect(json.data.energy_amount).toBeNull();
		expect(json.data.estimate_task_id).toBe(json.data.estimate_task?.id);
		expect(json.data.estimate_task).toMatchObject({
			token: 'stUSDT',
			currency: 'TRX',
			from: FRESH,
			to: ['T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb']
		});
		clock.t += 3000;
		const later = await post(`/order/get/${json.data.guid}`);
		// 131,000 for a fresh recipient, plus 0.04 %.
		expect(later.json.data.energy_amount).toBe(Math.ceil(131000 * 1.0004));
	});

	it('EN-GET-1, EN-ST-2, EN-TX-1: order/get shows 0 → 5 → 2 → 3, with the delegation transaction from 2 on, and 4 once the period ends', async () => {
		const { post, clock } = fake();
		const { json } = await post('/buy/energy', buy());
		const guid = json.data.guid;
		const seen: number[] = [];
		for (let i = 0; i < 5; i++) {
			const order = (await post(`/order/get/${guid}`)).json.data;
			seen.push(order.status);
			if (order.status === 2 || order.status === 3)
				expect(order.resource_txs).toEqual([
					{ order_guid: guid, delegate_txid: expect.stringMatching(/^[0-9a-f]{64}$/) }
				]);
			clock.t += 1000;
		}
		expect(seen).toEqual([0, 5, 2, 3, 3]);
		clock.t += 60 * 60 * 1000;
		expect((await post(`/order/get/${guid}`)).json.data.status).toBe(4);
	});

	it('EN-ERR-1: the failed order reads as not paid at all, and the buyer balance is untouched', async () => {
		const { post } = fake();
		const r = await post(
			'/buy/energy',
			buy({ period_type: 'days', period_amount: 30, amount: 131000 })
		);
		const order = (await post(`/order/get/${r.json.data.guid}`)).json.data;
		expect(order).toMatchObject({ status: 6, order_cost_paid: '0.000000' });
		expect((await post('/account/list')).json.data[0].balance).toBe('250.000000');
	});

	it('EN-ERR-2: the seeded order 31000002 is partly paid: order_cost_paid lower than order_cost', async () => {
		const { post } = fake();
		expect((await post('/order/get/31000002')).json.data).toMatchObject({
			order_cost: '11.790000',
			order_cost_paid: '4.000000',
			status: 1
		});
	});

	it('EN-LIST-2: the page envelope, page links and sort both ways', async () => {
		const { post, clock } = fake();
		for (let i = 0; i < 3; i++) {
			clock.t += 1000;
			await post('/buy/energy', buy());
		}
		const first = (await post('/order/list', { per_page: 4 })).json;
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
		expect(first.data.map((o: Json) => o.guid)).toEqual([31000006, 31000005, 31000004, 31000003]);
		expect(first.next_page_url).toBe('/api/v1/private/order/list?page=2');
		expect(first.links.map((l: Json) => l.label)).toEqual([
			'&laquo; Previous',
			'1',
			'2',
			'Next &raquo;'
		]);
		expect(first.links.at(-1).url).toBe('/api/v1/private/order/list?page=2');
		const last = (await post('/order/list', { per_page: 4, page: 2 })).json;
		expect(last).toMatchObject({ from: 5, to: 6, next_page_url: null });
		const asc = (await post('/order/list', { sort: 'created_at|asc' })).json;
		expect(asc.data.map((o: Json) => o.guid)).toEqual([
			31000001, 31000002, 31000003, 31000004, 31000005, 31000006
		]);
	});

	it('EN-LIST-1, EN-LIST-2: a status filter gives only that status; a filter nothing matches is an empty page with from and to null', async () => {
		const { post } = fake();
		const filter = (value: number) => ({ filter: [[{ field: 'status', operator: '=', value }]] });
		expect((await post('/order/list', filter(6))).json.data).toEqual([
			{ guid: 31000003, status: 6 }
		]);
		expect((await post('/order/list', filter(2))).json).toMatchObject({
			data: [],
			from: null,
			to: null,
			total: 0,
			last_page: 1
		});
	});
});

describe('demo energy service: dropped connections', () => {
	it("the shared fault switch 'drop' (times 1) loses the purchase before it is handled", async () => {
		const { withFaults, noFaults, DroppedConnection } = await import('$lib/fakes/faults');
		const { app, post } = fake();
		const switches = { ...noFaults(), fault: 'drop' as const, times: 1 };
		const handle = withFaults((r) => app.fetch(r), switches);
		const request = new Request(ROOT + '/buy/energy', {
			method: 'POST',
			headers: { token: 'demo-energy-token', 'content-type': 'application/json' },
			body: JSON.stringify(buy())
		});
		await expect(handle(request)).rejects.toBeInstanceOf(DroppedConnection);
		expect((await post('/order/list')).json.total).toBe(3);
		expect(switches.fault).toBe('none');
	});

	it('per-user drops meet only that user and that path', async () => {
		const { DroppedConnection } = await import('$lib/fakes/faults');
		const { app, post } = fake();
		const set = await app.fetch(
			new Request('https://energy.demo/__energy/drops', {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ token: 'demo-energy-token.a', path: '/buy/energy', times: 1 })
			})
		);
		expect(set.status).toBe(200);
		// Another user, and another path of the same user, are not affected.
		expect((await post('/buy/energy', buy())).status).toBe(200);
		expect((await post('/order/list', {}, 'demo-energy-token.a')).status).toBe(200);
		await expect(post('/buy/energy', buy(), 'demo-energy-token.a')).rejects.toBeInstanceOf(
			DroppedConnection
		);
		expect((await post('/buy/energy', buy(), 'demo-energy-token.a')).status).toBe(200);
	});
});

describe('demo energy service: the 429 switch', () => {
	it('per-user throttling answers 429 with Retry-After, only for that user and path, `times` times', async () => {
		const { app, post } = fake();
		const set = await app.fetch(
			new Request('https://energy.demo/__energy/throttle', {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({
					token: 'demo-energy-token.a',
					path: '/order/get/31000001',
					times: 2,
					retryAfterSeconds: 3
				})
			})
		);
		expect(set.status).toBe(200);
		const get = (token: string) =>
			app.fetch(new Request(ROOT + '/order/get/31000001', { method: 'POST', headers: { token } }));
		// Another user, and another path of the same user, are not affected.
		expect((await get('demo-energy-token')).status).toBe(200);
		expect((await post('/order/list', {}, 'demo-energy-token.a')).status).toBe(200);
		for (let i = 0; i < 2; i++) {
			const throttled = await get('demo-energy-token.a');
			expect(throttled.status).toBe(429);
			expect(throttled.headers.get('retry-after')).toBe('3');
			expect(await throttled.json()).toEqual({ message: 'Too Many Attempts.' });
		}
		expect((await get('demo-energy-token.a')).status).toBe(200);
	});

	it('the throttle switch refuses a token that is not a demo user', async () => {
		const { app } = fake();
		const set = await app.fetch(
			new Request('https://energy.demo/__energy/throttle', {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ token: 'nope', path: '/order/get' })
			})
		);
		expect(set.status).toBe(401);
	});
});

describe('energy fake: account/list', () => {
	it('EN-ACCL-1, EN-LIST-2: the envelope has every field of the rule with the right types', async () => {
		const { body } = await call('/account/list');
		expect(Object.keys(body).sort()).toEqual(
			[
				'current_page',
				'data',
				'first_page_url',
				'from',
				'last_page',
				'last_page_url',
				'links',
				'next_page_url',
				'path',
				'per_page',
				'prev_page_url',
				'to',
				'total',
				'draw',
				'status'
			].sort()
		);
		expect(body).toMatchObject({
			current_page: 1,
			from: 1,
			last_page: 1,
			per_page: expect.any(Number),
			to: 4,
			total: 4,
			next_page_url: null,
			prev_page_url: null,
			draw: null,
			status: 'ok'
		});
		for (const key of ['first_page_url', 'last_page_url', 'path'])
			expect(typeof body[key], key).toBe('string');
		expect(Array.isArray(body.data)).toBe(true);
		const links = body.links as { url: string | null; label: string; active: boolean }[];
		expect(links.length).toBeGreaterThanOrEqual(3);
		for (const link of links) {
			expect(Object.keys(link).sort()).toEqual(['active', 'label', 'url']);
			expect(link.url === null || typeof link.url === 'string').toBe(true);
			expect(typeof link.label).toBe('string');
			expect(typeof link.active).toBe('boolean');
		}
		expect(links.filter((l) => l.active).map((l) => l.label)).toEqual(['1']);
	});

	it('EN-LIST-2: the envelope URLs are paths relative to the host', async () => {
		const { body } = await call('/account/list');
		for (const key of ['first_page_url', 'last_page_url', 'path']) {
			const value = body[key] as string;
			expect(value.startsWith('/api/v1/private/account/list'), key).toBe(true);
			expect(value, key).not.toMatch(/^[a-z]+:\/\//);
		}
	});

	it('EN-ACCL-1: the answer validates against AccountPageSchema', async () => {
		const { body } = await call('/account/list');
		const page = v.parse(AccountPageSchema, body);
		expect(page.data).toHaveLength(4);
	});

	it('EN-ACC-1: each account has the rule fields, and there is one account per section', async () => {
		const { body } = await call('/account/list');
		const accounts = body.data as Record<string, unknown>[];
		for (const account of accounts) {
			expect(Object.keys(account).sort()).toEqual(
				['balance', 'currency', 'guid', 'id', 'section', 'user_id'].sort()
			);
			expect(Number.isInteger(account.guid)).toBe(true);
			expect(Number.isInteger(account.user_id)).toBe(true);
			expect(Number.isInteger(account.id)).toBe(true);
		}
		const sections = accounts.map((a) => a.section);
		expect([...sections].sort()).toEqual(['affiliate', 'buyer', 'dealer', 'seller']);
		expect(new Set(accounts.map((a) => a.user_id)).size).toBe(1);
	});

	it('EN-ID-1: account ids are a per-user sequence from 1', async () => {
		const { body } = await call('/account/list');
		expect((body.data as { id: number }[]).map((a) => a.id)).toEqual([1, 2, 3, 4]);
	});

	it('EN-ORD-5: balances are decimal strings', async () => {
		const { body } = await call('/account/list');
		for (const account of body.data as { balance: unknown }[]) {
			expect(typeof account.balance).toBe('string');
			expect(account.balance).toMatch(/^-?\d+(\.\d+)?$/);
		}
	});

	it('EN-LIST-2: a page past the end is empty, with from and to null', async () => {
		const { body } = await call('/account/list?page=2');
		expect(body).toMatchObject({ current_page: 2, data: [], from: null, to: null });
		expect(v.safeParse(AccountPageSchema, body).success).toBe(true);
	});
});

describe('energy fake: other routes', () => {
	it('EN-ACCG-1: account/get/{id} answers the account by its sequential id', async () => {
		const { response, body } = await call('/account/get/2');
		expect(response.status).toBe(200);
		expect(body).toMatchObject({ status: 'ok', data: { id: 2, section: 'affiliate' } });
	});

	it('EN-ACCG-1: an unknown account id answers 404', async () => {
		const { response } = await call('/account/get/99');
		expect(response.status).toBe(404);
	});

	it('EN-BASE-1: every request is POST, so a GET is not answered 200', async () => {
		const { response, body } = await call('/account/list', { method: 'GET' });
		expect(response.status).not.toBe(200);
		expect(response.status).toBe(405);
		expect(String(body.message)).toMatch(/POST/);
	});
});
