/**
 * Dates and times in the user's locale. Each formatter is made on first use and kept: making the
 * first one in a page takes 30–120 ms on a phone, too long to spend while a page starts when it
 * may show no date at all (an empty history).
 */
let dateTime: Intl.DateTimeFormat | undefined;
let timeOfDay: Intl.DateTimeFormat | undefined;
let shortDateTime: Intl.DateTimeFormat | undefined;
let monthDay: Intl.DateTimeFormat | undefined;

/** "25 Nov 2026, 11:30". */
export function formatDateTime(ms: number): string {
	dateTime ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
	return dateTime.format(ms);
}

/**
 * When something happened, to the second: the time of day alone for today ("11:30:05"), the date
 * too for older ones ("24/11/2026, 11:30:05"). An unreadable timestamp gives ''.
 */
export function formatWhen(at: string | number, now = new Date()): string {
	const date = new Date(at);
	if (Number.isNaN(date.getTime())) return '';
	if (date.toDateString() === now.toDateString()) {
		timeOfDay ??= new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });
		return timeOfDay.format(date);
	}
	shortDateTime ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'medium' });
	return shortDateTime.format(date);
}

/** "Nov 25", in English as the charts' other labels are. */
export function formatMonthDay(ms: number): string {
	monthDay ??= new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
	return monthDay.format(ms);
}
