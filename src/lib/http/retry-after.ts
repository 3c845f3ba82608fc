const HTTP_DATE = [
	/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/, // IMF-fixdate
	/^[A-Z][a-z]+, \d{2}-[A-Z][a-z]{2}-\d{2} \d{2}:\d{2}:\d{2} GMT$/, // RFC 850
	/^[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/ // asctime
];

/**
 * Milliseconds to wait according to a Retry-After value: delta-seconds or an HTTP date.
 * Returns undefined when the value is absent or unreadable; never negative.
 */
export function parseRetryAfter(
	value: string | null | undefined,
	now = Date.now()
): number | undefined {
	if (value == null) return undefined;
	const trimmed = value.trim();
	if (trimmed === '') return undefined;
	if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
	// Only the three HTTP-date forms (RFC 9110 §5.6.7); Date.parse alone accepts junk like "1.5".
	if (!HTTP_DATE.some((form) => form.test(trimmed))) return undefined;
	const date = Date.parse(trimmed);
	if (Number.isNaN(date)) return undefined;
	return Math.max(0, date - now);
}
