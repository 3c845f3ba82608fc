/**
 * Query parameters and header lines as rows and back: what the rows view shows is what the text
 * view says, values as typed, and rows switched off keep their place.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
	HEADER_ROWS,
	joinUrl,
	mergeRows,
	QUERY_ROWS,
	rowsText,
	splitUrl
} from '$lib/codehost/request/key-value-rows';

describe('query rows', () => {
	it('a query string is its pairs as written: %2B stays %2B, a {{variable}} stays, a bare name has no value', () => {
		expect(QUERY_ROWS.parse('?per_page=5&q=a%2Bb&id={{id}}&simple&&')).toEqual([
			{ name: 'per_page', value: '5' },
			{ name: 'q', value: 'a%2Bb' },
			{ name: 'id', value: '{{id}}' },
			{ name: 'simple', value: '' }
		]);
	});

	it('a row holding & or # is written encoded, so it stays one parameter', () => {
		const text = QUERY_ROWS.format([{ name: 'a=b', value: 'x&y#z' }]);
		expect(text).toBe('a%3Db=x%26y%23z');
		expect(QUERY_ROWS.parse(text)).toHaveLength(1);
	});

	it('property: rows written as text read back as the same rows, escaped', () => {
		const pair = fc.record({ name: fc.string({ minLength: 1 }), value: fc.string() });
		fc.assert(
			fc.property(fc.array(pair, { maxLength: 6 }), (pairs) => {
				const usable = pairs.filter((p) => QUERY_ROWS.escape(p).name.trim() !== '');
				expect(QUERY_ROWS.parse(QUERY_ROWS.format(usable))).toEqual(usable.map(QUERY_ROWS.escape));
			})
		);
	});
});

describe('header rows', () => {
	it('one row a line, blank lines left out; a line without a colon is a row without a value', () => {
		expect(HEADER_ROWS.parse('X-A: 1\n\nIf-Match: "x:y"\nToken')).toEqual([
			{ name: 'X-A', value: '1' },
			{ name: 'If-Match', value: '"x:y"' },
			{ name: 'Token', value: '' }
		]);
	});

	it('a line break typed in a row cannot start another header', () => {
		expect(HEADER_ROWS.format([{ name: 'X-A', value: 'one\nSudo: root' }])).toBe(
			'X-A: one Sudo: root'
		);
	});
});

describe('text and rows together', () => {
	it('the text as typed stays while it says what the rows say (a trailing & being typed)', () => {
		const rows = [{ name: 'a', value: '1', enabled: true }];
		expect(rowsText(QUERY_ROWS, rows, 'a=1&')).toBe('a=1&');
		expect(rowsText(QUERY_ROWS, rows, 'b=2')).toBe('a=1');
	});

	it('rows switched off are not in the text', () => {
		const rows = [
			{ name: 'page', value: '2', enabled: false },
			{ name: 'per_page', value: '5', enabled: true }
		];
		expect(rowsText(QUERY_ROWS, rows, '')).toBe('per_page=5');
	});

	it('a new text takes the places of the rows that are on; rows off stay where they were', () => {
		const off = { name: 'page', value: '2', enabled: false };
		const merged = mergeRows(
			[{ name: 'a', value: '1', enabled: true }, off, { name: 'b', value: '2', enabled: true }],
			QUERY_ROWS.parse('x=1&y=2&z=3')
		);
		expect(merged.map((r) => `${r.name}${r.enabled ? '' : ' (off)'}`)).toEqual([
			'x',
			'page (off)',
			'y',
			'z'
		]);
		expect(mergeRows([off], [])).toEqual([off]);
	});
});

describe('the URL bar', () => {
	it('splits at the first ? into path and query, and joins them back', () => {
		expect(splitUrl('/projects?page=2&per_page=5')).toEqual({
			path: '/projects',
			query: 'page=2&per_page=5'
		});
		expect(splitUrl('/projects/99999')).toEqual({ path: '/projects/99999', query: '' });
		expect(splitUrl('/search?q=a?b')).toEqual({ path: '/search', query: 'q=a?b' });
		expect(joinUrl('/projects', '')).toBe('/projects');
		expect(joinUrl('/projects', 'a=1')).toBe('/projects?a=1');
	});
});
