import * as v from 'valibot';
import { formatNumber } from '$lib/ui/number-format';
import type { LockEnv } from './purchase-lock';
import type { HttpClient } from '$lib/http/client';
import { isApiProblem, type ApiProblem } from '$lib/http/problem';
import type { BuyRequest } from './buy-request';
import { ESTIMATE_TOKENS, PERIODS } from '../model';
import { findPlacedOrders } from './reconcile';
import type { Order } from '../schemas';
import type { KeyValueStorage } from '../key-value-storage';

export {
	browserStorage,
	memoryStorage,
	purchaseId,
	type KeyValueStorage
} from '../key-value-storage';

/**
 * Purchases across tabs and reloads. Before a purchase is sent, its pending purchase (the one
 * record of a purchase in flight) is written to storage; it is removed once the outcome is
 * known. A pending purchase found later belongs to a purchase whose page closed or reloaded
 * before the answer (or whose outcome stayed unknown), and is reconciled from the order list.
 * Purchases of one browser run one at a time (a lock).
 *
 * The stored key and shape are those of every earlier build (`energy.purchases.pending`, a list
 * of `{id, apiRoot, request, before, startedAt}`), so a purchase in flight when the app was
 * updated is still found and reconciled.
 */

export const PENDING_KEY = 'energy.purchases.pending';
export const FINISHED_KEY = 'energy.purchases.finished';
/** How many finished purchases are kept for other tabs to see. */
export const FINISHED_KEPT = 10;

export interface PendingPurchase {
	id: string;
	/** Where it was sent: a pending purchase is only ever checked against the same service. */
	apiRoot: string;
	/** The request fields, no credentials. */
	request: BuyRequest;
	/** The guids of the newest orders before the purchase, to reconcile against. */
	before: number[];
	startedAt: number;
}

export interface FinishedPurchase {
	id: string;
	apiRoot: string;
	request: BuyRequest;
	/** The order it placed; null when it was not placed. */
	guid: number | null;
	finishedAt: number;
}

const Int = v.pipe(v.number(), v.integer());
const RequestBase = {
	format: v.literal('json'),
	to: v.string(),
	period_type: v.picklist(['hours', 'days']),
	period_amount: Int
};
const StoredRequest = v.variant('amount_source', [
	v.object({ ...RequestBase, amount_source: v.literal('amount'), amount: Int }),
	v.object({
		...RequestBase,
		amount_source: v.literal('estimate'),
		estimate_to: v.string(),
		estimate_token: v.picklist(ESTIMATE_TOKENS),
		estimate_adjust_percent: v.string()
	})
]);
const StoredPending = v.object({
	id: v.string(),
	apiRoot: v.string(),
	request: StoredRequest,
	before: v.array(Int),
	startedAt: v.number()
});
const StoredFinished = v.object({
	id: v.string(),
	apiRoot: v.string(),
	request: StoredRequest,
	guid: v.nullable(Int),
	finishedAt: v.number()
});

function readList<T>(storage: KeyValueStorage, key: string, schema: v.GenericSchema<T>): T[] {
	try {
		const raw: unknown = JSON.parse(storage.getItem(key) ?? '[]');
		if (!Array.isArray(raw)) return [];
		// An entry this version cannot read is dropped, not trusted.
		return raw.flatMap((item) => {
			const parsed = v.safeParse(schema, item);
			return parsed.success ? [parsed.output] : [];
		});
	} catch {
		return [];
	}
}

function writeList(storage: KeyValueStorage, key: string, items: unknown[]): void {
	try {
		if (items.length) storage.setItem(key, JSON.stringify(items));
		else storage.removeItem(key);
	} catch {
		// Storage full or refused: the purchase goes on; only the safety net is lost.
	}
}

/** The pending purchases and recent outcomes, in storage shared by this browser's tabs. */
export class PendingPurchases {
	readonly #storage: KeyValueStorage;

	constructor(storage: KeyValueStorage) {
		this.#storage = storage;
	}

	/** Pending purchases sent to `apiRoot` whose outcome is not known yet. */
	pending(apiRoot: string): PendingPurchase[] {
		return readList(this.#storage, PENDING_KEY, StoredPending).filter((p) => p.apiRoot === apiRoot);
	}

	/** Written just before the purchase is sent. */
	begin(pending: PendingPurchase): void {
		const rest = readList(this.#storage, PENDING_KEY, StoredPending).filter(
			(p) => p.id !== pending.id
		);
		writeList(this.#storage, PENDING_KEY, [...rest, pendingFields(pending)]);
	}

	/** The outcome is known: the pending purchase goes, and the outcome stays a while for other tabs. */
	finish(pending: PendingPurchase, guid: number | null, at: number): void {
		const rest = readList(this.#storage, PENDING_KEY, StoredPending).filter(
			(p) => p.id !== pending.id
		);
		writeList(this.#storage, PENDING_KEY, rest);
		const finished: FinishedPurchase = {
			id: pending.id,
			apiRoot: pending.apiRoot,
			request: pending.request,
			guid,
			finishedAt: at
		};
		const kept = readList(this.#storage, FINISHED_KEY, StoredFinished).filter(
			(f) => f.id !== pending.id
		);
		writeList(this.#storage, FINISHED_KEY, [...kept, finished].slice(-FINISHED_KEPT));
	}

	/** Purchases on `apiRoot` whose outcome became known at or after `since`. */
	finishedSince(apiRoot: string, since: number): FinishedPurchase[] {
		return readList(this.#storage, FINISHED_KEY, StoredFinished).filter(
			(f) => f.apiRoot === apiRoot && f.finishedAt >= since
		);
	}

	/** What was confirmed for the order `guid` on `apiRoot`, if this browser placed it lately. */
	requestOf(apiRoot: string, guid: number): BuyRequest | null {
		const placed = readList(this.#storage, FINISHED_KEY, StoredFinished).filter(
			(f) => f.apiRoot === apiRoot && f.guid === guid
		);
		return placed.at(-1)?.request ?? null;
	}

	/** Forgets everything about `apiRoot` (its service's data was reset). */
	forget(apiRoot: string): void {
		const pending = readList(this.#storage, PENDING_KEY, StoredPending);
		writeList(
			this.#storage,
			PENDING_KEY,
			pending.filter((p) => p.apiRoot !== apiRoot)
		);
		const finished = readList(this.#storage, FINISHED_KEY, StoredFinished);
		writeList(
			this.#storage,
			FINISHED_KEY,
			finished.filter((f) => f.apiRoot !== apiRoot)
		);
	}
}

/** Exactly the pending purchase's own fields, whatever else the object carries. */
const pendingFields = (p: PendingPurchase): PendingPurchase => ({
	id: p.id,
	apiRoot: p.apiRoot,
	request: p.request,
	before: [...p.before],
	startedAt: p.startedAt
});

/** Whether two requests buy the same thing. */
export function sameRequest(a: BuyRequest, b: BuyRequest): boolean {
	if (a.to !== b.to || a.period_type !== b.period_type || a.period_amount !== b.period_amount)
		return false;
	if (a.amount_source === 'amount') return b.amount_source === 'amount' && a.amount === b.amount;
	return (
		b.amount_source === 'estimate' &&
		a.estimate_to === b.estimate_to &&
		a.estimate_token === b.estimate_token &&
		Number(a.estimate_adjust_percent) === Number(b.estimate_adjust_percent)
	);
}

/** The purchase in words: "65,000 energy for T… for 1 hour". */
export function purchaseSummary(request: BuyRequest): string {
	const period =
		PERIODS.find(
			(p) => p.period_type === request.period_type && p.period_amount === request.period_amount
		)?.label ?? `${request.period_amount} ${request.period_type}`;
	const what =
		request.amount_source === 'amount'
			? `${formatNumber(request.amount)} energy`
			: `the energy estimated for ${request.estimate_token} transfers`;
	return `${what} for ${request.to} for ${period}`;
}

// ── What became of a pending purchase ───────────────────────────────────────────────────

/**
 * A request cut off by a reload may still reach the server and be handled a moment later, so
 * "not placed" is said only once the purchase is as old as the longest this app waits for an
 * answer (the HTTP client's timeout).
 */
export const PENDING_GRACE_MS = 15_000;

export type PendingOutcome =
	| { kind: 'placed'; order: Order; duplicates: Order[] }
	| { kind: 'not-placed' }
	| { kind: 'unknown'; problem: ApiProblem };

/** Reads the order list for the pending purchase; never sends it again. */
export async function reconcilePending(
	client: HttpClient,
	pending: PendingPurchase,
	env: LockEnv,
	graceMs = PENDING_GRACE_MS
): Promise<PendingOutcome> {
	const before = new Set(pending.before);
	try {
		let found = await findPlacedOrders(client, pending.request, before);
		const wait = pending.startedAt + graceMs - env.now();
		if (!found.length && wait > 0) {
			await env.sleep(wait);
			found = await findPlacedOrders(client, pending.request, before);
		}
		// Newest first: the oldest is the purchase.
		const order = found.at(-1);
		return order
			? { kind: 'placed', order, duplicates: found.slice(0, -1) }
			: { kind: 'not-placed' };
	} catch (error) {
		if (!isApiProblem(error)) throw error;
		return { kind: 'unknown', problem: error };
	}
}
