import type { HttpClient } from '$lib/http/client';
import type { BuyRequest } from './buy-request';
import type { RecentQuestion } from './buy-types';
import { purchaseId, type PendingPurchase, type PurchaseJournal } from './pending-purchase';
import type { Reviewed } from './placed-outcome';
import { newestGuids } from './reconcile';

/**
 * What one buy form remembers between its steps, none of it shown: the newest orders before a
 * purchase, its in-flight marker, which purchases and orders the user already knows about, and
 * what the person confirmed for each order placed (an answer is set against it, never trusted).
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
	/** What was confirmed for the purchase under way, with the cost estimate shown then. */
	confirmed: Reviewed | null = null;
	/** What was confirmed for each order this page placed. */
	readonly #reviewed = new Map<number, Reviewed>();
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

	/**
	 * `request` placed the order `guid` (and `twins` appeared with it): the marker goes, the
	 * orders are known, and what was confirmed for the order is kept and returned.
	 */
	placed(guid: number, request: BuyRequest, twins: readonly { guid: number }[] = []): Reviewed {
		const confirmed = this.confirmed?.request === request ? this.confirmed : null;
		const reviewed = confirmed ?? { request, estimate: null };
		this.#reviewed.set(guid, reviewed);
		for (const twin of twins) this.seenGuids.add(twin.guid);
		this.finish(guid);
		return reviewed;
	}

	/** "Buy again" after a question accepts the orders it named: they are not asked about again. */
	answered(question: RecentQuestion | null): void {
		if (question?.kind === 'same') for (const o of question.orders) this.seenGuids.add(o.guid);
	}

	/**
	 * What was confirmed for the order `guid`: placed by this page (with the estimate shown), or
	 * lately by this browser on `apiRoot` (the purchases kept for other tabs: the request only).
	 */
	reviewedFor(apiRoot: string, guid: number): Reviewed | null {
		const here = this.#reviewed.get(guid);
		if (here) return here;
		const request = this.#journal.requestOf(apiRoot, guid);
		return request ? { request, estimate: null } : null;
	}

	/** Another service, or its data reset: no order is known any more. */
	forget(): void {
		this.seenGuids.clear();
		this.#reviewed.clear();
	}

	/** A new purchase: an unknown outcome stays in storage; the dashboard reconciles it later. */
	dropMarker(): void {
		this.#marker = null;
	}
}
