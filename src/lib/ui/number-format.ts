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

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * A decimal string as an API writes money ("5.850000") with the precision a reader needs:
 * rounded half up to at most `max` fraction digits, trailing zeros dropped down to `min`, grouped
 * as `formatNumber` groups ("1,234.50"). Exact: the digits never pass through a float. Anything
 * that is not a plain decimal comes back as it was, so a server's odd value is shown, not hidden.
 */
export function formatDecimal(value: string, min: number, max: number): string {
	const match = DECIMAL.exec(value.trim());
	if (!match) return value;
	const [, sign, int = '0', frac = ''] = match;
	const roundUp = frac.length > max && frac[max]! >= '5' ? 1n : 0n;
	const scaled = BigInt(int + frac.padEnd(max, '0').slice(0, max)) + roundUp;
	const digits = scaled.toString().padStart(max + 1, '0');
	const whole = digits.slice(0, digits.length - max).replace(/\B(?=(\d{3})+$)/g, ',');
	let fraction = max ? digits.slice(digits.length - max).replace(/0+$/, '') : '';
	fraction = fraction.padEnd(Math.min(min, max), '0');
	return `${sign && scaled !== 0n ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
