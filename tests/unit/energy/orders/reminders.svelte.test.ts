import { describe, expect, it } from 'vitest';
import { expiringIn, type ExpiringOrder } from '$lib/energy/orders/expiring';
import type { OrderBook } from '$lib/energy/orders/order-book.svelte';
import type { Order } from '$lib/energy/schemas';
import { Reminders, remindersFor } from '$lib/energy/orders/reminders.svelte';
import { memoryStorage } from '$lib/energy/key-value-storage';
import { saveReminders } from '$lib/energy/orders/reminder-choice';
import { AreaSession, type SessionClock } from '$lib/settings/area-session.svelte';
import { sampleOrder } from '../helpers';

const HOUR = 3_600_000;

/** Timers the test runs by moving the clock. */
function clock(start = 0) {
	const timers: { at: number; run: () => void; id: number }[] = [];
	let id = 0;
	const env = {
		t: start,
		now: () => env.t,
		setTimeout: (run: () => void, ms: number) => {
			timers.push({ at: env.t + ms, run, id: ++id });
			return id;
		},
		clearTimeout: (timer: unknown) => {
			const i = timers.findIndex((t) => t.id === timer);
			if (i !== -1) timers.splice(i, 1);
		},
		advance(ms: number) {
			env.t += ms;
			for (const t of [...timers].sort((a, b) => a.at - b.at))
				if (t.at <= env.t && timers.includes(t)) {
					timers.splice(timers.indexOf(t), 1);
					t.run();
				}
		}
	};
	return env;
}

/** A dashboard's session whose timers run on `clock`. */
const sessionOn = (clock: SessionClock) =>
	new AreaSession(
		{
			service: 'energy',
			mode: 'demo',
			apiRoot: 'https://energy.demo/api/v1/private',
			secret: '',
			client: () => {
				throw new Error('the reminders send nothing');
			}
		},
		clock
	);

describe('reminders', () => {
	const order: ExpiringOrder = { guid: 9, to: 'T', energy: 65_000, endsAt: HOUR };

	function setup(current: () => ExpiringOrder | undefined, allowed = false) {
		const env = clock();
		const session = sessionOn(env);
		const notified: string[] = [];
		const reminders = new Reminders(
			() => current(),
			(text) => {
				if (allowed) notified.push(text);
				return allowed;
			},
			session,
			memoryStorage()
		);
		reminders.enabled = true;
		reminders.minutes = 10;
		return { env, session, notified, reminders };
	}

	it('no reminder fires once the dashboard has closed (Live to Demo, another page)', () => {
		const { env, session, notified, reminders } = setup(() => order, true);
		reminders.sync([order]);
		session.close();
		env.advance(HOUR - 10 * 60_000);
		expect(notified).toEqual([]);
		// Open, the same reminder fires then.
		const open = setup(() => order, true);
		open.reminders.sync([order]);
		open.env.advance(HOUR - 10 * 60_000);
		expect(open.notified).toHaveLength(1);
	});

	it('fires once, the chosen minutes before the end, as a notification when allowed', () => {
		const { env, notified, reminders } = setup(() => order, true);
		reminders.sync([order]);
		env.advance(HOUR - 10 * 60_000 - 1);
		expect(notified).toEqual([]);
		env.advance(1);
		expect(notified).toEqual([
			'Order 9: its energy is reclaimed in about 10 min. Renew it now if you still need it.'
		]);
		reminders.sync([order]);
		env.advance(60_000);
		expect(notified).toHaveLength(1);
		expect(reminders.banners).toEqual([]);
	});

	it('without permission to notify, the reminder is a banner on the page', () => {
		const { env, reminders } = setup(() => order);
		reminders.sync([order]);
		env.advance(HOUR - 10 * 60_000);
		expect(reminders.banners.map((b) => b.guid)).toEqual([9]);
	});

	it('never fires for an order that changed status (or whose end moved) since it was set', () => {
		let now: ExpiringOrder | undefined = order;
		const { env, notified, reminders } = setup(() => now, true);
		reminders.sync([order]);
		now = undefined; // reclaimed early, or an error
		env.advance(HOUR - 10 * 60_000);
		expect(notified).toEqual([]);
		expect(reminders.banners).toEqual([]);

		now = { ...order, guid: 10, endsAt: 2 * HOUR };
		reminders.sync([{ ...order, guid: 10, endsAt: 2 * HOUR }]);
		now = { ...order, guid: 10, endsAt: 3 * HOUR };
		env.advance(HOUR);
		expect(notified).toEqual([]);
	});

	it('nothing fires when reminders are off, or for an order no longer listed', () => {
		const { env, notified, reminders } = setup(() => order, true);
		reminders.enabled = false;
		reminders.sync([order]);
		env.advance(HOUR);
		reminders.enabled = true;
		reminders.sync([order]);
		reminders.sync([]);
		env.advance(HOUR);
		expect(notified).toEqual([]);
	});
});

describe("the dashboard's reminders, read from its book", () => {
	const created = new Date(0).toISOString();
	const delegated = (guid: number) =>
		sampleOrder({ guid, status: 3, period_type: 'hours', hours: 1, created_at: created });

	it('expiringIn lists the delegated orders the book knows, until their energy is reclaimed', () => {
		const book = { orders: { 1: delegated(1), 2: { ...delegated(2), status: 4 } }, tracked: {} };
		expect(expiringIn(book, 0).map((o) => [o.guid, o.endsAt])).toEqual([[1, HOUR]]);
		expect(expiringIn(book, HOUR)).toEqual([]);
	});

	function remind(book: { orders: Record<number, Order>; tracked: object }) {
		const env = clock();
		const reminders = remindersFor(book as unknown as OrderBook, sessionOn(env));
		reminders.enabled = true;
		reminders.minutes = 10;
		reminders.sync(expiringIn(book as unknown as OrderBook, env.now()));
		return { env, reminders };
	}

	it('reminds on the page, the chosen minutes before, when notifications are not allowed', () => {
		const { env, reminders } = remind({ orders: { 1: delegated(1) }, tracked: {} });
		env.advance(HOUR - 10 * 60_000 - 1);
		expect(reminders.banners).toEqual([]);
		env.advance(1);
		expect(reminders.banners.map((b) => b.guid)).toEqual([1]);
	});

	it('reads the book when it fires: an order no longer delegated is not reminded of', () => {
		const book = { orders: { 1: delegated(1) }, tracked: {} };
		const { env, reminders } = remind(book);
		book.orders = { 1: { ...delegated(1), status: 6 } };
		env.advance(HOUR);
		expect(reminders.banners).toEqual([]);
	});
});

describe('reminders kept in this browser', () => {
	it('a reload keeps "Remind me" and its minutes, and a changed kept choice is read again', () => {
		const storage = memoryStorage();
		const first = new Reminders(
			() => undefined,
			() => false,
			sessionOn(clock()),
			storage
		);
		expect(first.enabled).toBe(false);
		expect(first.minutes).toBe(10);
		first.enabled = true;
		first.minutes = 25;
		const reloaded = new Reminders(
			() => undefined,
			() => false,
			sessionOn(clock()),
			storage
		);
		expect([reloaded.enabled, reloaded.minutes]).toEqual([true, 25]);
		// A restore in Settings writes the choice; the page shown again reads it.
		saveReminders(storage, { enabled: false, minutes: 90 });
		reloaded.reload();
		expect([reloaded.enabled, reloaded.minutes]).toEqual([false, 90]);
	});
});
