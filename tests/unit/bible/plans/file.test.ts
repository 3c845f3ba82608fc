import { FileRefused } from '$lib/ui/file-refused';
import { describe, expect, it } from 'vitest';
import { exportNotes, parseNotesFile } from '$lib/bible/notes/format';
import { readNotesText } from '$lib/bible/notes/read-notes';
import { mergePlans, readPlans } from '$lib/bible/plans/file';
import type { PlanProgress } from '$lib/bible/plans/schedule';
import { note } from '../notes/samples';

const plan: PlanProgress = { id: 'nt-90', start: '2026-11-20', done: [1, 2] };

/** Reads a file as the import does; resolves with its notes and plans. */
async function read(text: string) {
	let plans: PlanProgress[] = [];
	const notes = await readNotesText(text, { onPlans: (p) => (plans = p) });
	return { notes, plans };
}

const fileWith = (plans: unknown) => {
	const f = JSON.parse(exportNotes([note({ bookmark: true })])) as Record<string, unknown>;
	return JSON.stringify({ ...f, plans });
};

describe('reading plans in the notes file', () => {
	it('an export keeps the plans beside the notes, and an import reads them back', async () => {
		const text = exportNotes([note({ bookmark: true })], Date.now(), [plan]);
		const { notes, plans } = await read(text);
		expect(notes).toHaveLength(1);
		expect(plans).toEqual([plan]);
	});

	it('an export without plans has no "plans" field, so files stay as before', () => {
		expect(JSON.parse(exportNotes([note({ bookmark: true })]))).not.toHaveProperty('plans');
		expect(parseNotesFile(exportNotes([note({ bookmark: true })]))).toHaveLength(1);
	});

	it.each([
		['not a list', { id: 'nt-90' }, 'its reading plans are not a list'],
		['an unknown plan', [{ id: 'x', start: '2026-01-01', done: [] }], 'not a plan this app offers'],
		['a field plans never have', [{ ...plan, extra: 1 }], 'a field “extra”'],
		['a start that is not a date', [{ ...plan, start: '2026-02-30' }], 'is not a date'],
		['a start with a time', [{ ...plan, start: '2026-02-01T00:00' }], 'is not a date'],
		['a day past the plan', [{ ...plan, done: [91] }], 'days from 1 to 90'],
		['a day twice', [{ ...plan, done: [1, 1] }], 'days from 1 to 90'],
		['a day that is not a number', [{ ...plan, done: ['1'] }], 'days from 1 to 90'],
		['a plan twice', [plan, plan], 'in the file twice'],
		['too many plans', Array.from({ length: 21 }, () => plan), 'more than 20']
	])('a hostile plan (%s) refuses the whole file with the reason', async (_, plans, reason) => {
		const error = await read(fileWith(plans)).catch((e: unknown) => e);
		expect(error).toBeInstanceOf(FileRefused);
		expect((error as Error).message).toContain(reason);
	});

	it('a "__proto__" in a plan refuses the file', async () => {
		const text = fileWith([plan]).replace('"id":', '"__proto__": {}, "id":');
		await expect(read(text)).rejects.toBeInstanceOf(FileRefused);
	});

	it('a plan in the file and here keeps the start here and every day read', () => {
		const mine: PlanProgress[] = [{ id: 'nt-90', start: '2026-11-01', done: [1, 3] }];
		const theirs: PlanProgress[] = [
			{ id: 'nt-90', start: '2026-10-01', done: [2, 3] },
			{ id: 'bible-year', start: '2026-01-01', done: [] }
		];
		expect(mergePlans(mine, theirs)).toEqual([
			{ id: 'nt-90', start: '2026-11-01', done: [1, 2, 3] },
			{ id: 'bible-year', start: '2026-01-01', done: [] }
		]);
	});

	it('readPlans: no "plans" field is no plans', () => {
		expect(readPlans(undefined)).toEqual([]);
	});
});

describe('the checks on a plans file', () => {
	const plan = { id: 'nt-90', start: '2026-11-20', done: [1, 2] };

	/** The reason readPlans gives for refusing, or a failure if it did not refuse as plans do. */
	function refusal(raw: unknown): string {
		try {
			readPlans(raw);
		} catch (error) {
			expect(error).toBeInstanceOf(FileRefused);
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
});
