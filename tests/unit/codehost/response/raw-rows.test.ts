import { describe, expect, it } from 'vitest';
import { rawRow, rawRows } from '$lib/codehost/response/raw-rows';

describe('rawRows: long text cut into rows of the view’s width', () => {
	it('cuts a one-line body into rows of `cols` characters', () => {
		const text = 'x'.repeat(250);
		const rows = rawRows(text, 100);
		expect(rows.count).toBe(3);
		expect(rawRow(text, rows, 2)).toBe('x'.repeat(50));
	});
	it('starts a row at each line break, keeps empty lines, and drops \\r', () => {
		const text = 'ab\r\n\ncdef';
		const rows = rawRows(text, 3);
		expect(Array.from({ length: rows.count }, (_, i) => rawRow(text, rows, i))).toEqual([
			'ab',
			'',
			'cde',
			'f'
		]);
	});
	it('keeps every row of a text with thousands of lines readable', () => {
		const text = Array.from({ length: 3000 }, (_, i) => `line ${i}`).join('\n');
		const rows = rawRows(text, 80);
		expect(rows.count).toBe(3000);
		expect(rows.starts).toHaveLength(3000);
		expect(rows.ends).toHaveLength(3000);
		expect(rawRow(text, rows, 1500)).toBe('line 1500');
		expect(rawRow(text, rows, 2999)).toBe('line 2999');
	});
	it('holds 10 MB on one line as 125,000 rows of 80', () => {
		expect(rawRows('y'.repeat(10_000_000), 80).count).toBe(125_000);
	});
});
