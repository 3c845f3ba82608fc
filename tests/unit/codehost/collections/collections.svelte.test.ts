import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { CodehostRequest } from '$lib/codehost/request/request';
import {
	exportCollections,
	FILE_FORMAT,
	parseCollectionsFile,
	withoutSecrets
} from '$lib/codehost/collections/collections';
import { CollectionsState } from '$lib/codehost/collections/collections.svelte';
import { CollectionStore } from '$lib/codehost/collections/store';
import { explorerOver } from '../explorer-over';

const codehostRequest = (over: Partial<CodehostRequest> = {}): CodehostRequest => ({
	method: 'GET',
	path: '/projects/{{project}}',
	pathParams: {},
	query: 'per_page=5',
	params: '',
	bodyKind: 'query',
	headers: '',
	auth: { method: 'personal', way: 'private-token-header' },
	...over
});

const file = (collections: unknown, extra: object = {}) =>
	JSON.stringify({ format: FILE_FORMAT, version: 1, collections, ...extra });

describe('collections file', () => {
	it('export → import gives the same requests and environments, never a token', () => {
		const text = exportCollections(
			[
				{
					id: 'c',
					name: 'Ops',
					requests: [
						{
							...codehostRequest({
								headers: 'PRIVATE-TOKEN: glpat-secret\nX-Trace: 1',
								query: 'a=1&private_token=glpat-secret'
							}),
							id: 'r',
							name: 'One project'
						}
					]
				}
			],
			[{ id: 'e', name: 'Prod', values: { project: 'diaspora/client-1' } }]
		);
		expect(text).not.toContain('glpat-secret');
		const back = parseCollectionsFile(text);
		expect(back.dropped).toEqual([]);
		expect(back.collections[0]!.name).toBe('Ops');
		const { id: _id, ...request } = back.collections[0]!.requests[0]!;
		expect(request).toEqual({
			...codehostRequest({ headers: 'X-Trace: 1', query: 'a=1' }),
			name: 'One project'
		});
		expect(back.environments).toMatchObject([
			{ name: 'Prod', values: { project: 'diaspora/client-1' } }
		]);
	});

	it('secrets in an imported file are dropped and named', () => {
		const back = parseCollectionsFile(
			file(
				[
					{
						name: 'C',
						requests: [
							{
								...codehostRequest({
									headers: 'Authorization: Bearer x',
									query: 'access_token=x',
									params: '{"password":"p","title":"t"}'
								}),
								name: 'R',
								auth: { method: 'personal', way: 'bearer', token: 'glpat-x' }
							}
						]
					}
				],
				{ environments: [{ name: 'E', values: { token: 'glpat-y', group: 'g' } }] }
			)
		);
		const r = back.collections[0]!.requests[0]!;
		expect(r.headers).toBe('');
		expect(r.query).toBe('');
		expect(JSON.parse(r.params)).toEqual({ title: 't' });
		expect(JSON.stringify(back)).not.toMatch(/glpat-|"p"/);
		expect(back.dropped).toEqual([
			'“R”: a token in its auth part',
			'“R”: the Authorization header',
			'“R”: the access_token parameter',
			'“R”: the password parameter',
			'environment “E”: the variable token'
		]);
	});

	it.each([
		['not JSON', '{', /not JSON/],
		[
			'another file',
			JSON.stringify({ format: 'codehost-explorer-history', entries: [] }),
			/not a collections export/
		],
		[
			'a later version',
			JSON.stringify({ format: FILE_FORMAT, version: 9, collections: [] }),
			/version 9/
		],
		[
			'a path to another server',
			file([
				{ name: 'C', requests: [{ ...codehostRequest({ path: '//evil.example/x' }), name: 'R' }] }
			]),
			/stays under the base URL/
		],
		[
			'an absolute URL',
			file([
				{
					name: 'C',
					requests: [{ ...codehostRequest({ path: 'https://evil.example/x' }), name: 'R' }]
				}
			]),
			/starts with one “\/”/
		],
		[
			'an unknown method',
			file([{ name: 'C', requests: [{ ...codehostRequest(), method: 'TRACE', name: 'R' }] }]),
			/TRACE/
		],
		[
			'a request without a name',
			file([{ name: 'C', requests: [{ ...codehostRequest() }] }]),
			/name of request 1 of “C” is not text/
		],
		['a huge file', 'x'.repeat(50_000_001), /larger than 50 MB/],
		[
			'too many requests',
			file([
				{
					name: 'C',
					requests: Array.from({ length: 2001 }, () => ({ ...codehostRequest(), name: 'R' }))
				}
			]),
			/more than 2000 requests/
		]
	])('refuses %s with the reason', (_what, text, reason) => {
		expect(() => parseCollectionsFile(text)).toThrow(reason);
	});

	it('a "__proto__" in the file pollutes nothing', () => {
		const text = `{"format":"${FILE_FORMAT}","version":1,"collections":[{"name":"C","requests":[{"name":"R","method":"GET","path":"/x","pathParams":{"__proto__":"1"}}]}]}`;
		expect(() => parseCollectionsFile(text)).toThrow(/no path uses/);
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
	});

	it('withoutSecrets leaves an ordinary request as it is', () => {
		const s = codehostRequest({ headers: 'X-A: 1', query: 'search=token' });
		expect(withoutSecrets(s)).toEqual({ request: s, dropped: [] });
	});
});

describe('collections state', () => {
	it('asks the store for the saved requests at once when opened, not after the page is drawn', async () => {
		const store = new CollectionStore();
		const read = vi.spyOn(store, 'load');
		const c = new CollectionsState(store);
		const loading = c.load();
		// In the same task: the page's first drawing runs before any promise callback would.
		expect(read).toHaveBeenCalledTimes(1);
		await loading;
		expect(read).toHaveBeenCalledTimes(1);
	});

	it('opens the saved requests first of what the explorer keeps: they are what its page shows first', async () => {
		const open = vi.spyOn(indexedDB, 'open');
		const explorer = explorerOver(async () => new Response('[]'));
		await explorer.load();
		expect(open.mock.calls.map(([name]) => name)[0]).toBe('codehost-collections');
		open.mockRestore();
	});

	it('saves, renames, duplicates, reorders, searches and deletes', () => {
		const c = new CollectionsState();
		const a = c.save('First', 'Ops', codehostRequest())!;
		const b = c.save('Second', 'Ops', codehostRequest({ path: '/user' }))!;
		c.move(b.id, -1);
		expect(c.collections[0]!.requests.map((r) => r.name)).toEqual(['Second', 'First']);
		c.rename(a.id, 'Renamed');
		const copy = c.duplicate(a.id)!;
		expect(c.collections[0]!.requests.map((r) => r.name)).toEqual([
			'Second',
			'Renamed',
			'Renamed (copy)'
		]);
		c.search = 'user';
		expect(c.visible[0]!.requests.map((r) => r.name)).toEqual(['Second']);
		c.remove(copy.id);
		c.remove(a.id);
		c.remove(b.id);
		expect(c.collections).toEqual([]);
	});

	it('sync replaces requests in place, deletes and adds in one write, and keeps the rest', async () => {
		const c = new CollectionsState();
		const a = c.save('A', 'API / pets', codehostRequest())!;
		const b = c.save('B', 'API / pets', codehostRequest({ path: '/b' }))!;
		const mine = c.save('Mine', 'API / pets', codehostRequest({ path: '/mine' }))!;
		const gone = c.save('Gone', 'API / old', codehostRequest({ path: '/old' }))!;
		expect(
			await c.sync({
				replace: new Map([[a.id, { ...a, name: 'A v2', path: '/a2' }]]),
				remove: new Set([gone.id]),
				add: [
					{ id: 'col-x', name: 'API / pets', requests: [{ ...b, id: 'req-new', name: 'New' }] },
					{ id: 'col-y', name: 'API / stores', requests: [{ ...b, id: 'req-s', name: 'S' }] }
				]
			})
		).toBe(true);
		expect(
			c.collections
				.filter((x) => x.name.startsWith('API /'))
				.map((x) => [x.name, x.requests.map((r) => `${r.id === a.id ? 'a:' : ''}${r.name}`)])
		).toEqual([
			['API / pets', ['a:A v2', 'B', 'Mine', 'New']],
			['API / stores', ['S']]
		]);
		expect(c.find(mine.id)?.path).toBe('/mine');
	});

	it('a refused import changes nothing and says why', () => {
		const c = new CollectionsState();
		c.save('Keep', 'Ops', codehostRequest());
		const before = JSON.stringify(c.collections);
		expect(c.importFile('{"format":"nope"}')).toBeNull();
		expect(c.message).toMatch(
			/^Not imported, nothing changed: This file is not a collections export/
		);
		expect(JSON.stringify(c.collections)).toBe(before);
	});

	it('the explorer saves its form without the token and opens it again', () => {
		const explorer = explorerOver(fetch);
		explorer.auth.setMethod('personal');
		explorer.auth.token = 'glpat-never-saved';
		explorer.form.path = '/projects/{{project}}';
		explorer.form.headers = 'PRIVATE-TOKEN: glpat-never-saved\nX-A: 1';
		expect(explorer.workspace.saveRequest('Mine', 'Ops')).toBe(true);
		expect(JSON.stringify(explorer.collections.collections)).not.toContain('glpat-never-saved');
		expect(explorer.collections.message).toMatch(
			/Not saved, since they are secrets: the PRIVATE-TOKEN header/
		);
		expect(explorer.workspace.exportCollections()).not.toContain('glpat-never-saved');
		explorer.form.path = '/other';
		explorer.form.headers = '';
		explorer.auth.setMethod('none');
		explorer.workspace.openSaved(explorer.collections.collections[0]!.requests[0]!.id);
		expect(explorer.form.path).toBe('/projects/{{project}}');
		expect(explorer.form.headers).toBe('X-A: 1');
		expect(explorer.auth.method).toBe('personal');
		expect(explorer.auth.token).toBe('glpat-never-saved');
	});
});
