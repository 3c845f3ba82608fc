/**
 * The explorer's one send path against a hostile code host: every way a request goes out keeps
 * the user's credentials on the API root's origin (CH-AUTH-*, CH-REDIR-1, CH-OFF-3, CH-KEY-2).
 */
import { describe, expect, it } from 'vitest';
import { exportHistory, parseHistoryExport } from '$lib/codehost/history/history';
import type { AuthMethod, AuthWay } from '$lib/codehost/auth/auth';
import type { ExplorerState } from '$lib/codehost/explorer.svelte';
import { createCodehostApp } from '$lib/fakes/codehost/app';
import { DEMO_PASSWORD } from '$lib/fakes/codehost/auth';
import { explorerOver, ROOT } from './explorer-over';

const EVIL = 'https://evil.test';
const TOKEN = 'glpat-demo-token';

interface Seen {
	url: string;
	headers: Record<string, string>;
	credentials: RequestCredentials;
	redirect: RequestRedirect;
}

/** What reached the other origin that could identify the user. */
function leaks(seen: Seen[], secrets: string[]): string[] {
	const out: string[] = [];
	for (const r of seen) {
		for (const [name, value] of Object.entries(r.headers))
			if (/^(authorization|private-token|job-token|sudo|cookie|token)$/i.test(name))
				out.push(`${name}: ${value}`);
		for (const [name] of new URL(r.url).searchParams)
			if (/^(private_token|access_token|job_token|sudo)$/i.test(name)) out.push(`?${name}`);
		for (const s of secrets) if (r.url.includes(s)) out.push(`url has ${s}`);
		if (r.credentials === 'include') out.push('cookies');
	}
	return out;
}

/**
 * The demo code host on the API root's origin, except for `/hostile/*`, which redirects with the
 * status in the path, or answers a list whose Link points at the other origin.
 */
function setup(options: { opaque?: boolean } = {}) {
	const app = createCodehostApp();
	const evil: Seen[] = [];
	const home: Seen[] = [];
	const transport: typeof fetch = async (input, init) => {
		const request = new Request(input, init);
		const url = new URL(request.url);
		const seen: Seen = {
			url: request.url,
			headers: Object.fromEntries(request.headers),
			credentials: init?.credentials ?? request.credentials,
			redirect: init?.redirect ?? request.redirect
		};
		if (url.origin === EVIL) {
			evil.push(seen);
			return Response.json([{ id: 1 }], {
				headers: { link: `<${EVIL}/api/v4/projects?page=3>; rel="next"` }
			});
		}
		home.push(seen);
		const m = /^\/api\/v4\/hostile\/(\d{3})/.exec(url.pathname);
		if (m) {
			const to = `${EVIL}/api/v4/projects?private_token=${TOKEN}`;
			// A browser hides a manual redirect from the page; it follows one itself, bare (and
			// a server that was not sent the token cannot echo it).
			if (options.opaque) {
				const to = `${EVIL}/api/v4/projects`;
				if (seen.redirect === 'manual') return opaque();
				evil.push({ ...seen, url: to });
				return followed(to);
			}
			return new Response(null, { status: Number(m[1]), headers: { location: to } });
		}
		if (url.pathname === '/api/v4/hostile-list')
			return Response.json([{ id: 1 }, { id: 2 }], {
				headers: {
					link: [
						`<${EVIL}/api/v4/projects?page=2&private_token=${TOKEN}>; rel="next"`,
						`<${EVIL}/api/v4/projects?page=1>; rel="first"`
					].join(', ')
				}
			});
		return app.fetch(request);
	};
	const explorer = explorerOver(transport, { live: options.opaque === true });
	return { explorer, evil, home };
}

function opaque(): Response {
	const r = new Response(null, { status: 200 });
	Object.defineProperty(r, 'status', { value: 0 });
	Object.defineProperty(r, 'ok', { value: false });
	Object.defineProperty(r, 'type', { value: 'opaqueredirect' });
	return r;
}

function followed(url: string): Response {
	const r = Response.json([]);
	Object.defineProperty(r, 'redirected', { value: true });
	Object.defineProperty(r, 'url', { value: url });
	return r;
}

const WAYS: [AuthMethod, AuthWay][] = [
	['personal', 'private-token-header'],
	['personal', 'bearer'],
	['personal', 'private-token-query'],
	['oauth', 'bearer'],
	['oauth', 'access-token-query'],
	['job', 'job-token-header'],
	['job', 'job-token-query'],
	['impersonation', 'private-token-header'],
	['session', 'cookie']
];

function signIn(explorer: ExplorerState, method: AuthMethod, way: AuthWay, sudo = '') {
	explorer.auth.setMethod(method);
	explorer.auth.way = way;
	explorer.auth.token = TOKEN;
	explorer.auth.sudo = sudo;
	explorer.auth.sudoWay = way.endsWith('query') ? 'query' : 'header';
}

describe('the explorer send path keeps credentials on the API root’s origin', () => {
	for (const [method, way] of WAYS)
		it(`CH-AUTH-0..5, CH-REDIR-1: ${method} sent as ${way}: 301, 302, 307 and 308 to another origin are not followed with it`, async () => {
			const { explorer, evil, home } = setup();
			signIn(explorer, method, way, 'alice');
			for (const status of [301, 302, 307, 308]) {
				explorer.form.method = 'GET';
				explorer.form.path = `/hostile/${status}`;
				explorer.form.query = '';
				await explorer.exchange.send();
				expect(explorer.exchange.response?.status).toBe(status);
				expect(explorer.exchange.response?.offsite).toBe(`${EVIL}/api/v4/projects`);
				expect(explorer.exchange.response?.redirectNote).toContain(
					'Not followed with your credentials'
				);
				explorer.form.method = 'POST';
				await explorer.exchange.send();
				expect(explorer.exchange.response?.redirectNote).toContain('Not followed');
			}
			expect(evil).toEqual([]);
			// The credential did travel to its own origin, as chosen.
			expect(home.length).toBe(8);
			expect(home.every((r) => r.redirect === 'manual')).toBe(true);
			// Asked for, the request goes there bare.
			await explorer.exchange.sendWithoutCredentials(
				`${EVIL}/api/v4/projects?private_token=${TOKEN}`
			);
			expect(evil).toHaveLength(1);
			expect(leaks(evil, [TOKEN])).toEqual([]);
		});

	it('CH-REDIR-1: in a browser (opaque redirects) a same-origin hop is followed with the token, another origin is not', async () => {
		const { explorer, evil, home } = setup({ opaque: true });
		signIn(explorer, 'personal', 'private-token-header');
		explorer.form.path = '/hostile/301';
		explorer.form.query = '';
		await explorer.exchange.send();
		// Where it leads was learnt from the same GET without credentials.
		expect(leaks(evil, [TOKEN])).toEqual([]);
		expect(explorer.exchange.response?.offsite).toBe(`${EVIL}/api/v4/projects`);
		expect(home.filter((r) => r.headers['private-token'] === TOKEN)).toHaveLength(1);
	});

	it('CH-OFF-3, CH-KEY-2: a Link to another origin is followed at the base URL by default; untick, and it goes there bare', async () => {
		const { explorer, evil, home } = setup();
		signIn(explorer, 'personal', 'private-token-query');
		explorer.form.path = '/hostile-list';
		explorer.form.query = '';
		await explorer.exchange.send();
		const next = explorer.exchange.response!.pagination.links.find((l) => l.rel === 'next')!;
		expect(next.foreign).toBe(true);
		expect(explorer.exchange.keepBase).toBe(true);
		await explorer.exchange.followLink(next.url);
		expect(evil).toEqual([]);
		expect(home.at(-1)!.url).toBe(`${ROOT}/projects?page=2&private_token=${TOKEN}`);
		explorer.exchange.keepBase = false;
		await explorer.exchange.followLink(next.url);
		expect(evil).toHaveLength(1);
		expect(evil[0]!.url).toBe(`${EVIL}/api/v4/projects?page=2`);
		expect(leaks(evil, [TOKEN])).toEqual([]);
	});

	for (const [method, way] of WAYS)
		it(`CH-KEY-2: Fetch all pages with ${method} as ${way}: a next Link on another origin gets no credential`, async () => {
			const { explorer, evil } = setup();
			signIn(explorer, method, way, 'alice');
			explorer.form.path = '/hostile-list';
			explorer.form.query = '';
			await explorer.exchange.send();
			explorer.exchange.keepBase = false;
			explorer.allPages.cap = 3;
			await explorer.allPages.run();
			expect(explorer.allPages.result?.pages).toBe(3);
			expect(evil.length).toBe(2);
			expect(leaks(evil, [TOKEN])).toEqual([]);
		});

	it('CH-AUTH-2: Run again of an imported entry from another origin sends it bare; re-targeted, it goes to the base URL with the token', async () => {
		const { explorer, evil, home } = setup();
		signIn(explorer, 'personal', 'private-token-header');
		const file = JSON.stringify({
			format: 'codehost-explorer-history',
			version: 1,
			entries: [
				{
					id: 'x1',
					at: new Date().toISOString(),
					method: 'GET',
					path: '/projects',
					url: `${EVIL}/api/v4/projects?per_page=2&private_token=[redacted]`,
					request: {
						method: 'GET',
						path: `${EVIL}/steal`,
						query: '',
						params: '',
						bodyKind: 'query'
					},
					durationMs: 1,
					sizeBytes: 1,
					requestHeaders: {},
					responseHeaders: {}
				}
			]
		});
		await explorer.history.clear();
		await explorer.history.importFile(file);
		expect(explorer.history.message).toBe('Imported 1 entries.');
		const entry = explorer.history.find('x1')!;
		expect(explorer.history.isUnderApiRoot(entry)).toBe(false);
		await explorer.history.rerun(entry);
		expect(evil).toHaveLength(1);
		expect(evil[0]!.url).toBe(`${EVIL}/api/v4/projects?per_page=2`);
		expect(leaks(evil, [TOKEN])).toEqual([]);
		// A saved request whose path is a URL elsewhere is read as a path under the base URL.
		await explorer.history.retarget(entry);
		expect(evil).toHaveLength(1);
		expect(home.at(-1)!.url).toMatch(/^https:\/\/codehost\.demo\/api\/v4\//);
		expect(home.at(-1)!.headers['private-token']).toBe(TOKEN);
	});
});

describe('no secret is kept', () => {
	it('CH-AUTH-1: after a password grant and a refresh, history and its export hold neither the password nor a token', async () => {
		const { explorer } = setup();
		await explorer.oauth.signIn('root', DEMO_PASSWORD);
		const first = { access: explorer.auth.token, refresh: explorer.auth.refreshToken };
		expect(first.access).toMatch(/^oauth-access-/);
		await explorer.oauth.refreshNow();
		const second = { access: explorer.auth.token, refresh: explorer.auth.refreshToken };
		expect(second.access).not.toBe(first.access);
		explorer.form.path = '/user';
		explorer.form.query = '';
		await explorer.exchange.send();
		const secrets = [DEMO_PASSWORD, first.access, first.refresh, second.access, second.refresh];
		const stored = JSON.stringify(explorer.history.entries);
		const exported = explorer.history.exportFile();
		for (const s of secrets) {
			expect(stored).not.toContain(s);
			expect(exported).not.toContain(s);
		}
		// The token calls are recorded, without their bodies.
		expect(explorer.history.entries.filter((e) => e.path.endsWith('/oauth/token'))).toHaveLength(2);
	});

	it('CH-AUTH-1: secrets by name are redacted again on import (a hand-edited file)', () => {
		const text = exportHistory([
			{
				id: 'y',
				at: new Date().toISOString(),
				method: 'POST',
				path: '/oauth/token',
				url: `${ROOT}/x?private%5Ftoken=abc123&Access_Token=def456`,
				durationMs: 1,
				sizeBytes: 1,
				requestHeaders: { 'PRIVATE-TOKEN': 'abc123' },
				requestBody: 'grant_type=password&username=root&password=hunter22',
				responseHeaders: {},
				responseBody:
					'{"access_token":"tok-1","nested":{"refresh_token":"tok-2"},"client_secret":"cs"}'
			}
		]);
		const [entry] = parseHistoryExport(text);
		const again = JSON.stringify(entry);
		for (const s of ['abc123', 'def456', 'hunter22', 'tok-1', 'tok-2', '"cs"'])
			expect(again).not.toContain(s);
		expect(entry!.requestBody).toBe('grant_type=password&username=root&password=[redacted]');
	});
});
