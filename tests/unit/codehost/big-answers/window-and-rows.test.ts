import { describe, expect, it } from 'vitest';
import { rawRow, rawRows } from '$lib/codehost/response/raw-rows';
import {
	MANY_CHILDREN,
	rowForKey,
	rowSteps,
	treeRows,
	type Toggled
} from '$lib/codehost/response/tree-rows';
import { drawnRows, OVERSCAN, rowWindow, scrollToRow } from '$lib/codehost/response/virtual-window';
import { formatJsonPath } from '$lib/codehost/runner/json-path';

describe('rowWindow: the rows drawn are those in sight and a margin', () => {
	it('draws the rows in a 480 px view of 24 px rows, plus the margin after them, at the top', () => {
		expect(rowWindow(0, 480, 24, 20_000)).toEqual({ start: 0, end: 21 + OVERSCAN });
	});
	it('draws about the same number of rows far down a list of 20,000', () => {
		const w = rowWindow(24 * 10_000, 480, 24, 20_000);
		expect(w.start).toBe(10_000 - OVERSCAN);
		expect(w.end).toBe(10_000 + 21 + OVERSCAN);
		expect(w.end - w.start).toBeLessThan(70);
	});
	it('stops at the last row, and draws every row of a short list', () => {
		expect(rowWindow(24 * 19_990, 480, 24, 20_000).end).toBe(20_000);
		expect(rowWindow(0, 480, 24, 5)).toEqual({ start: 0, end: 5 });
	});
	it('draws something in a view not laid out yet (a hidden tab: height 0) and nothing of no rows', () => {
		expect(rowWindow(0, 0, 24, 100).end).toBeGreaterThan(0);
		expect(rowWindow(0, 480, 24, 0)).toEqual({ start: 0, end: 0 });
	});
	it('scrolled past the end (the list got shorter), still draws its last rows', () => {
		expect(rowWindow(24 * 1000, 480, 24, 100)).toEqual({ start: 100 - 1 - OVERSCAN, end: 100 });
	});
	it('draws nothing while rows have no height yet', () => {
		expect(rowWindow(0, 480, 0, 100)).toEqual({ start: 0, end: 0 });
	});
	it('keeps a focused row just outside the window, the first row included; none or -1 adds nothing', () => {
		const w = { start: 2, end: 4 };
		expect(drawnRows(w)).toEqual([2, 3]);
		expect(drawnRows(w, -1)).toEqual([2, 3]);
		expect(drawnRows(w, 0)).toEqual([2, 3, 0]);
		expect(drawnRows(w, 2)).toEqual([2, 3]);
		expect(drawnRows(w, 4)).toEqual([2, 3, 4]);
	});
	it('scrolls a row half below the view up just enough to show it whole', () => {
		expect(scrollToRow(20, 0, 480, 24)).toBe(24);
	});
	it('keeps the focused row drawn when it is scrolled out of the window', () => {
		expect(drawnRows({ start: 100, end: 103 }, 5)).toEqual([100, 101, 102, 5]);
		expect(drawnRows({ start: 100, end: 103 }, 101)).toEqual([100, 101, 102]);
	});
	it('scrolls just enough to bring a row into view', () => {
		expect(scrollToRow(50, 0, 480, 24)).toBe(50 * 24 + 24 - 480);
		expect(scrollToRow(3, 240, 480, 24)).toBe(72);
		expect(scrollToRow(12, 240, 480, 24)).toBe(240);
	});
});

describe('treeRows: a JSON value as the rows the tree draws', () => {
	const value = [
		{ id: 1, author: { name: 'a' } },
		{ id: 2, author: { name: 'b' } }
	];
	it('opens the top and its children (open depth 2), listing rows in document order', () => {
		const rows = treeRows(value, 2, new WeakMap());
		expect(rows.map((r) => [r.key, r.depth, r.open])).toEqual([
			[undefined, 0, true],
			[0, 1, true],
			['id', 2, false],
			['author', 2, false],
			[1, 1, true],
			['id', 2, false],
			['author', 2, false]
		]);
		expect(formatJsonPath(rowSteps(rows, 5))).toBe('$[1].id');
	});
	it('opens and closes by hand', () => {
		const toggled: Toggled = new WeakMap();
		toggled.set(value[0]!, false);
		toggled.set(value[1]!.author, true);
		const rows = treeRows(value, 2, toggled);
		expect(rows.map((r) => r.key)).toEqual([undefined, 0, 1, 'id', 'author', 'name']);
		expect(formatJsonPath(rowSteps(rows, 5))).toBe('$[1].author.name');
	});
	it(`shows the ${MANY_CHILDREN + 1} items of a big list closed: one row each`, () => {
		const big = Array.from({ length: MANY_CHILDREN + 1 }, (_, i) => ({ id: i }));
		const rows = treeRows(big, 2, new WeakMap());
		expect(rows).toHaveLength(MANY_CHILDREN + 2);
		expect(rows[1]!.open).toBe(false);
	});
	it(`shows the items of a list of exactly ${MANY_CHILDREN} open`, () => {
		const list = Array.from({ length: MANY_CHILDREN }, (_, i) => ({ id: i }));
		const rows = treeRows(list, 2, new WeakMap());
		expect(rows[1]!.open).toBe(true);
		expect(rows).toHaveLength(1 + MANY_CHILDREN * 2);
	});
	it('a scalar or null is a value row, not a container; containers count their children', () => {
		const rows = treeRows({ n: null, s: 'text', k: 5, o: { a: 1, b: 2 }, l: [] }, 2, new WeakMap());
		expect(rows.map((r) => [r.key, r.container, r.size, r.parent])).toEqual([
			[undefined, true, 5, -1],
			['n', false, 0, 0],
			['s', false, 0, 0],
			['k', false, 0, 0],
			['o', true, 2, 0],
			['a', false, 0, 4],
			['b', false, 0, 4],
			['l', true, 0, 0]
		]);
		expect(treeRows(null, 2, new WeakMap())).toEqual([
			{
				key: undefined,
				value: null,
				depth: 0,
				parent: -1,
				container: false,
				size: 0,
				open: false,
				tooDeep: false
			}
		]);
	});
	it('lists every field of 20,000 opened objects, a row each', () => {
		const big = Array.from({ length: 20_000 }, (_, i) => ({ id: i, a: 1, b: 2, c: 3, d: 4 }));
		const toggled: Toggled = new WeakMap(big.map((o) => [o, true]));
		expect(treeRows(big, 2, toggled)).toHaveLength(1 + 20_000 * 6);
	});
	it('marks a container nested past the tree’s depth, never opening it', () => {
		let deep: unknown = 1;
		for (let i = 0; i < 150; i++) deep = [deep];
		const toggled: Toggled = new WeakMap();
		let at = deep as unknown[];
		for (let i = 0; i < 150 && Array.isArray(at); i++) {
			toggled.set(at, true);
			at = at[0] as unknown[];
		}
		const rows = treeRows(deep, 2, toggled);
		expect(rows.at(-1)!.tooDeep).toBe(true);
		expect(rows.at(-1)!.open).toBe(false);
		expect(rows).toHaveLength(101);
	});
	it('moves focus by key: arrows, a page, Home, End, and Left to the parent', () => {
		const rows = treeRows(value, 2, new WeakMap());
		expect(rowForKey(rows, 2, 'ArrowDown', 10)).toBe(3);
		expect(rowForKey(rows, 0, 'ArrowUp', 10)).toBe(0);
		expect(rowForKey(rows, 1, 'PageDown', 10)).toBe(6);
		expect(rowForKey(rows, 6, 'Home', 10)).toBe(0);
		expect(rowForKey(rows, 0, 'End', 10)).toBe(6);
		expect(rowForKey(rows, 3, 'ArrowLeft', 10)).toBe(1);
		expect(rowForKey(rows, 0, 'ArrowLeft', 10)).toBeNull();
		expect(rowForKey(rows, 0, 'a', 10)).toBeNull();
	});
	it('PageUp moves a page back, stopping at the top; Left from a row that is gone does nothing', () => {
		const rows = treeRows(value, 2, new WeakMap());
		expect(rowForKey(rows, 6, 'PageUp', 4)).toBe(2);
		expect(rowForKey(rows, 3, 'PageUp', 10)).toBe(0);
		expect(rowForKey(rows, rows.length + 5, 'ArrowLeft', 10)).toBeNull();
	});
});

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
