import { formatDecimal } from '$lib/ui/number-format';

/**
 * How the energy area writes TRX: the service sends six decimals ("5.850000"), a reader needs two
 * or three ("5.85"); the exact value stays on demand (a title, and the order's details). A small
 * amount that would round to nothing shows the digits it has, never a misleading "0.00".
 */

/** "5.85", "3.902", "1,234.50"; an odd value from a server as it came. */
export function trx(decimal: string): string {
	const short = formatDecimal(decimal, 2, 3);
	return /^-?[0.,]+$/.test(short) && /[1-9]/.test(decimal) ? formatDecimal(decimal, 2, 6) : short;
}

/**
 * Both ends of a range with the same number of decimals ("4.333–4.370", not "4.333–4.37"), so
 * they read as a pair.
 */
export function trxRange(min: string, max: string): [string, string] {
	const ends = [trx(min), trx(max)];
	const decimals = (text: string) => /\.(\d+)$/.exec(text)?.[1]?.length ?? 0;
	const most = Math.max(...ends.map(decimals));
	const [low = '', high = ''] = ends.map((text) =>
		/^-?[\d,]+(\.\d+)?$/.test(text) && decimals(text) > 0
			? text.padEnd(text.length + most - decimals(text), '0')
			: text
	);
	return [low, high];
}

/** "5.85 TRX". */
export const trxText = (decimal: string): string => `${trx(decimal)} TRX`;

/** "5.850000 TRX": the amount exactly as the service wrote it. */
export const exactTrxText = (decimal: string): string => `${decimal.trim()} TRX`;
