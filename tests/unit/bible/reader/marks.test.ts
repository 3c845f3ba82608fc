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
