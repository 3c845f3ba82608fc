/**
 * A service's "Test connection" in Settings: it tests the connection as typed, with the
 * service's own credential sent only as a header to the service's own origin, and its answer
 * stands only while the settings are the ones it tested.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveExplorerSecrets, emptyExplorerSecrets } from '$lib/codehost/secrets/secrets';
import type { AuthMethod, AuthWay } from '$lib/codehost/auth/auth';
import { codehostTokenHeaders, ConnectionCheck } from '$lib/settings/connection-check.svelte';
import type { Connection } from '$lib/settings/connection';
import { settings } from '$lib/settings/settings.svelte';
import { MemoryStorage } from '../memory-storage';

interface Sent {
	url: string;
	headers: Headers;
}
let sent: Sent[];
let answer: () => Response;

beforeEach(() => {
	sent = [];
	answer = () => Response.json({});
	vi.stubGlobal('sessionStorage', new MemoryStorage());
	vi.stubGlobal('localStorage', new MemoryStorage());
	vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
		const request = input instanceof Request ? input : null;
		sent.push({
			url: request?.url ?? String(input),
			headers: new Headers(request?.headers ?? init.headers)
		});
		return answer();
	});
	settings.secrets = { apiToken: '' };
});
afterEach(() => vi.unstubAllGlobals());

const live = (baseUrl: string): Connection => ({ mode: 'live', baseUrl, proxyUrl: '' });

function explorerToken(method: AuthMethod, way: AuthWay, token: string) {
	saveExplorerSecrets({ ...emptyExplorerSecrets(), method, way, token }, false);
}

describe('the code host’s token for the test', () => {
	it('CH-AUTH-2: a personal token the explorer sends in the query goes as the PRIVATE-TOKEN header', () => {
		explorerToken('personal', 'private-token-query', 'glpat-abc');
		expect(codehostTokenHeaders()).toEqual({ 'PRIVATE-TOKEN': 'glpat-abc' });
	});

	it('CH-AUTH-1: an OAuth token goes as Authorization: Bearer, never access_token in the URL', () => {
		explorerToken('oauth', 'access-token-query', 'oauth-abc');
		expect(codehostTokenHeaders()).toEqual({ Authorization: 'Bearer oauth-abc' });
	});

	it('CH-AUTH-3: a job token is not sent to GET /user, nor is anything with no token', () => {
		explorerToken('job', 'job-token-header', 'glcbt-abc');
		expect(codehostTokenHeaders()).toEqual({});
		explorerToken('personal', 'private-token-header', '  ');
		expect(codehostTokenHeaders()).toEqual({});
	});
});

describe('ConnectionCheck', () => {
	it('EN-AUTH-1: energy sends its Token only in a header, to the base URL as typed', async () => {
		settings.secrets = { apiToken: 'energy-secret' };
		answer = () => Response.json({ message: 'Unauthenticated.' }, { status: 401 });
		const check = new ConnectionCheck('energy');
		const connection = live('https://energy.example');
		await check.run(connection);
		expect(sent).toHaveLength(1);
		expect(sent[0]!.url).toBe('https://energy.example/api/v1/private/account/list');
		expect(sent[0]!.headers.get('token')).toBe('energy-secret');
		expect(check.answerFor(connection)?.outcome).toBe('refused');
		expect(check.running).toBe(false);
	});

	it('CH-AUTH-2: the code host test carries the explorer’s token as a header, never in the URL', async () => {
		explorerToken('personal', 'private-token-query', 'glpat-abc');
		answer = () => Response.json({ username: 'alice', name: 'Alice' });
		const check = new ConnectionCheck('codehost');
		const connection = live('https://code.example');
		await check.run(connection);
		expect(sent.map((s) => s.url)).toEqual(['https://code.example/api/v4/user']);
		expect(sent[0]!.headers.get('private-token')).toBe('glpat-abc');
		expect(check.answerFor(connection)?.summary).toBe('Reachable: signed in as alice (Alice).');
	});

	it('BI-AUTH-1: the Bible test sends no credential, even with the other services’ tokens set', async () => {
		settings.secrets = { apiToken: 'energy-secret' };
		explorerToken('personal', 'private-token-header', 'glpat-abc');
		await new ConnectionCheck('bible').run(live('https://bible.example'));
		expect(JSON.stringify([...sent[0]!.headers])).not.toMatch(/energy-secret|glpat-abc/);
	});

	it('an answer stands only while the settings are the ones tested', async () => {
		settings.secrets = { apiToken: 'one' };
		answer = () => Response.json({ message: 'Unauthenticated.' }, { status: 401 });
		const check = new ConnectionCheck('energy');
		const connection = live('https://energy.example');
		await check.run(connection);
		expect(check.answerFor(connection)).not.toBeNull();
		expect(check.answerFor(live('https://energy.example/other'))).toBeNull();
		settings.secrets = { apiToken: 'two' };
		expect(check.answerFor(connection)).toBeNull();
	});

	it('a base URL that cannot be used is not tested: it says what to fix, and sends nothing', async () => {
		const check = new ConnectionCheck('bible');
		const connection = live('bible.example');
		await check.run(connection);
		expect(sent).toEqual([]);
		expect(check.answerFor(connection)).toMatchObject({
			outcome: 'not-tested',
			summary: 'Not tested: fix the base URL first.'
		});
	});
});
