import * as v from 'valibot';
import type { KeyValueStorage } from '../key-value-storage';

/**
 * "Remind me before the energy is reclaimed" and its minutes, kept in this browser's local
 * storage so that they outlive a reload and go into a backup. One choice for the dashboard (not
 * per server: it is how the person wants to be told). Not a secret.
 */

export const REMINDERS_KEY = 'energy.reminders';
/** The stored record's format: 1 is the first (before it, reminders were kept in memory only). */
export const REMINDERS_FORMAT = 1;

export interface ReminderChoice {
	enabled: boolean;
	/** Minutes before the energy is reclaimed, 1 to 1440. */
	minutes: number;
}

export const DEFAULT_REMINDERS: ReminderChoice = { enabled: false, minutes: 10 };

const Choice = v.object({
	enabled: v.boolean(),
	minutes: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1440))
});

/** A choice as a backup or the store holds it, checked; undefined when it is not one. */
export function readReminderChoice(value: unknown): ReminderChoice | undefined {
	const parsed = v.safeParse(Choice, value);
	return parsed.success
		? { enabled: parsed.output.enabled, minutes: parsed.output.minutes }
		: undefined;
}

/** What is kept: the choice, none yet, or a record of a newer build (left as it is). */
export type KeptReminders =
	{ kind: 'kept'; choice: ReminderChoice } | { kind: 'none' } | { kind: 'newer'; format: number };

export function loadReminders(storage: KeyValueStorage): KeptReminders {
	let stored: unknown;
	try {
		stored = JSON.parse(storage.getItem(REMINDERS_KEY) ?? 'null');
	} catch {
		return { kind: 'none' };
	}
	if (!stored || typeof stored !== 'object') return { kind: 'none' };
	const format = (stored as { format?: unknown }).format;
	if (typeof format === 'number' && format > REMINDERS_FORMAT) return { kind: 'newer', format };
	const choice = format === REMINDERS_FORMAT ? readReminderChoice(stored) : undefined;
	return choice ? { kind: 'kept', choice } : { kind: 'none' };
}

/**
 * Keeps the choice; resolves to whether it was kept. A record of a newer build is never
 * overwritten, and a browser that refuses to store leaves the choice for this page only.
 */
export function saveReminders(storage: KeyValueStorage, choice: ReminderChoice): boolean {
	if (loadReminders(storage).kind === 'newer') return false;
	try {
		storage.setItem(REMINDERS_KEY, JSON.stringify({ format: REMINDERS_FORMAT, ...choice }));
		return true;
	} catch {
		return false;
	}
}
