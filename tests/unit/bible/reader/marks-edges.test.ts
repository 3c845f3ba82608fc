// The KJV marks and side-by-side alignment at their edges: marks at the very start or end of a
// verse, "#" that is not at the start, and verses that arrive out of order.
import { describe, expect, it } from 'vitest';
import { alignVerses, paragraphs, readMarks } from '$lib/bible/reader/marks';

describe('marks at the edges of a verse', () => {
	it('a paragraph mark takes all the spaces after it, or none', () => {
		expect(readMarks('#   And God said')).toEqual({
			paragraph: true,
			parts: [{ text: 'And God said', supplied: false }]
		});
		expect(readMarks('#And God said')).toEqual({
			paragraph: true,
			parts: [{ text: 'And God said', supplied: false }]
		});
	});

	it('supplied words at the start, at the end, or side by side leave no empty plain parts', () => {
		expect(readMarks('[It is] good')).toEqual({
			paragraph: false,
			parts: [
				{ text: 'It is', supplied: true },
				{ text: ' good', supplied: false }
			]
		});
		expect(readMarks('and [there was][ light]').parts).toEqual([
			{ text: 'and ', supplied: false },
			{ text: 'there was', supplied: true },
			{ text: ' light', supplied: true }
		]);
		expect(readMarks('').parts).toEqual([]);
	});
});

describe('paragraphs', () => {
	it('a "#" inside a verse does not start a paragraph', () => {
		const v = (ref: string, text: string) => ({ ref, text });
		expect(
			paragraphs([v('1', 'a'), v('2', 'verse 2 # b')]).map((p) => p.map((x) => x.ref))
		).toEqual([['1'], ['2']]);
		expect(
			paragraphs([v('1', '# a'), v('2', 'b # c'), v('3', '# d')]).map((p) => p.map((x) => x.ref))
		).toEqual([['1', '2'], ['3']]);
	});
});

describe('alignment order', () => {
	it('verses one side alone come in their place by number, refs without a number last', () => {
		const v = (ref: string) => ({ ref });
		const rows = alignVerses([v('1'), v('3'), v('title')], [v('4'), v('2'), v('1')]);
		expect(rows.map((r) => r.ref)).toEqual(['1', '2', '3', '4', 'title']);
	});
});
