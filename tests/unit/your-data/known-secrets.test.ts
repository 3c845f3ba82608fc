import { describe, expect, it } from 'vitest';
import { knownSecrets } from '$lib/your-data/known-secrets';
import { MemoryStorage } from '../memory-storage';

describe('the secrets this tab knows', () => {
	it('gathers the explorer’s tokens, the secret variables, the energy token and the sync token', () => {
		const session = new MemoryStorage();
		const local = new MemoryStorage();
		session.setItem(
			'codehost.explorer.secrets',
			JSON.stringify({ method: 'personal', token: 'glpat-one', tokens: { oauth: 'oauth-two' } })
		);
		session.setItem(
			'codehost.explorer.secret-variables',
			JSON.stringify({ 'env-1': { api_token: 'var-three' } })
		);
		local.setItem('client.secrets', JSON.stringify({ apiToken: 'energy-four' }));
		expect(knownSecrets(['sync-five'], { session, local }).sort()).toEqual(
			['energy-four', 'glpat-one', 'oauth-two', 'sync-five', 'var-three'].sort()
		);
		// Read only: nothing is moved.
		expect(local.getItem('codehost.explorer.secret-variables')).toBeNull();
	});
});
