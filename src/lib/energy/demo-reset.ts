/**
 * After "Reset demo data" in Settings (the demo service forgot its balances and orders), this
 * browser forgets what it kept of the demo's orders too. Settings load it on demand, with the
 * demo service, so their page carries no energy code until the button is pressed.
 */
import { browserStorage, type KeyValueStorage } from './key-value-storage';
import { forgetTracked } from './orders/tracker';
import { PendingPurchases } from './purchase/pending-purchase';

/** The energy area as Settings find it open (the dashboard), if it is. */
export interface OpenEnergyArea {
	readonly apiRoot: string;
	/** Forgets what the page shows and tracks for its service. */
	forgetAll(): Promise<void>;
}

/**
 * The energy page open on the demo forgets what it shows and tracks; with none open on it, the
 * pending purchases and the statuses seen kept for the demo's API root go.
 */
export async function forgetDemoEnergy(
	demoApiRoot: string,
	open: OpenEnergyArea | undefined,
	storage: KeyValueStorage = browserStorage()
): Promise<void> {
	if (open?.apiRoot === demoApiRoot) return open.forgetAll();
	new PendingPurchases(storage).forget(demoApiRoot);
	await forgetTracked(demoApiRoot);
}
