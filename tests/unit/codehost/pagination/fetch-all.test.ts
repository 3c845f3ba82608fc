import { describe, expect, it } from 'vitest';
import {
	walkHeaders,
	walkPages,
	type PageAnswer,
	type PageHead
} from '$lib/codehost/pagination/fetch-all';
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

/**
 * Pages of a list whose bodies wait until the test lets them go: each answer's head (status and
 * Link) is told at once, as the browser has it before the body. `page=N`, `last` pages in all.
 */
function heldPages(options: { last: number; bodyOf?: (page: number) => unknown }) {
	const sent: { url: string; signal: AbortSignal; release: () => void }[] = [];
	const pageOf = (url: string) => Number(new URL(url).searchParams.get('page'));
	const send = (url: string, signal: AbortSignal, onHead?: (head: PageHead) => void) => {
		const page = pageOf(url);
		const headers: Record<string, string> =
			page < options.last ? { link: `<https://h/api/v4/p?page=${page + 1}>; rel="next"` } : {};
		return new Promise<PageAnswer>((resolve, reject) => {
			signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
			sent.push({
				url,
				signal,
				release: () => resolve({ status: 200, headers, json: options.bodyOf?.(page) ?? [{ page }] })
			});
			onHead?.({ status: 200, headers });
		});
	};
	/** Lets every body go as it is asked for, until the walk ends. */
	const releaseAll = async (walk: Promise<unknown>) => {
		let done = false;
		void walk.finally(() => (done = true));
		for (let i = 0; !done && i < 1000; i++) {
			for (const s of sent) s.release();
			await new Promise((r) => setTimeout(r, 0));
		}
	};
	return { send, sent, releaseAll };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('fetch all pages, one page ahead', () => {
	it('asks for the next page as soon as the answer before says where it is, before its body is read', async () => {
		const { send, sent, releaseAll } = heldPages({ last: 4 });
		const walk = walkPages({
			firstUrl: 'https://h/api/v4/p?page=1',
			send,
			cap: 10,
			signal: new AbortController().signal
		});
		await settle();
		// Page 1's body is not read yet; page 2 is on its way, and no further: one ahead at most.
		expect(sent.map((s) => s.url)).toEqual([
			'https://h/api/v4/p?page=1',
			'https://h/api/v4/p?page=2'
		]);
		sent[1]!.release();
		await settle();
		expect(sent).toHaveLength(2);
		await releaseAll(walk);
		expect(await walk).toMatchObject({ reason: 'done', pages: 4, items: 4 });
		// Each page asked for once, in order.
		expect(sent.map((s) => s.url)).toEqual([1, 2, 3, 4].map((n) => `https://h/api/v4/p?page=${n}`));
	});

	it('never asks ahead past the cap', async () => {
		const { send, sent, releaseAll } = heldPages({ last: 10 });
		const walk = walkPages({
			firstUrl: 'https://h/api/v4/p?page=1',
			send,
			cap: 3,
			signal: new AbortController().signal
		});
		await releaseAll(walk);
		expect(await walk).toMatchObject({ reason: 'cap', pages: 3 });
		expect(sent.map((s) => s.url)).toHaveLength(3);
	});

	it('lets the page asked ahead go when the page before is not a list, and counts only what was read', async () => {
		const { send, sent, releaseAll } = heldPages({
			last: 5,
			bodyOf: (page) => (page === 2 ? { message: 'not a list' } : [{ page }])
		});
		const walk = walkPages({
			firstUrl: 'https://h/api/v4/p?page=1',
			send,
			cap: 10,
			signal: new AbortController().signal
		});
		await releaseAll(walk);
		expect(await walk).toMatchObject({ reason: 'not-a-list', pages: 1, items: 1 });
		expect(sent.map((s) => s.url).at(-1)).toBe('https://h/api/v4/p?page=3');
		expect(sent.at(-1)!.signal.aborted).toBe(true);
	});

	it('Cancel ends the page being read and the page asked ahead', async () => {
		const { send, sent } = heldPages({ last: 5 });
		const cancel = new AbortController();
		const walk = walkPages({
			firstUrl: 'https://h/api/v4/p?page=1',
			send,
			cap: 10,
			signal: cancel.signal
		});
		await settle();
		expect(sent).toHaveLength(2);
		cancel.abort();
		expect(await walk).toMatchObject({ reason: 'cancelled', pages: 0 });
		expect(sent.every((s) => s.signal.aborted)).toBe(true);
	});

	it('does not ask ahead from an answer that is not a success (a 429 is asked again, as it was)', async () => {
		const urls: string[] = [];
		let limited = true;
		const walk = walkPages({
			firstUrl: 'https://h/api/v4/p?page=1',
			send: async (url, _signal, onHead) => {
				urls.push(url);
				const link = { link: '<https://h/api/v4/p?page=2>; rel="next"' };
				if (limited) {
					limited = false;
					onHead?.({ status: 429, headers: { ...link, 'retry-after': '1' } });
					await settle();
					return { status: 429, headers: { ...link, 'retry-after': '1' }, json: undefined };
				}
				return { status: 200, headers: {}, json: [] };
			},
			cap: 10,
			signal: new AbortController().signal,
			sleep: async () => {}
		});
		expect(await walk).toMatchObject({ reason: 'done', pages: 1 });
		expect(urls).toEqual(['https://h/api/v4/p?page=1', 'https://h/api/v4/p?page=1']);
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
