/**
 * The API descriptions in the endpoint list, kept in IndexedDB across reloads: one record each,
 * with its format version; read back cleaned; removable; a newer build's record left alone.
 */
import { IDBFactory } from 'fake-indexeddb';
import { createStore, get, set } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiDescription } from '$lib/codehost/catalogue/described';
import {
	DESCRIBED_FORMAT,
	DescribedStore,
	describedKey,
	readDescribed
} from '$lib/codehost/catalogue/described-store';

const raw = () => createStore('codehost-api-descriptions', 'kv');

const description = (id: string, imported: string): ApiDescription => ({
	id,
	title: `API ${id}`,
	version: '1.0',
	servers: ['https://api.example.com/v1'],
	imported,
	operations: [
		{
			method: 'GET',
			path: '/pets/:petId',
			summary: 'Info for a pet',
			params: [{ name: 'petId', in: 'path', required: true, type: 'string' }],
			requestId: 'req-1'
		}
	]
});

beforeEach(() => {
	globalThis.indexedDB = new IDBFactory();
});

describe('DescribedStore', () => {
	it('keeps descriptions across reloads (a new store reads them), oldest first, format in the record', async () => {
		await new DescribedStore().put(description('b', '2026-12-02T00:00:00.000Z'));
		await new DescribedStore().put(description('a', '2026-12-01T00:00:00.000Z'));
		const reloaded = await new DescribedStore().load();
		expect(reloaded.map((d) => d.id)).toEqual(['a', 'b']);
		expect(reloaded[1]).toEqual(description('b', '2026-12-02T00:00:00.000Z'));
		expect(await get(describedKey('a'), raw())).toMatchObject({
			format: DESCRIBED_FORMAT
		});
	});

	it('a newer version replaces the record of its id; remove takes it out', async () => {
		const store = new DescribedStore();
		await store.put(description('a', '2026-12-01T00:00:00.000Z'));
		await store.put({ ...description('a', '2026-12-03T00:00:00.000Z'), version: '2.0' });
		expect((await store.load()).map((d) => d.version)).toEqual(['2.0']);
		await store.remove('a');
		expect(await new DescribedStore().load()).toEqual([]);
	});

	it('leaves a newer build’s record alone and out of the list', async () => {
		const newer = { format: DESCRIBED_FORMAT + 1, description: description('n', '') };
		await set(describedKey('n'), newer, raw());
		expect(await new DescribedStore().load()).toEqual([]);
		expect(await get(describedKey('n'), raw())).toEqual(newer);
	});
});

describe('readDescribed', () => {
	it('cleans a damaged record instead of trusting it', () => {
		const record = {
			format: DESCRIBED_FORMAT,
			description: {
				id: 'x',
				title: 'X',
				servers: ['https://x.example', 7],
				operations: [
					{ method: 'TRACE', path: '/a', params: [] },
					{ method: 'GET', path: 'no-slash', params: [] },
					{
						method: 'GET',
						path: '/ok',
						docsUrl: 'javascript:alert(1)',
						params: [
							{ name: 'q', in: 'cookie' },
							{ name: 'n', in: 'query', values: ['a', 1] }
						]
					}
				]
			}
		};
		expect(readDescribed(record)).toEqual({
			id: 'x',
			title: 'X',
			version: '',
			servers: ['https://x.example'],
			imported: '',
			operations: [
				{
					method: 'GET',
					path: '/ok',
					summary: '',
					params: [{ name: 'n', in: 'query', required: false, values: ['a'] }]
				}
			]
		});
		expect(readDescribed({ description: record.description })).toBeUndefined();
		expect(readDescribed('nope')).toBeUndefined();
	});
});
