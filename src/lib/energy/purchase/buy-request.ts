import { formatNumber } from '$lib/ui/number-format';
import { checkAddressList, checkTronAddress } from '../address';
import {
	isEstimateToken,
	periodById,
	PERIODS,
	RECOMMENDED_ADJUST_PERCENT,
	type EstimateToken,
	type PeriodType
} from '../model';
import type { Order } from '../schemas';

/** The `buy/energy` body as the client sends it (EN-BUY-1). JSON is always requested (EN-FMT-1). */
export type BuyRequest = {
	format: 'json';
	to: string;
	period_type: PeriodType;
	period_amount: number;
} & (
	| { amount_source: 'amount'; amount: number }
	| {
			amount_source: 'estimate';
			estimate_to: string;
			estimate_token: EstimateToken;
			/** A decimal string, sent as written so it is never rounded (EN-BUY-6). */
			estimate_adjust_percent: string;
	  }
);

/** What the buy form holds, as typed. */
export interface BuyDraft {
	to: string;
	periodId: string;
	source: 'amount' | 'estimate';
	amount: string;
	estimateTo: string;
	estimateToken: string;
	adjustPercent: string;
}

export type BuyField =
	'to' | 'periodId' | 'amount' | 'estimateTo' | 'estimateToken' | 'adjustPercent';

export function emptyDraft(): BuyDraft {
	return {
		to: '',
		periodId: '1h',
		source: 'amount',
		amount: '65000',
		estimateTo: '',
		estimateToken: 'USDT',
		adjustPercent: RECOMMENDED_ADJUST_PERCENT
	};
}

export type DraftCheck =
	{ ok: true; request: BuyRequest } | { ok: false; errors: Partial<Record<BuyField, string>> };

/** Largest whole amount the form accepts: keeps the number exact in JSON. */
const MAX_ENERGY = 1_000_000_000;

/** Validates the draft and builds the request body; every problem is named per field. */
export function checkDraft(draft: BuyDraft): DraftCheck {
	const errors: Partial<Record<BuyField, string>> = {};
	const to = checkTronAddress(draft.to);
	if (!to.ok) errors.to = to.message;
	const period = periodById(draft.periodId);
	if (!period)
		errors.periodId = 'Choose one of the six periods: 1 hour, or 1, 3, 7, 15 or 30 days.';

	let amount = 0;
	let estimateTo = '';
	let token: EstimateToken = 'USDT';
	const percent = draft.adjustPercent.trim();
	if (draft.source === 'amount') {
		const raw = draft.amount.replace(/[\s,_]/g, '');
		if (raw === '') errors.amount = 'Enter the energy amount.';
		else if (!/^\d+$/.test(raw) || Number(raw) <= 0)
			errors.amount = 'The energy amount is a positive whole number, e.g. 65000.';
		else if (Number(raw) > MAX_ENERGY)
			errors.amount = `That amount is too large: enter at most ${formatNumber(MAX_ENERGY)}.`;
		else amount = Number(raw);
	} else {
		const list = checkAddressList(draft.estimateTo);
		if (!list.ok) errors.estimateTo = list.message;
		else estimateTo = list.addresses.join(',');
		if (!isEstimateToken(draft.estimateToken))
			errors.estimateToken =
				'Choose one of USDT, USDC, USDD, USDJ, JST, TUSD, stUSDT, WTRX (exact case).';
		else token = draft.estimateToken;
		if (percent === '') errors.adjustPercent = 'Enter the surplus percent (0.04 is recommended).';
		else if (!/^\d+(\.\d+)?$/.test(percent) || Number(percent) > 100)
			errors.adjustPercent = 'The surplus percent is a number from 0 to 100, e.g. 0.04.';
	}
	if (Object.keys(errors).length || !period) return { ok: false, errors };
	const base = {
		format: 'json',
		// The hex form is sent as the base58 address it becomes (as TronWeb converts it).
		to: to.ok ? to.address : '',
		period_type: period.period_type,
		period_amount: period.period_amount
	} as const;
	return {
		ok: true,
		request:
			draft.source === 'amount'
				? { ...base, amount_source: 'amount', amount }
				: {
						...base,
						amount_source: 'estimate',
						estimate_to: estimateTo,
						estimate_token: token,
						estimate_adjust_percent: percent
					}
	};
}

/**
 * The field messages of a refused purchase, when the body has the common Laravel shape
 * `{message, errors: {field: [..]}}` (the seed does not show error bodies; anything else is
 * shown as received).
 */
export function fieldErrorsOf(body: unknown): string[] {
	if (!body || typeof body !== 'object') return [];
	const errors = (body as { errors?: unknown }).errors;
	if (!errors || typeof errors !== 'object') return [];
	return Object.entries(errors as Record<string, unknown>).flatMap(([field, messages]) =>
		(Array.isArray(messages) ? messages : [messages])
			.filter((m): m is string => typeof m === 'string')
			.map((m) => `${field}: ${m}`)
	);
}

/** "Buy again": a draft for the same recipient, amount (or estimate) and period as `order`. */
export function draftFromOrder(order: Order): BuyDraft {
	const period =
		PERIODS.find(
			(p) =>
				p.period_type === order.period_type &&
				p.period_amount === (order.period_type === 'hours' ? order.hours : order.days)
		) ?? PERIODS[0];
	const task = order.estimate_task;
	return {
		...emptyDraft(),
		to: order.to,
		periodId: period.id,
		source: task ? 'estimate' : 'amount',
		amount: task || order.energy_amount === null ? '65000' : String(order.energy_amount),
		estimateTo: task ? task.to.join(',') : '',
		estimateToken: task?.token ?? 'USDT'
	};
}

/** "Buy again" of a purchase confirmed here: a draft of exactly what was confirmed. */
export function draftFromRequest(request: BuyRequest): BuyDraft {
	const period =
		PERIODS.find(
			(p) => p.period_type === request.period_type && p.period_amount === request.period_amount
		) ?? PERIODS[0];
	const draft: BuyDraft = { ...emptyDraft(), to: request.to, periodId: period.id };
	if (request.amount_source === 'amount') return { ...draft, amount: String(request.amount) };
	return {
		...draft,
		source: 'estimate',
		estimateTo: request.estimate_to,
		estimateToken: request.estimate_token,
		adjustPercent: request.estimate_adjust_percent
	};
}

/**
 * The draft "Buy again" fills in for `order`: what the person confirmed when this browser placed
 * it (the server's terms may differ from it), else the order's own terms.
 */
export function draftFor(order: Order, reviewed: { request: BuyRequest } | null): BuyDraft {
	return reviewed ? draftFromRequest(reviewed.request) : draftFromOrder(order);
}
