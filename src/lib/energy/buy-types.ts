/** The buy flow's words: its steps, its outcomes, and what it needs from the dashboard. */
import type { HttpClient } from '$lib/http/client';
import type { ApiProblem } from '$lib/http/problem';
import { formatNumber } from '$lib/ui/number-format';
import type { BuyRequest } from './buy-request';
import { sameRequest, type PendingPurchase, type PurchaseJournal } from './pending-purchase';
import type { Reviewed } from './placed-outcome';
import type { PurchaseLock } from './purchase-lock';
import type { CreatedOrder, Order } from './schemas';

export type BuyStep =
	| 'edit'
	| 'review'
	| 'placing'
	/** Nothing sent: the same order was just placed (or the check failed); buy anyway? */
	| 'asking'
	| 'done'
	| 'reconciling'
	/** The answer was lost and the order list shows no such order. */
	| 'not-placed'
	/** The answer was lost and the order list could not be read either. */
	| 'unknown';

export interface BuyResult {
	order: CreatedOrder | Order;
	/** The buyer balance after the purchase, when the answer said it. */
	balance: string | null;
	/** Found by reading the order list after the answer was lost. */
	reconciled: boolean;
	/** What the person reviewed and confirmed: the answer is set against it, never taken as is. */
	reviewed: Reviewed;
}

/**
 * What follows a placed order (the dashboard takes it in, a check for a double order): it runs
 * once the purchase has let go of the form, so "Buy more" works at once.
 */
export type AfterPlaced = () => Promise<void>;

/** A purchase of the same thing, made elsewhere (another tab, or a page since reloaded). */
export interface PlacedElsewhere {
	id: string;
	/** The order it placed; null when whether it was placed is not known. */
	guid: number | null;
}

/** An interrupted purchase that placed an order, or may have. */
export interface RecoveredPurchase {
	marker: PendingPurchase;
	/** The order it placed; null while that is unknown. */
	guid: number | null;
}

export interface BuyHost {
	client(): HttpClient;
	/** The API root the client talks to; purchases are recorded per root. */
	apiRoot(): string;
	/** An order now exists (placed, or found by reconciling): track it, refresh balances and list. */
	placed(order: CreatedOrder | Order): Promise<void>;
	/** Orders were placed elsewhere: refresh balances and list. */
	refresh(): Promise<void>;
	/**
	 * Called while holding the lock: reconciles purchases interrupted in other pages; returns
	 * those that placed an order or may have.
	 */
	recoverInterrupted(): Promise<RecoveredPurchase[]>;
	journal: PurchaseJournal;
	lock: PurchaseLock;
	now(): number;
	/** The review began: a chance to read the orders the cost estimate needs. */
	reviewing?(request: BuyRequest): void;
	/** An order already read in full, so the check for a recent twin need not read it again. */
	known?(guid: number): Order | undefined;
}

/** Why a confirmation stopped before sending: a twin placed moments ago, or no way to tell. */
export type RecentQuestion =
	{ kind: 'same'; orders: Order[] } | { kind: 'unchecked'; problem: ApiProblem };

/** A purchase without an answer may or may not exist on the server. */
export function outcomeUnknown(problem: ApiProblem): boolean {
	if (problem.kind === 'network' || problem.kind === 'timeout' || problem.kind === 'cors')
		return true;
	// A 2xx that could not be read, or a server failure, may have created the order.
	if (problem.kind === 'parse' || problem.kind === 'contract') return true;
	return problem.kind === 'http' && (problem.status ?? 0) >= 500;
}

/**
 * The same purchase, placed (or maybe placed) since the review began, by another page: one
 * interrupted in a closed tab, or finished in another tab. Those found are remembered as
 * known, so they are named once.
 */
export async function madeElsewhere(
	host: BuyHost,
	request: BuyRequest,
	apiRoot: string,
	memory: { reviewedAt: number; known: string[]; seenGuids: Set<number> }
): Promise<PlacedElsewhere[]> {
	const { reviewedAt: since, known } = memory;
	const found: PlacedElsewhere[] = [];
	const add = (id: string, guid: number | null) => {
		if (!known.includes(id) && !found.some((e) => e.id === id)) found.push({ id, guid });
	};
	for (const r of await host.recoverInterrupted())
		if (sameRequest(r.marker.request, request)) add(r.marker.id, r.guid);
	for (const f of host.journal.finishedSince(apiRoot, since))
		if (f.guid !== null && sameRequest(f.request, request)) add(f.id, f.guid);
	known.push(...found.map((e) => e.id));
	for (const e of found) if (e.guid !== null) memory.seenGuids.add(e.guid);
	return found;
}

/** The home page's line for a purchase: the amount, never the address. */
export function orderedText(energy: number | null): string {
	return energy === null ? 'Ordered energy' : `Ordered ${formatNumber(energy)} energy`;
}
