/**
 * One list of the request as rows and as text: editing either shows in the other, a row off is
 * not sent and keeps its place, and a row keeps its id while it is edited.
 */
import { describe, expect, it } from 'vitest';
import { HEADER_ROWS, QUERY_ROWS } from '$lib/codehost/request/key-value-rows';
import { KeyValueRows } from '$lib/codehost/request/key-value-rows.svelte';

describe('KeyValueRows', () => {
	it('typing in the text makes rows; a row edit rewrites the text', () => {
		const list = new KeyValueRows(QUERY_ROWS, 'per_page=5');
		list.text = 'per_page=5&page=2';
		expect(list.rows.map((r) => r.name)).toEqual(['per_page', 'page']);
		list.update(1, { value: '3' });
		expect(list.text).toBe('per_page=5&page=3');
	});

	it('a row switched off leaves the text and comes back in its place', () => {
		const list = new KeyValueRows(QUERY_ROWS, 'a=1&b=2&c=3');
		list.update(1, { enabled: false });
		expect(list.text).toBe('a=1&c=3');
		expect(list.enabled).toEqual([
			{ name: 'a', value: '1' },
			{ name: 'c', value: '3' }
		]);
		list.text = 'a=9&c=3';
		list.update(1, { enabled: true });
		expect(list.text).toBe('a=9&b=2&c=3');
	});

	it('a row added or removed shows in the text; a row keeps its id as it is edited', () => {
		const list = new KeyValueRows(HEADER_ROWS);
		list.add('X-Trace');
		list.update(0, { value: '1' });
		const id = list.rows[0]!.id;
		list.add('Accept', 'application/json');
		expect(list.text).toBe('X-Trace: 1\nAccept: application/json');
		list.text = 'X-Trace: 2\nAccept: application/json';
		expect(list.rows[0]!.id).toBe(id);
		expect(new Set(list.rows.map((r) => r.id)).size).toBe(2);
		list.remove(0);
		expect(list.text).toBe('Accept: application/json');
	});

	it('another request in place (reset) drops the rows switched off', () => {
		const list = new KeyValueRows(QUERY_ROWS, 'a=1&b=2');
		list.update(0, { enabled: false });
		list.reset('x=1');
		expect(list.rows.map((r) => r.name)).toEqual(['x']);
	});
});
