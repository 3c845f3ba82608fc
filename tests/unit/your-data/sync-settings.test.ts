import { describe, expect, it } from 'vitest';
import {
	DEFAULT_TARGET,
	loadBase,
	loadTarget,
	loadToken,
	saveBase,
	saveTarget,
	saveToken
} from '$lib/your-data/sync-settings';
import { MemoryStorage } from '../memory-storage';

const storages = () => ({ session: new MemoryStorage(), local: new MemoryStorage() });

describe('sync settings', () => {
	it('the token is kept as the explorer keeps its tokens: this tab, or the device when remembered', () => {
		const s = storages();
		saveToken('glpat-sync', false, s);
		expect(s.session.getItem('your-data.sync.token')).toBe('glpat-sync');
		expect(s.local.getItem('your-data.sync.token')).toBeNull();
		saveToken('glpat-sync', true, s);
		expect(s.session.getItem('your-data.sync.token')).toBeNull();
		expect(loadToken(s)).toBe('glpat-sync');
	});

	it('without one of its own, the token is the explorer’s personal access token', () => {
		const s = storages();
		s.session.setItem(
			'codehost.explorer.secrets',
			JSON.stringify({ method: 'none', tokens: { personal: 'glpat-explorer' } })
		);
		expect(loadToken(s)).toBe('glpat-explorer');
	});

	it('project, branch and folder are kept with their version; the base per target', () => {
		const s = storages();
		expect(loadTarget(s)).toEqual(DEFAULT_TARGET);
		const t = { project: 'g/p', branch: 'main', folder: 'data' };
		saveTarget(t, s);
		expect(loadTarget(s)).toEqual(t);
		expect(s.local.getItem('your-data.sync')).not.toContain('token');
		saveBase(t, { 'a.json': { digest: 'd', commit: 'c' } }, s);
		expect(loadBase(t, s)).toEqual({ 'a.json': { digest: 'd', commit: 'c' } });
		expect(loadBase({ ...t, branch: 'other' }, s)).toEqual({});
	});
});
