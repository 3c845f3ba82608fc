// The energy dashboard on the one lifecycle (area-state.svelte.ts): a change of the energy
// connection in Settings (mode, address, token) closes the old dashboard, so its polls stop and
// its requests in flight are aborted, and the page reads a new one.
import { createStore } from 'idb-keyval';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EnergyDashboard } from '$lib/energy/dashboard.svelte';
import { openEnergy } from '$lib/energy/energy-area.svelte';
import { orderTracker } from '$lib/energy/orders/tracker';
import { createClient, type HttpClient } from '$lib/http/client';
import type { AreaConnection } from '$lib/settings/area-connection.svelte';
import type { SessionSource } from '$lib/settings/area-session.svelte';
import { areaState, closeAreas } from '$lib/settings/area-state.svelte';
import { BASE, energyHarness, energySession, FRESH, manualEnv, pathsOf } from './helpers';

let dbCount = 0;
const freshDb = () => {
	const store = createStore(`energy-life-${++dbCount}`, 'orders');
	return (root: string) => orderTracker(root, () => store);
};

/** The energy connection as Settings give it: `identity` is its mode, address and token. */
const settings = (identity: string) =>
	({ service: 'energy', identity, apiRoot: BASE }) as unknown as AreaConnection;

/** What the page does: read the dashboard for the connection as it is, on these test doubles. */
function dashboardFor(identity: string, client: HttpClient, env = manualEnv().env) {
	return areaState<EnergyDashboard>(
		settings(identity),
		() =>
			new EnergyDashboard(
				energySession(() => client, BASE, env),
				{
					visibility: env,
					tracker: freshDb(),
					notify: () => {}
				}
			)
	);
}

/** The old dashboard is closed once the update that replaced it is over. */
const settle = () => new Promise<void>((resolve) => queueMicrotask(resolve));

afterEach(closeAreas);

describe('the energy dashboard follows its connection', () => {
	it('a new token in Settings stops the old dashboard polling its orders', async () => {
		const h = energyHarness();
		const m = manualEnv();
		const first = dashboardFor('live https://energy.example tok-1', h.client, m.env);
		await first.show();
		Object.assign(first.purchase.draft, { to: FRESH, periodId: '1h', amount: '65000' });
		first.purchase.review();
		await first.purchase.confirm();
		const guid = first.purchase.result!.order.guid;
		expect(first.book.poller.isWatching(guid)).toBe(true);
		expect(dashboardFor('live https://energy.example tok-1', h.client)).toBe(first);

		const second = dashboardFor('live https://energy.example tok-2', h.client);
		expect(second).not.toBe(first);
		await settle();
		expect(first.book.poller.watching).toEqual([]);
		const before = h.requests.length;
		await m.advance(120_000);
		expect(pathsOf(h.requests.slice(before))).toEqual([]);
	});

	it('switching Demo to Live aborts the old dashboard’s requests in flight', async () => {
		const held: Request[] = [];
		const holding = createClient({
			baseUrl: BASE,
			retryLimit: 0,
			env: { online: () => true, pageOrigin: () => undefined },
			transport: (input, init) => {
				const request = new Request(input, init);
				held.push(request);
				return new Promise<Response>((_, reject) =>
					request.signal.addEventListener('abort', () => reject(request.signal.reason))
				);
			}
		});
		const first = dashboardFor('demo https://energy.demo ', holding);
		const shown = first.show();
		// Balances and the order list are asked for, and wait for their answer.
		await vi.waitFor(() => expect(held).toHaveLength(2));
		expect(held.some((r) => r.signal.aborted)).toBe(false);

		dashboardFor('live https://energy.example tok', energyHarness().client);
		await settle();
		expect(held.every((r) => r.signal.aborted)).toBe(true);
		await shown;
		// The balances' read ended with the area: no longer loading, and nothing said about it.
		expect(first.accounts.list.state).toEqual({ status: 'idle' });
		// Closed for good: showing it again asks nothing.
		await first.show();
		expect(held).toHaveLength(2);
	});

	it('opens on the connection given, carrying over the purchase being written', async () => {
		const h = energyHarness();
		const connection: SessionSource<'energy'> = {
			service: 'energy',
			mode: 'demo',
			apiRoot: BASE,
			secret: '',
			client: () => h.client
		};
		const first = openEnergy(connection);
		first.purchase.draft.to = FRESH;
		first.purchase.draft.amount = '65000';
		const second = openEnergy(connection, first);
		expect(second.purchase.draft).toMatchObject({ to: FRESH, amount: '65000' });
		await second.show();
		expect(second.apiRoot).toBe(BASE);
		expect(pathsOf(h.requests)).toContain('POST /account/list');
		first.close();
		second.close();
	});
});
