import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { AccountPageSchema, AccountSchema, DecimalString } from '$lib/energy/schemas';
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
		for (const value of ['0', '0.000000', '250.000000', '-1.5', '12'])
			expect(v.safeParse(DecimalString, value).success, value).toBe(true);
	});

	it('EN-ORD-5: refuses numbers and strings that are not plain decimals', () => {
		for (const value of [250, '1e5', '1.', '.5', '', ' 1', '1,5', 'NaN'])
			expect(v.safeParse(DecimalString, value).success, String(value)).toBe(false);
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
