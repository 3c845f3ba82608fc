/** The one place a service's client is made: where it goes, Demo vs Live; each area adds its own auth. */
import { beforeEach, describe, expect, it } from 'vitest';
import { energyClient } from '$lib/energy/energy-client.svelte';
import { connections } from '$lib/settings/area-connection.svelte';
import { clientFor } from '$lib/settings/client-for';
import { API_ROOTS } from '$lib/settings/connection';
import { settings } from '$lib/settings/settings.svelte';

beforeEach(() => {
	settings.connections = {
		codehost: { mode: 'live', baseUrl: 'https://code.example', proxyUrl: '' },
		energy: { mode: 'live', baseUrl: 'https://energy.example', proxyUrl: '' },
		bible: { mode: 'live', baseUrl: 'https://bible.example', proxyUrl: '' }
	};
	settings.secrets = { apiToken: 'energy-token-123' };
});

describe('clients of the connections Settings provide', () => {
	it('EN-AUTH-1: the energy area adds its token as a credential of its client in Live mode', () => {
		const client = energyClient(connections.energy);
		expect(client.options.credentialHeaders?.()).toEqual({ Token: 'energy-token-123' });
		expect(client.options.baseUrl).toBe(`https://energy.example${API_ROOTS.energy}`);
	});

	it('BI-AUTH-1: the Bible client sends no credential, even with an energy token set', () => {
		const client = connections.bible.client();
		expect(client.options.credentialHeaders?.() ?? {}).toEqual({});
		expect(JSON.stringify(client.options.headers)).not.toContain('energy-token-123');
	});

	it('the code host client carries no energy token (its auth is the explorer’s own)', () => {
		expect(connections.codehost.client().options.credentialHeaders?.() ?? {}).toEqual({});
		expect(connections.codehost.client().options.secrets?.()).not.toContain('energy-token-123');
	});

	it('BI-VER-1, BI-BASE-1: the Bible client calls /api/v1 under the base URL', () => {
		expect(connections.bible.client().options.baseUrl).toBe('https://bible.example/api/v1');
	});

	it('in Demo mode a real token never goes to the fake', () => {
		settings.connections = {
			...settings.connections,
			energy: { mode: 'demo', baseUrl: '', proxyUrl: '' }
		};
		expect(energyClient(connections.energy).options.credentialHeaders?.() ?? {}).toEqual({});
		const direct = clientFor('energy', settings.connection('energy'), '', {
			credentialHeaders: () => ({ Token: 'real' })
		});
		expect(direct.options.credentialHeaders?.() ?? {}).toEqual({});
	});

	it('the energy token is redacted from the exchange records', () => {
		expect(energyClient(connections.energy).options.secrets?.()).toContain('energy-token-123');
	});

	it('a change of the energy token changes the energy connection’s identity (its state reopens)', () => {
		const before = connections.energy.identity;
		settings.secrets = { apiToken: 'energy-token-456' };
		expect(connections.energy.identity).not.toBe(before);
		expect(connections.bible.identity).not.toContain('energy-token');
	});
});
