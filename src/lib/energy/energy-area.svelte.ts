/**
 * How the energy page gets its dashboard: one for the app per connection (area-state.svelte.ts),
 * so an order keeps being followed while the person is on another page. When Settings change the
 * mode, the address or the token, the old dashboard's session is closed (its polls stop, its
 * requests in flight are aborted) and a new dashboard is made from a session for the new one.
 */
import { connections } from '$lib/settings/area-connection.svelte';
import type { SessionSource } from '$lib/settings/area-session.svelte';
import { areaState } from '$lib/settings/area-state.svelte';
import { EnergyDashboard } from './dashboard.svelte';
import { energySession } from './energy-client.svelte';

/**
 * A dashboard for the connection as it is now, with the purchase being written carried over from
 * the one it replaces.
 */
export function openEnergy(
	connection: SessionSource<'energy'>,
	previous?: EnergyDashboard
): EnergyDashboard {
	const dashboard = new EnergyDashboard(energySession(connection));
	if (previous) dashboard.purchase.draft = $state.snapshot(previous.purchase.draft);
	return dashboard;
}

/** The energy area's dashboard; read it inside `$derived` so the page follows Settings. */
export function energyArea(): EnergyDashboard {
	return areaState<EnergyDashboard, 'energy'>(connections.energy, openEnergy);
}
