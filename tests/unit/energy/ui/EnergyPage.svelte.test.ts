// The energy page as the route hands it the dashboard (energyArea()): its title and heading, the
// balances and the purchase form at once, and the panels below them in the tasks after the first
// paint (PageStages). Rendered as Svelte's server build does, before any effect has run.
import { createStore } from 'idb-keyval';
import { render } from 'svelte/server';
import { afterEach, describe, expect, it } from 'vitest';
import { EnergyDashboard } from '$lib/energy/dashboard.svelte';
import { orderTracker } from '$lib/energy/orders/tracker';
import EnergyPage from '$lib/energy/ui/EnergyPage.svelte';
import { energyHarness, energySession, manualEnv } from '../helpers';

let energy: EnergyDashboard;
function page() {
	const { env } = manualEnv();
	const store = createStore('energy-page', 'orders');
	energy = new EnergyDashboard(
		energySession(() => energyHarness().client, undefined, env),
		{
			visibility: env,
			tracker: (root) => orderTracker(root, () => store),
			notify: () => {}
		}
	);
	return render(EnergyPage, { props: { energy } });
}
afterEach(() => energy.close());

describe('the energy page', () => {
	it('is titled and headed as the dashboard, with the balances and the purchase form', () => {
		const { head, body } = page();
		expect(head).toContain('<title>Energy · API Workbench</title>');
		expect(body).toMatch(/<h1[^>]*>Energy order dashboard<\/h1>/);
		expect(body).toContain('aria-label="Energy rental connection"');
		expect(body).toMatch(/<h2 id="balances"[^>]*>Balances<\/h2>/);
		expect(body).toMatch(/<h2 id="buy-heading"[^>]*>Buy energy<\/h2>/);
	});

	it('leaves Compare periods, Expiring soon, Orders and Spending to the tasks after the first paint', () => {
		const { body } = page();
		expect(body).toMatch(/<h2 id="buy-heading"/);
		for (const heading of ['compare', 'expiring', 'orders', 'spending'])
			expect(body).not.toContain(`id="${heading}-heading"`);
	});
});
