// The reading plans on offer: each day's chapters come from these tracks (schedule.ts spreads them).
import { describe, expect, it } from 'vitest';
import { PLANS, planById } from '$lib/bible/plans/catalog';

const chapters = (id: string) => planById(id)!.tracks.map((t) => t.length);

describe('the reading plans', () => {
	it('the Bible in a year reads all 1,189 chapters, Genesis 1 to Revelation 22, in 365 days', () => {
		const plan = planById('bible-year')!;
		expect(plan.days).toBe(365);
		expect(chapters('bible-year')).toEqual([1189]);
		expect(plan.tracks[0]![0]).toEqual({ book: 'Gen', chapter: 1 });
		expect(plan.tracks[0]!.at(-1)).toEqual({ book: 'Rev', chapter: 22 });
	});

	it('the New Testament in 90 days starts at Matthew 1; Psalms and Proverbs run side by side for 31 days', () => {
		expect(chapters('nt-90')).toEqual([260]);
		expect(planById('nt-90')!.tracks[0]![0]).toEqual({ book: 'Matt', chapter: 1 });
		expect(planById('psalms-proverbs-month')!.days).toBe(31);
		expect(chapters('psalms-proverbs-month')).toEqual([150, 31]);
	});

	it('each plan has its own id, and an unknown id names none', () => {
		expect(new Set(PLANS.map((p) => p.id)).size).toBe(PLANS.length);
		expect(planById('no-such-plan')).toBeUndefined();
	});
});
