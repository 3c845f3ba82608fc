import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeNews, Notices, systemNotify } from '$lib/energy/notices.svelte';
import { sampleOrder } from './helpers';

describe('what a status change is worth telling', () => {
	it('a delivery names the order, its energy and the recipient', () => {
		const order = sampleOrder({ guid: 12345678, status: 3, energy_amount: 65000 });
		expect(changeNews(1, order)).toBe(
			`Order 12345678 is delegated: 65,000 energy is at ${order.to}.`
		);
		expect(changeNews(1, sampleOrder({ guid: 7, status: 3, energy_amount: null }))).toBe(
			`Order 7 is delegated: the energy is at ${order.to}.`
		);
	});

	it('a failure is told with its status; nothing else is news', () => {
		expect(changeNews(1, sampleOrder({ guid: 7, status: 6 }))).toMatch(/^Order 7 failed \(.+\)\.$/);
		// Nothing seen before, the same status again, or the energy delegated again after a reclaim.
		expect(changeNews(undefined, sampleOrder({ status: 3 }))).toBeNull();
		expect(changeNews(3, sampleOrder({ status: 3 }))).toBeNull();
		expect(changeNews(4, sampleOrder({ status: 3 }))).toBeNull();
		expect(changeNews(0, sampleOrder({ status: 1 }))).toBeNull();
	});
});

describe("the page's announcements", () => {
	afterEach(() => vi.unstubAllGlobals());

	it('announces a delivery and notifies of it; a failure is announced only', () => {
		const notified: [string, string][] = [];
		const notices = new Notices((title, body) => notified.push([title, body]));
		notices.changed(1, sampleOrder({ guid: 7, status: 3, energy_amount: 1 }));
		expect(notices.announcement).toMatch(/^Order 7 is delegated/);
		expect(notified).toEqual([['Energy delegated', notices.announcement]]);
		notices.changed(1, sampleOrder({ guid: 8, status: 6 }));
		expect(notices.announcement).toMatch(/^Order 8 failed/);
		expect(notified).toHaveLength(1);
		notices.changed(undefined, sampleOrder({ guid: 9, status: 3 }));
		expect(notices.announcement).toMatch(/^Order 8 failed/);
	});

	it('without notifications in the browser, asking for them changes nothing', async () => {
		vi.stubGlobal('Notification', undefined);
		const notices = new Notices(() => {});
		expect(notices.permission).toBe('unsupported');
		await notices.request();
		expect(notices.permission).toBe('unsupported');
	});

	it('asks for permission where notifications exist, and notifies only once it is granted', async () => {
		const shown: string[] = [];
		const FakeNotification = Object.assign(
			function (this: unknown, title: string, options?: NotificationOptions) {
				shown.push(`${title}: ${options?.body ?? ''}`);
			},
			{ permission: 'default', requestPermission: async () => 'granted' }
		);
		vi.stubGlobal('Notification', FakeNotification);
		const notices = new Notices();
		expect(notices.permission).toBe('default');
		notices.notify('Reminder', 'before');
		expect(shown).toEqual([]);
		await notices.request();
		expect(notices.permission).toBe('granted');
		FakeNotification.permission = 'granted';
		systemNotify('Reminder', 'after');
		expect(shown).toEqual(['Reminder: after']);
	});
});
