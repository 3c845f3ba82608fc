import { describe, expect, it } from 'vitest';
import { memoryStorage } from '$lib/energy/key-value-storage';
import {
	loadReminders,
	readReminderChoice,
	REMINDERS_KEY,
	saveReminders
} from '$lib/energy/orders/reminder-choice';

describe('the kept reminder choice', () => {
	it('is kept with its format version and read back', () => {
		const storage = memoryStorage();
		expect(loadReminders(storage)).toEqual({ kind: 'none' });
		expect(saveReminders(storage, { enabled: true, minutes: 30 })).toBe(true);
		expect(JSON.parse(storage.getItem(REMINDERS_KEY)!)).toEqual({
			format: 1,
			enabled: true,
			minutes: 30
		});
		expect(loadReminders(storage)).toEqual({
			kind: 'kept',
			choice: { enabled: true, minutes: 30 }
		});
	});

	it('a record of a newer build is not read and never overwritten', () => {
		const storage = memoryStorage();
		const newer = JSON.stringify({ format: 2, enabled: true, minutes: 5, quietHours: [22, 7] });
		storage.setItem(REMINDERS_KEY, newer);
		expect(loadReminders(storage)).toEqual({ kind: 'newer', format: 2 });
		expect(saveReminders(storage, { enabled: false, minutes: 10 })).toBe(false);
		expect(storage.getItem(REMINDERS_KEY)).toBe(newer);
	});

	it('what is not a choice (unreadable, out of range, no format) reads as none', () => {
		const storage = memoryStorage();
		for (const text of [
			'{',
			'"on"',
			'{"format":1,"enabled":true,"minutes":0}',
			'{"enabled":true,"minutes":5}'
		]) {
			storage.setItem(REMINDERS_KEY, text);
			expect(loadReminders(storage)).toEqual({ kind: 'none' });
		}
		expect(readReminderChoice({ enabled: 'yes', minutes: 5 })).toBeUndefined();
		expect(readReminderChoice({ enabled: true, minutes: 1441 })).toBeUndefined();
		expect(readReminderChoice({ enabled: true, minutes: 1440 })).toEqual({
			enabled: true,
			minutes: 1440
		});
	});
});
