import { refreshForm } from '$lib/codehost/auth/oauth';
import { requestTokens } from '$lib/codehost/send';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { explorerArea } from '$lib/codehost/explorer.svelte';
import { createCodehostApp } from '$lib/fakes/codehost/app';
import { closeAreas } from '$lib/settings/area-state.svelte';
import { settings } from '$lib/settings/settings.svelte';
import { explorerOver, ROOT, withExpiredOAuth } from './explorer-over';

function setup() {
	const app = createCodehostApp();
	const sent: Request[] = [];
	const transport: typeof fetch = async (input, init) => {
		const request = new Request(input, init);
		sent.push(request.clone());
		return app.fetch(request);
	};
	const explorer = explorerOver(transport);
	return { app, explorer, sent };
}

describe('explorer state against the demo code host', () => {
	it('bad input is refused before sending, saying what to do; fixing it sends', async () => {
		const { explorer, sent } = setup();
		explorer.form.method = 'POST';
		explorer.form.path = '/projects';
		explorer.form.bodyKind = 'json';
		explorer.form.params = '{"name": "x",}';
		await explorer.exchange.send();
		expect(sent).toHaveLength(0);
		expect(explorer.exchange.refused).toMatch(/not valid JSON .*Write one JSON object/);
		explorer.form.params = '["x"]';
		await explorer.exchange.send();
		expect(explorer.exchange.refused).toMatch(/one JSON object/);
		explorer.form.params = '{"name": "x"}';
		explorer.form.headers = 'If-Unmodified-Since Tue, 01 Oct 2024';
		await explorer.exchange.send();
		expect(sent).toHaveLength(0);
		expect(explorer.exchange.refused).toMatch(
			/is not a header\. Write one header per line as Name: value/
		);
		expect(
			explorer.form.lint.some((l) => l.level === 'error' && l.message === explorer.form.inputError)
		).toBe(true);
		explorer.form.headers = 'X-Demo: 1\n\n';
		await explorer.exchange.send();
		expect(explorer.exchange.refused).toBeNull();
		expect(sent).toHaveLength(1);
		expect(sent[0]!.headers.get('x-demo')).toBe('1');
	});

	it('CH-AUTH-1: concurrent expired-token 401s cause exactly one refresh at /oauth/token; both tokens kept', async () => {
		const { app, explorer } = setup();
		explorer.auth.setMethod('oauth');
		explorer.auth.token = 'oauth-expired-demo';
		explorer.auth.refreshToken = 'oauth-refresh-demo';
		explorer.auth.createdAt = Math.floor(Date.now() / 1000) - 3 * 3600;
		explorer.auth.save();
		// Three requests met the expiry at once; each asks for a refresh at the token endpoint.
		const refresh = (token: string) =>
			requestTokens(refreshForm(token), explorer.exchange.context());
		const tokens = await Promise.all(
			[1, 2, 3].map(() => explorer.auth.refreshAfterExpiry('oauth-expired-demo', refresh))
		);
		expect(new Set(tokens).size).toBe(1);
		const stats = await (
			await app.fetch(new Request('https://codehost.demo/oauth/__stats'))
		).json();
		expect(stats.refreshes).toBe(1);
		expect(explorer.auth.refreshToken).not.toBe('oauth-refresh-demo');
		expect(explorer.auth.timeLeft).toMatch(/1 h 59 min|2 h 0 min/);
	});

	it('CH-AUTH-1: a Send and a Fetch all meeting the expired token at once share one refresh', async () => {
		const { app, explorer, sent } = setup();
		explorer.form.query = 'pagination=keyset&per_page=20&order_by=id&sort=asc';
		await explorer.exchange.send();
		explorer.auth.setMethod('oauth');
		explorer.auth.way = 'access-token-query';
		explorer.auth.token = 'oauth-expired-demo';
		explorer.auth.refreshToken = 'oauth-refresh-demo';
		explorer.auth.save();
		explorer.allPages.cap = 3;
		explorer.form.path = '/user';
		explorer.form.query = '';
		await Promise.all([explorer.allPages.run(), explorer.exchange.send()]);
		const stats = await (
			await app.fetch(new Request('https://codehost.demo/oauth/__stats'))
		).json();
		expect(stats.refreshes).toBe(1);
		expect(explorer.exchange.response?.status).toBe(200);
		expect(explorer.allPages.result).toMatchObject({ reason: 'cap', pages: 3, items: 60 });
		// Both met the expired token: the walk's first page and the Send.
		const expired = sent.filter((r) => r.url.includes('access_token=oauth-expired-demo'));
		expect(expired.map((r) => new URL(r.url).pathname).sort()).toEqual([
			'/api/v4/projects',
			'/api/v4/user'
		]);
	});

	it('CH-AUTH-1: an expired token is refreshed once and the request sent again', async () => {
		const { explorer } = setup();
		withExpiredOAuth(explorer);
		await explorer.exchange.send();
		expect(explorer.exchange.response?.status).toBe(200);
		expect(explorer.exchange.response?.refreshed).toBe(true);
	});

	it('a server that does not answer leaves one ApiProblem (network) that says what to do, without the token', async () => {
		const explorer = explorerOver(() => Promise.reject(new TypeError('Failed to fetch')));
		explorer.auth.setMethod('personal');
		explorer.auth.way = 'private-token-query';
		explorer.auth.token = 'glpat-demo-token';
		explorer.form.path = '/user';
		explorer.form.query = '';
		await explorer.exchange.send();
		expect(explorer.exchange.response).toBeNull();
		expect(explorer.exchange.failure?.kind).toBe('network');
		expect(explorer.exchange.failure?.hint).toMatch(/Check the Base URL/);
		expect(
			JSON.stringify({ ...explorer.exchange.failure, message: explorer.exchange.failure?.message })
		).not.toContain('glpat-demo-token');
	});

	it('CH-REDIR-1: a GET to a renamed project follows the 301 and shows the hop; a POST stops with the new URL', async () => {
		const { explorer, sent } = setup();
		explorer.form.useTemplate('get-renamed-project');
		await explorer.exchange.send();
		expect(explorer.exchange.response?.status).toBe(200);
		expect(explorer.exchange.response?.hops[0]).toMatchObject({
			status: 301,
			to: `${ROOT}/projects/81`
		});
		// With the token in the query string: the same-origin hop is repeated with the token,
		// and shown without it.
		explorer.auth.setMethod('personal');
		explorer.auth.way = 'private-token-query';
		explorer.auth.token = 'glpat-demo-token';
		await explorer.exchange.send();
		expect(explorer.exchange.response?.hops[0]?.to).toBe(`${ROOT}/projects/81`);
		expect(sent.at(-1)!.url).toBe(`${ROOT}/projects/81?private_token=glpat-demo-token`);
		explorer.auth.way = 'private-token-header';
		explorer.auth.setMethod('personal');
		explorer.auth.token = 'glpat-demo-token';
		explorer.form.method = 'POST';
		explorer.form.path = '/projects/diaspora%2Fold-client/pipeline';
		await explorer.exchange.send();
		expect(explorer.exchange.response?.status).toBe(301);
		expect(explorer.exchange.response?.redirectNote).toContain(`${ROOT}/projects/81/pipeline`);
	});

	it('CH-SPAM-3: resubmission carries X-Service-Captcha-Response and X-Service-Spam-Log-Id', async () => {
		const { explorer, sent } = setup();
		explorer.auth.setMethod('personal');
		explorer.auth.token = 'glpat-demo-token';
		explorer.form.useTemplate('create-snippet');
		await explorer.exchange.send();
		const captcha = explorer.exchange.response!.shape!.captcha!;
		explorer.form.captchaResponse = 'solved';
		await explorer.exchange.resubmitWithCaptcha(captcha.spamLogId);
		expect(explorer.exchange.response?.status).toBe(201);
		const last = sent.at(-1)!;
		expect(last.headers.get('x-service-captcha-response')).toBe('solved');
		expect(last.headers.get('x-service-spam-log-id')).toBe(String(captcha.spamLogId));
	});

	it('CH-PAY-2, CH-PAY-6: a JSON body has its content type; a form body brackets arrays of hashes', async () => {
		const { explorer, sent } = setup();
		explorer.auth.setMethod('personal');
		explorer.auth.token = 'glpat-demo-token';
		explorer.form.useTemplate('create-pipeline');
		await explorer.exchange.send();
		expect(await sent.at(-1)!.text()).toBe(
			'ref=main&variables[0][key]=DEPLOY&variables[0][value]=true&variables[1][key]=SINCE&variables[1][value]=2024-01-01T00%3A00%3A00%2B02%3A00'
		);
		expect(explorer.exchange.response?.json).toMatchObject({
			variables: [{ key: 'DEPLOY' }, { key: 'SINCE', value: '2024-01-01T00:00:00+02:00' }]
		});
		explorer.form.bodyKind = 'json';
		await explorer.exchange.send();
		expect(sent.at(-1)!.headers.get('content-type')).toBe('application/json');
		expect(explorer.exchange.response?.status).toBe(201);
	});

	it('CH-PAY-1, CH-PAY-3: after a 414 the parameters can move into a body', async () => {
		const { explorer } = setup();
		explorer.auth.setMethod('personal');
		explorer.auth.token = 'glpat-demo-token';
		explorer.form.method = 'POST';
		explorer.form.path = '/projects';
		explorer.form.params = '';
		explorer.form.query = `name=${'a'.repeat(5000)}`;
		await explorer.exchange.send();
		expect(explorer.exchange.response?.status).toBe(414);
		expect(explorer.form.offerBody).toBe(true);
		explorer.form.sendAsBody();
		await explorer.exchange.send();
		expect(explorer.exchange.response?.status).toBe(201);
	});

	it('CH-OFF-3: Next follows the Link URL exactly as given; history records it redacted', async () => {
		const { explorer, sent } = setup();
		explorer.auth.setMethod('personal');
		explorer.auth.way = 'private-token-query';
		explorer.auth.token = 'glpat-demo-token';
		await explorer.exchange.send();
		const next = explorer.exchange.response!.pagination.links.find((l) => l.rel === 'next')!.url;
		await explorer.exchange.followLink(next);
		expect(sent.at(-1)!.url).toBe(next);
		expect(JSON.stringify(explorer.history.entries)).not.toContain('glpat-demo-token');
		expect(explorer.tools.curl(false)).not.toContain('glpat-demo-token');
		expect(explorer.tools.curl(true)).toContain('glpat-demo-token');
	});

	it('a page button puts the page it fetched into the form, without the token; Send then asks for that page', async () => {
		const { explorer, sent } = setup();
		explorer.auth.setMethod('personal');
		explorer.auth.way = 'private-token-query';
		explorer.auth.token = 'glpat-demo-token';
		explorer.form.query = 'per_page=5';
		await explorer.exchange.send();
		const next = explorer.exchange.response!.pagination.links.find((l) => l.rel === 'next')!.url;
		await explorer.exchange.followLink(next);
		const query = new URLSearchParams(explorer.form.query);
		expect(query.get('page')).toBe('2');
		expect(query.get('per_page')).toBe('5');
		expect(explorer.form.query).not.toContain('private_token');
		expect(explorer.form.path).toBe('/projects');
		expect(explorer.form.previewUrl).toMatch(/[?&]page=2/);
		await explorer.exchange.send();
		expect(new URL(sent.at(-1)!.url).searchParams.get('page')).toBe('2');
		expect(explorer.exchange.response!.headers['x-page']).toBe('2');
	});

	it('Fetch all pages keeps its pages in one History row, and the items it collected', async () => {
		const { explorer } = setup();
		explorer.form.query = 'per_page=5';
		await explorer.exchange.send();
		explorer.allPages.cap = 3;
		await explorer.allPages.run();
		expect(explorer.history.entries).toHaveLength(4);
		const rows = explorer.history.rows;
		expect(rows).toHaveLength(2);
		expect(rows[0]!.pages).toBe(3);
		expect(rows[0]!.entry.url).toMatch(/per_page=5/);
		expect(rows[1]!.pages).toBe(1);
		// The items are kept in order, and saved whole.
		const ids = explorer.allPages.items.map((p) => (p as { id: number }).id);
		expect(ids).toHaveLength(15);
		expect(new Set(ids).size).toBe(15);
		const file = explorer.allPages.file('json');
		expect(file.fileName).toBe('projects-items.json');
		expect(JSON.parse(file.text)).toEqual(explorer.allPages.items);
	});

	it('Fetch all pages shows its count, items and History row at most every 100 ms, and all of them when it ends', async () => {
		vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
		// The answers come through promises and streams, not timers: let them run.
		const settle = async (until: () => boolean) => {
			for (let i = 0; i < 500 && !until(); i++) await new Promise((r) => setImmediate(r));
			expect(until()).toBe(true);
		};
		try {
			// Pages 3 and 4 each wait until let go.
			const app = createCodehostApp();
			let sent = 0;
			const letGo: (() => void)[] = [];
			const gates = [0, 1].map(() => new Promise<void>((resolve) => letGo.push(resolve)));
			const explorer = explorerOver(async (input, init) => {
				sent++;
				if (sent === 4) await gates[0];
				if (sent === 5) await gates[1];
				return app.fetch(new Request(input, init));
			});
			explorer.form.query = 'per_page=5';
			await explorer.exchange.send();
			explorer.allPages.cap = 4;
			const walk = explorer.allPages.run();
			await settle(() => sent === 4);
			// Two pages came in this task's turn: nothing drawn yet, then both at once.
			expect(explorer.allPages.progress).toMatchObject({ pages: 0, items: 0 });
			// History too waits (its row of the run is redrawn at most every 100 ms).
			expect(explorer.history.entries).toHaveLength(1);
			vi.advanceTimersByTime(0);
			expect(explorer.allPages.progress).toMatchObject({ pages: 2, items: 10 });
			expect(explorer.allPages.items).toHaveLength(10);

			letGo[0]!();
			await settle(() => sent === 5);
			// The third page is drawn 100 ms after the last drawing, not before.
			vi.advanceTimersByTime(99);
			expect(explorer.allPages.progress).toMatchObject({ pages: 2, items: 10 });
			vi.advanceTimersByTime(1);
			expect(explorer.allPages.progress).toMatchObject({ pages: 3, items: 15 });
			expect(explorer.history.rows[0]!.pages).toBe(3);

			// The end shows every page at once, without waiting.
			letGo[1]!();
			await walk;
			expect(explorer.allPages.progress).toMatchObject({ pages: 4, items: 20 });
			expect(explorer.allPages.items).toHaveLength(20);
			expect(explorer.allPages.walking).toBe(false);
			expect(explorer.history.rows.map((r) => r.pages)).toEqual([4, 1]);
		} finally {
			vi.useRealTimers();
		}
	});

	it('a History entry opens its stored answer without sending; page buttons work from it', async () => {
		const { explorer, sent } = setup();
		explorer.form.query = 'per_page=5';
		await explorer.exchange.send();
		explorer.form.path = '/nope';
		await explorer.exchange.send();
		expect(explorer.exchange.response!.status).toBe(404);
		const before = sent.length;
		explorer.history.open(explorer.history.entries[1]!);
		expect(sent).toHaveLength(before);
		const shown = explorer.exchange.response!;
		expect(shown.status).toBe(200);
		expect(shown.stored?.at).toBe(explorer.history.entries[1]!.at);
		expect(Array.isArray(shown.json) && shown.json).toHaveLength(5);
		expect(shown.pagination.kind).toBe('offset');
		const next = shown.pagination.links.find((l) => l.rel === 'next')!.url;
		await explorer.exchange.followLink(next);
		expect(explorer.exchange.response!.headers['x-page']).toBe('2');
	});
});

describe('a server whose Link URLs carry another host (behind a proxy)', () => {
	it('CH-OFF-3: the foreign Link is flagged; followed as given, or on the base URL when asked', async () => {
		const app = createCodehostApp();
		const sent: string[] = [];
		const transport: typeof fetch = async (input, init) => {
			const request = new Request(input, init);
			sent.push(request.url);
			const res = await app.fetch(request);
			const headers = new Headers(res.headers);
			const link = headers.get('link');
			if (link)
				headers.set('link', link.replaceAll('https://codehost.demo', 'https://internal.example'));
			return new Response(res.body, { status: res.status, headers });
		};
		const explorer = explorerOver(transport);
		await explorer.exchange.send();
		const next = explorer.exchange.response!.pagination.links.find((l) => l.rel === 'next')!;
		expect(next.foreign).toBe(true);
		explorer.exchange.keepBase = true;
		await explorer.exchange.followLink(next.url);
		expect(sent.at(-1)).toBe(`${ROOT}/projects?page=2&per_page=5`);
	});
});

describe('explorer secrets', () => {
	it('stay in session storage unless remembered', async () => {
		const { loadExplorerSecrets, saveExplorerSecrets, emptyExplorerSecrets } =
			await import('$lib/codehost/secrets/secrets');
		const mem = () => {
			const m = new Map<string, string>();
			return {
				getItem: (k: string) => m.get(k) ?? null,
				setItem: (k: string, v: string) => void m.set(k, v),
				removeItem: (k: string) => void m.delete(k),
				m
			} as unknown as Storage & { m: Map<string, string> };
		};
		const s = { session: mem(), local: mem() };
		saveExplorerSecrets({ ...emptyExplorerSecrets(), token: 'tok-1' }, false, s);
		expect((s.session as unknown as { m: Map<string, string> }).m.size).toBe(1);
		expect((s.local as unknown as { m: Map<string, string> }).m.size).toBe(0);
		expect(loadExplorerSecrets(s).token).toBe('tok-1');
		saveExplorerSecrets({ ...emptyExplorerSecrets(), token: 'tok-2' }, true, s);
		expect((s.session as unknown as { m: Map<string, string> }).m.size).toBe(0);
		expect(loadExplorerSecrets(s).token).toBe('tok-2');
	});
});

describe('closing the explorer (Settings moved the code host)', () => {
	/** The demo code host, each answer held until the test lets it go. */
	function held() {
		const app = createCodehostApp();
		const waiting: (() => void)[] = [];
		const sent: string[] = [];
		const explorer = explorerOver(
			(input, init) =>
				new Promise<Response>((resolve, reject) => {
					const request = new Request(input, init);
					sent.push(new URL(request.url).pathname);
					init?.signal?.addEventListener('abort', () =>
						reject(new DOMException('Aborted', 'AbortError'))
					);
					waiting.push(() => void Promise.resolve(app.fetch(request)).then(resolve));
				})
		);
		return { explorer, sent, release: () => waiting.shift()?.() };
	}
	const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

	it('stops a running collection run: no request after the one in flight', async () => {
		const { explorer, sent, release } = held();
		const request = {
			method: 'GET' as const,
			pathParams: {},
			query: '',
			params: '',
			bodyKind: 'query' as const,
			headers: '',
			auth: { method: 'none' as const, way: 'none' as const }
		};
		const col = explorer.workspace.collections;
		col.save('One', 'Smoke', { ...request, path: '/projects' });
		col.save('Two', 'Smoke', { ...request, path: '/users' });
		const running = explorer.workspace.runCollection(col.collections[0]!.id);
		await vi.waitFor(() => expect(sent).toEqual(['/api/v4/projects']));
		explorer.close();
		release();
		await running;
		await settled();
		expect(sent).toEqual(['/api/v4/projects']);
		expect(explorer.workspace.run.running).toBe(false);
		await col.settled();
	});

	it('ends the request in flight and shows no answer after', async () => {
		const { explorer, release } = held();
		const sending = explorer.exchange.send();
		await settled();
		explorer.close();
		await sending;
		expect(explorer.exchange.sending).toBe(false);
		expect(explorer.exchange.response).toBeNull();
		release();
		await settled();
		expect(explorer.exchange.response).toBeNull();
	});

	it('ends a Fetch all walk: it stops walking and no page after it is asked for', async () => {
		const { explorer, sent, release } = held();
		explorer.form.query = 'per_page=2';
		const first = explorer.exchange.send();
		await settled();
		release();
		await first;
		const walk = explorer.allPages.run();
		await vi.waitFor(() => expect(sent).toHaveLength(2));
		expect(explorer.allPages.walking).toBe(true);
		explorer.close();
		release();
		await walk;
		await settled();
		expect(explorer.allPages.walking).toBe(false);
		expect(explorer.allPages.result).toBeNull();
		expect(sent).toHaveLength(2);
	});
});

describe('the page’s explorer (explorerArea)', () => {
	afterEach(closeAreas);
	const settle = () => new Promise<void>((resolve) => queueMicrotask(resolve));

	it('is one for the connection; Live in Settings brings a new one, the old one closed, with the request being written carried over', async () => {
		const first = explorerArea();
		expect(explorerArea()).toBe(first);
		expect(first.demo).toBe(true);
		first.form.path = '/user';
		expect(
			await settings.apply('codehost', {
				mode: 'live',
				baseUrl: 'https://gitlab.example',
				proxyUrl: ''
			})
		).toBeNull();
		const second = explorerArea();
		expect(second).not.toBe(first);
		expect(second.demo).toBe(false);
		expect(second.form.path).toBe('/user');
		await settle();
		expect(first.session.closed).toBe(true);
		expect(second.session.closed).toBe(false);
	});
});
