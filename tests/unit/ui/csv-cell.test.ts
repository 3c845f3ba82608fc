import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, spreadsheetText } from '$lib/ui/csv-cell';

/** The field a CSV reader gets back from one cell (RFC 4180). */
const readBack = (cell: string) =>
	cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell;
const FORMULA_START = /^[=+\-@\t\r]/;

describe('a CSV cell, as every export writes it', () => {
	it('a value a spreadsheet would run as a formula is written after a quote mark, as text', () => {
		expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
		expect(csvCell('+1+1')).toBe("'+1+1");
		expect(csvCell('-2+3')).toBe("'-2+3");
		expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
		expect(csvCell('\t=1+1')).toBe("'\t=1+1");
		expect(csvCell('\r=1+1')).toBe(`"'\r=1+1"`);
		expect(csvCell('-')).toBe("'-");
		expect(csvCell('-x')).toBe("'-x");
		expect(csvCell('=')).toBe("'=");
	});

	it('a number alone, negative amounts too, stays a number: it runs nothing and still sums', () => {
		for (const n of ['-5.2', '-5', '+1', '0', '12.50', '-.5', '1e5', '-1e+21', '-5.000000'])
			expect(csvCell(n), n).toBe(n);
	});

	it('text with an inner dash, plus or at sign is left as it is', () => {
		expect(csvCell('a-b')).toBe('a-b');
		expect(csvCell('user@example.com')).toBe('user@example.com');
		expect(csvCell('1+1')).toBe('1+1');
	});

	it('quotes a comma, a quote, a line break, and white space at either end (RFC 4180)', () => {
		expect(csvCell('a,b')).toBe('"a,b"');
		expect(csvCell('say "hi"')).toBe('"say ""hi"""');
		expect(csvCell('two\nlines')).toBe('"two\nlines"');
		expect(csvCell(' padded ')).toBe('" padded "');
		expect(csvCell('')).toBe('');
	});

	it('any text reads back as itself, or after a quote mark when it would start a formula (property)', () => {
		const text = fc.oneof(
			fc.string(),
			fc
				.tuple(fc.constantFrom('=', '+', '-', '@', '\t', '\r', '"', ','), fc.string())
				.map(([a, b]) => a + b),
			fc.double({ noNaN: true, noDefaultInfinity: true }).map(String)
		);
		fc.assert(
			fc.property(text, (t) => {
				const cell = csvCell(t);
				const field = readBack(cell);
				expect(field === t || field === `'${t}`).toBe(true);
				expect(field).toBe(spreadsheetText(t));
				// What a spreadsheet gets never starts a formula, unless it is one number alone.
				if (FORMULA_START.test(field)) expect(Number.isFinite(Number(field))).toBe(true);
				if (!cell.startsWith('"')) expect(cell).not.toMatch(/[",\r\n]/);
			}),
			{ numRuns: 2_000 }
		);
	});
});
