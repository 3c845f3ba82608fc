import { describe, expect, it } from 'vitest';
import { CsvError, parseCsv } from '$lib/codehost/runner/csv';

const refused = (text: string): CsvError => {
	try {
		parseCsv(text);
	} catch (error) {
		if (error instanceof CsvError && error.name === 'CsvError') return error;
		throw error;
	}
	throw new Error('parsed');
};

describe('CSV data rows (RFC 4180)', () => {
	it('reads a header and rows, CRLF or LF, with or without a final line break', () => {
		expect(parseCsv('project,title\r\n1,First\r\n2,Second\r\n')).toEqual({
			columns: ['project', 'title'],
			rows: [
				{ project: '1', title: 'First' },
				{ project: '2', title: 'Second' }
			]
		});
		expect(parseCsv('a\n1').rows).toEqual([{ a: '1' }]);
	});

	it('reads quoted fields with commas, line breaks and doubled quotes', () => {
		const { rows } = parseCsv('id,title\n1,"Fix, then ""ship""\nsoon"\n2,""\n');
		expect(rows).toEqual([
			{ id: '1', title: 'Fix, then "ship"\nsoon' },
			{ id: '2', title: '' }
		]);
	});

	it('skips blank lines and a byte order mark', () => {
		expect(parseCsv('\uFEFFa,b\n\n1,2\n\n').rows).toEqual([{ a: '1', b: '2' }]);
	});

	it('reads a quoted field that ends the file', () => {
		expect(parseCsv('a,b\n1,"x, y"').rows).toEqual([{ a: '1', b: 'x, y' }]);
	});

	it('reads a quoted first field, after a byte order mark or not', () => {
		expect(parseCsv('"a",b\n1,2').rows).toEqual([{ a: '1', b: '2' }]);
		expect(parseCsv('\uFEFF"a",b\n1,2').rows).toEqual([{ a: '1', b: '2' }]);
	});

	it('refuses a row with the wrong number of fields, naming its row', () => {
		const error = refused('a,b\n1,2\n3\n4,5\n');
		expect(error.row).toBe(3);
		expect(error.message).toBe('Row 3: 1 field, the header has 2');
	});

	it('counts rows by record, a quoted line break included', () => {
		expect(refused('a,b\n"x\ny",2\n1,2,3\n').row).toBe(3);
	});

	it('refuses an unclosed quote, text after a quote and a stray quote', () => {
		expect(refused('a,b\n1,"open\n').message).toBe('Row 2: a quoted field is not closed');
		expect(refused('a,b\n1,"x"y\n').message).toBe('Row 2: text after a closing quote');
		expect(refused('a,b\n1,x"y\n').message).toBe(
			'Row 2: a quote inside a field that does not start with one'
		);
	});

	it('a quoted field may end its record with CRLF, LF or a lone CR', () => {
		const expected = [
			{ a: 'x', b: 'y' },
			{ a: '1', b: '2' }
		];
		expect(parseCsv('a,b\r\n"x","y"\r\n1,2').rows).toEqual(expected);
		expect(parseCsv('a,b\n"x","y"\n1,2').rows).toEqual(expected);
		expect(parseCsv('a,b\r"x","y"\r1,2\r').rows).toEqual(expected);
	});

	it('a record ending in a comma has an empty last field', () => {
		expect(parseCsv('a,b\n1,').rows).toEqual([{ a: '1', b: '' }]);
		expect(parseCsv('a,b\n1,\n').rows).toEqual([{ a: '1', b: '' }]);
	});

	it('column names are read without the spaces around them; field values are kept as written', () => {
		expect(parseCsv(' project , title \n1, First ')).toEqual({
			columns: ['project', 'title'],
			rows: [{ project: '1', title: ' First ' }]
		});
	});

	it('names the count of fields of a row with too many', () => {
		expect(refused('a,b\n1,2,3\n').message).toBe('Row 2: 3 fields, the header has 2');
		expect(refused('a,b\n1,2,3\n').row).toBe(2);
	});

	it('refuses a header that does not name variables', () => {
		expect(refused('').message).toMatch(/no header row/);
		expect(refused('a,a\n1,2').message).toBe('Row 1: column “a” appears twice');
		expect(refused('a,2b\n1,2').message).toMatch(/^Row 1: column 2 “2b” is not a variable name/);
	});
});
