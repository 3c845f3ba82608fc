import { describe, expect, it } from 'vitest';
import { createCodehostApp } from '$lib/fakes/codehost/app';
import { explorerOver, ROOT } from './explorer-over';

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
		explorer.method = 'POST';
		explorer.path = '/projects';
		explorer.bodyKind = 'json';
		explorer.params = '{"name": "x",}';
		await explorer.send();
		expect(sent).toHaveLength(0);
		expect(explorer.refused).toMatch(/not valid JSON .*Write one JSON object/);
		explorer.params = '["x"]';
		await explorer.send();
		expect(explorer.refused).toMatch(/one JSON object/);
		explorer.params = '{"name": "x"}';
		explorer.headers = 'If-Unmodified-Since Tue, 01 Oct 2024';
		await explorer.send();
		expect(sent).toHaveLength(0);
		expect(explorer.refused).toMatch(/is not a header\. Write one header per line as Name: value/);
		expect(
			explorer.lint.some((l) => l.level === 'error' && l.message === explorer.inputError)
		).toBe(true);
		explorer.headers = 'X-Demo: 1\n\n';
		await explorer.send();
		expect(explorer.refused).toBeNull();
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
		const tokens = await Promise.all(
			[1, 2, 3].map(() => explorer.auth.refreshAfterExpiry('oauth-expired-demo'))
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
		explorer.query = 'pagination=keyset&per_page=20&order_by=id&sort=asc';
		await explorer.send();
		explorer.auth.setMethod('oauth');
		explorer.auth.way = 'access-token-query';
		explorer.auth.token = 'oauth-expired-demo';
		explorer.auth.refreshToken = 'oauth-refresh-demo';
		explorer.auth.save();
		explorer.walkCap = 3;
		explorer.path = '/user';
		explorer.query = '';
		await Promise.all([explorer.fetchAll(), explorer.send()]);
		const stats = await (
			await app.fetch(new Request('https://codehost.demo/oauth/__stats'))
		).json();
		expect(stats.refreshes).toBe(1);
		expect(explorer.response?.status).toBe(200);
		expect(explorer.walkResult).toMatchObject({ reason: 'cap', pages: 3, items: 60 });
		// Both met the expired token: the walk's first page and the Send.
		const expired = sent.filter((r) => r.url.includes('access_token=oauth-expired-demo'));
		expect(expired.map((r) => new URL(r.url).pathname).sort()).toEqual([
			'/api/v4/projects',
			'/api/v4/user'
		]);
	});

	it('CH-AUTH-1: an expired token is refreshed once and the request sent again', async () => {
		const { explorer } = setup();
		explorer.auth.setMethod('oauth');
		explorer.auth.token = 'oauth-expired-demo';
		explorer.auth.refreshToken = 'oauth-refresh-demo';
		explorer.auth.save();
		explorer.path = '/user';
		explorer.query = '';
		await explorer.send();
		expect(explorer.response?.status).toBe(200);
		expect(explorer.response?.refreshed).toBe(true);
	});

	it('a server that does not answer leaves one ApiProblem (network) that says what to do, without the token', async () => {
		const explorer = explorerOver(() => Promise.reject(new TypeError('Failed to fetch')));
		explorer.auth.setMethod('personal');
		explorer.auth.way = 'private-token-query';
		explorer.auth.token = 'glpat-demo-token';
		explorer.path = '/user';
		explorer.query = '';
		await explorer.send();
		expect(explorer.response).toBeNull();
		expect(explorer.failure?.kind).toBe('network');
		expect(explorer.failure?.hint).toMatch(/Check the Base URL/);
		expect(
			JSON.stringify({ ...explorer.failure, message: explorer.failure?.message })
		).not.toContain('glpat-demo-token');
	});

	it('CH-REDIR-1: a GET to a renamed project follows the 301 and shows the hop; a POST stops with the new URL', async () => {
		const { explorer, sent } = setup();
		explorer.useTemplate('get-renamed-project');
		await explorer.send();
		expect(explorer.response?.status).toBe(200);
		expect(explorer.response?.hops[0]).toMatchObject({ status: 301, to: `${ROOT}/projects/81` });
		// With the token in the query string: the same-origin hop is repeated with the token,
		// and shown without it.
		explorer.auth.setMethod('personal');
		explorer.auth.way = 'private-token-query';
		explorer.auth.token = 'glpat-demo-token';
		await explorer.send();
		expect(explorer.response?.hops[0]?.to).toBe(`${ROOT}/projects/81`);
		expect(sent.at(-1)!.url).toBe(`${ROOT}/projects/81?private_token=glpat-demo-token`);
		explorer.auth.way = 'private-token-header';
		explorer.auth.setMethod('personal');
		explorer.auth.token = 'glpat-demo-token';
		explorer.method = 'POST';
		explorer.path = '/projects/diaspora%2Fold-client/pipeline';
		await explorer.send();
		expect(explorer.response?.status).toBe(301);
		expect(explorer.response?.redirectNote).toContain(`${ROOT}/projects/81/pipeline`);
	});

	it('CH-SPAM-3: resubmission carries X-Service-Captcha-Response and X-Service-Spam-Log-Id', async () => {
		const { explorer, sent } = setup();
		explorer.auth.setMethod('personal');
		explorer.auth.token = 'glpat-demo-token';
		explorer.useTemplate('create-snippet');
		await explorer.send();
		const captcha = explorer.response!.shape!.captcha!;
		explorer.captchaResponse = 'solved';
		await explorer.resubmitWithCaptcha(captcha.spamLogId);
		expect(explorer.response?.status).toBe(201);
		const last = sent.at(-1)!;
		expect(last.headers.get('x-service-captcha-response')).toBe('solved');
		expect(last.headers.get('x-service-spam-log-id')).toBe(String(captcha.spamLogId));
	});

	it('CH-PAY-2, CH-PAY-6: a JSON body has its content type; a form body brackets arrays of hashes', async () => {
		const { explorer, sent } = setup();
		explorer.auth.setMethod('personal');
		explorer.auth.token = 'glpat-demo-token';
		explorer.useTemplate('create-pipeline');
		await explorer.send();
		expect(await sent.at(-1)!.text()).toBe(
			'ref=main&variables[0][key]=DEPLOY&variables[0][value]=true&variables[1][key]=SINCE&variables[1][value]=2024-01-01T00%3A00%3A00%2B02%3A00'
		);
		expect(explorer.response?.json).toMatchObject({
			variables: [{ key: 'DEPLOY' }, { key: 'SINCE', value: '2024-01-01T00:00:00+02:00' }]
		});
		explorer.bodyKind = 'json';
		await explorer.send();
		expect(sent.at(-1)!.headers.get('content-type')).toBe('application/json');
		expect(explorer.response?.status).toBe(201);
	});

	it('CH-PAY-1, CH-PAY-3: after a 414 the parameters can move into a body', async () => {
		const { explorer } = setup();
		explorer.auth.setMethod('personal');
		explorer.auth.token = 'glpat-demo-token';
		explorer.method = 'POST';
		explorer.path = '/projects';
		explorer.params = '';
		explorer.query = `name=${'a'.repeat(5000)}`;
		await explorer.send();
		expect(explorer.response?.status).toBe(414);
		expect(explorer.offerBody).toBe(true);
		explorer.sendAsBody();
		await explorer.send();
		expect(explorer.response?.status).toBe(201);
	});

	it('CH-OFF-3: Next follows the Link URL exactly as given; history records it redacted', async () => {
		const { explorer, sent } = setup();
		explorer.auth.setMethod('personal');
		explorer.auth.way = 'private-token-query';
		explorer.auth.token = 'glpat-demo-token';
		await explorer.send();
		const next = explorer.response!.pagination.links.find((l) => l.rel === 'next')!.url;
		await explorer.followLink(next);
		expect(sent.at(-1)!.url).toBe(next);
		expect(JSON.stringify(explorer.history)).not.toContain('glpat-demo-token');
		expect(explorer.curl(false)).not.toContain('glpat-demo-token');
		expect(explorer.curl(true)).toContain('glpat-demo-token');
	});

	it('a page button puts the page it fetched into the form, without the token; Send then asks for that page', async () => {
		const { explorer, sent } = setup();
		explorer.auth.setMethod('personal');
		explorer.auth.way = 'private-token-query';
		explorer.auth.token = 'glpat-demo-token';
		explorer.query = 'per_page=5';
		await explorer.send();
		const next = explorer.response!.pagination.links.find((l) => l.rel === 'next')!.url;
		await explorer.followLink(next);
		const query = new URLSearchParams(explorer.query);
		expect(query.get('page')).toBe('2');
		expect(query.get('per_page')).toBe('5');
		expect(explorer.query).not.toContain('private_token');
		expect(explorer.path).toBe('/projects');
		expect(explorer.previewUrl).toMatch(/[?&]page=2/);
		await explorer.send();
		expect(new URL(sent.at(-1)!.url).searchParams.get('page')).toBe('2');
		expect(explorer.response!.headers['x-page']).toBe('2');
	});

	it('Fetch all pages keeps its pages in one History row, and the items it collected', async () => {
		const { explorer } = setup();
		explorer.query = 'per_page=5';
		await explorer.send();
		explorer.walkCap = 3;
		await explorer.fetchAll();
		expect(explorer.history).toHaveLength(4);
		const rows = explorer.historyRows;
		expect(rows).toHaveLength(2);
		expect(rows[0]!.pages).toBe(3);
		expect(rows[0]!.entry.url).toMatch(/per_page=5/);
		expect(rows[1]!.pages).toBe(1);
		// The items are kept in order, and saved whole.
		const ids = explorer.walkItems.map((p) => (p as { id: number }).id);
		expect(ids).toHaveLength(15);
		expect(new Set(ids).size).toBe(15);
		const file = explorer.itemsFile('json');
		expect(file.fileName).toBe('projects-items.json');
		expect(JSON.parse(file.text)).toEqual(explorer.walkItems);
	});

	it('a History entry opens its stored answer without sending; page buttons work from it', async () => {
		const { explorer, sent } = setup();
		explorer.query = 'per_page=5';
		await explorer.send();
		explorer.path = '/nope';
		await explorer.send();
		expect(explorer.response!.status).toBe(404);
		const before = sent.length;
		explorer.openEntry(explorer.history[1]!);
		expect(sent).toHaveLength(before);
		const shown = explorer.response!;
		expect(shown.status).toBe(200);
		expect(shown.stored?.at).toBe(explorer.history[1]!.at);
		expect(Array.isArray(shown.json) && shown.json).toHaveLength(5);
		expect(shown.pagination.kind).toBe('offset');
		const next = shown.pagination.links.find((l) => l.rel === 'next')!.url;
		await explorer.followLink(next);
		expect(explorer.response!.headers['x-page']).toBe('2');
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
		await explorer.send();
		const next = explorer.response!.pagination.links.find((l) => l.rel === 'next')!;
		expect(next.foreign).toBe(true);
		explorer.keepBase = true;
		await explorer.followLink(next.url);
		expect(sent.at(-1)).toBe(`${ROOT}/projects?page=2&per_page=5`);
	});
});

describe('explorer secrets', () => {
	it('stay in session storage unless remembered', async () => {
		const { loadExplorerSecrets, saveExplorerSecrets, emptyExplorerSecrets } =
			await import('$lib/codehost/secrets');
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
