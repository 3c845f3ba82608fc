import { formatNumber } from '$lib/ui/number-format';
import { trx, trxRange } from '../amounts';
import type { Fees, Range } from './estimate';

/** The estimate in words for the review: one range, one basis, one sentence about fees. */

/** "about 3.90 TRX", or "about 3.90–5.00 TRX" (amounts as a reader needs them, amounts.ts). */
export function rangeText(range: Range): string {
	const [min, max] = trxRange(range.min, range.max);
	return min === max ? `about ${min} TRX` : `about ${min}–${max} TRX`;
}

/** "3.900000–5.000000 TRX": the range exactly, for whoever asks. */
export function exactRangeText(range: Range): string {
	return range.min === range.max ? `${range.min} TRX` : `${range.min}–${range.max} TRX`;
}

/** "1 hour" → "1-hour", "3 days" → "3-day": the period as an adjective. */
export function periodAdjective(label: string): string {
	const [n = '', unit = ''] = label.split(' ');
	return `${n}-${unit.replace(/s$/, '')}`;
}

/** "Based on your 5 latest 1-hour orders (their price per unit of energy)". */
export function basisText(basedOn: number, periodLabel: string): string {
	const orders = basedOn === 1 ? 'order' : 'orders';
	const their = basedOn === 1 ? 'its' : 'their';
	return `Based on your ${basedOn === 1 ? '' : `${basedOn} `}latest ${periodAdjective(periodLabel)} ${orders} (${their} price per unit of energy)`;
}

/**
 * The one statement about fees: which of the fees this account has been charged are in the
 * range, with their amounts, and why; or that none applies.
 */
export function feesText(fees: Fees): string {
	const { activation, delegation } = fees;
	const included: string[] = [];
	if (activation?.amount)
		included.push(
			`an activation fee of ${trx(activation.amount)} TRX, charged if the recipient is not yet activated on TRON (it has not received energy through your account before)`
		);
	if (delegation)
		included.push(
			`a delegation fee of ${trx(delegation.amount)} TRX for a small order${delegation.certain ? '' : ', if the amount is small enough'} (your orders of this size or larger paid it)`
		);
	const sentences: string[] = [];
	if (included.length) sentences.push(`The range includes ${included.join(', and ')}.`);
	if (activation && !activation.amount)
		sentences.push(
			'If the recipient is not yet activated on TRON (it has not received energy through your account before), an activation fee is added; your orders do not show its amount, so it is not in the range.'
		);
	if (fees.smallerThan !== null)
		sentences.push(
			`Orders under ${formatNumber(fees.smallerThan)} energy may pay a delegation fee for a small order; none of yours has, so its amount is not known and not in the range.`
		);
	if (!sentences.length)
		sentences.push(
			'No fees on top: the recipient has received energy through your account before, and orders of this size paid no delegation fee.'
		);
	return sentences.join(' ');
}

/** "From your price of 60 sun per unit of energy for 1 hour (not from this service)". */
export function priceBasisText(sunPerUnit: number, periodLabel: string): string {
	return `From your price of ${formatNumber(sunPerUnit)} sun per unit of energy for ${periodLabel}, as you entered it (the service tells no price before buying)`;
}

/** Where an estimate comes from, in the words next to it. */
export function estimateSource(kind: 'history' | 'price'): string {
	return kind === 'price' ? 'from your price' : 'from your earlier orders';
}
