import { describe, expect, it } from 'vitest';
import { walkPages, type PageAnswer } from '$lib/codehost/fetch-all';
import { createCodehostApp } from '$lib/fakes/codehost/app';

function fakeSend(app = createCodehostApp()) {
	const urls: string[] = [];
	const send = async (url: string, _signal?: AbortSignal): Promise<PageAnswer> => {
		urls.push(url);
		const res = await app.fetch(new Request(url));
		return { status: res.status, headers: Object.fromEntries(res.headers), json: await res.json() };
	};
	return { send, urls };
}

describe('fetch all pages', () => {
	it('CH-KEY-2, CH-OFF-3: follows rel="next" exactly as given until there is none', async () => {
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
