import { describe, expect, it } from 'vitest';
import { headerDiff, jsonDiff, shortValue } from '$lib/codehost/response/diff';

describe('JSON diff: how arrays are matched', () => {
	it('string ids match elements by id too', () => {
		expect(jsonDiff([{ id: 'a' }, { id: 'b', v: 1 }], [{ id: 'b', v: 2 }])).toEqual([
			{ kind: 'removed', path: '[id="a"]', before: { id: 'a' } },
			{ kind: 'changed', path: '[id="b"].v', before: 1, after: 2 }
		]);
	});

	it('ids that are not scalars, or repeat, fall back to matching by index', () => {
		expect(jsonDiff([{ id: { k: 1 }, v: 1 }], [{ id: { k: 1 }, v: 2 }])).toEqual([
			{ kind: 'changed', path: '[0].v', before: 1, after: 2 }
		]);
		expect(
			jsonDiff(
				[
					{ id: 1, n: 'a' },
					{ id: 1, n: 'b' }
				],
				[
					{ id: 1, n: 'a' },
					{ id: 1, n: 'c' }
				]
			)
		).toEqual([{ kind: 'changed', path: '[1].n', before: 'b', after: 'c' }]);
	});

	it('an empty list against a list with ids shows each element by id', () => {
		expect(jsonDiff([], [{ id: 7 }])).toEqual([
			{ kind: 'added', path: '[id=7]', after: { id: 7 } }
		]);
		expect(jsonDiff([{ id: 7 }], [])).toEqual([
			{ kind: 'removed', path: '[id=7]', before: { id: 7 } }
		]);
		expect(jsonDiff([], [])).toEqual([]);
	});

	it('a shorter list without ids: the missing tail is removed, with its values', () => {
		expect(jsonDiff(['a', 'b', 'c'], ['a'])).toEqual([
			{ kind: 'removed', path: '[1]', before: 'b' },
			{ kind: 'removed', path: '[2]', before: 'c' }
		]);
	});

	it('an object against a scalar is one change of the whole value', () => {
		expect(jsonDiff({ a: 1 }, 5)).toEqual([
			{ kind: 'changed', path: '(whole body)', before: { a: 1 }, after: 5 }
		]);
		expect(jsonDiff({ x: 5 }, { x: { a: 1 } })).toEqual([
			{ kind: 'changed', path: '.x', before: 5, after: { a: 1 } }
		]);
	});

	it('stops at the limit of changes', () => {
		const before = Array.from({ length: 10 }, (_, i) => i);
		const after = before.map((i) => i + 100);
		expect(jsonDiff(before, after, 3).map((c) => c.path)).toEqual(['[0]', '[1]', '[2]']);
		expect(jsonDiff(before, after)).toHaveLength(10);
	});
});

describe('header diff: volatile headers', () => {
	it('leaves out Date, X-Runtime and X-Request-Id, which change on every answer', () => {
		expect(
			headerDiff(
				{ Date: 'Mon', 'X-Runtime': '0.1', 'X-Request-Id': 'r1', 'X-Page': '1' },
				{ Date: 'Tue', 'X-Runtime': '0.2', 'X-Request-Id': 'r2', 'X-Page': '1' }
			)
		).toEqual([]);
		expect(headerDiff({}, { 'x-runtime': '0.2', 'x-request-id': 'r2' })).toEqual([]);
	});
});

describe('shortValue', () => {
	it('shows a value as JSON on one line; nothing for a missing one', () => {
		expect(shortValue(undefined)).toBe('');
		expect(shortValue(null)).toBe('null');
		expect(shortValue('x')).toBe('"x"');
		expect(shortValue({ a: [1, 2] })).toBe('{"a":[1,2]}');
	});

	it('cuts above 120 characters to 119 and an ellipsis', () => {
		const exact = 'a'.repeat(118); // 120 with its quotes
		expect(shortValue(exact)).toBe(`"${exact}"`);
		const long = 'b'.repeat(119); // 121 with its quotes
		const shown = shortValue(long);
		expect(shown).toBe(`"${'b'.repeat(118)}…`);
		expect(shown).toHaveLength(120);
	});
});
