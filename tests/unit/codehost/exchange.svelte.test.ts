/**
 * The explorer's one exchange as a person meets it: the answer on show, the request in flight,
 * what a refused or cancelled request leaves, which tab opens, and what "Copy as cURL" copies.
 */
import { describe, expect, it } from 'vitest';
import { createCodehostApp } from '$lib/fakes/codehost/app';
import { explorerOver, withExpiredOAuth } from './explorer-over';

/** A demo code host whose answers wait until the test lets them go, one request at a time. */
function heldHost() {
	const app = createCodehostApp();
	const held: { url: string; release: () => void }[] = [];
	const transport: typeof fetch = (input, init) => {
		const request = new Request(input, init);
		return new Promise<Response>((resolve, reject) => {
			init?.signal?.addEventListener('abort', () =>
				reject(new DOMException('Aborted', 'AbortError'))
			);
			held.push({
				url: request.url,
				release: () => void Promise.resolve(app.fetch(request)).then(resolve)
			});
		});
	};
	return { explorer: explorerOver(transport), held };
}

/** An explorer on the demo code host, answering at once. */
function demo() {
	const app = createCodehostApp();
	return explorerOver(async (input, init) => app.fetch(new Request(input, init)));
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the exchange', () => {
	it('CH-AUTH-1: a token refreshed on the way is hidden in what the repeated request shows, like the first', async () => {
		// A server that echoes the credential it was sent in a header of its answer.
		const app = createCodehostApp();
		const explorer = explorerOver(async (input, init) => {
			const request = new Request(input, init);
			const answer = await app.fetch(request);
			const echoed = new Response(answer.body, answer);
			echoed.headers.set('X-Echo', request.headers.get('authorization') ?? '');
			return echoed;
		});
		withExpiredOAuth(explorer);
		await explorer.exchange.send();
		const response = explorer.exchange.response;
		expect(response?.refreshed).toBe(true);
		const fresh = explorer.auth.token;
		expect(fresh).not.toBe('oauth-expired-demo');
		expect(response?.headers['x-echo']).toBeDefined();
		expect(JSON.stringify(response?.headers)).not.toContain(fresh);
	});

	it('shows "sending" over the answer it had, then the new answer', async () => {
		const explorer = demo();
		const exchange = explorer.exchange;
		expect(exchange.result.kind).toBe('idle');
		await exchange.send();
		expect(exchange.response?.status).toBe(200);

		const { explorer: slow, held } = heldHost();
		const sending = slow.exchange.send();
		await settled();
		expect(slow.exchange.sending).toBe(true);
		expect(slow.exchange.response).toBeNull();
		held[0]!.release();
		await sending;
		expect(slow.exchange.sending).toBe(false);
		expect(slow.exchange.response?.status).toBe(200);
	});

	it('the latest request wins: an earlier answer that arrives later is not shown', async () => {
		const { explorer, held } = heldHost();
		const { exchange, form } = explorer;
		form.query = 'per_page=1';
		const first = exchange.send();
		await settled();
		form.query = 'per_page=2';
		const second = exchange.send();
		await settled();
		expect(held).toHaveLength(2);
		held[1]!.release();
		await second;
		held[0]!.release();
		await first;
		expect(exchange.response?.status).toBe(200);
		expect(exchange.lastUrl).toMatch(/per_page=2/);
		expect(JSON.parse(exchange.response!.bodyText)).toHaveLength(2);
	});

	it('Cancel ends the request in flight with a problem that says it was cancelled', async () => {
		const { explorer } = heldHost();
		const sending = explorer.exchange.send();
		await settled();
		explorer.exchange.cancel();
		await sending;
		expect(explorer.exchange.sending).toBe(false);
		expect(explorer.exchange.failure?.kind).toBe('aborted');
		expect(explorer.exchange.failure?.message).toMatch(/cancelled/);
	});

	it('a refused request sends nothing, says why, and keeps the last answer on show', async () => {
		const app = createCodehostApp();
		let sent = 0;
		const explorer = explorerOver(async (input, init) => {
			sent += 1;
			return app.fetch(new Request(input, init));
		});
		await explorer.exchange.send();
		expect(sent).toBe(1);
		const shown = explorer.exchange.response;
		explorer.form.headers = 'not a header line';
		await explorer.exchange.send();
		expect(sent).toBe(1);
		expect(explorer.exchange.refused).toMatch(/Name: value/);
		expect(explorer.exchange.response).toBe(shown);
	});

	it('an error answer to Send opens its Error tab; the next good answer goes back to the tab chosen', async () => {
		const explorer = demo();
		const { exchange, form } = explorer;
		exchange.chooseTab('headers');
		form.path = '/projects/999999';
		form.query = '';
		await exchange.send();
		expect(exchange.response?.status).toBe(404);
		expect(exchange.responseTab).toBe('error');
		form.path = '/projects';
		await exchange.send();
		expect(exchange.response?.status).toBe(200);
		expect(exchange.responseTab).toBe('headers');
	});

	it('what went out last carries the token for "Copy as cURL", and the URL on show has none', async () => {
		const explorer = demo();
		explorer.auth.setMethod('personal');
		explorer.auth.token = 'glpat-demo-token';
		explorer.auth.way = 'private-token-query';
		await explorer.exchange.send();
		expect(explorer.exchange.lastSent?.url).toMatch(/private_token=glpat-demo-token/);
		expect(explorer.exchange.lastUrl).not.toMatch(/glpat-demo-token/);
		expect(explorer.exchange.lastUrl).toMatch(/\/projects\?per_page=5/);
	});

	it('a Link is followed at the base URL’s origin while "keep the base URL" is on, else where it points', () => {
		const explorer = demo();
		const foreign = 'https://elsewhere.example/api/v4/projects?page=2';
		expect(explorer.exchange.linkTarget(foreign)).toBe(
			'https://codehost.demo/api/v4/projects?page=2'
		);
		explorer.exchange.keepBase = false;
		expect(explorer.exchange.linkTarget(foreign)).toBe(foreign);
		expect(explorer.exchange.isUnderApiRoot('https://codehost.demo/api/v4/projects')).toBe(true);
		expect(explorer.exchange.isUnderApiRoot('https://codehost.demo/api/v40')).toBe(false);
	});

	it('a stored answer shown again stops the request in flight and is not overtaken by it', async () => {
		const { explorer, held } = heldHost();
		const sending = explorer.exchange.send();
		await settled();
		const stored = demo();
		await stored.exchange.send();
		const answer = stored.exchange.response!;
		explorer.exchange.show(answer, stored.exchange.lastSent!);
		held[0]?.release();
		await sending;
		expect(explorer.exchange.response).toBe(answer);
		expect(explorer.exchange.lastUrl).toMatch(/\/projects/);
	});
});
