import { describe, expect, it } from 'vitest';
import { itemsFile, itemsFileName, toCsv } from '$lib/codehost/pagination/items-export';

describe('saving items: edges', () => {
	it('CSV is written as CSV, with its type and extension', () => {
		expect(itemsFile([{ a: 1 }, { a: 2 }], 'csv', 'users-items')).toEqual({
			text: 'a\r\n1\r\n2\r\n',
			mime: 'text/csv',
			fileName: 'users-items.csv'
		});
	});

	it('CSV mixing objects and scalars: a scalar goes in the value column only', () => {
		expect(toCsv([{ a: 1 }, 5])).toBe('a,value\r\n1,\r\n,5\r\n');
	});

	it('CSV writes arrays and null items in the value column, not as records', () => {
		expect(toCsv([[1, 2], null])).toBe('value\r\n"[1,2]"\r\n\r\n');
	});

	it('CSV guards only text that starts like a formula; numbers and inner dashes stay as they are', () => {
		expect(toCsv([{ n: -5, s: 'a-b', t: '@user', u: '+1', v: '-x', w: '-5.2' }])).toBe(
			"n,s,t,u,v,w\r\n-5,a-b,'@user,+1,'-x,-5.2\r\n"
		);
	});

	it('CSV keeps every value from the server that a spreadsheet would run as a formula as text', () => {
		const hostile = {
			link: '=HYPERLINK("http://x","y")',
			plus: '+1+1',
			minus: '-2+3',
			at: '@SUM(A1)',
			tab: '\t=1',
			cr: '\r=1',
			'=key': 'x'
		};
		expect(toCsv([hostile])).toBe(
			`link,plus,minus,at,tab,cr,'=key\r\n"'=HYPERLINK(""http://x"",""y"")",'+1+1,'-2+3,'@SUM(A1),'\t=1,"'\r=1",x\r\n`
		);
	});

	it('a file name collapses separators to one dash, and falls back to "api" for the root', () => {
		expect(itemsFileName('/groups/a//b')).toBe('groups-a-b-items');
		expect(itemsFileName('/')).toBe('api-items');
		expect(itemsFileName('?page=2')).toBe('api-items');
	});
});
