import { FileRefused } from '$lib/ui/file-refused';
import { createStore, set } from 'idb-keyval';
import type { CodehostRequest } from '$lib/codehost/request/request';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanCollections, CollectionStore } from '$lib/codehost/collections/store';
import { clearCollections, storedCollections } from './stored-collections';
import {
	FILE_FORMAT,
	LIMITS,
	parseCollectionsFile,
	searchCollections,
	withoutSecrets,
	type Collection
} from '$lib/codehost/collections/collections';

const codehostRequest = (over: Partial<CodehostRequest> = {}): CodehostRequest => ({
	method: 'GET',
	path: '/projects',
	pathParams: {},
	query: '',
	params: '',
	bodyKind: 'query',
	headers: '',
	auth: { method: 'personal', way: 'private-token-header' },
	...over
});

const file = (collections: unknown, extra: object = {}) =>
	JSON.stringify({ format: FILE_FORMAT, version: 1, collections, ...extra });

/** A file of one collection “C” holding the given requests. */
const oneCollection = (...requests: unknown[]) => file([{ name: 'C', requests }]);

/** The message a refused file gives, or a failure if it was read or failed otherwise. */
function refusal(text: string): string {
	try {
		parseCollectionsFile(text);
	} catch (error) {
		expect(error).toBeInstanceOf(FileRefused);
		return (error as Error).message;
	}
	throw new Error('the file was read');
}

afterEach(() => {
	vi.unstubAllGlobals();
});

describe('reading a collections file: what each refusal says', () => {
	it.each([
		[
			'a request name longer than 200 characters',
			{ ...codehostRequest(), name: 'n'.repeat(201) },
			'The name of request 1 of “C” is longer than 200 characters.'
		],
		[
			'a blank request name',
			{ ...codehostRequest(), name: '   ' },
			'The name of request 1 of “C” is empty.'
		],
		['a request that is not an object', 5, 'request 1 of “C” is not a request.'],
		['a request that is text', 'GET /x', 'request 1 of “C” is not a request.'],
		[
			'a method that is not text',
			{ ...codehostRequest(), name: 'R', method: 5 },
			'The method of request 1 of “C” (“R”) is not text.'
		],
		[
			'a path that is not text',
			{ ...codehostRequest(), name: 'R', path: null },
			'The path of request 1 of “C” (“R”) is not text.'
		],
		[
			'path parameters given as a list',
			{ ...codehostRequest(), name: 'R', pathParams: ['id'] },
			'The path parameters of request 1 of “C” (“R”) are not a list of names and values.'
		],
		[
			'a path parameter value that is not text',
			{ ...codehostRequest(), name: 'R', pathParams: { id: 7 } },
			'The path parameter id of request 1 of “C” (“R”) is not text.'
		],
		[
			'an unknown body kind',
			{ ...codehostRequest(), name: 'R', bodyKind: 'xml' },
			'request 1 of “C” (“R”) sends its parameters as “xml”, which the explorer does not know.'
		],
		[
			'a query that is not text',
			{ ...codehostRequest(), name: 'R', query: 1 },
			'The query of request 1 of “C” (“R”) is not text.'
		],
		[
			'parameters that are not text',
			{ ...codehostRequest(), name: 'R', params: {} },
			'The parameters of request 1 of “C” (“R”) is not text.'
		],
		[
			'headers that are not text',
			{ ...codehostRequest(), name: 'R', headers: ['X-A: 1'] },
			'The headers of request 1 of “C” (“R”) is not text.'
		]
	])('refuses %s', (_what, request, message) => {
		expect(refusal(oneCollection(request))).toBe(message);
	});

	it('a request name is trimmed, and one of exactly 200 characters is read', () => {
		const long = 'n'.repeat(LIMITS.nameChars);
		const back = parseCollectionsFile(
			oneCollection(
				{ ...codehostRequest(), name: '  Padded  ' },
				{ ...codehostRequest(), name: long }
			)
		);
		expect(back.collections[0]!.requests.map((r) => r.name)).toEqual(['Padded', long]);
	});

	it('a bad path is quoted in the message cut at 80 characters', () => {
		const path = `/${'a'.repeat(100)} b`;
		expect(refusal(oneCollection({ ...codehostRequest({ path }), name: 'R' }))).toBe(
			`request 1 of “C” (“R”) has the path “${path.slice(0, 80)}”: a saved path starts with one “/” and stays under the base URL (no other server, no spaces).`
		);
	});

	it.each([
		['starting with a digit', '1id'],
		['holding a digit', 'id2'],
		['holding a dash', 'project-id']
	])('refuses a path parameter name %s', (_what, name) => {
		expect(
			refusal(oneCollection({ ...codehostRequest(), name: 'R', pathParams: { [name]: 'x' } }))
		).toBe(`request 1 of “C” (“R”) has a path parameter called “${name}”, which no path uses.`);
	});

	it('a long unknown path parameter name is quoted cut at 40 characters', () => {
		const name = `${'p'.repeat(50)}9`;
		expect(
			refusal(oneCollection({ ...codehostRequest(), name: 'R', pathParams: { [name]: 'x' } }))
		).toBe(
			`request 1 of “C” (“R”) has a path parameter called “${'p'.repeat(40)}”, which no path uses.`
		);
	});

	it('path parameters with ordinary names are read, and a request without them has none', () => {
		const { pathParams: _none, ...bare } = codehostRequest({ path: '/user' });
		const back = parseCollectionsFile(
			oneCollection(
				{
					...codehostRequest({ path: '/projects/{{project_id}}/issues/{{iid}}' }),
					name: 'Issue',
					pathParams: { project_id: '42', IID: '7' }
				},
				{ ...bare, name: 'Me' }
			)
		);
		expect(back.collections[0]!.requests.map((r) => r.pathParams)).toEqual([
			{ project_id: '42', IID: '7' },
			{}
		]);
	});

	it.each(['none', 'query', 'json', 'form', 'multipart'] as const)(
		'reads a request sending its parameters as %s',
		(bodyKind) => {
			const back = parseCollectionsFile(
				oneCollection({ ...codehostRequest({ bodyKind }), name: 'R' })
			);
			expect(back.collections[0]!.requests[0]!.bodyKind).toBe(bodyKind);
		}
	);

	it('a file the request needs chosen is read back (a field, or the whole body); one that is neither is refused', () => {
		const read = (fileSlot: unknown) =>
			parseCollectionsFile(oneCollection({ name: 'R', method: 'PUT', path: '/p', fileSlot }))
				.collections[0]!.requests[0]!.fileSlot;
		expect(read({ field: 'avatar', source: 'dk.png' })).toEqual({
			field: 'avatar',
			source: 'dk.png'
		});
		expect(read({ field: null, source: 'a.txt' })).toEqual({ field: null, source: 'a.txt' });
		expect(read(undefined)).toBeUndefined();
		expect(
			refusal(oneCollection({ name: 'R', method: 'PUT', path: '/p', fileSlot: { field: 3 } }))
		).toBe('The file request 1 of “C” (“R”) sends is neither a form field nor the whole body.');
	});

	it('a request with only a name, a method and a path gets the defaults', () => {
		const back = parseCollectionsFile(oneCollection({ name: 'R', method: 'delete', path: '/x' }));
		const { id, ...request } = back.collections[0]!.requests[0]!;
		expect(id).toMatch(/^req-/);
		expect(back.collections[0]!.id).toMatch(/^col-/);
		expect(request).toEqual({
			name: 'R',
			method: 'DELETE',
			path: '/x',
			pathParams: {},
			query: '',
			params: '',
			bodyKind: 'query',
			headers: '',
			auth: { method: 'none', way: 'none' }
		});
		expect(back.environments).toEqual([]);
		expect(back.dropped).toEqual([]);
	});

	it('keeps the auth way a request names, and falls back to the first way of its method', () => {
		const back = parseCollectionsFile(
			oneCollection(
				{ ...codehostRequest(), name: 'A', auth: { method: 'oauth', way: 'access-token-query' } },
				{ ...codehostRequest(), name: 'B', auth: { method: 'oauth', way: 'job-token-header' } },
				{ ...codehostRequest(), name: 'C', auth: { method: 'job', way: 'job-token-query' } }
			)
		);
		expect(back.collections[0]!.requests.map((r) => r.auth)).toEqual([
			{ method: 'oauth', way: 'access-token-query' },
			{ method: 'oauth', way: 'bearer' },
			{ method: 'job', way: 'job-token-query' }
		]);
	});

	it.each(['token', 'secret', 'password', 'refreshToken', 'tokens'])(
		'a “%s” in the auth part of a request is named as dropped',
		(key) => {
			const back = parseCollectionsFile(
				oneCollection({
					...codehostRequest(),
					name: 'R',
					auth: { method: 'personal', [key]: 'glpat-x' }
				})
			);
			expect(back.dropped).toEqual(['“R”: a token in its auth part']);
			expect(JSON.stringify(back)).not.toContain('glpat-x');
		}
	);
});

describe('reading a collections file: the file as a whole', () => {
	it('a file of exactly 50 MB is read, one character more is refused', () => {
		const base = oneCollection({ ...codehostRequest(), name: 'R' });
		const exact = base + ' '.repeat(LIMITS.fileChars - base.length);
		expect(exact).toHaveLength(50_000_000);
		expect(parseCollectionsFile(exact).collections).toHaveLength(1);
		expect(refusal(`${exact} `)).toBe('The file is larger than 50 MB; an export is far smaller.');
	});

	it('an unknown version is quoted cut at 20 characters', () => {
		expect(
			refusal(JSON.stringify({ format: FILE_FORMAT, version: 'v'.repeat(30), collections: [] }))
		).toBe(`The file is of version ${'v'.repeat(20)}; this explorer reads version 1.`);
	});

	it('refuses a file whose collections are not a list', () => {
		expect(refusal(file({ C: [] }))).toBe('The file lists no collections.');
		expect(refusal(JSON.stringify({ format: FILE_FORMAT, version: 1 }))).toBe(
			'The file lists no collections.'
		);
	});

	it('200 collections are read, 201 refused', () => {
		const many = (n: number) =>
			Array.from({ length: n }, (_, i) => ({ name: `C${i}`, requests: [] }));
		expect(parseCollectionsFile(file(many(200))).collections).toHaveLength(200);
		expect(refusal(file(many(201)))).toBe('The file holds more than 200 collections.');
	});

	it('2000 requests are read, 2001 refused, however they are spread', () => {
		const requests = (n: number) =>
			Array.from({ length: n }, () => ({ ...codehostRequest(), name: 'R' }));
		const read = parseCollectionsFile(
			file([
				{ name: 'A', requests: requests(1000) },
				{ name: 'B', requests: requests(1000) }
			])
		);
		expect(read.collections.map((c) => c.requests.length)).toEqual([1000, 1000]);
		expect(
			refusal(
				file([
					{ name: 'A', requests: requests(1000) },
					{ name: 'B', requests: requests(1001) }
				])
			)
		).toBe('The file holds more than 2000 requests.');
	});

	it.each([
		['null', null],
		['a number', 3],
		['a list', [{ name: 'x' }]],
		['a collection without requests', { name: 'B' }]
	])('refuses a collection that is %s, giving its place', (_what, second) => {
		expect(refusal(file([{ name: 'A', requests: [] }, second]))).toBe(
			'Collection 2 is not a collection of requests.'
		);
	});

	it('refuses a collection without a name, giving its place', () => {
		expect(
			refusal(
				file([
					{ name: 'A', requests: [] },
					{ name: ' ', requests: [] }
				])
			)
		).toBe('The name of collection 2 is empty.');
		expect(refusal(file([{ name: 'A', requests: [] }, { requests: [] }]))).toBe(
			'The name of collection 2 is not text.'
		);
	});

	it('refuses environments that are not a list, or one without a name', () => {
		expect(refusal(file([], { environments: { Prod: {} } }))).toBe(
			'The environments of the file are not a list.'
		);
		expect(
			refusal(file([], { environments: [{ name: 'Prod', values: {} }, { values: { a: '1' } }] }))
		).toBe('Environment 2 of the file has no name.');
	});

	it('imported environments keep their names and variables, in order', () => {
		const back = parseCollectionsFile(
			file([], {
				environments: [
					{ name: 'Prod', values: { project: 'a/b' } },
					{ name: 'Staging', values: {}, auth: { method: 'job', way: 'job-token-query' } }
				]
			})
		);
		expect(back.environments).toEqual([
			{ id: 'import-0', name: 'Prod', values: { project: 'a/b' } },
			{
				id: 'import-1',
				name: 'Staging',
				values: {},
				auth: { method: 'job', way: 'job-token-query' }
			}
		]);
	});
});

describe('withoutSecrets', () => {
	it('drops a credential header written with spaces around its name, and keeps the other lines', () => {
		const { request: cleaned, dropped } = withoutSecrets(
			codehostRequest({ headers: 'X-A: 1\n  Authorization : Bearer x\nX-B: 2\nSudo: root' })
		);
		expect(cleaned.headers).toBe('X-A: 1\nX-B: 2');
		expect(dropped).toEqual(['the Authorization header', 'the Sudo header']);
	});

	it('drops credential query parameters and keeps the others joined with &', () => {
		const { request: cleaned, dropped } = withoutSecrets(
			codehostRequest({ query: 'a=1&private%5Ftoken=x&b=2&sudo=root' })
		);
		expect(cleaned.query).toBe('a=1&b=2');
		expect(dropped).toEqual(['the private_token parameter', 'the sudo parameter']);
	});

	it('leaves JSON parameters byte for byte when they hold no secret', () => {
		const params = '{"title":"t","visibility":"private"}';
		expect(withoutSecrets(codehostRequest({ params })).request.params).toBe(params);
	});
});

describe('searchCollections', () => {
	const item = (name: string, over: Partial<CodehostRequest> = {}) => ({
		...codehostRequest(over),
		id: name,
		name
	});
	const lists: Collection[] = [
		{ id: 'a', name: 'Ops', requests: [item('Projects'), item('Me', { path: '/user' })] },
		{ id: 'b', name: 'Empty', requests: [] },
		{ id: 'c', name: 'Issues', requests: [item('New issue', { method: 'POST' })] }
	];
	const names = (found: Collection[]) => found.map((c) => [c.name, c.requests.map((r) => r.name)]);

	it('an empty or blank search shows every collection, empty ones too', () => {
		expect(searchCollections(lists, '')).toEqual(lists);
		expect(searchCollections(lists, '  \t ')).toEqual(lists);
	});

	it('every word must match, in any case, and collections with no match are left out', () => {
		expect(names(searchCollections(lists, '  OPS   user '))).toEqual([['Ops', ['Me']]]);
		expect(names(searchCollections(lists, 'post issue'))).toEqual([['Issues', ['New issue']]]);
		expect(searchCollections(lists, 'ops issue')).toEqual([]);
	});
});

describe('collections kept in IndexedDB', () => {
	beforeEach(clearCollections);

	it('cleanCollections reads nothing from a value that is not a list', () => {
		expect(cleanCollections(undefined)).toEqual([]);
		expect(cleanCollections({ id: 'a', name: 'A', requests: [] })).toEqual([]);
	});

	it('cleanCollections keeps sound collections and leaves out damaged ones', () => {
		const good = {
			id: 'a',
			name: ' Ops ',
			requests: [{ ...codehostRequest(), id: 'r1', name: 'R' }]
		};
		const cleaned = cleanCollections([
			5,
			null,
			{ ...good, id: 7 },
			{ ...good, id: 'b', requests: 'none' },
			{
				...good,
				id: 'c',
				requests: [{ ...codehostRequest({ path: '//evil' }), id: 'r', name: 'R' }]
			},
			good,
			{ id: 'd', name: 'New', requests: [{ ...codehostRequest(), name: 'No id' }] }
		]);
		expect(cleaned.map((c) => [c.id, c.name])).toEqual([
			['a', 'Ops'],
			['d', 'New']
		]);
		const { id, ...request } = cleaned[0]!.requests[0]!;
		expect(id).toBe('r1');
		expect(request).toEqual({ ...codehostRequest(), name: 'R' });
		expect(cleaned[1]!.requests[0]!.id).toMatch(/^req-/);
	});

	it('saves under its own store and loads back what was saved', async () => {
		const store = new CollectionStore();
		const lists: Collection[] = [
			{ id: 'a', name: 'Ops', requests: [{ ...codehostRequest(), id: 'r1', name: 'R' }] }
		];
		await store.save(lists);
		expect(await storedCollections()).toEqual(lists);
		expect(await new CollectionStore().load()).toEqual(lists);
	});

	it('a damaged store (as the previous build wrote it) loads cleaned', async () => {
		await set(
			'collections',
			[{ id: 'a', name: 'Ops', requests: [] }, { id: 'b' }],
			createStore('codehost-collections', 'kv')
		);
		expect(await new CollectionStore().load()).toEqual([{ id: 'a', name: 'Ops', requests: [] }]);
	});

	it('without IndexedDB, loading gives no collections and saving does not throw', async () => {
		vi.stubGlobal('indexedDB', undefined);
		expect(await new CollectionStore().load()).toEqual([]);
		await expect(new CollectionStore().save([])).resolves.toBeUndefined();
	});
});
