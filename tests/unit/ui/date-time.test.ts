import { describe, expect, it } from 'vitest';
import { formatDateTime, formatMonthDay, formatWhen } from '$lib/ui/date-time';

describe('formatDateTime', () => {
	it('shows the date and the time of day in the user’s locale', () => {
		const at = new Date(2026, 10, 25, 9, 5).getTime();
		const shown = formatDateTime(at);
		expect(shown).toBe(
			new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(at)
		);
		expect(shown).toContain('2026');
		expect(shown).toMatch(/0?9:05/);
		expect(formatDateTime(at + 60_000)).toMatch(/0?9:06/);
	});
});

describe('formatWhen', () => {
	const now = new Date(2026, 10, 27, 15, 0);
	it('shows only the time of day, to the second, for something that happened today', () => {
		const at = new Date(2026, 10, 27, 9, 5, 7);
		const shown = formatWhen(at.toISOString(), now);
		expect(shown).toBe(new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' }).format(at));
		expect(shown).toMatch(/0?9:05:07/);
		expect(shown).not.toContain('2026');
	});
	it('adds the date for an older one', () => {
		const at = new Date(2026, 10, 26, 23, 59, 1);
		const shown = formatWhen(at.getTime(), now);
		expect(shown).toMatch(/2026|26/);
		expect(shown).toMatch(/23:59:01|11:59:01/);
	});
	it('gives nothing for a timestamp it cannot read', () => {
		expect(formatWhen('not a date', now)).toBe('');
	});
});

describe('formatMonthDay', () => {
	it('gives the month and the day in English, as the spending chart labels them', () => {
		expect(formatMonthDay(Date.UTC(2026, 10, 25, 12))).toBe('Nov 25');
		expect(formatMonthDay(Date.UTC(2027, 0, 3, 12))).toBe('Jan 3');
	});
});
