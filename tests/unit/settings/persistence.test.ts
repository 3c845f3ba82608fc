import { SECRET_KEYS } from '$lib/settings/connection';
import { isRemembered, setRemembered, writeSecret } from '$lib/settings/secret-storage';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { createStore, get, set } from 'idb-keyval';
import type { Connection } from '$lib/settings/connection';
import { MemoryStorage } from '../memory-storage';

type Persistence = typeof import('$lib/settings/persistence');
let persistence: Persistence;

/** A fresh, empty IndexedDB and a fresh module (its store handle is cached per module). */
beforeEach(async () => {
	globalThis.indexedDB = new IDBFactory();
	vi.resetModules();
	persistence = await import('$lib/settings/persistence');
});

const rawStore = () => createStore('client-settings', 'kv');

const storages = () => ({ session: new MemoryStorage(), local: new MemoryStorage() });

describe('connections in IndexedDB', () => {
	it('loads all-Demo defaults on first open', async () => {
		const loaded = await persistence.loadConnections();
		const demo: Connection = { mode: 'demo', baseUrl: '', proxyUrl: '' };
		expect(loaded).toEqual({ codehost: demo, energy: demo, bible: demo });
	});

	it('round-trips saved connections', async () => {
		const connections = {
			codehost: { mode: 'live', baseUrl: 'https://gitlab.example.com', proxyUrl: '' },
			energy: {
				mode: 'live',
				baseUrl: 'https://panel.example.com',
				proxyUrl: 'http://localhost:8787'
			},
			bible: { mode: 'demo', baseUrl: 'https://bible.example.org', proxyUrl: '' }
		} satisfies Record<string, Connection>;
		await persistence.saveConnections(connections);
		expect(await persistence.loadConnections()).toEqual(connections);
		// A new page (fresh module) reads the same data from the same database.
		vi.resetModules();
		const again: Persistence = await import('$lib/settings/persistence');
		expect(await again.loadConnections()).toEqual(connections);
	});

	it('sanitises garbage found in storage', async () => {
		await set(
			'connections',
			{
				codehost: { mode: 'LIVE', baseUrl: 42, proxyUrl: null, token: 'leaked' },
				energy: 'nonsense',
				bible: { mode: 'live', baseUrl: 'https://bible.example.org' },
				extra: { mode: 'live' }
			},
			rawStore()
		);
		expect(await persistence.loadConnections()).toEqual({
			codehost: { mode: 'demo', baseUrl: '', proxyUrl: '' },
			energy: { mode: 'demo', baseUrl: '', proxyUrl: '' },
			bible: { mode: 'live', baseUrl: 'https://bible.example.org', proxyUrl: '' }
		});
	});

	it('falls back to defaults when the stored value is not an object at all', async () => {
		await set('connections', 'garbage', rawStore());
		expect(await persistence.loadConnections()).toEqual(persistence.defaultConnections());
	});

	it('falls back to defaults when IndexedDB refuses to open (private windows)', async () => {
		globalThis.indexedDB = {
			open() {
				throw new DOMException('denied', 'SecurityError');
			}
		} as unknown as IDBFactory;
		vi.resetModules();
		const refused: Persistence = await import('$lib/settings/persistence');
		expect(await refused.loadConnections()).toEqual(refused.defaultConnections());
	});

	it('never writes a token or any field other than mode, baseUrl and proxyUrl', async () => {
		const withToken = {
			mode: 'live',
			baseUrl: 'https://gitlab.example.com',
			proxyUrl: '',
			token: 'glpat-never-store-me',
			apiToken: 'never-store-me-either'
		} as Connection;
		await persistence.saveConnections({
			codehost: withToken,
			energy: withToken,
			bible: withToken
		});
		const { format, ...stored } = (await get('connections', rawStore())) as Record<string, object>;
		expect(format).toBe(2);
		expect(Object.keys(stored).sort()).toEqual(['bible', 'codehost', 'energy']);
		for (const value of Object.values(stored))
			expect(Object.keys(value).sort()).toEqual(['baseUrl', 'mode', 'proxyUrl']);
		expect(JSON.stringify(stored)).not.toMatch(/never-store-me/);
	});
});

describe('secrets in Web Storage', () => {
	it('with remember off, the token goes to session storage only', () => {
		const s = storages();
		persistence.saveSecrets({ apiToken: 'tok-session-only' }, false, s);
		expect(s.session.dump()).toContain('tok-session-only');
		expect(s.local.length).toBe(0);
		expect(persistence.loadSecrets(s)).toEqual({ apiToken: 'tok-session-only' });
	});

	it('with remember on, the token goes to local storage and leaves session storage', () => {
		const s = storages();
		persistence.saveSecrets({ apiToken: 'tok-first' }, false, s);
		persistence.saveSecrets({ apiToken: 'tok-remembered' }, true, s);
		expect(s.local.dump()).toContain('tok-remembered');
		expect(s.session.length).toBe(0);
		expect(persistence.loadSecrets(s)).toEqual({ apiToken: 'tok-remembered' });
	});

	it('unticking remember removes the device copy at once', () => {
		const s = storages();
		persistence.saveSecrets({ apiToken: 'tok-x' }, true, s);
		persistence.saveSecrets({ apiToken: 'tok-x' }, false, s);
		expect(s.local.length).toBe(0);
		expect(s.local.dump()).not.toContain('tok-x');
		expect(s.session.dump()).toContain('tok-x');
		expect(persistence.loadSecrets(s)).toEqual({ apiToken: 'tok-x' });
	});

	it('loads empty secrets when nothing, or garbage, is stored, or no storage exists', () => {
		const s = storages();
		expect(persistence.loadSecrets(s)).toEqual(persistence.emptySecrets());
		s.session.setItem('client.secrets', '{not json');
		expect(persistence.loadSecrets(s)).toEqual({ apiToken: '' });
		expect(persistence.loadSecrets({ session: undefined, local: undefined })).toEqual({
			apiToken: ''
		});
	});

	it('each service has its own Remember: the explorer’s choice moves only its secrets, and unticking leaves no device copy', () => {
		const s = storages();
		persistence.saveSecrets({ apiToken: 'tok-energy' }, true, s);
		writeSecret(SECRET_KEYS.codehost, '{"token":"glpat-x"}', false, s);
		setRemembered(SECRET_KEYS.codehost, true, s);
		expect(isRemembered(SECRET_KEYS.codehost, s)).toBe(true);
		expect(s.local.dump()).toContain('glpat-x');
		expect(s.session.dump()).not.toContain('glpat-x');
		setRemembered(SECRET_KEYS.codehost, false, s);
		expect(s.local.dump()).not.toContain('glpat-x');
		expect(s.session.dump()).toContain('glpat-x');
		// The energy token stayed where its own choice put it.
		expect(isRemembered(SECRET_KEYS.energy, s)).toBe(true);
		setRemembered(SECRET_KEYS.energy, false, s);
		expect(s.local.length).toBe(0);
		expect(persistence.loadSecrets(s)).toEqual({ apiToken: 'tok-energy' });
	});

	it('never puts secrets in IndexedDB', async () => {
		persistence.saveSecrets({ apiToken: 'tok-idb-check' }, true, storages());
		await persistence.saveConnections(persistence.defaultConnections());
		const stored = await get('connections', rawStore());
		expect(JSON.stringify(stored)).not.toContain('tok-idb-check');
		expect(await get('client.secrets', rawStore())).toBeUndefined();
	});
});
