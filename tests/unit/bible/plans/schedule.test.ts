import { describe, expect, it } from 'vitest';
import { PLANS, planById, type Plan } from '$lib/bible/plans/catalog';
import {
	behind,
	catchUp,
	dayOf,
	dayReading,
	markDay,
	progressShare,
	readingName,
	type PlanProgress,
	isoDay
} from '$lib/bible/plans/schedule';

const plan = (id: string): Plan => planById(id)!;
const started = (id: string, start: string, done: number[] = []): PlanProgress => ({
	id,
	start,
	done
});

describe('reading plans: what day N reads', () => {
	it('the three plans are offered', () => {
		expect(PLANS.map((p) => [p.name, p.days])).toEqual([
			['The Bible in a year', 365],
			['The New Testament in 90 days', 90],
			['Psalms and Proverbs in a month', 31]
		]);
	});

	it('every chapter of a plan is read once, in order, on exactly one day', () => {
		for (const p of PLANS) {
			const all = Array.from({ length: p.days }, (_, i) => dayReading(p, i + 1)).flat();
			expect(all).toHaveLength(p.tracks.reduce((n, t) => n + t.length, 0));
			const keys = all.map((c) => `${c.book} ${c.chapter}`);
			expect(new Set(keys).size).toBe(keys.length);
		}
		// The whole Bible: 1,189 chapters.
		expect(plan('bible-year').tracks[0]).toHaveLength(1189);
	});

	it('day 1 and the last day of each plan', () => {
		expect(readingName(dayReading(plan('bible-year'), 1))).toBe('Genesis 1–3');
		expect(readingName(dayReading(plan('bible-year'), 365))).toBe('Revelation 20–22');
		expect(readingName(dayReading(plan('nt-90'), 1))).toBe('Matthew 1–3');
		expect(readingName(dayReading(plan('nt-90'), 90))).toBe('Revelation 20–22');
		// A chapter of Proverbs and its share of the psalms, every day.
		expect(readingName(dayReading(plan('psalms-proverbs-month'), 1))).toBe(
			'Psalms 1–5; Proverbs 1'
		);
		expect(readingName(dayReading(plan('psalms-proverbs-month'), 31))).toBe(
			'Psalms 146–150; Proverbs 31'
		);
	});

	it('days are spread evenly: no day of the year-long plan reads fewer than 3 or more than 4', () => {
		const sizes = Array.from(
			{ length: 365 },
			(_, i) => dayReading(plan('bible-year'), i + 1).length
		);
		expect(Math.min(...sizes)).toBe(3);
		expect(Math.max(...sizes)).toBe(4);
	});

	it('a day outside the plan reads nothing', () => {
		expect(dayReading(plan('nt-90'), 0)).toEqual([]);
		expect(dayReading(plan('nt-90'), 91)).toEqual([]);
		expect(dayReading(plan('nt-90'), 1.5)).toEqual([]);
	});

	it("today's day counts calendar days from the start, across a change of the clocks", () => {
		const p = started('nt-90', '2026-03-28');
		expect(dayOf(p, '2026-03-27')).toBe(0);
		expect(dayOf(p, '2026-03-28')).toBe(1);
		expect(dayOf(p, '2026-03-30')).toBe(3);
		expect(dayOf(started('bible-year', '2026-12-31'), '2027-01-01')).toBe(2);
	});
});

describe('reading plans: done, behind and catching up', () => {
	it('marking days done keeps each once, in order; progress is the share of days', () => {
		let p = started('psalms-proverbs-month', '2026-11-01');
		p = markDay(markDay(markDay(p, 3, true), 1, true), 3, true);
		expect(p.done).toEqual([1, 3]);
		expect(progressShare(plan('psalms-proverbs-month'), p)).toBeCloseTo(2 / 31);
		expect(markDay(p, 1, false).done).toEqual([3]);
	});

	it('the days before today not read are behind; today is not', () => {
		const p = started('nt-90', '2026-11-20', [1, 2, 4]);
		expect(behind(plan('nt-90'), p, '2026-11-26')).toEqual([3, 5, 6]);
		expect(behind(plan('nt-90'), p, '2026-11-19')).toEqual([]);
	});

	it('catch up moves the start so the first unread day is today, and keeps the days read', () => {
		const p = started('nt-90', '2026-11-20', [1, 2, 4]);
		const caught = catchUp(plan('nt-90'), p, '2026-11-26');
		expect(caught.start).toBe('2026-11-24');
		expect(dayOf(caught, '2026-11-26')).toBe(3);
		expect(caught.done).toEqual([1, 2, 4]);
		expect(behind(plan('nt-90'), caught, '2026-11-26')).toEqual([]);
		// Nothing behind: nothing moves.
		const upToDate = started('nt-90', '2026-11-25', [1]);
		expect(catchUp(plan('nt-90'), upToDate, '2026-11-26')).toBe(upToDate);
	});

	it('catch up across a month and a year end', () => {
		const p = started('bible-year', '2026-12-30', []);
		expect(catchUp(plan('bible-year'), p, '2027-01-02').start).toBe('2027-01-02');
	});
});

describe('the schedule at its edges', () => {
	const year = planById('bible-year')!;

	describe('a plan’s days at their edges', () => {
		it('a day before the first, or between two days, has no reading', () => {
			expect(dayReading(year, -1)).toEqual([]);
			expect(dayReading(year, 1.5)).toEqual([]);
			expect(dayReading(year, 1).length).toBeGreaterThan(0);
		});

		it('before its start a plan is on day 0, however early', () => {
			expect(dayOf({ id: 'nt-90', start: '2026-11-20', done: [] }, '2026-11-18')).toBe(0);
			expect(dayOf({ id: 'nt-90', start: '2026-11-20', done: [] }, '2026-11-20')).toBe(1);
		});

		it('a calendar day is written year-month-day with two-digit month and day', () => {
			expect(isoDay(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
			expect(isoDay(new Date(2026, 11, 31))).toBe('2026-12-31');
		});
	});

	describe('a day’s reading in words', () => {
		it('joins only chapters that follow each other in the same book', () => {
			expect(
				readingName([
					{ book: 'Ps', chapter: 5 },
					{ book: 'Prov', chapter: 6 }
				])
			).toBe('Psalms 5; Proverbs 6');
			expect(
				readingName([
					{ book: 'Gen', chapter: 1 },
					{ book: 'Gen', chapter: 3 }
				])
			).toBe('Genesis 1; Genesis 3');
		});

		it('a book it does not know is named as given', () => {
			expect(readingName([{ book: 'Xyz', chapter: 2 }])).toBe('Xyz 2');
		});
	});
});
