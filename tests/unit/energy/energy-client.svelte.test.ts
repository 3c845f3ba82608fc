import { describe, expect, it } from 'vitest';
import { listAccounts } from '$lib/energy/api';
import { energySession } from '$lib/energy/energy-client.svelte';
import { createClient } from '$lib/http/client';
import type { ClientExtras } from '$lib/settings/client-for';
import type { Mode } from '$lib/settings/connection';
import { BASE, pageAnswer, sampleAccount } from './helpers';

/** A connection as Settings give it, answering every call with one account. */
function connection(mode: Mode, secret: string) {
	const requests: Request[] = [];
	let hold: Promise<void> | null = null;
	return {
		requests,
		holdNext: () => (hold = new Promise<void>(() => {})),
		source: {
			service: 'energy' as const,
			mode,
			apiRoot: BASE,
			secret,
			client: (extras?: ClientExtras) =>
				createClient({
					baseUrl: BASE,
					credentialHeaders: extras?.credentialHeaders,
					env: { online: () => true, pageOrigin: () => undefined },
					transport: async (input, init) => {
						const request = new Request(input, init);
						requests.push(request);
						if (hold) await Promise.race([hold, abortOf(request)]);
						return pageAnswer([sampleAccount()], { path: '/api/v1/private/account/list' });
					}
				})
		}
	};
}

const abortOf = (request: Request) =>
	new Promise((_, reject) =>
		request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true })
	);

describe("the energy area's session", () => {
	it('is the connection as it was opened, and each of its requests carries the token', async () => {
		const c = connection('live', 'secret-token-1');
		const session = energySession(c.source);
		expect([session.service, session.mode, session.apiRoot, session.secret]).toEqual([
			'energy',
			'live',
			BASE,
			'secret-token-1'
		]);
		await listAccounts(session.client());
		await listAccounts(session.client());
		expect(c.requests.map((r) => r.headers.get('token'))).toEqual([
			'secret-token-1',
			'secret-token-1'
		]);
	});

	it('sends no Token header without a token', async () => {
		const c = connection('demo', '');
		await listAccounts(energySession(c.source).client());
		expect(c.requests).toHaveLength(1);
		expect(c.requests[0]!.headers.has('token')).toBe(false);
	});

	it('a request in flight stops when the session closes', async () => {
		const c = connection('live', 'secret-token-1');
		const session = energySession(c.source);
		c.holdNext();
		const reading = listAccounts(session.client()).catch((error: unknown) => error);
		await new Promise((resolve) => setTimeout(resolve, 0));
		session.close();
		expect(await reading).toMatchObject({ kind: 'aborted' });
		expect(session.closed).toBe(true);
	});
});
