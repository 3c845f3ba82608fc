import { describe, expect, it } from 'vitest';
import { mergePlans, PlansRefused, readPlans } from '$lib/bible/plans/file';
import type { PlanProgress } from '$lib/bible/plans/schedule';

const plan = { id: 'nt-90', start: '2026-11-20', done: [1, 2] };

/** The reason readPlans gives for refusing, or a failure if it did not refuse as plans do. */
function refusal(raw: unknown): string {
	try {
		readPlans(raw);
	} catch (error) {
		expect(error).toBeInstanceOf(PlansRefused);
		return (error as Error).message;
	}
	throw new Error('the plans were accepted');
}

describe('readPlans: what it refuses, and the reason it names', () => {
	it('twenty plans are not "more than 20": the reason is the plan named twice', () => {
		expect(refusal(Array.from({ length: 20 }, () => plan))).toBe(
			'the plan “The New Testament in 90 days” is in the file twice.'
		);
	});

	it.each([
		['nothing', null],
		['a word', 'nt-90'],
		['a number', 5],
		['a list', ['nt-90']]
	])('an entry that is %s is not a reading plan, and the reason says which one', (_, bad) => {
		expect(refusal([plan, bad])).toBe('reading plan 2 of the file is not a reading plan.');
	});

	it('a long unknown field or plan name is cut to 40 characters in the reason', () => {
		const long = 'x'.repeat(60);
		expect(refusal([{ ...plan, [long]: 1 }])).toBe(
			`reading plan 1 of the file has a field “${'x'.repeat(40)}” that plans never have.`
		);
		expect(refusal([{ ...plan, id: long }])).toBe(
			`reading plan 1 of the file is “${'x'.repeat(40)}”, which is not a plan this app offers.`
		);
	});

	it.each([
		['a word', 'abc'],
		['an object', { 0: 1, length: 1 }],
		['a day 0', [0]],
		['a day and a half', [1.5]],
		['a day past the end among good ones', [1, 91]]
	])('days read that are %s are refused with the reason', (_, done) => {
		expect(refusal([{ ...plan, done }])).toBe(
			'the days read of “The New Testament in 90 days” are not a list of days from 1 to 90.'
		);
	});

	it('every day of a plan read, up to its last, is accepted', () => {
		const all = Array.from({ length: 90 }, (_, i) => i + 1);
		expect(readPlans([{ ...plan, done: all }])).toEqual([{ ...plan, done: all }]);
		expect(readPlans([{ ...plan, done: [90] }])).toEqual([{ ...plan, done: [90] }]);
	});

	it('the days read come back in order of day, not of their digits', () => {
		expect(readPlans([{ ...plan, done: [10, 2, 9, 1] }])).toEqual([
			{ ...plan, done: [1, 2, 9, 10] }
		]);
	});
});

describe('mergePlans', () => {
	it('a plan only in the file keeps the days read there', () => {
		const theirs: PlanProgress[] = [{ id: 'bible-year', start: '2026-01-01', done: [1, 4] }];
		expect(mergePlans([], theirs)).toEqual([
			{ id: 'bible-year', start: '2026-01-01', done: [1, 4] }
		]);
	});
});
