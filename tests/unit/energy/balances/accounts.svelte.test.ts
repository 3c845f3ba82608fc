import { describe, expect, it } from 'vitest';
import { AccountsState } from '$lib/energy/balances/accounts.svelte';
import {
	craftedClient,
	energyHarness,
	energySession,
	pageAnswer,
	pathsOf,
	sampleAccount
} from '../helpers';

function accounts() {
	const h = energyHarness();
	return { h, state: new AccountsState(energySession(() => h.client)) };
}

/** account/list answered by hand: each read waits until the test gives its balance. */
function handAnswered() {
	const waiting: ((balance: string) => void)[] = [];
	const { client } = craftedClient(
		() =>
			new Promise<Response>((resolve) =>
				waiting.push((balance) =>
					resolve(
						pageAnswer([sampleAccount({ balance })], { path: '/api/v1/private/account/list' })
					)
				)
			),
		{ retryLimit: 0 }
	);
	const session = energySession(() => client);
	return { waiting, session, state: new AccountsState(session) };
}

const settle = async () => {
	for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
};

describe('balances as the dashboard shows them', () => {
	it("EN-ACCL-1: lists every account, the buyer's among them", async () => {
		const { state } = accounts();
		expect(state.settled).toBe(false);
		await state.load();
		expect(state.settled).toBe(true);
		expect(state.list.loading).toBe(false);
		expect(state.list.problem).toBeUndefined();
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
		expect(state.list.problem?.kind).toBe('network');
		expect(state.accounts).toEqual(shown);
		expect(state.settled).toBe(true);
		await state.load();
		expect(state.list.problem).toBeUndefined();
	});

	it('while the balances are read again, the ones shown stay', async () => {
		const { waiting, state } = handAnswered();
		const first = state.load();
		await settle();
		expect(state.list.loading).toBe(true);
		expect(state.settled).toBe(false);
		waiting[0]!('1.000000');
		await first;
		const again = state.load();
		await settle();
		expect(state.list.loading).toBe(true);
		expect(state.buyer?.balance).toBe('1.000000');
		waiting[1]!('2.000000');
		await again;
		expect(state.buyer?.balance).toBe('2.000000');
	});

	it('the latest read wins: an answer overtaken by a newer read is dropped', async () => {
		const { waiting, state } = handAnswered();
		const older = state.load();
		await settle();
		const newer = state.load();
		await settle();
		expect(waiting).toHaveLength(2);
		waiting[1]!('2.000000');
		await newer;
		waiting[0]!('1.000000');
		await older;
		expect(state.buyer?.balance).toBe('2.000000');
		expect(state.list.loading).toBe(false);
	});

	it('a read on its way when the area closes is dropped, and nothing is said', async () => {
		const { waiting, session, state } = handAnswered();
		const reading = state.load();
		await settle();
		session.close();
		await reading;
		waiting[0]!('1.000000');
		await settle();
		expect(state.accounts).toEqual([]);
		expect(state.list.loading).toBe(false);
		expect(state.list.problem).toBeUndefined();
	});

	it('EN-ACCG-1: opens one account by its id, and keeps it up to date on the next load', async () => {
		const { h, state } = accounts();
		await state.load();
		const id = state.accounts[0]!.id;
		await state.open(id);
		expect(pathsOf(h.requests).at(-1)).toBe(`POST /account/get/${id}`);
		expect(state.opened.value?.id).toBe(id);
		await state.open(987654);
		expect(state.opened.problem?.status).toBe(404);
		// The failure is said over the account that was open.
		expect(state.opened.value?.id).toBe(id);
		await state.open(id);
		state.setBuyerBalance('0.500000');
		await state.load();
		expect(state.opened.value).toEqual(state.accounts.find((a) => a.id === id));
	});

	it('clear() forgets what was shown', async () => {
		const { state } = accounts();
		await state.load();
		await state.open(state.accounts[0]!.id);
		state.clear();
		expect(state.accounts).toEqual([]);
		expect(state.buyer).toBeUndefined();
		expect(state.opened.value).toBeUndefined();
	});
});
