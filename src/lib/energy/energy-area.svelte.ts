/**
 * How the energy page gets its dashboard: one for the app per connection (area-state.svelte.ts),
 * so an order keeps being followed while the person is on another page. When Settings change the
 * mode, the address or the token, the old dashboard is closed (its polls stop, its requests in
 * flight are aborted) and a new one is built for the new connection.
 */
import { connections } from '$lib/settings/area-connection.svelte';
import { areaState, openAreaState } from '$lib/settings/area-state.svelte';
import { EnergyDashboard } from './dashboard.svelte';
import { energyClient, type EnergyConnection } from './energy-client.svelte';
import { browserStorage, PurchaseJournal } from './pending-purchase';
import { forgetTracked } from './tracker';

/**
 * A dashboard for the connection as it is now (the page's `show()` reads from it), with the
 * purchase being written carried over from the one it replaces.
 */
export function openEnergy(
	connection: EnergyConnection,
	previous?: EnergyDashboard
): EnergyDashboard {
	const apiRoot = connection.apiRoot;
	const dashboard = new EnergyDashboard({
		connection: { client: () => energyClient(connection), apiRoot }
	});
	if (previous) dashboard.buy.draft = $state.snapshot(previous.buy.draft);
	return dashboard;
}

/** The energy area's dashboard; read it inside `$derived` so the page follows Settings. */
export function energyArea(): EnergyDashboard {
	return areaState<EnergyDashboard>(connections.energy, openEnergy);
}

/** After "Reset demo data" (the demo service forgot its balances and orders): forget the demo's. */
export async function forgetDemoEnergy(demoApiRoot: string): Promise<void> {
	const open = openAreaState<EnergyDashboard>('energy');
	if (open?.apiRoot === demoApiRoot) return open.forgetAll();
	new PurchaseJournal(browserStorage()).forget(demoApiRoot);
	await forgetTracked(demoApiRoot);
}
