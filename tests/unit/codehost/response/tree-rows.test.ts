import { describe, expect, it } from 'vitest';
import {
	MANY_CHILDREN,
	rowForKey,
	rowSteps,
	treeRows,
	type Toggled
} from '$lib/codehost/response/tree-rows';
import { formatJsonPath } from '$lib/codehost/runner/json-path';

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
		expect(rows.map((r) => [r.key, r.container, r.size, r.parent, r.position])).toEqual([
			[undefined, true, 5, -1, 0],
			['n', false, 0, 0, 0],
			['s', false, 0, 0, 1],
			['k', false, 0, 0, 2],
			['o', true, 2, 0, 3],
			['a', false, 0, 4, 0],
			['b', false, 0, 4, 1],
			['l', true, 0, 0, 4]
		]);
		expect(treeRows(null, 2, new WeakMap())).toEqual([
			{
				key: undefined,
				value: null,
				depth: 0,
				parent: -1,
				position: 0,
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
