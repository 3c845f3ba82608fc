/**
 * An OpenAPI operation as the endpoint list keeps it: every parameter and top-level body field
 * with the type, required or not, description and allowed values its schema gives (Swagger 2.0's
 * types on the parameter itself), read-only fields left out.
 */
import { describe, expect, it } from 'vitest';
import { describeOperation, schemaType } from '$lib/codehost/import/openapi-describe';

describe('schemaType', () => {
	it('says a schema’s type as a person reads it', () => {
		expect(schemaType({ type: 'integer', format: 'int64' })).toBe('integer (int64)');
		expect(schemaType({ type: ['string', 'null'], format: 'date' })).toBe('string (date) or null');
		expect(schemaType({ type: 'array', items: { type: 'string' } })).toBe('list of string');
		expect(schemaType({ items: {} })).toBe('list');
		expect(schemaType({ properties: {} })).toBe('object');
		expect(schemaType({})).toBeUndefined();
	});
});

describe('describeOperation', () => {
	it('takes parameters and body fields with their docs; path templates as :name', () => {
		const op = describeOperation({
			method: 'POST',
			template: '/projects/{id}/issues',
			op: {
				summary: '  Create\n an issue ',
				externalDocs: { url: 'https://docs.example.com/issues' }
			},
			params: [
				{ name: 'id', in: 'path', schema: { type: 'string' }, description: 'Project' },
				{ name: 'dry_run', in: 'query', schema: { type: 'boolean' } },
				{ name: 'session', in: 'cookie', schema: { type: 'string' } }
			],
			media: {
				type: 'application/json',
				schema: {
					allOf: [
						{
							type: 'object',
							required: ['title'],
							properties: {
								id: { type: 'integer', readOnly: true },
								title: { type: 'string', description: 'Title' }
							}
						},
						{
							properties: {
								state: { type: 'string', enum: ['opened', 'closed'] },
								labels: { type: 'array', items: { type: 'string', enum: ['bug', 'ux'] } }
							}
						}
					]
				}
			},
			requestId: 'req-1'
		});
		expect(op).toEqual({
			method: 'POST',
			path: '/projects/:id/issues',
			summary: 'Create an issue',
			docsUrl: 'https://docs.example.com/issues',
			bodyType: 'application/json',
			requestId: 'req-1',
			params: [
				{ name: 'id', in: 'path', required: true, type: 'string', description: 'Project' },
				{ name: 'dry_run', in: 'query', required: false, type: 'boolean' },
				{ name: 'title', in: 'body', required: true, type: 'string', description: 'Title' },
				{
					name: 'state',
					in: 'body',
					required: false,
					type: 'string',
					values: ['opened', 'closed']
				},
				{
					name: 'labels',
					in: 'body',
					required: false,
					type: 'list of string',
					values: ['bug', 'ux']
				}
			]
		});
	});

	it('Swagger 2.0: the type is on the parameter; a docs link that is not http(s) is left out', () => {
		const op = describeOperation({
			method: 'GET',
			template: '/pets',
			op: { operationId: 'findPets', externalDocs: { url: 'javascript:alert(1)' } },
			params: [{ name: 'limit', in: 'query', type: 'integer', format: 'int32', required: true }]
		});
		expect(op).toEqual({
			method: 'GET',
			path: '/pets',
			summary: 'findPets',
			params: [{ name: 'limit', in: 'query', required: true, type: 'integer (int32)' }]
		});
	});

	it('a long description is cut, and no more than 200 fields are kept', () => {
		const many = Object.fromEntries(
			Array.from({ length: 500 }, (_, i) => [
				`f${i}`,
				{ type: 'string', description: 'x'.repeat(900) }
			])
		);
		const op = describeOperation({
			method: 'POST',
			template: '/x',
			op: {},
			params: [],
			media: { type: 'application/json', schema: { properties: many } }
		});
		expect(op.params).toHaveLength(200);
		expect(op.params[0]!.description!.length).toBe(300);
	});
});
