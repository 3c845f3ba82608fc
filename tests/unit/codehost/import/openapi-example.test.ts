import { describe, expect, it } from 'vitest';
import { exampleOf, requiredProperties } from '$lib/codehost/import/openapi-example';

describe('exampleOf', () => {
	it('the schema’s own example, default, const or first enum value first', () => {
		expect(exampleOf({ type: 'string', example: 'x', default: 'y' })).toBe('x');
		expect(exampleOf({ type: 'string', examples: ['first'] })).toBe('first');
		expect(exampleOf({ type: 'integer', default: 3 })).toBe(3);
		expect(exampleOf({ const: 'c' })).toBe('c');
		expect(exampleOf({ enum: ['a', 'b'] })).toBe('a');
	});

	it('plain values by type and format; a boolean is false, never null (CH-BOOL-2)', () => {
		expect(exampleOf({ type: 'string', format: 'date-time' })).toBe('2024-01-01T00:00:00Z');
		expect(exampleOf({ type: ['boolean', 'null'] })).toBe(false);
		expect(exampleOf({ type: 'array', items: { type: 'integer', minimum: 1 } })).toEqual([1]);
		expect(exampleOf({ oneOf: [{ type: 'string' }, { type: 'integer' }] })).toBe('string');
		expect(
			exampleOf({
				allOf: [
					{ properties: { a: { type: 'string' } }, required: ['a'] },
					{ properties: { b: { type: 'integer', default: 2 } } }
				]
			})
		).toEqual({ a: 'string', b: 2 });
	});

	it('at the top of a body: required and exampled properties; read-only ones never', () => {
		const schema = {
			type: 'object',
			required: ['a'],
			properties: {
				a: { type: 'string' },
				b: { type: 'string' },
				c: { type: 'string', example: 'z' },
				id: { type: 'integer', readOnly: true }
			}
		};
		expect(exampleOf(schema)).toEqual({ a: 'string', c: 'z' });
		expect(exampleOf({ type: 'object', properties: { b: { type: 'string' } } })).toEqual({
			b: 'string'
		});
	});

	it('recursive and exponentially shared schemas end within the budget', () => {
		const node: Record<string, unknown> = { type: 'object', required: ['child'], properties: {} };
		(node.properties as Record<string, unknown>).child = node;
		expect(exampleOf(node)).toEqual({});
		let s: Record<string, unknown> = { type: 'string' };
		for (let i = 0; i < 40; i++)
			s = { type: 'object', required: ['a', 'b'], properties: { a: s, b: s } };
		const started = Date.now();
		expect(typeof exampleOf(s)).toBe('object');
		expect(Date.now() - started).toBeLessThan(1_000);
	});

	it('requiredProperties names every property, required ones marked', () => {
		expect(
			requiredProperties({ required: ['a'], properties: { a: {}, b: {}, id: { readOnly: true } } })
		).toEqual([
			{ name: 'a', required: true },
			{ name: 'b', required: false }
		]);
	});
});
