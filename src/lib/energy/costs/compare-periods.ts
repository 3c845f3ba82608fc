import type { BuyRequest } from '../purchase/buy-request';
import { estimateCost, fromSun, toSun, type PricedOrder, type Range } from './estimate';
import { PERIODS, type PeriodId } from '../model';

/** The six periods side by side for the amount entered, priced from this account's orders. */

export interface PeriodComparison {
	id: PeriodId;
	label: string;
	/** null: no orders of this period to go by. */
	cost: Range | null;
	perDay: Range | null;
	basedOn: number;
}

/** `cost` spread over the period's days (1 hour counts as 1/24 of a day). */
function perDay(cost: Range, hours: number): Range {
	const day = (trx: string) => fromSun((toSun(trx) * 24n) / BigInt(hours));
	return { min: day(cost.min), max: day(cost.max) };
}

export function comparePeriods(
	orders: readonly PricedOrder[],
	request: BuyRequest
): PeriodComparison[] {
	return PERIODS.map((p) => {
		const estimate = estimateCost(
			orders,
			{ ...request, period_type: p.period_type, period_amount: p.period_amount },
			null
		);
		const hours = p.period_type === 'hours' ? p.period_amount : p.period_amount * 24;
		return estimate.kind === 'history'
			? {
					id: p.id,
					label: p.label,
					cost: estimate.cost,
					perDay: perDay(estimate.cost, hours),
					basedOn: estimate.basedOn
				}
			: { id: p.id, label: p.label, cost: null, perDay: null, basedOn: 0 };
	});
}
