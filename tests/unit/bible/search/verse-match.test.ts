// Where a query matches a verse: the runs a hit highlights, or no match at all.
import { describe, expect, it } from 'vitest';
import { parseQuery, type ParsedQuery } from '$lib/bible/search/query';
import { matchVerse, mergeRuns } from '$lib/bible/search/verse-match';

const query = (text: string): ParsedQuery => {
	const parsed = parseQuery(text);
	if (!parsed.ok) throw new Error(parsed.message);
	return parsed.query;
};
const marked = (text: string, q: string, loose = false) =>
	matchVerse(text, query(q), loose)?.map(([s, e]) => text.slice(s, e));

describe('a query on one verse', () => {
	it('every word, prefix and phrase must be there; each is marked where it is', () => {
		const verse = 'For God so loved the world, that he gave his only begotten Son';
		expect(marked(verse, 'loved world')).toEqual(['loved', 'world']);
		expect(marked(verse, 'beg*')).toEqual(['begotten']);
		expect(marked(verse, '"only begotten son"')).toEqual(['only begotten Son']);
		expect(marked(verse, 'loved heaven')).toBeUndefined();
		expect(marked(verse, '"son begotten"')).toBeUndefined();
	});

	it('words compare without case, and without accents only when asked', () => {
		expect(marked('Porque de tal manera amó Dios al mundo', 'amo')).toBeUndefined();
		expect(marked('Porque de tal manera amó Dios al mundo', 'amo', true)).toEqual(['amó']);
		expect(marked('And GOD said', 'god')).toEqual(['GOD']);
	});

	it('runs that overlap or touch are joined, in order', () => {
		expect(
			mergeRuns([
				[10, 12],
				[0, 3],
				[2, 5],
				[5, 7]
			])
		).toEqual([
			[0, 7],
			[10, 12]
		]);
	});
});
