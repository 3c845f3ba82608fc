/**
 * Numbers as the app writes them, grouped in threes ("12,345"; "1,234.5"), as
 * `n.toLocaleString('en-US')` writes them. Whole numbers, nearly all the app writes, are grouped
 * here: a page's first Intl.NumberFormat loads the locale's data, 14–27 ms on this machine and four
 * times that on a phone, in the task that draws the first orders. Other numbers go to Intl, whose
 * formatter is made once and kept (`toLocaleString` makes a new one on every call).
 */
let grouped: Intl.NumberFormat | undefined;

export function formatNumber(n: number): string {
	if (Number.isSafeInteger(n)) {
		const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',');
		return n < 0 || Object.is(n, -0) ? `-${digits}` : digits;
	}
	grouped ??= new Intl.NumberFormat('en-US');
	return grouped.format(n);
}
