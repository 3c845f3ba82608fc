/**
 * The explorer's stored credentials: what an empty store reads as, what a damaged or partial one
 * reads as, and where a save goes.
 */
import { describe, expect, it } from 'vitest';
import {
	emptyExplorerSecrets,
	loadExplorerSecrets,
	saveExplorerSecrets
} from '$lib/codehost/secrets/secrets';

const KEY = 'codehost.explorer.secrets';

function memory(): Storage & { map: Map<string, string> } {
	const map = new Map<string, string>();
	return {
		map,
		getItem: (k: string) => map.get(k) ?? null,
		setItem: (k: string, v: string) => void map.set(k, v),
		removeItem: (k: string) => void map.delete(k)
	} as unknown as Storage & { map: Map<string, string> };
}

const EMPTY = {
	method: 'none',
	way: 'none',
	token: '',
	refreshToken: '',
	createdAt: 0,
	expiresIn: 0,
	sudo: '',
	sudoWay: 'header',
	tokens: {}
};

describe('explorer secrets', () => {
	it('empty: no method, no token, Sudo as a header', () => {
		expect(emptyExplorerSecrets()).toEqual(EMPTY);
		expect(loadExplorerSecrets({ session: memory(), local: memory() })).toEqual(EMPTY);
	});

	it('a damaged store reads as empty', () => {
		const session = memory();
		session.map.set(KEY, '{"token": "half');
		expect(loadExplorerSecrets({ session, local: memory() })).toEqual(EMPTY);
	});

	it('a store from an older version gets the missing fields filled', () => {
		const local = memory();
		local.map.set(KEY, JSON.stringify({ method: 'personal', token: 'glpat-x' }));
		expect(loadExplorerSecrets({ session: memory(), local })).toEqual({
			...EMPTY,
			method: 'personal',
			token: 'glpat-x'
		});
	});

	it('a save not remembered goes to this tab only, as the JSON of the secrets', () => {
		const s = { session: memory(), local: memory() };
		const secrets = { ...emptyExplorerSecrets(), method: 'oauth' as const, token: 't' };
		saveExplorerSecrets(secrets, false, s);
		expect(JSON.parse(s.session.map.get(KEY)!)).toEqual(secrets);
		expect(s.local.map.has(KEY)).toBe(false);
		expect(loadExplorerSecrets(s)).toEqual(secrets);
	});
});
