/**
 * The explorer's auth choice as a person meets it: each method keeps the token entered for it,
 * the way it travels is always one that method has, and the choice outlives a reload in this tab
 * (in local storage only when "Remember on this device" is on).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthState } from '$lib/codehost/auth/auth.svelte';
import { MemoryStorage } from '../../memory-storage';

let session: MemoryStorage;
let local: MemoryStorage;

beforeEach(() => {
	session = new MemoryStorage();
	local = new MemoryStorage();
	vi.stubGlobal('sessionStorage', session);
	vi.stubGlobal('localStorage', local);
});
afterEach(() => vi.unstubAllGlobals());

describe('AuthState', () => {
	it('switching method finds the token entered for each method again', () => {
		const auth = new AuthState();
		auth.setMethod('personal');
		auth.token = 'glpat-personal';
		auth.setMethod('job');
		expect(auth.token).toBe('');
		auth.token = 'job-token-1';
		auth.setMethod('personal');
		expect(auth.token).toBe('glpat-personal');
		expect(auth.secrets).toEqual(expect.arrayContaining(['glpat-personal', 'job-token-1']));
	});

	it('a method keeps a way it has; another way of the method is kept', () => {
		const auth = new AuthState();
		auth.setMethod('personal');
		expect(auth.way).toBe('private-token-header');
		auth.way = 'bearer';
		auth.setMethod('oauth');
		expect(auth.way).toBe('bearer');
		auth.setMethod('job');
		expect(auth.way).toBe('job-token-header');
	});

	it('a token reference says whether this tab holds a token for its method', () => {
		const auth = new AuthState();
		expect(auth.use('personal', 'private-token-query')).toBe(false);
		auth.token = 'glpat-personal';
		auth.save();
		auth.setMethod('none');
		expect(auth.use('personal', 'private-token-query')).toBe(true);
		expect(auth.way).toBe('private-token-query');
		expect(auth.applied.query).toEqual(['private_token=glpat-personal']);
	});

	it('the choice and the tokens outlive a reload, in this tab only unless remembered', () => {
		const auth = new AuthState(() => false);
		auth.setMethod('personal');
		auth.token = 'glpat-personal';
		auth.save();
		expect(local.length).toBe(0);
		const reloaded = new AuthState();
		expect(reloaded.method).toBe('personal');
		expect(reloaded.token).toBe('glpat-personal');

		const remembered = new AuthState(() => true);
		remembered.save();
		expect(local.length).toBe(1);
	});
});
