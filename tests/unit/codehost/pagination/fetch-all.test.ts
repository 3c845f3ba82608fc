import { describe, expect, it } from 'vitest';
import { walkHeaders, walkPages, type PageAnswer } from '$lib/codehost/pagination/fetch-all';
import { createCodehostApp } from '$lib/fakes/codehost/app';

function fakeSend(app = createCodehostApp()) {
	const urls: string[] = [];
	const answers: PageAnswer[] = [];
	const send = async (url: string, _signal?: AbortSignal): Promise<PageAnswer> => {
		urls.push(url);
		const res = await app.fetch(new Request(url));
		const answer = {
			status: res.status,
			headers: Object.fromEntries(res.headers),
			json: await res.json()
		};
		answers.push(answer);
		return answer;
	};
	return { send, urls, answers };
}

/** The URL in a Link header's rel="next", character for character. */
const nextOf = (answer: PageAnswer) =>
	/<([^>]+)>;\s*rel="next"/.exec(answer.headers.link ?? '')?.[1];

describe('fetch all pages', () => {
	it('CH-OFF-3: follows an offset list\'s rel="next" exactly as given until there is none', async () => {
		const { send, urls } = fakeSend();
		const result = await walkPages({
			firstUrl: 'https://codehost.demo/api/v4/users?per_page=50',
			send,
			cap: 100,
			signal: new AbortController().signal
		});
		expect(result).toMatchObject({ reason: 'done', pages: 3, items: 120 });
		expect(urls[1]).toBe('https://codehost.demo/api/v4/users?page=2&per_page=50');
	});

	it('CH-KEY-2, CH-KEY-3: walks a keyset list by its rel="next" URLs as given (cursor and all) until a page has no Link', async () => {
		const { send, urls, answers } = fakeSend();
		const seen: number[] = [];
		const result = await walkPages({
			firstUrl:
				'https://codehost.demo/api/v4/users?pagination=keyset&order_by=id&sort=asc&per_page=50',
			send,
			cap: 100,
			signal: new AbortController().signal,
			onItems: (items) => seen.push(...items.map((u) => (u as { id: number }).id))
		});
		expect(result).toMatchObject({ reason: 'done', pages: 3, items: 120 });
		// Each request after the first is the previous answer's next URL, byte for byte: the
		// server's cursor (base64, its padding percent-encoded) is never rebuilt or re-encoded.
		expect(urls).toHaveLength(3);
		expect(urls.slice(1)).toEqual(answers.slice(0, -1).map(nextOf));
		expect(urls[1]).toMatch(/[?&]cursor=[^&]+/);
		expect(urls[2]).toContain('%3D%3D');
		expect(nextOf(answers.at(-1)!)).toBeUndefined();
		// Every user once, in the list's order: no page skipped or read twice.
		expect(seen).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
	});

	it('stops at the user’s cap and says where', async () => {
		const { send } = fakeSend();
		const r = await walkPages({
			firstUrl:
				'https://codehost.demo/api/v4/projects?pagination=keyset&order_by=id&sort=asc&per_page=100',
			send,
			cap: 3,
			signal: new AbortController().signal
		});
		expect(r).toMatchObject({ reason: 'cap', pages: 3, items: 300 });
		expect(r.message).toContain('id_after=300');
	});

	it('can be cancelled', async () => {
		const { send } = fakeSend();
		const controller = new AbortController();
		const r = await walkPages({
			firstUrl: 'https://codehost.demo/api/v4/users?per_page=10',
			send,
			cap: 100,
			signal: controller.signal,
			onProgress: (p) => p.pages === 2 && controller.abort()
		});
		expect(r).toMatchObject({ reason: 'cancelled', pages: 2 });
	});

	it('CH-LIM-1: waits the Retry-After of a 429, then goes on', async () => {
		const { send } = fakeSend();
		let first = true;
		const waits: number[] = [];
		const r = await walkPages({
			firstUrl: 'https://codehost.demo/api/v4/users?per_page=100',
			send: async (url, signal) => {
				if (first) {
					first = false;
					return { status: 429, headers: { 'Retry-After': '2' }, json: undefined };
				}
				return send(url, signal);
			},
			cap: 10,
			signal: new AbortController().signal,
			sleep: async (ms) => {
				waits.push(ms);
			}
		});
		expect(waits).toEqual([2000]);
		expect(r).toMatchObject({ reason: 'done', items: 120 });
	});

	it('stops on an error status and says which page', async () => {
		const r = await walkPages({
			firstUrl: 'https://x/api/v4/projects',
			send: async () => ({ status: 500, headers: {}, json: {} }),
			cap: 10,
			signal: new AbortController().signal
		});
		expect(r).toMatchObject({ reason: 'error', status: 500, pages: 0 });
	});
});

describe('walkHeaders', () => {
	it("takes the answer's Link and Retry-After as received, and nothing else", () => {
		const link =
			'<https://h/api/v4/projects?id_after=100&Per_Page=100>; rel="next", <https://h/x>; rel="first"';
		const headers = new Headers({
			Link: link,
			'Retry-After': '7',
			'X-Total': '10000',
			'Content-Type': 'application/json'
		});
		expect(walkHeaders(headers)).toEqual({ link, 'retry-after': '7' });
		expect(walkHeaders(new Headers({ 'x-next-page': '2' }))).toEqual({});
	});
});
