/** The one place a service's client is made: which credentials go where, Demo vs Live. */
import { beforeEach, describe, expect, it } from 'vitest';
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

describe('clientFor', () => {
	it('EN-AUTH-1: the energy token is a credential of the energy client in Live mode', () => {
		const client = clientFor('energy');
		expect(client.options.credentialHeaders?.()).toEqual({ Token: 'energy-token-123' });
		expect(client.options.baseUrl).toBe(`https://energy.example${API_ROOTS.energy}`);
	});

	it('BI-AUTH-1: the Bible client sends no credential, even with an energy token set', () => {
		const client = clientFor('bible');
		expect(client.options.credentialHeaders?.() ?? {}).toEqual({});
		expect(JSON.stringify(client.options.headers)).not.toContain('energy-token-123');
	});

	it('the code host client carries no energy token (its auth is the explorer’s own)', () => {
		expect(clientFor('codehost').options.credentialHeaders?.() ?? {}).toEqual({});
	});

	it('BI-VER-1, BI-BASE-1: the Bible client calls /api/v1 under the base URL', () => {
		expect(clientFor('bible').options.baseUrl).toBe('https://bible.example/api/v1');
	});

	it('in Demo mode a real token never goes to the fake', () => {
		settings.connections = {
			...settings.connections,
			energy: { mode: 'demo', baseUrl: '', proxyUrl: '' }
		};
		expect(clientFor('energy').options.credentialHeaders?.() ?? {}).toEqual({});
	});

	it('the energy token is redacted from the exchange records', () => {
		expect(clientFor('energy').options.secrets?.()).toContain('energy-token-123');
	});
});
