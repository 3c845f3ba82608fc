import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from '$lib/energy/ledger/csv';

describe('CSV (RFC 4180)', () => {
	it('quotes a field with a comma, a double quote, CR or LF, and doubles its quotes', () => {
		expect(csvField('plain')).toBe('plain');
		expect(csvField('a,b')).toBe('"a,b"');
		expect(csvField('say "hi"')).toBe('"say ""hi"""');
		expect(csvField('two\nlines')).toBe('"two\nlines"');
		expect(csvField('cr\rhere')).toBe('"cr\rhere"');
		expect(csvField('')).toBe('');
	});

	it('ends every record with CRLF, the last too', () => {
		expect(
			toCsv([
				['a', 'b'],
				['1', 'x,y']
			])
		).toBe('a,b\r\n1,"x,y"\r\n');
	});
});
