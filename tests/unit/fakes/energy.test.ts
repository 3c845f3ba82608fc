import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { createEnergyApp, DEMO_ENERGY_TOKEN } from '$lib/fakes/energy/app';
import { AccountPageSchema } from '$lib/energy/schemas';

const ROOT = 'https://energy.demo/api/v1/private';

async function call(
	path: string,
	{ method = 'POST', token = DEMO_ENERGY_TOKEN as string | null } = {}
) {
	const headers: Record<string, string> = {};
	if (token !== null) headers.Token = token;
	const response = await createEnergyApp().fetch(
		new Request(`${ROOT}${path}`, { method, headers })
	);
	return { response, body: (await response.json()) as Record<string, unknown> };
}

describe('energy fake: authentication', () => {
	it('EN-AUTH-1: a request without the Token header answers 401', async () => {
		const { response, body } = await call('/account/list', { token: null });
		expect(response.status).toBe(401);
		expect(body).toEqual({ message: 'Unauthenticated.' });
	});

	it('EN-AUTH-1: a wrong Token answers 401', async () => {
		const { response } = await call('/account/list', { token: 'not-the-token' });
		expect(response.status).toBe(401);
	});

	it('EN-AUTH-1: the right Token is accepted', async () => {
		const { response } = await call('/account/list');
		expect(response.status).toBe(200);
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
