import type { AreaSession, Repeating } from '$lib/settings/area-session.svelte';
import { browserStorage, type KeyValueStorage } from '../key-value-storage';
import { notificationsSupported, systemNotify } from '../notices.svelte';
import { expiringIn, reminderFor, stillDue, type ExpiringOrder, type Reminder } from './expiring';
import type { OrderBook } from './order-book.svelte';
import {
	DEFAULT_REMINDERS,
	loadReminders,
	saveReminders,
	type ReminderChoice
} from './reminder-choice';

/** What reminders wait on: the dashboard's session, whose timers end when it closes. */
export type ReminderSession = Pick<AreaSession<'energy'>, 'clock' | 'after'>;

/**
 * Opt-in reminders before a delegated order's energy is reclaimed, while the app is open. Each
 * fires once, and only if the order is still delegated and still ends when it did.
 */
export class Reminders {
	/** On and the minutes: kept in this browser (reminder-choice.ts), so a reload keeps them. */
	#choice = $state.raw<ReminderChoice>(DEFAULT_REMINDERS);
	readonly #storage: KeyValueStorage;
	/** Reminders shown on the page (when notifications are not allowed), newest last. */
	banners = $state<{ guid: number; text: string }[]>([]);
	readonly #current: (guid: number) => ExpiringOrder | undefined;
	readonly #notify: (text: string) => boolean;
	readonly #session: ReminderSession;
	// eslint-disable-next-line svelte/prefer-svelte-reactivity -- timers, never shown
	readonly #timers = new Map<number, { reminder: Reminder; timer: Repeating }>();
	// eslint-disable-next-line svelte/prefer-svelte-reactivity -- consulted, never shown
	readonly #fired = new Set<string>();

	/**
	 * `current` gives an order as it is now (undefined once it is no longer delegated);
	 * `notify` shows a system notification and says whether it could.
	 */
	constructor(
		current: (guid: number) => ExpiringOrder | undefined,
		notify: (text: string) => boolean,
		session: ReminderSession,
		storage: KeyValueStorage = browserStorage()
	) {
		this.#current = current;
		this.#notify = notify;
		this.#session = session;
		this.#storage = storage;
		this.reload();
	}

	get enabled(): boolean {
		return this.#choice.enabled;
	}
	set enabled(on: boolean) {
		this.#keep({ ...this.#choice, enabled: on });
	}
	get minutes(): number {
		return this.#choice.minutes;
	}
	set minutes(minutes: number) {
		this.#keep({ ...this.#choice, minutes });
	}

	#keep(choice: ReminderChoice): void {
		if (choice.enabled === this.#choice.enabled && choice.minutes === this.#choice.minutes) return;
		this.#choice = choice;
		saveReminders(this.#storage, choice);
	}

	/** Reads the kept choice again (a restore in Settings may have changed it). */
	reload(): void {
		const kept = loadReminders(this.#storage);
		this.#choice = kept.kind === 'kept' ? kept.choice : DEFAULT_REMINDERS;
	}

	/** Sets (or moves) a timer for each order; drops those no longer listed. */
	sync(orders: readonly ExpiringOrder[]): void {
		const wanted = this.enabled ? orders : [];
		for (const [guid, { timer }] of this.#timers)
			if (!wanted.some((o) => o.guid === guid)) {
				timer.stop();
				this.#timers.delete(guid);
			}
		for (const order of wanted) {
			const reminder = reminderFor(order, this.minutes);
			const set = this.#timers.get(order.guid);
			if (set && set.reminder.fireAt === reminder.fireAt) continue;
			set?.timer.stop();
			const wait = Math.max(0, reminder.fireAt - this.#session.clock.now());
			// A session's timer: it ends when the dashboard closes (Live to Demo, another page).
			const timer = this.#session.after(wait, () => this.#fire(reminder));
			this.#timers.set(order.guid, { reminder, timer });
		}
	}

	#fire(reminder: Reminder): void {
		this.#timers.delete(reminder.guid);
		const key = `${reminder.guid}:${reminder.endsAt}`;
		const now = this.#session.clock.now();
		if (!this.enabled || this.#fired.has(key)) return;
		if (!stillDue(reminder, this.#current(reminder.guid), now)) return;
		this.#fired.add(key);
		const minutes = Math.max(1, Math.round((reminder.endsAt - now) / 60_000));
		const text = `Order ${reminder.guid}: its energy is reclaimed in about ${minutes} min. Renew it now if you still need it.`;
		if (!this.#notify(text)) this.banners = [...this.banners, { guid: reminder.guid, text }];
	}

	dismiss(guid: number): void {
		this.banners = this.banners.filter((b) => b.guid !== guid);
	}
}

/**
 * The dashboard's reminders for the orders of `book`: each read as it is when it fires (a status
 * change since means no reminder), by a system notification when allowed, else on the page.
 */
export function remindersFor(book: OrderBook, session: ReminderSession): Reminders {
	return new Reminders(
		(guid) => expiringIn(book, session.clock.now()).find((o) => o.guid === guid),
		(text) => {
			if (!notificationsSupported() || Notification.permission !== 'granted') return false;
			systemNotify('Energy reclaimed soon', text);
			return true;
		},
		session
	);
}
