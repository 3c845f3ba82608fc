/** Where a service's secrets live, and what a full storage leaves of them. */
import { describe, expect, it } from 'vitest';
import { isRemembered, readSecret, setRemembered, writeSecret } from '$lib/settings/secret-storage';
import { isQuotaExceeded } from '$lib/ui/storage-faults';
import { MemoryStorage } from '../memory-storage';

const KEY = 'service.secrets';
const storages = (room = Infinity) => ({
	session: new MemoryStorage(room),
	local: new MemoryStorage(room)
});
const thrown = (run: () => void): unknown => {
	try {
		run();
	} catch (error) {
		return error;
	}
	return undefined;
};

describe('secret storage', () => {
	it('keeps a secret for the tab, or on the device when remembered, never in both', () => {
		const s = storages();
		writeSecret(KEY, 'tab', false, s);
		expect([s.session.getItem(KEY), s.local.getItem(KEY)]).toEqual(['tab', null]);
		writeSecret(KEY, 'device', true, s);
		expect([s.session.getItem(KEY), s.local.getItem(KEY)]).toEqual([null, 'device']);
		expect(isRemembered(KEY, s)).toBe(true);
		setRemembered(KEY, false, s);
		expect([s.session.getItem(KEY), s.local.getItem(KEY)]).toEqual(['device', null]);
		expect(readSecret(KEY, s)).toBe('device');
	});

	it('remembering into a full device storage throws QuotaExceededError and keeps the tab’s copy', () => {
		const s = storages(100);
		writeSecret(KEY, 'tab copy', false, s);
		const error = thrown(() => writeSecret(KEY, 'x'.repeat(200), true, s));
		expect(isQuotaExceeded(error)).toBe(true);
		expect(s.session.getItem(KEY)).toBe('tab copy');
		expect(s.local.getItem(KEY)).toBeNull();
	});

	it('forgetting takes the device copy away even when the tab’s storage is full', () => {
		const s = storages(100);
		writeSecret(KEY, 'on the device', true, s);
		s.session.setItem('other', 'y'.repeat(90));
		const error = thrown(() => setRemembered(KEY, false, s));
		expect(isQuotaExceeded(error)).toBe(true);
		// A secret the person asked not to keep does not stay on the device.
		expect(s.local.getItem(KEY)).toBeNull();
	});
});
