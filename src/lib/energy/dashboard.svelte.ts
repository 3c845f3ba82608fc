/**
 * The energy dashboard, made from the area's session (energy-area.svelte.ts): balances, the
 * purchase, the orders this page knows and their list, and order polling. Each part takes the
 * session (and the parts it reads); `close()` (the session's) ends every request and poll, and
 * every timer runs on the session's clock.
 */
import type { AreaSession } from '$lib/settings/area-session.svelte';
import { AccountsState } from './balances/accounts.svelte';
import { YourPrices } from './costs/your-price.svelte';
import { browserStorage, type KeyValueStorage } from './key-value-storage';
import { LedgerExport } from './ledger/ledger-export.svelte';
import { Notices } from './notices.svelte';
import { OrderBook } from './orders/order-book.svelte';
import { OrderList } from './orders/order-list.svelte';
import type { PageVisibility } from './orders/poller';
import { remindersFor, type Reminders } from './orders/reminders.svelte';
import type { OrderTracker } from './orders/tracker';
import { PendingPurchases } from './purchase/pending-purchase';
import { browserPurchaseLock, type PurchaseLock } from './purchase/purchase-lock';
import { Purchase } from './purchase/purchase.svelte';

export interface DashboardOptions {
	/** Whether the page is shown (the browser's unless a test's): no poll runs while hidden. */
	visibility?: PageVisibility;
	tracker?: (apiRoot: string) => OrderTracker;
	notify?: (title: string, body: string) => void;
	/** Pending purchases, shared by this browser's tabs. */
	pending?: PendingPurchases;
	/** One purchase at a time across this browser's tabs. */
	lock?: PurchaseLock;
	/** Where "Your price" is kept (local storage in the browser). */
	priceStorage?: KeyValueStorage;
}

export class EnergyDashboard {
	readonly session: AreaSession<'energy'>;
	readonly pending: PendingPurchases;
	readonly lock: PurchaseLock;
	readonly notices: Notices;
	/** "Your price" per period, for the server shown: what the estimate goes by when given. */
	readonly prices: YourPrices;
	readonly accounts: AccountsState;
	/** The orders this page knows, their statuses seen and their polls. */
	readonly book: OrderBook;
	readonly list: OrderList;
	/** "Export CSV": the whole ledger, read through the book. */
	readonly ledger: LedgerExport;
	readonly purchase: Purchase;
	/** "Remind me before the energy is reclaimed", for the orders of the book. */
	readonly reminders: Reminders;
	/** The check for pending purchases left behind, started by the last show(). */
	recovering: Promise<void> = Promise.resolve();

	constructor(session: AreaSession<'energy'>, options: DashboardOptions = {}) {
		this.session = session;
		this.pending = options.pending ?? new PendingPurchases(browserStorage());
		this.lock = options.lock ?? browserPurchaseLock();
		this.notices = new Notices(options.notify);
		this.prices = new YourPrices(options.priceStorage ?? browserStorage());
		this.prices.open(session.apiRoot);
		this.accounts = new AccountsState(session);
		this.book = new OrderBook(session, {
			visibility: options.visibility,
			tracker: options.tracker,
			notices: this.notices
		});
		this.list = new OrderList(session, this.book);
		this.ledger = new LedgerExport(session, this.book);
		this.purchase = new Purchase(this);
		this.reminders = remindersFor(this.book, session);
	}

	get apiRoot(): string {
		return this.session.apiRoot;
	}

	/**
	 * The page is shown (again): resumes polling the orders remembered as active, checks for
	 * pending purchases left behind, and reads balances and orders afresh.
	 */
	async show(): Promise<void> {
		if (this.session.closed) return;
		await this.book.open();
		this.book.resume();
		// Not awaited: it may wait for a purchase in another tab, and then for the server.
		this.recovering = this.lock.run(async () => void (await this.purchase.recovery.recover()));
		this.recovering.catch(() => undefined);
		await Promise.all([this.accounts.load(), this.list.load()]);
	}

	/** Settings moved the connection: polls stop for good, requests in flight are aborted. */
	close(): void {
		this.session.close();
	}

	/** Forgets what this page shows and tracks for its service (after "Reset demo data"). */
	async forgetAll(): Promise<void> {
		this.pending.forget(this.session.apiRoot);
		await this.book.forget();
		this.accounts.clear();
		this.list.clear();
		this.notices.announcement = '';
		this.purchase.reset();
	}
}
