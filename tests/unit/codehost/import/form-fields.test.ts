import { describe, expect, it } from 'vitest';
import { flattenParams } from '$lib/codehost/request/encoding';
import { unflatten } from '$lib/codehost/import/form-fields';

describe('unflatten', () => {
	it('brackets become arrays and hashes again, so they are sent as they came (CH-PAY-4, CH-PAY-5)', () => {
		const pairs: [string, string][] = [
			['labels[]', 'a'],
			['labels[]', 'b'],
			['override_params[visibility]', 'private'],
			['name', 'x']
		];
		const fields = unflatten(pairs);
		expect(fields).toEqual({
			labels: ['a', 'b'],
			override_params: { visibility: 'private' },
			name: 'x'
		});
		expect(flattenParams(fields)).toEqual(pairs);
	});

	it('arrays of hashes keep their indexes; a repeated plain name becomes a list', () => {
		expect(
			flattenParams(
				unflatten([
					['variables[0][key]', 'A'],
					['variables[0][value]', '1']
				])
			)
		).toEqual([
			['variables[0][key]', 'A'],
			['variables[0][value]', '1']
		]);
		expect(
			unflatten([
				['a', '1'],
				['a', '2'],
				['a', '3']
			])
		).toEqual({ a: ['1', '2', '3'] });
	});

	it('a bare __proto__ is dropped and bracketed ones stay plain names: nothing is polluted', () => {
		const out = unflatten([
			['__proto__', 'x'],
			['__proto__[polluted]', 'y'],
			['a[__proto__]', 'z']
		]);
		expect(Object.keys(out)).toEqual(['__proto__[polluted]', 'a[__proto__]']);
		expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
	});
});
