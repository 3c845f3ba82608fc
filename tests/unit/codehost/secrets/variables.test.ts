import { clear, createStore, entries } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EnvironmentsState } from '$lib/codehost/environments/environments.svelte';
import { EnvironmentStore } from '$lib/codehost/environments/environments';
import { exportHistory } from '$lib/codehost/history/history';
import {
	credentialVariables,
	looksSecret,
	SECRET_VARIABLE_KEY
} from '$lib/codehost/secrets/variables';
import { createCodehostApp } from '$lib/fakes/codehost/app';
import { MemoryStorage } from '../../memory-storage';
import { explorerOver } from '../explorer-over';

const SECRET = 'glpat-variable-secret-1';
let session: MemoryStorage;
let local: MemoryStorage;

beforeEach(async () => {
	await clear(createStore('codehost-environments', 'kv'));
	await clear(createStore('codehost-history', 'kv'));
	session = new MemoryStorage();
	local = new MemoryStorage();
	vi.stubGlobal('sessionStorage', session);
	vi.stubGlobal('localStorage', local);
});
afterEach(() => vi.unstubAllGlobals());

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));
/** Everything IndexedDB holds for a database, every record, as text. */
async function stored(db: string): Promise<string> {
	return JSON.stringify(await entries(createStore(db, 'kv')));
}

describe('which variables are secret', () => {
	it('by name: token, password, secret, *_token, *_key; not names that merely contain them', () => {
		for (const name of [
			'token',
			'Password',
			'secret',
			'deploy_token',
			'api_key',
			'API_KEY',
			'x.token'
		])
			expect(looksSecret(name), name).toBe(true);
		for (const name of ['project', 'tokens_left', 'keyset', 'monkey', 'secretary', 'id'])
			expect(looksSecret(name), name).toBe(false);
	});

	it('by use: a variable in a credential header or parameter', () => {
		expect(
			credentialVariables(
				'X-A: {{a}}\nPRIVATE-TOKEN: {{pat}}\nSudo: {{who}}',
				'private_token={{q}}&x={{b}}'
			)
		).toEqual(['pat', 'who', 'q']);
	});
});

describe('a secret variable is never written to storage in plain text', () => {
	it('its value goes to session storage, not IndexedDB; a new page in this tab reads it back', async () => {
		const envs = new EnvironmentsState();
		envs.setValue('token', SECRET);
		envs.setValue('project', 'diaspora/client');
		await settle();
		const idb = await stored('codehost-environments');
		expect(idb).not.toContain(SECRET);
		expect(idb).toContain('diaspora/client');
		expect(session.dump()).toContain(SECRET);
		expect(local.dump()).not.toContain(SECRET);
		const again = new EnvironmentsState();
		await again.load();
		expect(again.values).toEqual({ token: SECRET, project: 'diaspora/client' });
	});

	it('a variable the person marks Secret is kept the same way; unmarked, it is an ordinary value', async () => {
		const envs = new EnvironmentsState();
		envs.setValue('note', SECRET);
		envs.setSecret('note', true);
		expect(envs.isSecret('note')).toBe(true);
		await settle();
		expect(await stored('codehost-environments')).not.toContain(SECRET);
		envs.setSecret('note', false);
		await settle();
		expect(await stored('codehost-environments')).toContain(SECRET);
		expect(envs.canUnmark('token')).toBe(false);
	});

	it('the value is kept for this tab only, never on the device in plain text', async () => {
		const envs = new EnvironmentsState();
		envs.setValue('api_key', SECRET);
		await settle();
		expect(session.dump()).toContain(SECRET);
		expect(local.dump()).not.toContain(SECRET);
	});

	it('a plain copy an earlier version kept on the device moves to the tab, and the person is told', async () => {
		local.setItem(SECRET_VARIABLE_KEY, JSON.stringify({ 'env-1': { api_key: SECRET } }));
		const envs = new EnvironmentsState();
		await envs.load();
		expect(local.dump()).not.toContain(SECRET);
		expect(session.dump()).toContain(SECRET);
		expect(envs.message).toMatch(/kept for this tab only.*passphrase/);
	});

	it('an export carries the name with an empty value', () => {
		const envs = new EnvironmentsState(new EnvironmentStore());
		envs.setValue('token', SECRET);
		envs.setValue('project', 'p');
		expect(envs.forExport()[0]!.values).toEqual({ token: '', project: 'p' });
	});
});

describe('X-Note: {{token}} with a secret value', () => {
	async function sent() {
		const app = createCodehostApp();
		const explorer = explorerOver(async (input, init) => app.fetch(new Request(input, init)));
		explorer.environments.setValue('token', SECRET);
		explorer.form.headers = 'X-Note: {{token}}';
		await explorer.exchange.send();
		await explorer.history.load();
		return explorer;
	}

	it('goes out as written, and is redacted in history, IndexedDB and the exports', async () => {
		const explorer = await sent();
		expect(explorer.exchange.response?.status).toBe(200);
		const headers = Object.entries(explorer.history.entries[0]!.requestHeaders);
		expect(headers).toContainEqual([expect.stringMatching(/^x-note$/i), '[redacted]']);
		const history = await stored('codehost-history');
		expect(history).toMatch(/x-note/i);
		expect(history).not.toContain(SECRET);
		expect(await stored('codehost-environments')).not.toContain(SECRET);
		expect(exportHistory(explorer.history.entries)).not.toContain(SECRET);
		expect(explorer.workspace.exportCollections()).not.toContain(SECRET);
		expect(explorer.tools.curl(false)).not.toContain(SECRET);
		expect(explorer.tools.code('fetch')).not.toContain(SECRET);
	});

	it('a variable used for a credential stays secret once the request changes', async () => {
		const envs = new EnvironmentsState();
		let headers = 'PRIVATE-TOKEN: {{pat}}';
		envs.keepSecrets(() => credentialVariables(headers, ''));
		envs.setValue('pat', SECRET);
		await settle();
		headers = '';
		envs.setValue('other', 'x');
		await settle();
		expect(await stored('codehost-environments')).not.toContain(SECRET);
	});
});
