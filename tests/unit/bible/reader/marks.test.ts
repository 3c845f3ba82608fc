import { describe, expect, it } from 'vitest';
import {
	alignColumns,
	alignVerses,
	paragraphs,
	plainText,
	readMarks
} from '$lib/bible/reader/marks';

describe('the KJV marks, read as a printed Bible shows them', () => {
	it('words in […] are supplied (italics) and "#" starts a paragraph; the parts are the text without the marks', () => {
		const text = '# And God saw the light, that [it was] good: and [there] was light.';
		expect(readMarks(text)).toEqual({
			paragraph: true,
			parts: [
				{ text: 'And God saw the light, that ', supplied: false },
				{ text: 'it was', supplied: true },
				{ text: ' good: and ', supplied: false },
				{ text: 'there', supplied: true },
				{ text: ' was light.', supplied: false }
			]
		});
		expect(plainText(text)).toBe('And God saw the light, that it was good: and there was light.');
	});

	it('a text without marks, or with a bracket that does not close, is shown as sent', () => {
		expect(readMarks('In the beginning')).toEqual({
			paragraph: false,
			parts: [{ text: 'In the beginning', supplied: false }]
		});
		expect(plainText('a [b c')).toBe('a [b c');
		expect(plainText('1 # 2')).toBe('1 # 2');
	});

	it('verses run on in a paragraph until a "#" verse; a text without any "#" keeps a verse per line', () => {
		const v = (ref: string, text: string) => ({ ref, text });
		const kjv = [v('1', 'a'), v('2', 'b'), v('3', '# c'), v('4', 'd')];
		expect(paragraphs(kjv).map((p) => p.map((x) => x.ref))).toEqual([
			['1', '2'],
			['3', '4']
		]);
		const web = [v('1', 'a'), v('2', 'b')];
		expect(paragraphs(web).map((p) => p.map((x) => x.ref))).toEqual([['1'], ['2']]);
	});
});

describe('two translations aligned by verse number', () => {
	it('a verse one side lacks leaves a gap on that side; the verses after it stay level', () => {
		const v = (ref: string) => ({ ref, text: ref });
		const rows = alignVerses([v('35'), v('36'), v('37')], [v('35'), v('37'), v('38')]);
		expect(rows.map((r) => [r.ref, r.left?.ref, r.right?.ref])).toEqual([
			['35', '35', '35'],
			['36', '36', undefined],
			['37', '37', '37'],
			['38', undefined, '38']
		]);
	});

	it('orders by the verse number, not as text ("10" after "9")', () => {
		const v = (ref: string) => ({ ref, text: ref });
		expect(alignVerses([v('9'), v('10')], [v('10'), v('9')]).map((r) => r.ref)).toEqual([
			'9',
			'10'
		]);
	});
});

describe('alignColumns: Compare with up to three translations', () => {
	const v = (ref: string) => ({ ref, text: ref });
	it('rows by verse number; a verse a column lacks leaves a gap there, the rest stay level', () => {
		const rows = alignColumns([
			[v('35'), v('36'), v('37')],
			[v('35'), v('37')],
			[v('36'), v('37'), v('38')]
		]);
		expect(rows.map((r) => [r.ref, r.cells.map((c) => c?.ref ?? '-').join(' ')])).toEqual([
			['35', '35 35 -'],
			['36', '36 - 36'],
			['37', '37 37 37'],
			['38', '- - 38']
		]);
	});
});

// The KJV marks and side-by-side alignment at their edges: marks at the very start or end of a
// verse, "#" that is not at the start, and verses that arrive out of order.
describe('the marks at their edges', () => {
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
});
