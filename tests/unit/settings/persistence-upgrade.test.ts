/**
 * The connection settings, format 2: what earlier builds kept (no version: format 1) opens with
 * every mode, base URL and proxy, and is then kept as format 2 (in IndexedDB and in its copy);
 * settings a newer build kept are never overwritten, and the Settings page says so.
 */
import { IDBFactory } from 'fake-indexeddb';
import { createStore, get, set } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../memory-storage';
import {
	dumpedRecords,
	dumpedStorage,
	EARLIER_BUILDS,
	earlierBuild,
	putDumped
} from '../upgrade/earlier-builds';

const db = () => createStore('client-settings', 'kv');

/** A new page: fresh modules over the same storage. */
async function newPage() {
	vi.stubGlobal('navigator', { serviceWorker: { controller: {} } });
	vi.resetModules();
	const { Settings } = await import('$lib/settings/settings.svelte');
	return new Settings();
}

beforeEach(() => {
	globalThis.indexedDB = new IDBFactory();
	vi.stubGlobal('localStorage', new MemoryStorage());
	vi.stubGlobal('sessionStorage', new MemoryStorage());
});
afterEach(() => vi.unstubAllGlobals());

describe.each(EARLIER_BUILDS)('settings the build %s kept', (build) => {
	it('open with every connection as it was, and are then kept as format 2', async () => {
		const dump = await earlierBuild(build);
		const old = dumpedRecords(dump, 'client-settings', 'kv').connections as Record<string, unknown>;
		expect(old).not.toHaveProperty('format');
		await putDumped(dump, 'client-settings', 'kv');
		const local = dumpedStorage(dump);
		vi.stubGlobal('localStorage', local);
		const settings = await newPage();
		await settings.load();
		expect(settings.connections).toEqual(old);
		expect(settings.connection('codehost')).toEqual({
			mode: 'live',
			baseUrl: 'https://gitlab.example.com',
			proxyUrl: ''
		});
		expect(settings.notKept).toBe('');
		expect(await get('connections', db())).toEqual({ format: 2, ...old });
		expect(JSON.parse(local.getItem('settings.connections')!)).toEqual({ format: 2, ...old });
		// A new page draws from the copy at once, the same.
		const next = await newPage();
		void next.load();
		expect(next.connections).toEqual(old);
	});
});

describe('settings a newer build kept', () => {
	const newer = { format: 3, services: { codehost: { live: 'https://gitlab.example.com' } } };

	it('are left as they are, the Settings page says so, and a change is not saved over them', async () => {
		await set('connections', newer, db());
		const settings = await newPage();
		await settings.load();
		expect(settings.notKept).toBe(
			'Your settings were saved by a newer version of this app. Open the newest version to see them; nothing here was changed.'
		);
		expect(settings.connection('codehost').mode).toBe('demo');
		const problem = await settings.apply('bible', {
			mode: 'live',
			baseUrl: 'https://bible.example.com',
			proxyUrl: ''
		});
		expect(problem).toMatch(/^Not saved\. Your settings were saved by a newer version/);
		expect(await get('connections', db())).toEqual(newer);
	});

	it('a newer build’s copy is not drawn from', async () => {
		const local = new MemoryStorage();
		local.setItem(
			'settings.connections',
			JSON.stringify({ format: 3, codehost: { mode: 'live' } })
		);
		const { loadConnectionsCopy } = await import('$lib/settings/persistence');
		expect(loadConnectionsCopy(local)).toBeUndefined();
	});
});
