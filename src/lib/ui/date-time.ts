/**
 * A date and time in the user's locale ("25 Nov 2026, 11:30"). One formatter for the whole app:
 * making one takes about a millisecond, and the book list made one for each of its 66 books.
 */
let formatter: Intl.DateTimeFormat | undefined;

export function formatDateTime(ms: number): string {
	formatter ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
	return formatter.format(ms);
}
