import { describe, expect, it } from 'vitest';
import { JSON_MAX_DEPTH, jsonDepth, jsonEntries } from '$lib/http/json-walk';

/** `levels` arrays inside each other: `nested(2)` is `[[]]`. */
function nested(levels: number): unknown {
	let value: unknown = [];
	for (let i = 1; i < levels; i++) value = [value];
	return value;
}

describe('jsonDepth', () => {
	it('counts a scalar or null as 0 and an empty container as 1', () => {
		expect(jsonDepth(42)).toBe(0);
		expect(jsonDepth('text')).toBe(0);
		expect(jsonDepth(null)).toBe(0);
		expect(jsonDepth([])).toBe(1);
		expect(jsonDepth({})).toBe(1);
		expect(jsonDepth({ a: null, b: 1 })).toBe(1);
	});

	it('reports the deepest branch, whichever order the branches come in', () => {
		expect(jsonDepth({ a: { b: [] } })).toBe(3);
		expect(jsonDepth([[], [[]]])).toBe(3);
		expect(jsonDepth([[[]], []])).toBe(3);
		expect(jsonDepth({ list: [1, { x: { y: 'z' } }], flat: 2 })).toBe(4);
	});

	it('stops counting one level past the limit', () => {
		expect(jsonDepth(nested(5), 5)).toBe(5);
		expect(jsonDepth(nested(10), 5)).toBe(6);
		expect(jsonDepth(nested(JSON_MAX_DEPTH + 50))).toBe(JSON_MAX_DEPTH + 1);
	});

	it('measures an answer nested far deeper than the stack allows without throwing', () => {
		const deep = JSON.parse('['.repeat(20_000) + ']'.repeat(20_000)) as unknown;
		expect(jsonDepth(deep, Infinity)).toBe(20_000);
	});
});

describe('jsonEntries', () => {
	const answer = { a: 1, b: { c: [true, { d: null }] }, e: 'x' };

	it('lists every key in document order with its dotted path and value', () => {
		expect([...jsonEntries(answer)]).toEqual([
			{ path: 'a', key: 'a', value: 1 },
			{ path: 'b', key: 'b', value: answer.b },
			{ path: 'b.c', key: 'c', value: answer.b.c },
			{ path: 'b.c.0', key: '0', value: true },
			{ path: 'b.c.1', key: '1', value: answer.b.c[1] },
			{ path: 'b.c.1.d', key: 'd', value: null },
			{ path: 'e', key: 'e', value: 'x' }
		]);
	});

	it('puts a given prefix in front of every path', () => {
		expect([...jsonEntries({ a: { b: 2 } }, '0')].map((e) => e.path)).toEqual(['0.a', '0.a.b']);
	});

	it('goes at most maxDepth levels down', () => {
		const paths = (depth: number) => [...jsonEntries(answer, '', depth)].map((e) => e.path);
		expect(paths(1)).toEqual(['a', 'b', 'e']);
		expect(paths(2)).toEqual(['a', 'b', 'b.c', 'e']);
		expect(paths(3)).toEqual(['a', 'b', 'b.c', 'b.c.0', 'b.c.1', 'e']);
	});

	it('yields nothing for a scalar or null', () => {
		expect([...jsonEntries(null)]).toEqual([]);
		expect([...jsonEntries(7)]).toEqual([]);
		expect([...jsonEntries('abc')]).toEqual([]);
	});

	it('walks a deeply nested answer without throwing and stops at the default depth', () => {
		const deep = JSON.parse('{"k":'.repeat(5_000) + '1' + '}'.repeat(5_000)) as unknown;
		const entries = [...jsonEntries(deep)];
		expect(entries).toHaveLength(JSON_MAX_DEPTH);
		expect(entries.at(-1)!.path).toBe(Array(JSON_MAX_DEPTH).fill('k').join('.'));
	});
});
