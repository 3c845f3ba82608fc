import { describe, expect, it } from 'vitest';
import { formatDateTime } from '$lib/ui/date-time';

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
