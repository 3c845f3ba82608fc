import { FileRefused } from '$lib/ui/file-refused';
import { describe, expect, it } from 'vitest';
import { exportCollections, type Collection } from '$lib/codehost/collections/collections';
import { parseImport, readAnyImport } from '$lib/codehost/import/read-import';
import { API_ROOT } from './sent';

const options = { apiRoot: API_ROOT };
const POSTMAN = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';
const pmRequest = (i: number) => ({
	name: `r${i}`,
	request: { method: 'GET', url: `{{baseUrl}}/projects/${i}` }
});

describe('parseImport', () => {
	it('this explorer’s own file is read by its own reader, secrets dropped and named', async () => {
		const own: Collection[] = [
			{
				id: 'c',
				name: 'Mine',
				requests: [
					{
						id: 'r',
						name: 'Me',
						method: 'GET',
						path: '/user',
						pathParams: {},
						query: '',
						params: '',
						bodyKind: 'query',
						headers: '',
						auth: { method: 'personal', way: 'bearer' }
					}
				]
			}
		];
		const text = exportCollections(own, [
			{ id: 'e', name: 'E', values: { baseUrl: API_ROOT, token: '' }, secret: ['token'] }
		]);
		const preview = await parseImport(text, options);
		expect(preview.format).toBe('api-workbench');
		expect(
			preview.collections.map((c) => [c.name, c.requests.map((r) => [r.name, r.path, r.auth])])
		).toEqual([['Mine', [['Me', '/user', { method: 'personal', way: 'bearer' }]]]]);
		// Its own reader drops a variable named like a credential parameter, and says so.
		expect(preview.environments[0]).toMatchObject({ name: 'E', values: { baseUrl: API_ROOT } });
		expect(preview.notCarried[0]!.where).toContain('environment “E”: the variable token');
	});

	it.each([
		[
			'Postman',
			{
				info: { name: 'Big', schema: POSTMAN },
				item: Array.from({ length: 2_001 }, (_, i) => pmRequest(i))
			}
		],
		[
			'Postman, nested',
			{
				info: { name: 'Big', schema: POSTMAN },
				item: [{ name: 'f', item: Array.from({ length: 2_001 }, (_, i) => pmRequest(i)) }]
			}
		],
		[
			'Insomnia',
			{
				_type: 'export',
				__export_format: 4,
				resources: [
					{ _id: 'w', _type: 'workspace', name: 'W' },
					...Array.from({ length: 2_001 }, (_, i) => ({
						_id: `r${i}`,
						parentId: 'w',
						_type: 'request',
						name: `r${i}`,
						method: 'GET',
						url: `${API_ROOT}/user`
					}))
				]
			}
		],
		[
			'Hoppscotch',
			{
				v: 2,
				name: 'H',
				folders: [],
				requests: Array.from({ length: 2_001 }, (_, i) => ({
					name: `r${i}`,
					method: 'GET',
					endpoint: `${API_ROOT}/user`
				}))
			}
		],
		[
			'Bruno',
			{
				name: 'B',
				version: '1',
				items: Array.from({ length: 2_001 }, (_, i) => ({
					type: 'http-request',
					name: `r${i}`,
					request: { method: 'GET', url: `${API_ROOT}/user` }
				}))
			}
		],
		[
			'HAR',
			{
				log: {
					version: '1.2',
					entries: Array.from({ length: 2_001 }, () => ({
						request: { method: 'GET', url: `${API_ROOT}/user`, headers: [] }
					}))
				}
			}
		]
	])('%s: more requests than the explorer keeps refuses the whole file', async (_name, data) => {
		await expect(parseImport(JSON.stringify(data), options)).rejects.toThrow(FileRefused);
		await expect(parseImport(JSON.stringify(data), options)).rejects.toThrow(
			/more than 2000 requests/
		);
	});

	it('folders nested past any real export refuse the file', async () => {
		let item: unknown[] = [pmRequest(0)];
		for (let i = 0; i < 60; i++) item = [{ name: `f${i}`, item }];
		await expect(
			parseImport(JSON.stringify({ info: { name: 'Deep', schema: POSTMAN }, item }), options)
		).rejects.toThrow(/nests folders more than 40 deep/);
	});

	it('a __proto__ key anywhere refuses the file, in every format, and pollutes nothing', async () => {
		for (const text of [
			`{"info": {"name": "P", "schema": "${POSTMAN}"}, "item": [], "variable": [{"key": "a", "value": "b", "__proto__": {"polluted": 1}}]}`,
			'{"name": "e", "_postman_variable_scope": "environment", "values": [], "__proto__": {"polluted": 1}}',
			'_type: export\n__export_format: 4\nresources:\n  - _type: environment\n    data:\n      __proto__:\n        polluted: 1\n'
		]) {
			await expect(parseImport(text, options)).rejects.toThrow(/“__proto__”, which no tool writes/);
		}
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
	});

	it('a Postman collection without its list of requests is refused with what is missing', async () => {
		await expect(
			parseImport(JSON.stringify({ info: { name: 'P', schema: POSTMAN } }), options)
		).rejects.toThrow(/lists no requests/);
	});

	it('a 20 MB Postman export (saved example answers included) is read whole', async () => {
		const answer = JSON.stringify(
			Array.from({ length: 40 }, (_, i) => ({
				id: i,
				name: `Projekt ${i}`,
				description: 'ü'.repeat(200)
			}))
		);
		const item = Array.from({ length: 1_900 }, (_, i) => ({
			name: `Anfrage ${i}`,
			request: {
				method: 'POST',
				header: [{ key: 'X-N', value: String(i) }],
				url: `{{baseUrl}}/projects/${i}/issues`,
				body: {
					mode: 'raw',
					raw: JSON.stringify({ title: `t${i}` }),
					options: { raw: { language: 'json' } }
				}
			},
			response: [{ name: 'OK', code: 200, body: answer }]
		}));
		const text = JSON.stringify({
			info: { name: 'Gross', schema: POSTMAN },
			item,
			variable: [{ key: 'baseUrl', value: API_ROOT }]
		});
		expect(text.length).toBeGreaterThan(20_000_000);
		const preview = await parseImport(text, options);
		expect(preview.counts.requests).toBe(1_900);
		expect(preview.collections[0]!.requests[1_899]).toMatchObject({
			path: '/projects/1899/issues',
			headers: 'X-N: 1899'
		});
	});
});

describe('readAnyImport', () => {
	it('this explorer’s own file is read by its own reader, to apply as it always was', async () => {
		const text = exportCollections([], [{ id: 'e', name: 'E', values: { a: '1' } }]);
		const read = await readAnyImport(text, options);
		expect(read).toEqual({
			own: { collections: [], environments: expect.any(Array), dropped: [] }
		});
	});

	it('another tool’s file is a preview to confirm', async () => {
		const text = JSON.stringify({ info: { name: 'P', schema: POSTMAN }, item: [pmRequest(1)] });
		const read = await readAnyImport(text, options);
		expect('preview' in read && read.preview.format).toBe('postman-collection-2.1');
	});

	it('a file of no known format is refused with what was expected', async () => {
		await expect(readAnyImport('{"a": 1}', options)).rejects.toBeInstanceOf(FileRefused);
		await expect(readAnyImport('[1, 2]', options)).rejects.toThrow(/Choose a Postman collection/);
	});
});
