import { describe, expect, it } from 'vitest';
import {
	checkDraft,
	emptyDraft,
	fieldErrorsOf,
	type BuyDraft,
	draftFor,
	draftFromOrder,
	draftFromRequest,
	type BuyRequest
} from '$lib/energy/purchase/buy-request';
import { FRESH, HOUR_REQUEST, sampleOrder } from '../helpers';

const TO = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const OTHER = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb';
const draft = (patch: Partial<BuyDraft>): BuyDraft => ({ ...emptyDraft(), to: TO, ...patch });

describe('the buy form → buy/energy body', () => {
	it('EN-BUY-1: exact amount: to, period, amount_source, amount; EN-FMT-1: JSON asked for', () => {
		expect(checkDraft(draft({ periodId: '7d', amount: '131,000' }))).toEqual({
			ok: true,
			request: {
				format: 'json',
				to: TO,
				period_type: 'days',
				period_amount: 7,
				amount_source: 'amount',
				amount: 131000
			}
		});
	});

	it('EN-BUY-1: a recipient typed in hex form is sent as the base58 address it becomes', () => {
		const check = checkDraft(draft({ to: '41a614f803b6fd780986a42c78ec9c7f77e6ded13c' }));
		expect(check.ok && check.request.to).toBe(TO);
		const eth = checkDraft(draft({ to: '0x' + 'a6'.repeat(20) }));
		expect(!eth.ok && eth.errors.to).toMatch(/^This is an Ethereum-style address/);
	});

	it('EN-BUY-1: estimate: estimate_to, estimate_token, estimate_adjust_percent are required', () => {
		const check = checkDraft(
			draft({ source: 'estimate', estimateTo: '', estimateToken: 'usdt', adjustPercent: '' })
		);
		expect(check.ok).toBe(false);
		expect(!check.ok && Object.keys(check.errors).sort()).toEqual([
			'adjustPercent',
			'estimateTo',
			'estimateToken'
		]);
	});

	it('EN-BUY-2: amount is not sent with an estimate; EN-BUY-3: addresses joined by commas', () => {
		const check = checkDraft(
			draft({ source: 'estimate', amount: '1', estimateTo: `${TO} , ${OTHER}`, periodId: '1h' })
		);
		expect(check).toEqual({
			ok: true,
			request: {
				format: 'json',
				to: TO,
				period_type: 'hours',
				period_amount: 1,
				amount_source: 'estimate',
				estimate_to: `${TO},${OTHER}`,
				estimate_token: 'USDT',
				estimate_adjust_percent: '0.04'
			}
		});
	});

	it('EN-BUY-6: the surplus percent is sent as the decimal string typed, never rounded', () => {
		const check = checkDraft(
			draft({ source: 'estimate', estimateTo: OTHER, adjustPercent: '0.1000000000000000055' })
		);
		expect(
			check.ok &&
				check.request.amount_source === 'estimate' &&
				check.request.estimate_adjust_percent
		).toBe('0.1000000000000000055');
	});

	it('EN-LIM-1: a period outside the six is refused', () => {
		const check = checkDraft(draft({ periodId: '2d' }));
		expect(!check.ok && check.errors.periodId).toMatch(/six periods/);
	});

	it('the energy amount is a positive whole number', () => {
		for (const amount of ['', '0', '-5', '1.5', 'abc', '1e5']) {
			const check = checkDraft(draft({ amount }));
			expect(check.ok, amount).toBe(false);
		}
	});

	it('an energy amount that is too large says the most that can be entered', () => {
		const check = checkDraft(draft({ amount: '5000000000' }));
		expect(check.ok).toBe(false);
		expect(!check.ok && check.errors.amount).toBe(
			'That amount is too large: enter at most 1,000,000,000.'
		);
	});

	it('the recipient address must pass the base58check test', () => {
		const check = checkDraft(draft({ to: TO.slice(0, -1) + 'u' }));
		expect(!check.ok && check.errors.to).toMatch(/checksum/);
	});

	it('reads Laravel-style field errors of a refused purchase, and nothing from other bodies', () => {
		expect(
			fieldErrorsOf({
				message: 'The to field is required. (and 1 more error)',
				errors: { to: ['The to field is required.'], amount: ['The amount must be at least 1.'] }
			})
		).toEqual(['to: The to field is required.', 'amount: The amount must be at least 1.']);
		expect(fieldErrorsOf('<html>')).toEqual([]);
		expect(fieldErrorsOf({ message: 'x' })).toEqual([]);
	});
	it('each wrong amount is told what to do; the largest amount allowed is accepted', () => {
		const message = (amount: string) => {
			const check = checkDraft(draft({ amount }));
			return check.ok ? 'ok' : check.errors.amount;
		};
		expect(message('')).toBe('Enter the energy amount.');
		expect(message('1.5')).toBe('The energy amount is a positive whole number, e.g. 65000.');
		expect(message('1,000,000,000')).toBe('ok');
		expect(message('1000000001')).toMatch(/too large/);
	});

	it('the surplus percent is a number from 0 to 100, with a message for each wrong entry', () => {
		const message = (adjustPercent: string) => {
			const check = checkDraft(draft({ source: 'estimate', estimateTo: OTHER, adjustPercent }));
			return check.ok ? 'ok' : check.errors.adjustPercent;
		};
		expect(message(' ')).toBe('Enter the surplus percent (0.04 is recommended).');
		for (const ok of ['0', '0.04', '100', '12.5']) expect(message(ok), ok).toBe('ok');
		for (const wrong of ['100.01', '-1', '.5', '5.', '1e2', '5%', 'x1', '1x', '1.2.3'])
			expect(message(wrong), wrong).toBe(
				'The surplus percent is a number from 0 to 100, e.g. 0.04.'
			);
	});

	it('an estimate is for one of the listed tokens, in their exact case', () => {
		const check = checkDraft(
			draft({ source: 'estimate', estimateTo: OTHER, estimateToken: 'usdt', adjustPercent: '0' })
		);
		expect(!check.ok && check.errors.estimateToken).toBe(
			'Choose one of USDT, USDC, USDD, USDJ, JST, TUSD, stUSDT, WTRX (exact case).'
		);
		const jst = checkDraft(
			draft({ source: 'estimate', estimateTo: OTHER, estimateToken: 'JST', adjustPercent: '0' })
		);
		expect(jst.ok && jst.request.amount_source === 'estimate' && jst.request.estimate_token).toBe(
			'JST'
		);
	});

	it('field errors: a single message (not a list) is read too; non-text entries are skipped', () => {
		expect(
			fieldErrorsOf({ errors: { to: 'The to field is required.', amount: [1, 'Too big.'] } })
		).toEqual(['to: The to field is required.', 'amount: Too big.']);
		expect(fieldErrorsOf(null)).toEqual([]);
		expect(fieldErrorsOf({ errors: 'nope' })).toEqual([]);
	});
});

describe('"Buy again" on an order', () => {
	it('fills the form with its recipient, amount and period, ready to review as the same purchase', () => {
		const order = sampleOrder({ energy_amount: 131_000, period_type: 'days', hours: 0, days: 7 });
		const draft = draftFromOrder(order);
		expect(draft).toMatchObject({ to: FRESH, periodId: '7d', source: 'amount', amount: '131000' });
		const check = checkDraft(draft);
		expect(check.ok && check.request).toMatchObject({
			to: FRESH,
			period_type: 'days',
			period_amount: 7,
			amount_source: 'amount',
			amount: 131_000
		});
	});

	it('an hour order comes back as 1 hour; an estimate order as the same estimate', () => {
		expect(draftFromOrder(sampleOrder({ energy_amount: 65_000 })).periodId).toBe('1h');
		const estimate = sampleOrder({
			energy_amount: null,
			period_type: 'days',
			hours: 0,
			days: 30,
			estimate_task_id: 5,
			estimate_task: { id: 5, token: 'USDC', currency: 'TRX', from: FRESH, to: [OTHER, FRESH] }
		});
		expect(draftFromOrder(estimate)).toMatchObject({
			periodId: '30d',
			source: 'estimate',
			estimateTo: `${OTHER},${FRESH}`,
			estimateToken: 'USDC'
		});
		expect(checkDraft(draftFromOrder(estimate)).ok).toBe(true);
	});
});

describe('"Buy again" of a purchase confirmed here', () => {
	it('fills in exactly what was confirmed: an exact amount, or the same estimate with its surplus', () => {
		const week = {
			...HOUR_REQUEST,
			period_type: 'days',
			period_amount: 7,
			amount: 131_000
		} as const;
		expect(draftFromRequest(week)).toMatchObject({
			to: FRESH,
			periodId: '7d',
			source: 'amount',
			amount: '131000'
		});
		expect(checkDraft(draftFromRequest(week))).toEqual({ ok: true, request: week });
		const estimate: BuyRequest = {
			format: 'json',
			to: FRESH,
			period_type: 'hours',
			period_amount: 1,
			amount_source: 'estimate',
			estimate_to: `${OTHER},${FRESH}`,
			estimate_token: 'stUSDT',
			estimate_adjust_percent: '1.5'
		};
		expect(checkDraft(draftFromRequest(estimate))).toEqual({ ok: true, request: estimate });
	});

	it("an order placed otherwise than confirmed is bought again as confirmed, never with the server's terms", () => {
		const served = sampleOrder({
			to: OTHER,
			energy_amount: 650,
			period_type: 'days',
			hours: 0,
			days: 3
		});
		expect(checkDraft(draftFor(served, { request: HOUR_REQUEST }))).toEqual({
			ok: true,
			request: HOUR_REQUEST
		});
		// Not placed from this browser: nothing else to go by than the order itself.
		expect(draftFor(served, null)).toMatchObject({ to: OTHER, amount: '650', periodId: '3d' });
	});
});
