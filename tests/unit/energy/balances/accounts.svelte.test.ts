import { describe, expect, it } from 'vitest';
import { AccountsState } from '$lib/energy/balances/accounts.svelte';
import { energyHarness, energySession, pathsOf } from '../helpers';

function accounts() {
	const h = energyHarness();
	return { h, state: new AccountsState(energySession(() => h.client)) };
}

describe('balances as the dashboard shows them', () => {
	it("EN-ACCL-1: lists every account, the buyer's among them", async () => {
		const { state } = accounts();
		expect(state.settled).toBe(false);
		await state.load();
		expect(state.settled).toBe(true);
		expect(state.loading).toBe(false);
		expect(state.problem).toBeNull();
		expect(state.accounts.length).toBeGreaterThan(1);
		expect(state.buyer?.section).toBe('buyer');
	});

	it('a balance the purchase answered is shown at once, on the buyer only', async () => {
		const { state } = accounts();
		await state.load();
		const others = state.accounts.filter((a) => a.section !== 'buyer');
		state.setBuyerBalance('12.345678');
		expect(state.buyer?.balance).toBe('12.345678');
		expect(state.accounts.filter((a) => a.section !== 'buyer')).toEqual(others);
	});

	it('a list that cannot be read is said, and the balances shown stay', async () => {
		const { h, state } = accounts();
		await state.load();
		const shown = state.accounts;
		h.failNext('/account/list');
		await state.load();
		expect(state.problem?.kind).toBe('network');
		expect(state.accounts).toEqual(shown);
	});

	it('EN-ACCG-1: opens one account by its id, and keeps it up to date on the next load', async () => {
		const { h, state } = accounts();
		await state.load();
		const id = state.accounts[0]!.id;
		await state.open(id);
		expect(pathsOf(h.requests).at(-1)).toBe(`POST /account/get/${id}`);
		expect(state.detail?.id).toBe(id);
		await state.open(987654);
		expect(state.detailProblem?.status).toBe(404);
	});

	it('clear() forgets what was shown', async () => {
		const { state } = accounts();
		await state.load();
		state.clear();
		expect(state.accounts).toEqual([]);
		expect(state.buyer).toBeUndefined();
	});
});
