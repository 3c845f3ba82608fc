import type { HttpClient } from '$lib/http/client';
import { listOrders } from '../api';
import { toCsv } from './csv';
import { describePeriod, statusLabel } from '../model';
import type { Order } from '../schemas';

/**
 * The account's ledger: every order, read from every page of `order/list` and, as the list
 * gives only guid and status (EN-LIST-2), each order with `order/get`, a few at a time.
 */

/** Orders per list page while exporting (the service's maximum is not known). */
export const LEDGER_PAGE_SIZE = 50;
/** `order/get` reads at once: the service may throttle per token. */
export const LEDGER_CONCURRENCY = 3;

export interface LedgerProgress {
	/** Orders listed so far, and in all (once the first page said). */
	listed: number;
	total: number | null;
	/** Orders read in full. */
	read: number;
}

export interface LedgerOptions {
	/** Reads one order in full; must honour the signal. */
	readOrder(guid: number, signal: AbortSignal): Promise<Order>;
	signal: AbortSignal;
	onProgress?(progress: LedgerProgress): void;
	concurrency?: number;
	pageSize?: number;
}

/** Runs `task` on each item, at most `limit` at once; stops starting new ones once aborted. */
export async function eachLimited<T>(
	items: readonly T[],
	limit: number,
	signal: AbortSignal,
	task: (item: T) => Promise<void>
): Promise<void> {
	let next = 0;
	const worker = async () => {
		while (next < items.length) {
			signal.throwIfAborted();
			await task(items[next++]!);
		}
	};
	await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
	signal.throwIfAborted();
}

/** Every order of the account, newest first. Rejects with the abort reason once cancelled. */
export async function readLedger(client: HttpClient, options: LedgerOptions): Promise<Order[]> {
	const { signal } = options;
	const progress: LedgerProgress = { listed: 0, total: null, read: 0 };
	const orders: Order[] = [];
	const report = () => options.onProgress?.({ ...progress });
	for (let page = 1; ; page++) {
		signal.throwIfAborted();
		const listed = await listOrders(
			client,
			{ page, perPage: options.pageSize ?? LEDGER_PAGE_SIZE, sort: 'desc' },
			signal
		);
		progress.total = listed.total;
		progress.listed += listed.data.length;
		report();
		await eachLimited(
			listed.data,
			options.concurrency ?? LEDGER_CONCURRENCY,
			signal,
			async ({ guid }) => {
				orders.push(await options.readOrder(guid, signal));
				progress.read++;
				report();
			}
		);
		if (page >= listed.last_page || !listed.data.length) break;
	}
	const created = (o: Order) => (o.created_at ? Date.parse(o.created_at) || 0 : 0);
	return orders.sort((a, b) => created(b) - created(a) || b.guid - a.guid);
}

/** Whether the order was created within [from, to] (ms; either end open when null). */
export function inRange(order: Order, from: number | null, to: number | null): boolean {
	const at = order.created_at ? Date.parse(order.created_at) : NaN;
	if (!Number.isFinite(at)) return from === null && to === null;
	return (from === null || at >= from) && (to === null || at <= to);
}

export const LEDGER_COLUMNS = [
	'guid',
	'created',
	'recipient',
	'energy',
	'period',
	'cost',
	'delegation fee',
	'activation fee',
	'paid',
	'status',
	'delegation txid'
] as const;

/** The ledger as CSV, one row per order: amounts as the service wrote them, in TRX. */
export function ledgerCsv(orders: readonly Order[]): string {
	return toCsv([
		LEDGER_COLUMNS,
		...orders.map((o) => [
			String(o.guid),
			o.created_at ?? '',
			o.to,
			o.energy_amount === null ? '' : String(o.energy_amount),
			describePeriod(o),
			o.order_cost,
			o.energy_delegation_fee,
			o.address_activation_fee,
			o.order_cost_paid,
			statusLabel(o.status),
			o.resource_txs.map((t) => t.delegate_txid).join(' ')
		])
	]);
}
