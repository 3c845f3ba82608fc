import { createStore, del, get, set } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
	cleanEnvironment,
	cleanReference,
	defaultEnvironments,
	EnvironmentStore,
	referenceLabel,
	type EnvironmentsData
} from '$lib/codehost/environments/environments';

const db = () => createStore('codehost-environments', 'kv');
const DEFAULTS = {
	environments: [{ id: 'env-default', name: 'Default', values: {} }],
	activeId: 'env-default'
};

describe('referenceLabel', () => {
	it('names what an environment uses, as a person reads it', () => {
		expect(referenceLabel({ method: 'none', way: 'none' })).toBe('no authentication');
		expect(referenceLabel({ method: 'session', way: 'cookie' })).toBe('the session cookie');
		expect(referenceLabel({ method: 'job', way: 'job-token-query' })).toBe(
			'the token of “Job token”, sent as job_token query parameter'
		);
	});
});

describe('cleanEnvironment', () => {
	it.each([
		['nothing', null],
		['text', 'Prod'],
		['no id', { name: 'Prod', values: {} }],
		['an id that is not text', { id: 1, name: 'Prod', values: {} }],
		['no name', { id: 'e', values: {} }],
		['a name that is not text', { id: 'e', name: 5, values: {} }],
		['a blank name', { id: 'e', name: '   ', values: {} }]
	])('gives nothing for %s', (_what, value) => {
		expect(cleanEnvironment(value)).toBeNull();
	});

	it('keeps only text values under variable names', () => {
		expect(
			cleanEnvironment({
				id: 'e',
				name: 'Prod',
				values: { project: 'a/b', 'bad name': 'x', '1st': 'y', count: 5, nested: { a: '1' } }
			})
		).toEqual({ id: 'e', name: 'Prod', values: { project: 'a/b' } });
	});

	it.each([
		['null', null],
		['a list', ['a']],
		['text', 'project=a']
	])('values given as %s give none', (_what, values) => {
		expect(cleanEnvironment({ id: 'e', name: 'Prod', values })).toEqual({
			id: 'e',
			name: 'Prod',
			values: {}
		});
	});

	it('trims the name and cuts it at 100 characters', () => {
		expect(cleanEnvironment({ id: 'e', name: '  Prod  ', values: {} })!.name).toBe('Prod');
		expect(cleanEnvironment({ id: 'e', name: ` ${'n'.repeat(150)}`, values: {} })!.name).toBe(
			'n'.repeat(100)
		);
	});

	it('an auth part that is not a reference is left out', () => {
		expect(cleanReference(null)).toBeUndefined();
		expect(cleanReference('personal')).toBeUndefined();
		expect(cleanEnvironment({ id: 'e', name: 'E', values: {}, auth: null })).toEqual({
			id: 'e',
			name: 'E',
			values: {}
		});
	});
});

describe('EnvironmentStore', () => {
	beforeEach(async () => {
		await del('environments', db());
	});

	afterEach(() => {
		vi.unstubAllGlobals();
	});

	it('an empty store loads the Default environment', async () => {
		expect(await new EnvironmentStore().load()).toEqual(DEFAULTS);
		expect(defaultEnvironments()).toEqual(DEFAULTS);
	});

	it('saves and loads back the environments and which one is active', async () => {
		const data: EnvironmentsData = {
			environments: [
				{ id: 'a', name: 'Prod', values: { project: 'a/b' } },
				{
					id: 'b',
					name: 'Staging',
					values: {},
					auth: { method: 'personal', way: 'bearer' }
				}
			],
			activeId: 'b'
		};
		await new EnvironmentStore().save(data);
		expect(await new EnvironmentStore().load()).toEqual(data);
	});

	it('saves only well-formed environments, and never a token', async () => {
		await new EnvironmentStore().save({
			environments: [
				{ id: 'a', name: 'Prod', values: {} },
				{ id: 'b', name: '  ', values: {} },
				{
					id: 'c',
					name: 'Ci',
					values: {},
					auth: { method: 'job', way: 'job-token-header', token: 'glcbt-x' } as never
				}
			],
			activeId: 'a'
		});
		expect(await get('environments', db())).toEqual({
			format: 2,
			activeId: 'a',
			environments: [
				{ id: 'a', name: 'Prod', values: {} },
				{ id: 'c', name: 'Ci', values: {}, auth: { method: 'job', way: 'job-token-header' } }
			]
		});
	});

	it('a damaged store loads cleaned; an unknown active one falls back to the first', async () => {
		await set(
			'environments',
			{
				environments: [null, { id: 'x' }, { id: 'a', name: 'Prod' }, { id: 'b', name: 'Ci' }],
				activeId: 'gone'
			},
			db()
		);
		expect(await new EnvironmentStore().load()).toEqual({
			environments: [
				{ id: 'a', name: 'Prod', values: {} },
				{ id: 'b', name: 'Ci', values: {} }
			],
			activeId: 'a'
		});
	});

	it('a store holding no sound environment loads the Default one', async () => {
		await set('environments', { environments: [{ id: 'x' }], activeId: 'x' }, db());
		expect(await new EnvironmentStore().load()).toEqual(DEFAULTS);
		await set('environments', { activeId: 'x' }, db());
		expect(await new EnvironmentStore().load()).toEqual(DEFAULTS);
	});

	it('without IndexedDB, the Default environment is loaded and saving does not throw', async () => {
		vi.stubGlobal('indexedDB', undefined);
		expect(await new EnvironmentStore().load()).toEqual(DEFAULTS);
		await expect(new EnvironmentStore().save(DEFAULTS)).resolves.toBeUndefined();
	});
});
