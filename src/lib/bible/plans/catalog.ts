// The reading plans offered: each spreads its books' chapters evenly over its days, one list of
// chapters ("track") at a time, so Psalms and Proverbs run side by side.
import { CANON } from '../notes/books';

export interface PlanChapter {
	book: string;
	chapter: number;
}

export interface Plan {
	id: string;
	name: string;
	/** One line on what it reads. */
	about: string;
	days: number;
	/** Each track's chapters are spread evenly over the days; a day reads its share of each. */
	tracks: readonly (readonly PlanChapter[])[];
}

const chaptersOf = (refs: readonly string[]): PlanChapter[] =>
	CANON.filter((b) => refs.includes(b.ref)).flatMap((b) =>
		Array.from({ length: b.chapters }, (_, i) => ({ book: b.ref, chapter: i + 1 }))
	);

const MATTHEW = CANON.findIndex((b) => b.ref === 'Matt');
const ALL = CANON.map((b) => b.ref);
const NT = CANON.slice(MATTHEW).map((b) => b.ref);

/**
 * A plan whose chapter lists are made the first time they are read: some 1,600 entries, which
 * every Bible page would otherwise build as it loads (this module is in the area's shared code),
 * where only the plans page and a plan's day read them.
 */
function plan(about: Omit<Plan, 'tracks'>, books: readonly (readonly string[])[]): Plan {
	let tracks: readonly (readonly PlanChapter[])[] | undefined;
	return {
		...about,
		get tracks() {
			return (tracks ??= books.map(chaptersOf));
		}
	};
}

export const PLANS: readonly Plan[] = [
	plan(
		{
			id: 'bible-year',
			name: 'The Bible in a year',
			about: 'Genesis to Revelation in 365 days, three or four chapters a day.',
			days: 365
		},
		[ALL]
	),
	plan(
		{
			id: 'nt-90',
			name: 'The New Testament in 90 days',
			about: 'Matthew to Revelation in 90 days, about three chapters a day.',
			days: 90
		},
		[NT]
	),
	plan(
		{
			id: 'psalms-proverbs-month',
			name: 'Psalms and Proverbs in a month',
			about: 'A chapter of Proverbs and about five psalms a day, for 31 days.',
			days: 31
		},
		[['Ps'], ['Prov']]
	)
];

export const planById = (id: string): Plan | undefined => PLANS.find((p) => p.id === id);
