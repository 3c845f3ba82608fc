import { describe, expect, it } from 'vitest';
import { exportNotes, NotesFileRefused, parseNotesFile } from '$lib/bible/notes/format';
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
		expect(error).toBeInstanceOf(NotesFileRefused);
		expect((error as Error).message).toContain(reason);
	});

	it('a "__proto__" in a plan refuses the file', async () => {
		const text = fileWith([plan]).replace('"id":', '"__proto__": {}, "id":');
		await expect(read(text)).rejects.toBeInstanceOf(NotesFileRefused);
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
