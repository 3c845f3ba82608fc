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
	const date = Date.parse(trimmed);
	if (Number.isNaN(date)) return undefined;
	return Math.max(0, date - now);
}
