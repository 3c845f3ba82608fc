import type { AfterPlaced } from './buy-types';
import type { PurchaseLock } from './purchase-lock';

/**
 * One purchase step at a time: in this page (a double click sends one) and across tabs (the
 * purchase lock). What follows a placed order runs after both are let go, so a slow server
 * never holds up "Buy more".
 */
export class PurchaseSlot {
	#busy = false;
	readonly #lock: PurchaseLock;

	constructor(lock: PurchaseLock) {
		this.#lock = lock;
	}

	get busy(): boolean {
		return this.#busy;
	}

	/** `waiting(true)` while another tab's purchase holds the lock; `waiting(false)` once it is ours. */
	async run(
		work: () => Promise<AfterPlaced | void>,
		waiting: (waiting: boolean) => void = () => undefined
	): Promise<void> {
		this.#busy = true;
		let afterPlaced: AfterPlaced | void;
		try {
			afterPlaced = await this.#lock.run(
				() => (waiting(false), work()),
				() => waiting(true)
			);
		} finally {
			waiting(false);
			this.#busy = false;
		}
		await afterPlaced?.();
	}
}
