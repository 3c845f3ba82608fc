import type { HttpClient } from '$lib/http/client';
import type { ApiProblem } from '$lib/http/problem';
import type { RecoveredPurchase } from './buy-types';
import {
	reconcileInterrupted,
	type PendingPurchase,
	type PurchaseJournal
} from './pending-purchase';
import type { LockEnv, PurchaseLock } from './purchase-lock';
import type { Order } from './schemas';

/** A purchase whose page closed or reloaded before the answer, as this page found out. */
export interface InterruptedPurchase {
	marker: PendingPurchase;
	state: 'checking' | 'placed' | 'not-placed' | 'unknown';
	order: Order | null;
	/** Other new orders matching it that appeared at the same time. */
	duplicates: Order[];
	problem: ApiProblem | null;
}

export interface RecoveryHost {
	journal: PurchaseJournal;
	lock: PurchaseLock;
	env: LockEnv;
	/** The service shown now, and a client for it (null before the dashboard is opened). */
	apiRoot(): string;
	client(): HttpClient | null;
	/** This page's own purchase whose outcome is unknown: the buy form reconciles it. */
	ownMarker(): string | null;
	placed(order: Order): Promise<void>;
}

/** Purchases interrupted before their answer (a reload, a closed tab), and what became of them. */
export class InterruptedPurchases {
	items = $state<InterruptedPurchase[]>([]);
	readonly #host: RecoveryHost;

	constructor(host: RecoveryHost) {
		this.#host = host;
	}

	clear(): void {
		this.items = [];
	}

	/**
	 * Called while holding the purchase lock, so every marker found belongs to a purchase no page
	 * is sending now. Each is reconciled from the order list and shown; returns those that placed
	 * an order or may have.
	 */
	async recover(): Promise<RecoveredPurchase[]> {
		const apiRoot = this.#host.apiRoot();
		const client = this.#host.client();
		// Only ever checked against the service the purchase went to.
		if (!client || !apiRoot || client.options.baseUrl !== apiRoot) return [];
		const own = this.#host.ownMarker();
		const markers = this.#host.journal.pending(apiRoot).filter((m) => m.id !== own);
		const recovered: RecoveredPurchase[] = [];
		for (const marker of markers) {
			const item = await this.#check(client, marker);
			if (item?.state === 'placed' || item?.state === 'unknown')
				recovered.push({ marker, guid: item.order?.guid ?? null });
		}
		return recovered;
	}

	/** The user's "Check again" for an interrupted purchase whose outcome is unknown. */
	async checkAgain(id: string): Promise<void> {
		const item = this.items.find((i) => i.marker.id === id);
		if (!item || item.state !== 'unknown') return;
		const marker = $state.snapshot<PendingPurchase>(item.marker);
		this.#show({ ...item, state: 'checking', problem: null });
		await this.#host.lock.run(async () => {
			const client = this.#host.client();
			if (!client || client.options.baseUrl !== marker.apiRoot) return;
			await this.#check(client, marker);
		});
	}

	async #check(client: HttpClient, marker: PendingPurchase): Promise<InterruptedPurchase | null> {
		this.#show({ marker, state: 'checking', order: null, duplicates: [], problem: null });
		const outcome = await reconcileInterrupted(client, marker, this.#host.env);
		// The connection changed meanwhile: the marker stays for when it is opened again.
		if (this.#host.apiRoot() !== marker.apiRoot) return null;
		let item: InterruptedPurchase;
		if (outcome.kind === 'unknown') {
			item = { marker, state: 'unknown', order: null, duplicates: [], problem: outcome.problem };
		} else {
			const order = outcome.kind === 'placed' ? outcome.order : null;
			this.#host.journal.finish(marker, order?.guid ?? null, this.#host.env.now());
			item = {
				marker,
				state: order ? 'placed' : 'not-placed',
				order,
				duplicates: outcome.kind === 'placed' ? outcome.duplicates : [],
				problem: null
			};
		}
		this.#show(item);
		if (item.order) await this.#host.placed(item.order);
		return item;
	}

	#show(item: InterruptedPurchase): void {
		const rest = this.items.filter((i) => i.marker.id !== item.marker.id);
		const at = this.items.findIndex((i) => i.marker.id === item.marker.id);
		rest.splice(at === -1 ? rest.length : at, 0, item);
		this.items = rest;
	}
}
