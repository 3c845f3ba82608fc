/**
 * "Test connection" in words: each service's one cheap, read-only request, and every kind of
 * answer a person can meet (reachable, CORS blocked, token refused, wrong API root, unreachable,
 * offline, timed out), against answers this test writes itself.
 */
import { describe, expect, it } from 'vitest';
import { createClient, type Transport } from '$lib/http/client';
import type { ReachabilityEnv } from '$lib/http/reachability';
import { testConnection } from '$lib/settings/connection-test';
import type { ServiceId } from '$lib/settings/connection';

const ROOTS: Record<ServiceId, string> = {
	codehost: 'https://code.example/api/v4',
	energy: 'https://energy.example/api/v1/private',
	bible: 'https://bible.example/api/v1'
};
const ONLINE: ReachabilityEnv = { online: () => true, pageOrigin: () => 'https://app.example' };

interface Sent {
	url: string;
	method: string;
	headers: Headers;
	body: unknown;
}

/** A client whose every request the test answers; `sent` records what went out. */
function setup(
	service: ServiceId,
	answer: (url: string, init: RequestInit) => Response | Promise<Response>,
	options: {
		env?: ReachabilityEnv;
		credentialHeaders?: Record<string, string>;
		timeoutMs?: number;
	} = {}
) {
	const sent: Sent[] = [];
	const transport: Transport = async (input, init = {}) => {
		// ky hands over a Request; the client's single tries, a URL and an init.
		const request = input instanceof Request ? input : null;
		const body = request ? await request.text() : init.body;
		sent.push({
			url: request?.url ?? String(input),
			method: request?.method ?? init.method ?? 'GET',
			headers: new Headers(request?.headers ?? init.headers),
			body: body === '' ? undefined : body
		});
		return answer(request?.url ?? String(input), { mode: request?.mode, ...init });
	};
	const client = createClient({
		baseUrl: ROOTS[service],
		transport,
		env: options.env ?? ONLINE,
		retryLimit: 0,
		timeoutMs: options.timeoutMs ?? 1000,
		credentialHeaders: () => options.credentialHeaders ?? {}
	});
	return { client, sent };
}

const json = (body: unknown, status = 200) => Response.json(body, { status });

const ACCOUNT_PAGE = {
	current_page: 1,
	data: [
		{ guid: 501, user_id: 17, id: 1, section: 'buyer', currency: 'TRX', balance: '250.000000' },
		{ guid: 502, user_id: 17, id: 2, section: 'affiliate', currency: 'TRX', balance: '0.000000' }
	],
	first_page_url: '/api/v1/private/account/list?page=1',
	from: 1,
	last_page: 1,
	last_page_url: '/api/v1/private/account/list?page=1',
	links: [],
	next_page_url: null,
	path: '/api/v1/private/account/list',
	per_page: 15,
	prev_page_url: null,
	to: 2,
	total: 2,
	draw: null,
	status: 'ok'
};

const BIBLE_LIST = {
	success: true,
	data: ['KJV', 'WEB'].map((ref) => ({
		apiUrl: `https://bible.example/api/v1/bibles/${ref}`,
		copytightInfo: '',
		langId: 'en',
		language: 'English (EN)',
		name: ref,
		publisher: 'Public Domain',
		ref
	}))
};

describe('reachable: each service’s cheapest read-only call', () => {
	it('CH-AUTH-2, CH-ROOT-1: the code host is asked GET /user with the token in a header, and names who it signs in as', async () => {
		const { client, sent } = setup('codehost', () =>
			json({ id: 1, username: 'root', name: 'Administrator' })
		);
		const answer = await testConnection({
			service: 'codehost',
			client,
			headers: { 'PRIVATE-TOKEN': 'glpat-secret' }
		});
		expect(answer).toMatchObject({
			outcome: 'reachable',
			summary: 'Reachable: signed in as root (Administrator).'
		});
		expect(sent).toHaveLength(1);
		expect(sent[0]).toMatchObject({ url: `${ROOTS.codehost}/user`, method: 'GET' });
		expect(sent[0]!.headers.get('private-token')).toBe('glpat-secret');
		expect(sent[0]!.url).not.toContain('glpat-secret');
	});

	it('CH-AUTH-0, CH-ERR-4: with no token the code host’s 401 still shows it is there, and says how to sign in', async () => {
		const { client } = setup('codehost', () => json({ message: '401 Unauthorized' }, 401));
		const answer = await testConnection({ service: 'codehost', client });
		expect(answer.outcome).toBe('reachable');
		expect(answer.summary).toContain('not signed in');
		expect(answer.detail).toContain('Explorer page');
	});

	it('EN-ACCL-1, EN-BASE-1, EN-AUTH-1: energy is asked POST /account/list with its Token, no order, and shows the buyer account', async () => {
		const { client, sent } = setup('energy', () => json(ACCOUNT_PAGE), {
			credentialHeaders: { Token: 'energy-token' }
		});
		const answer = await testConnection({ service: 'energy', client });
		expect(answer.outcome).toBe('reachable');
		expect(answer.summary).toBe(
			'Reachable: signed in to buyer account 1 of user 17, balance 250.00 TRX.'
		);
		expect(sent.map((s) => [s.method, s.url])).toEqual([['POST', `${ROOTS.energy}/account/list`]]);
		expect(sent[0]!.headers.get('token')).toBe('energy-token');
		expect(sent[0]!.body).toBeUndefined();
	});

	it('BI-EP-1, BI-AUTH-1: the Bible is asked GET /bibles with no credential, and counts the translations', async () => {
		const { client, sent } = setup('bible', () => json(BIBLE_LIST));
		const answer = await testConnection({ service: 'bible', client });
		expect(answer).toMatchObject({
			outcome: 'reachable',
			summary: 'Reachable: 2 translations offered.'
		});
		expect(sent.map((s) => [s.method, s.url])).toEqual([['GET', `${ROOTS.bible}/bibles`]]);
		expect([...sent[0]!.headers.keys()]).not.toContain('token');
	});
});

describe('token refused', () => {
	it('CH-ERR-4: a code host token it refuses (401) says to check the token on the Explorer page', async () => {
		const { client } = setup('codehost', () => json({ message: '401 Unauthorized' }, 401));
		const answer = await testConnection({
			service: 'codehost',
			client,
			headers: { 'PRIVATE-TOKEN': 'glpat-wrong' }
		});
		expect(answer.outcome).toBe('refused');
		expect(answer.summary).toBe('Token refused (401).');
		expect(answer.detail).toContain('Explorer page');
		expect(answer.detail).toContain('401 Unauthorized');
	});

	it('EN-AUTH-1: an energy token refused (401 Unauthenticated.) says to check the API token', async () => {
		const { client } = setup('energy', () => json({ message: 'Unauthenticated.' }, 401), {
			credentialHeaders: { Token: 'wrong' }
		});
		const answer = await testConnection({ service: 'energy', client });
		expect(answer.outcome).toBe('refused');
		expect(answer.detail).toContain('Check the API token');
		expect(answer.detail).toContain('“Unauthenticated.”');
	});

	it('a 403 is a refusal too', async () => {
		const { client } = setup('energy', () => json({ message: 'Forbidden' }, 403));
		expect((await testConnection({ service: 'energy', client })).summary).toBe(
			'Token refused (403).'
		);
	});
});

describe('wrong API root: says what was found', () => {
	it('CH-ERR-3: a 404 names the address and that the app adds /api/v4 itself', async () => {
		const { client } = setup('codehost', () => json({ error: '404 Not Found' }, 404));
		const answer = await testConnection({ service: 'codehost', client });
		expect(answer.outcome).toBe('wrong-root');
		expect(answer.summary).toBe('Wrong API root: nothing found there (404).');
		expect(answer.detail).toContain(`${ROOTS.codehost}/user`);
		expect(answer.detail).toContain('“404 Not Found”');
		expect(answer.detail).toContain('/api/v4');
	});

	it('a web page where the API should answer (200 HTML) is named as a web page', async () => {
		const { client } = setup(
			'bible',
			() => new Response('<!doctype html><title>Home</title>', { status: 200 })
		);
		const answer = await testConnection({ service: 'bible', client });
		expect(answer.outcome).toBe('wrong-root');
		expect(answer.summary).toBe('Wrong API root: the answer is not the Bible API’s JSON.');
		expect(answer.detail).toContain('a web page (HTML)');
		expect(answer.detail).toContain('/api/v1');
	});

	it('BI-ENV-1: JSON that is not the Bible API’s envelope is named as another shape', async () => {
		const { client } = setup('bible', () => json([{ id: 1 }]));
		const answer = await testConnection({ service: 'bible', client });
		expect(answer.outcome).toBe('wrong-root');
		expect(answer.summary).toContain('not what the Bible API sends');
	});

	it('EN-ENV-1: an energy answer without the ok envelope is not taken for the API', async () => {
		const { client } = setup('energy', () => json({ hello: 'world' }));
		expect((await testConnection({ service: 'energy', client })).outcome).toBe('wrong-root');
	});
});

describe('no answer', () => {
	it('CORS blocked: the request fails but the origin answers a no-cors probe; the page’s origin and the proxy are named', async () => {
		const { client, sent } = setup('bible', (_url, init) => {
			if (init.mode === 'no-cors') return new Response(null, { status: 200 });
			throw new TypeError('Failed to fetch');
		});
		const answer = await testConnection({ service: 'bible', client });
		expect(answer.outcome).toBe('cors');
		expect(answer.summary).toBe('CORS blocked: the server does not allow this site’s origin.');
		expect(answer.detail).toContain('https://app.example');
		expect(answer.detail).toContain('Proxy URL');
		// The probe goes to the origin only, with no credential.
		expect(sent[1]).toMatchObject({ url: 'https://bible.example/', method: 'GET' });
	});

	it('unreachable: nothing answers at all', async () => {
		const { client } = setup('energy', () => {
			throw new TypeError('Failed to fetch');
		});
		const answer = await testConnection({ service: 'energy', client });
		expect(answer.outcome).toBe('unreachable');
		expect(answer.detail).toContain('https://energy.example');
		expect(answer.detail).toContain('Check the base URL');
	});

	it('offline: the device has no network', async () => {
		const { client } = setup(
			'bible',
			() => {
				throw new TypeError('Failed to fetch');
			},
			{ env: { online: () => false, pageOrigin: () => 'https://app.example' } }
		);
		expect(await testConnection({ service: 'bible', client })).toMatchObject({
			outcome: 'offline',
			summary: 'Offline: this device has no network.'
		});
	});

	it('timeout: a server that never answers is stopped and said to be slow', async () => {
		const { client } = setup('codehost', () => new Promise<Response>(() => {}), {
			timeoutMs: 20
		});
		const answer = await testConnection({ service: 'codehost', client });
		expect(answer.outcome).toBe('timeout');
		expect(answer.summary).toContain('Timed out');
	});
});

describe('a server that is there but cannot answer now', () => {
	it('CH-LIM-1: 429 is busy, not broken', async () => {
		const { client } = setup(
			'codehost',
			() => new Response('Retry later\n', { status: 429, headers: { 'retry-after': '1' } })
		);
		expect((await testConnection({ service: 'codehost', client })).outcome).toBe('busy');
	});

	it('a 500 is the server’s failure, with what it said', async () => {
		const { client } = setup('bible', () => json({ message: 'Database down' }, 500));
		const answer = await testConnection({ service: 'bible', client });
		expect(answer.outcome).toBe('server-error');
		expect(answer.detail).toContain('“Database down”');
	});
});
