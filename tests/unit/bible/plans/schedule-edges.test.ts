import { describe, expect, it } from 'vitest';
import { planById } from '$lib/bible/plans/catalog';
import { dayOf, dayReading, isoDay, readingName } from '$lib/bible/plans/schedule';

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
