import type { HttpClient } from '$lib/http/client';
import type { BuyRequest } from './buy-request';
import { purchaseId, type PendingPurchase, type PurchaseJournal } from './pending-purchase';
import { newestGuids } from './reconcile';

/**
 * What one buy form remembers between its steps, none of it shown: the newest orders before a
 * purchase, its in-flight marker, and which purchases and orders the user already knows about.
 */
export class PurchaseMemory {
	/** The newest orders, read while the user reviews, so a lost answer is reconciled exactly. */
	snapshot: Promise<ReadonlySet<number>> | null = null;
	before: ReadonlySet<number> | null = null;
	reviewedAt = 0;
	/** Purchases made by this page, or already shown to the user: they never hold up a confirm. */
	readonly known: string[] = [];
	/** Orders this page placed, or the user already saw named: no question about them. */
	readonly seenGuids = new Set<number>();
	#marker: PendingPurchase | null = null;
	readonly #journal: PurchaseJournal;
	readonly #now: () => number;

	constructor(journal: PurchaseJournal, now: () => number) {
		this.#journal = journal;
		this.#now = now;
	}

	takeSnapshot(client: HttpClient): void {
		const snapshot = newestGuids(client);
		snapshot.catch(() => undefined);
		this.snapshot = snapshot;
	}

	/** The marker of this page's purchase whose outcome is still unknown. */
	get markerId(): string | null {
		return this.#marker?.id ?? null;
	}

	/** Written to storage just before the purchase is sent. */
	begin(apiRoot: string, request: BuyRequest, before: ReadonlySet<number>): void {
		this.before = before;
		const marker: PendingPurchase = {
			id: purchaseId(),
			apiRoot,
			request,
			before: [...before],
			startedAt: this.#now()
		};
		this.known.push(marker.id);
		this.#marker = marker;
		this.#journal.begin(marker);
	}

	/** The outcome is known: the marker goes. */
	finish(guid: number | null): void {
		if (guid !== null) this.seenGuids.add(guid);
		if (!this.#marker) return;
		this.#journal.finish(this.#marker, guid, this.#now());
		this.#marker = null;
	}

	/** A new purchase: an unknown outcome stays in storage; the dashboard reconciles it later. */
	dropMarker(): void {
		this.#marker = null;
	}
}
