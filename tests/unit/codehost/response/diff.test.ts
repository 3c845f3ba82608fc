import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { headerDiff, jsonDiff, bodyDiff } from '$lib/codehost/response/diff';

describe('JSON diff', () => {
	it('lists added, removed and changed paths of objects', () => {
		expect(
			jsonDiff({ a: 1, b: { c: 'x', d: true }, 'odd key': 1 }, { a: 2, b: { c: 'x', e: null } })
		).toEqual([
			{ kind: 'changed', path: '.a', before: 1, after: 2 },
			{ kind: 'removed', path: '.b.d', before: true },
			{ kind: 'added', path: '.b.e', after: null },
			{ kind: 'removed', path: '["odd key"]', before: 1 }
		]);
	});

	it('matches array elements by id when each has one, so a shifted page shows what came and went', () => {
		const page1 = [
			{ id: 1, name: 'a' },
			{ id: 2, name: 'b' },
			{ id: 3, name: 'c' }
		];
		const page2 = [
			{ id: 2, name: 'b' },
			{ id: 3, name: 'C' },
			{ id: 4, name: 'd' }
		];
		expect(jsonDiff(page1, page2)).toEqual([
			{ kind: 'removed', path: '[id=1]', before: { id: 1, name: 'a' } },
			{ kind: 'changed', path: '[id=3].name', before: 'c', after: 'C' },
			{ kind: 'added', path: '[id=4]', after: { id: 4, name: 'd' } }
		]);
	});

	it('matches by index when elements have no id', () => {
		expect(jsonDiff(['a', 'b'], ['a', 'c', 'd'])).toEqual([
			{ kind: 'changed', path: '[1]', before: 'b', after: 'c' },
			{ kind: 'added', path: '[2]', after: 'd' }
		]);
		expect(jsonDiff(1, 'x')).toEqual([
			{ kind: 'changed', path: '(whole body)', before: 1, after: 'x' }
		]);
	});

	it('no change between a value and itself; a change of any leaf is found', () => {
		fc.assert(
			fc.property(fc.jsonValue(), (v) => {
				expect(jsonDiff(v, structuredClone(v))).toEqual([]);
				expect(jsonDiff({ x: v }, { x: [v] }).length).toBeGreaterThan(0);
			})
		);
	});
});

describe('header diff', () => {
	it('compares by name in any case and leaves out Date', () => {
		expect(
			headerDiff(
				{ 'X-Page': '1', Date: 'Mon', 'X-Total': '5', ETag: 'a' },
				{ 'x-page': '2', date: 'Tue', etag: 'a', link: '<x>; rel="next"' }
			)
		).toEqual([
			{ kind: 'changed', name: 'x-page', before: '1', after: '2' },
			{ kind: 'removed', name: 'x-total', before: '5' },
			{ kind: 'added', name: 'link', after: '<x>; rel="next"' }
		]);
	});
});

describe('bodyDiff: what Compare with… lists, as short lines', () => {
	it('lists JSON changes with their values as text', () => {
		expect(bodyDiff('[{"id":1,"n":"a"}]', '[{"id":1,"n":"b"},{"id":2}]')).toEqual([
			{ kind: 'changed', path: '[id=1].n', before: '"a"', after: '"b"' },
			{ kind: 'added', path: '[id=2]', after: '{"id":2}' }
		]);
	});
	it('says only "same" or "not both JSON" of other bodies', () => {
		expect(bodyDiff('hello', 'hello')).toEqual([]);
		expect(bodyDiff('hello', '[1]')).toBeNull();
		expect(bodyDiff('', '')).toEqual([]);
	});
	it('compares two 1 MB lists, at most 500 changes', () => {
		const list = (seed: number) =>
			JSON.stringify(Array.from({ length: 20_000 }, (_, i) => ({ id: i, v: (i * seed) % 7 })));
		expect(bodyDiff(list(1), list(2))).toHaveLength(500);
	});
});
