import { activeOrders, orderTracker, type OrderTracker, type TrackedOrder } from './tracker';

/** When this browser first saw each status of each order, kept per service across reloads. */
export class Tracking {
	records = $state<Record<number, TrackedOrder>>({});
	readonly #make: (apiRoot: string) => OrderTracker;
	#tracker: OrderTracker | null = null;

	constructor(make: (apiRoot: string) => OrderTracker = (root) => orderTracker(root)) {
		this.#make = make;
	}

	get opened(): boolean {
		return this.#tracker !== null;
	}

	/** Reads what was remembered for `apiRoot`. */
	async open(apiRoot: string): Promise<void> {
		this.records = {};
		this.#tracker = this.#make(apiRoot);
		const remembered = await this.#tracker.all();
		this.records = Object.fromEntries(remembered.map((t) => [t.guid, t]));
	}

	/** Orders remembered as not final (to poll again after a reload). */
	active(): TrackedOrder[] {
		return activeOrders(Object.values(this.records));
	}

	async see(guid: number, status: number): Promise<void> {
		if (!this.#tracker) return;
		const record = await this.#tracker.see(guid, status, Date.now());
		this.records = { ...this.records, [guid]: record };
	}

	/** Forgets everything remembered for the service opened. */
	async clear(): Promise<void> {
		await this.#tracker?.clear();
		this.#tracker = null;
		this.records = {};
	}
}
