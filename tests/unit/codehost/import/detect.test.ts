import { FileRefused } from '$lib/ui/file-refused';
import { describe, expect, it } from 'vitest';
import { detectFormat } from '$lib/codehost/import/detect';

const j = (v: unknown) => JSON.stringify(v);

describe('detectFormat: by content, never by file name', () => {
	it.each([
		[
			{
				info: { schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
				item: []
			},
			'postman-collection-2.1'
		],
		[
			{
				info: { schema: 'https://schema.getpostman.com/json/collection/v2.0.0/collection.json' },
				item: []
			},
			'postman-collection-2.0'
		],
		[{ name: 'e', values: [], _postman_variable_scope: 'environment' }, 'postman-environment'],
		[{ name: 'g', values: [], _postman_variable_scope: 'globals' }, 'postman-environment'],
		[{ _type: 'export', __export_format: 4, resources: [] }, 'insomnia-4'],
		[{ openapi: '3.0.3', info: {}, paths: {} }, 'openapi-3.0'],
		[{ openapi: '3.1.0', info: {}, paths: {} }, 'openapi-3.1'],
		[{ swagger: '2.0', info: {}, paths: {} }, 'swagger-2.0'],
		[{ log: { version: '1.2', entries: [] } }, 'har-1.2'],
		[{ name: 'b', version: '1', items: [{ type: 'http-request', name: 'r' }] }, 'bruno-json'],
		[{ name: 'b', version: '1', items: [], brunoConfig: { version: '1' } }, 'bruno-json'],
		[{ v: 2, name: 'h', folders: [], requests: [] }, 'hoppscotch-collection'],
		[[{ v: 2, name: 'h', folders: [], requests: [] }], 'hoppscotch-collection'],
		[{ name: 'h', variables: [{ key: 'a', value: '1' }] }, 'hoppscotch-environment'],
		[
			[{ name: 'h', variables: [{ key: 'a', value: '1', secret: true }] }],
			'hoppscotch-environment'
		],
		[{ format: 'api-workbench-collections', version: 1, collections: [] }, 'api-workbench']
	])('%j is %s', (data, format) => {
		expect(detectFormat(data)).toBe(format);
		expect(detectFormat(j(data))).toBe(format);
	});

	it('YAML: Insomnia v5, Insomnia v4 and OpenAPI', () => {
		expect(detectFormat('type: collection.insomnia.rest/5.0\nname: C\ncollection: []\n')).toBe(
			'insomnia-5'
		);
		expect(detectFormat('_type: export\n__export_format: 4\nresources: []\n')).toBe('insomnia-4');
		expect(detectFormat('openapi: 3.1.0\ninfo: {title: t, version: "1"}\npaths: {}\n')).toBe(
			'openapi-3.1'
		);
		expect(detectFormat("swagger: '2.0'\ninfo: {title: t}\npaths: {}\n")).toBe('swagger-2.0');
	});

	it.each([
		[
			{ id: 'x', name: 'old', order: [], requests: [] },
			/Postman collection of version 1\. Export it again from Postman as Collection v2\.1/
		],
		[{ _type: 'export', __export_format: 3, resources: [] }, /Insomnia export of format 3/],
		[
			{ openapi: '2.5.0' },
			/OpenAPI description of version 2\.5\.0; this explorer reads 3\.0 and 3\.1/
		],
		[{ swagger: '1.2' }, /Swagger description of version 1\.2/],
		[{ type: 'spec.insomnia.rest/5.0' }, /Insomnia file of type “spec\.insomnia\.rest\/5\.0”/],
		[{ hello: 'world' }, /This file is not one this explorer can import/],
		[[1, 2, 3], /a list this explorer does not know/],
		['"just text"', /neither JSON nor YAML|holds no collection/]
	])('refuses %j, saying what was expected', (data, message) => {
		const run = () => detectFormat(typeof data === 'string' ? data : j(data));
		expect(run).toThrow(FileRefused);
		expect(run).toThrow(message);
		expect(run).toThrow(
			/Choose a Postman collection or environment .* a HAR recording, or a file made by “Export collections”\./
		);
	});

	it('deeply nested JSON is refused, not a crash', () => {
		expect(() => detectFormat('['.repeat(200_000) + ']'.repeat(200_000))).toThrow(FileRefused);
	});
});
