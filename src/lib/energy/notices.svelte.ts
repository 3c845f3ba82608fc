import { formatNumber } from '$lib/ui/number-format';
import { STATUS, statusLabel } from './model';
import type { Order } from './schemas';

/** The page goes on: "Check the token in Settings (a link); polling resumes when you come back". */
export const POLLING_STOPPED_401 = 'Polling stopped: the server refused the API token (401).';

type NotifyPermission = NotificationPermission | 'unsupported';

export const notificationsSupported = () => typeof Notification !== 'undefined';

/** A system notification when the user allowed them; nothing otherwise. */
export function systemNotify(title: string, body: string): void {
	if (notificationsSupported() && Notification.permission === 'granted') {
		try {
			new Notification(title, { body });
		} catch {
			// Some platforms only allow notifications from a service worker; the page says it anyway.
		}
	}
}

/** What a status change is worth telling the user (a delivery, a failure); null for none. */
export function changeNews(before: number | undefined, order: Order): string | null {
	if (before === undefined || before === order.status) return null;
	if (order.status === STATUS.delegated && before !== STATUS.reclaimed) {
		const amount = order.energy_amount == null ? 'the' : formatNumber(order.energy_amount);
		return `Order ${order.guid} is delegated: ${amount} energy is at ${order.to}.`;
	}
	if (order.status === STATUS.error) return `Order ${order.guid} failed (${statusLabel(6)}).`;
	return null;
}

/** The page's announcements: a status region, and system notifications when allowed. */
export class Notices {
	/** The last thing worth announcing (a delivery), read by a status region. */
	announcement = $state('');
	permission = $state<NotifyPermission>(
		notificationsSupported() ? Notification.permission : 'unsupported'
	);
	readonly #notify: (title: string, body: string) => void;

	constructor(notify: (title: string, body: string) => void = systemNotify) {
		this.#notify = notify;
	}

	/** Announces the news of an order's change, and notifies of a delivery. */
	changed(before: number | undefined, order: Order): void {
		const news = changeNews(before, order);
		if (!news) return;
		this.announcement = news;
		if (order.status === STATUS.delegated) this.#notify('Energy delegated', news);
	}

	/** A reminder: notified when allowed, else shown on the page. */
	notify(title: string, body: string): void {
		this.#notify(title, body);
	}

	async request(): Promise<void> {
		if (!notificationsSupported()) return;
		this.permission = await Notification.requestPermission();
	}
}
