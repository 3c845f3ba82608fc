// When a page can be drawn: at once from the copy of the connections kept beside IndexedDB (or the
// defaults on a first visit), with IndexedDB's answer put in place if it differs; a returning
// visitor with no copy yet waits for IndexedDB.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { createStore, set } from 'idb-keyval';
import type { Connection } from '$lib/settings/connection';
import { MemoryStorage } from '../memory-storage';

const demo: Connection = { mode: 'demo', baseUrl: '', proxyUrl: '' };
const live = (baseUrl: string): Connection => ({ mode: 'live', baseUrl, proxyUrl: '' });
const connections = (codehost: Connection) => ({ codehost, energy: demo, bible: demo });

let local: MemoryStorage;

/** Writes IndexedDB as the app does, but without the copy beside it. */
const storeDirectly = (value: unknown) =>
	set('connections', value, createStore('client-settings', 'kv'));

/** A new page: fresh modules, the same storage (IndexedDB and localStorage) as the last one. */
async function newPage(serviceWorker: boolean) {
	vi.stubGlobal('navigator', { serviceWorker: { controller: serviceWorker ? {} : null } });
	vi.resetModules();
	const { Settings } = await import('$lib/settings/settings.svelte');
	return new Settings();
}

beforeEach(() => {
	globalThis.indexedDB = new IDBFactory();
	local = new MemoryStorage();
	vi.stubGlobal('localStorage', local);
	vi.stubGlobal('sessionStorage', new MemoryStorage());
});
afterEach(() => vi.unstubAllGlobals());

describe('loading the settings', () => {
	it('on a first visit (no service worker yet) draws at once with the defaults', async () => {
		const settings = await newPage(false);
		const loading = settings.load();
		expect(settings.loaded).toBe(true);
		expect(settings.stored).toBe(false);
		expect(settings.connections).toEqual(connections(demo));
		await loading;
		expect(settings.stored).toBe(true);
		expect(settings.revision).toBe(0);
	});

	it('draws at once from the copy a save keeps beside IndexedDB, without secrets', async () => {
		const first = await newPage(false);
		await first.load();
		expect(await first.apply('codehost', live('https://gitlab.example.com'))).toBeNull();
		expect(local.dump()).toContain('https://gitlab.example.com');
		expect(local.dump()).not.toMatch(/token/i);

		const again = await newPage(true);
		const loading = again.load();
		expect(again.loaded).toBe(true);
		expect(again.connection('codehost')).toEqual(live('https://gitlab.example.com'));
		await loading;
		expect(again.revision).toBe(0);
	});

	it("puts IndexedDB's answer in place when the copy differs, and keeps the copy in step", async () => {
		const first = await newPage(false);
		await first.load();
		await first.apply('codehost', live('https://old.example.com'));
		// IndexedDB changed without the copy (written by an older version of the app, say).
		await storeDirectly(connections(live('https://new.example.com')));

		const again = await newPage(true);
		const loading = again.load();
		expect(again.connection('codehost').baseUrl).toBe('https://old.example.com');
		await loading;
		expect(again.connection('codehost').baseUrl).toBe('https://new.example.com');
		// The areas built on the copy are built again.
		expect(again.revision).toBe(1);
		expect(local.dump()).toContain('https://new.example.com');
		expect(local.dump()).not.toContain('https://old.example.com');
	});

	it('a returning visitor with no copy yet waits for IndexedDB, not the defaults', async () => {
		await storeDirectly(connections(live('https://gitlab.example.com')));
		const settings = await newPage(true);
		const loading = settings.load();
		expect(settings.loaded).toBe(false);
		await loading;
		expect(settings.loaded).toBe(true);
		expect(settings.connection('codehost')).toEqual(live('https://gitlab.example.com'));
		expect(settings.revision).toBe(0);
	});
});

describe('the copy of the connections', () => {
	it('reads nothing from an unreadable copy, and sanitises a strange one', async () => {
		const { loadConnectionsCopy } = await import('$lib/settings/persistence');
		const storage = new MemoryStorage();
		expect(loadConnectionsCopy(storage)).toBeUndefined();
		storage.setItem('settings.connections', '{not json');
		expect(loadConnectionsCopy(storage)).toBeUndefined();
		storage.setItem(
			'settings.connections',
			JSON.stringify({ codehost: { mode: 'LIVE', baseUrl: 1, token: 'leaked' } })
		);
		expect(loadConnectionsCopy(storage)).toEqual(connections(demo));
	});

	it('is taken away when IndexedDB refuses a save, so the next page waits for IndexedDB', async () => {
		const first = await newPage(false);
		await first.load();
		await first.apply('codehost', live('https://gitlab.example.com'));
		expect(local.getItem('settings.connections')).not.toBeNull();
		globalThis.indexedDB = {
			open() {
				throw new DOMException('denied', 'SecurityError');
			}
		} as unknown as IDBFactory;
		vi.resetModules();
		const { saveConnections } = await import('$lib/settings/persistence');
		await saveConnections(connections(live('https://other.example.com')));
		expect(local.getItem('settings.connections')).toBeNull();
	});
});
