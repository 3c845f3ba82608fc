import { describe, expect, it } from 'vitest';
import { itemsFile, itemsFileName, toCsv } from '$lib/codehost/pagination/items-export';

const items = [
	{ id: 1, name: 'Client 1', archived: null, namespace: { path: 'diaspora' } },
	{ id: 2, name: 'Says "hi", twice', topics: ['a', 'b'] },
	{ id: 3, name: '=HYPERLINK("x")' }
];

describe('saving the items of Fetch all pages', () => {
	it('JSON holds every item as it came', () => {
		const file = itemsFile(items, 'json', 'projects-items');
		expect(JSON.parse(file.text)).toEqual(items);
		expect(file.fileName).toBe('projects-items.json');
		expect(file.mime).toBe('application/json');
	});

	it('NDJSON is one item a line', () => {
		const file = itemsFile(items, 'ndjson', 'projects-items');
		const lines = file.text.trimEnd().split('\n');
		expect(lines.map((l) => JSON.parse(l))).toEqual(items);
		expect(file.fileName).toBe('projects-items.ndjson');
	});

	it('CSV has a column per key, nested values as JSON, quotes where needed, formulas kept as text', () => {
		const rows = toCsv(items).split('\r\n');
		expect(rows[0]).toBe('id,name,archived,namespace,topics');
		expect(rows[1]).toBe('1,Client 1,,"{""path"":""diaspora""}",');
		expect(rows[2]).toBe('2,"Says ""hi"", twice",,,"[""a"",""b""]"');
		expect(rows[3]).toBe(`3,"'=HYPERLINK(""x"")",,,`);
		expect(rows).toHaveLength(5);
		expect(rows[4]).toBe('');
		expect(toCsv([1, 'two'])).toBe('value\r\n1\r\ntwo\r\n');
	});

	it('names the file after the path the items came from', () => {
		expect(itemsFileName('/projects')).toBe('projects-items');
		expect(itemsFileName('/projects/diaspora%2Fclient-1/issues?x=1')).toBe(
			'projects-diaspora-client-1-issues-items'
		);
	});
});
